/** @module gRPC calls as bare HTTP/2 streams over a few sessions: length-prefixed frames in, status and length out. */
import http2 from 'node:http2';
import type { RawAnswer } from './raw-http1.js';

/** A gRPC message frame: not compressed, then the length, then the message. */
export function grpcFrame(message: Uint8Array): Buffer {
  const frame = Buffer.alloc(5 + message.length);
  frame.writeUInt32BE(message.length, 1);
  frame.set(message, 5);
  return frame;
}

export interface GrpcAnswer extends RawAnswer {
  /** grpc-status from the trailers (or from headers, for a trailers-only answer). */
  readonly grpcStatus: string | undefined;
}

export function grpcCall(session: http2.ClientHttp2Session, path: string, frame: Buffer): Promise<GrpcAnswer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':method': 'POST', ':path': path, 'content-type': 'application/grpc+proto', te: 'trailers' });
    let status = 0;
    let grpcStatus: string | undefined;
    let bodyLength = 0;
    stream.on('response', (headers) => {
      status = Number(headers[':status']);
      grpcStatus = headers['grpc-status'] as string | undefined;
    });
    stream.on('trailers', (trailers) => (grpcStatus = trailers['grpc-status'] as string | undefined));
    stream.on('data', (chunk: Buffer) => (bodyLength += chunk.length));
    stream.on('error', reject);
    stream.on('end', () => resolve({ status, bodyLength, grpcStatus }));
    stream.end(frame);
  });
}
