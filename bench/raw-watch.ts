/**
 * @module WatchFields (or WatchGrid) streams as bare HTTP: an enveloped request, then envelopes counted as they arrive, without
 * decoding them. The fan-out's watchers cost the load generator next to nothing this way, so the delivery times
 * measure the server rather than 1,000 Connect clients decoding in one process. Streams deliver in revision order
 * with no gap (watch-fields.ts), so the k-th message a stream receives is revision after + k.
 */
import { toBinary } from '@bufbuild/protobuf';
import http from 'node:http';
import http2 from 'node:http2';
import { WatchFieldsPayloadSchema } from '../src/gen/tessera/grid/v1/grid_service_pb.js';
import { grpcFrame } from './raw-grpc.js';

/** WatchFields, or WatchGrid: their requests have the same layout (grid_id 1, after_revision 2). */
export type WatchMethod = 'WatchFields' | 'WatchGrid';

const path = (method: WatchMethod) => `/tessera.grid.v1.GridService/${method}`;
const END_STREAM = 0b10;

/** Calls `onMessage` for each message envelope in the bytes as they come; a Connect end-of-stream envelope is not one. */
function envelopeCounter(onMessage: () => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 5) {
      const length = pending.readUInt32BE(1);
      if (pending.length < 5 + length) break;
      if ((pending[0]! & END_STREAM) === 0) onMessage();
      pending = pending.subarray(5 + length);
    }
  };
}

export interface RawWatchers {
  /** Opens one stream from `afterRevision`; resolves when it ends (the signal aborts it). */
  open(gridId: string, afterRevision: bigint, onMessage: () => void, signal: AbortSignal): Promise<void>;
  close(): void;
}

function request(gridId: string, afterRevision: bigint): Uint8Array {
  return grpcFrame(toBinary(WatchFieldsPayloadSchema, { $typeName: WatchFieldsPayloadSchema.typeName, gridId, afterRevision }));
}

/** Connect streaming over HTTP/1.1: a connection per stream. */
export function rawConnectWatchers(baseUrl: string, method: WatchMethod = 'WatchFields'): RawWatchers {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  return {
    open: (gridId, afterRevision, onMessage, signal) =>
      new Promise((resolve) => {
        const req = http.request(`${baseUrl}${path(method)}`, { method: 'POST', agent, signal, headers: { 'content-type': 'application/connect+proto' } }, (res) => {
          res.on('data', envelopeCounter(onMessage));
          res.on('end', resolve);
          res.on('error', () => resolve());
        });
        req.on('error', () => resolve());
        req.end(request(gridId, afterRevision));
      }),
    close: () => agent.destroy(),
  };
}

/** gRPC over one HTTP/2 connection, every stream multiplexed on it. */
export function rawGrpcWatchers(baseUrl: string, method: WatchMethod = 'WatchFields'): RawWatchers {
  const session = http2.connect(baseUrl);
  session.on('error', () => undefined);
  return {
    open: (gridId, afterRevision, onMessage, signal) =>
      new Promise((resolve) => {
        const stream = session.request({ ':method': 'POST', ':path': path(method), 'content-type': 'application/grpc', te: 'trailers' }, { signal });
        stream.on('data', envelopeCounter(onMessage));
        stream.on('close', resolve);
        stream.on('error', () => resolve());
        stream.end(request(gridId, afterRevision));
      }),
    close: () => session.destroy(),
  };
}
