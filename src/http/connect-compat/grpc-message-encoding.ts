/**
 * @module Re-encodes the `grpc-message` header with the gRPC spec's minimal percent-encoding.
 * @connectrpc/connect 2.1.2 (connect-es, protocol-grpc/trailer-status.js) encodes it with encodeURIComponent, which
 * also escapes `:` `;` `,` and friends; the spec allows that, but @grpc/grpc-js decodes with decodeURI and would show
 * its users `%3A` for every colon. Wraps the HTTP/2 handler of @connectrpc/connect-node 2.1.2, where gRPC is served.
 */
import type http2 from 'node:http2';

const GRPC_MESSAGE = 'grpc-message';

/** Percent-encodes only what the spec requires: `%` and bytes outside printable ASCII. */
export function encodeGrpcMessage(message: string): string {
  let out = '';
  for (const byte of Buffer.from(message, 'utf8')) {
    out += byte >= 0x20 && byte <= 0x7e && byte !== 0x25 ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function normalize(headers: unknown): void {
  if (typeof headers !== 'object' || headers === null) return;
  const record = headers as Record<string, unknown>;
  const value = record[GRPC_MESSAGE];
  if (typeof value !== 'string') return;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return;
  }
  record[GRPC_MESSAGE] = encodeGrpcMessage(decoded);
}

type Http2Handler = (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void;

export function withMinimalGrpcMessageEncoding(handler: Http2Handler): Http2Handler {
  return (req, res) => {
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http2.Http2ServerResponse;
    res.writeHead = ((...args: unknown[]) => {
      normalize(args[args.length - 1]);
      return writeHead(...args);
    }) as typeof res.writeHead;
    const addTrailers = res.addTrailers.bind(res);
    res.addTrailers = (trailers) => {
      normalize(trailers);
      addTrailers(trailers);
    };
    handler(req, res);
  };
}
