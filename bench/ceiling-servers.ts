/**
 * @module The ceilings: bare Node.js servers that answer every request with a fixed, valid, empty message, so
 * the same client code runs against them unchanged. What they reach is the most the HTTP stack and the client
 * allow on this machine; a Tessera figure divided by theirs is the share left after Tessera's own work.
 */
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';

export interface CeilingServer {
  readonly url: string;
  close(): Promise<void>;
}

const EMPTY = Buffer.alloc(0);
const EMPTY_JSON = Buffer.from('{}');
/** One gRPC length-prefixed frame: not compressed, length 0 (the empty message). */
const EMPTY_GRPC_FRAME = Buffer.from([0, 0, 0, 0, 0]);

/** HTTP/1.1 answering 200 with an empty message in the request's own encoding (Connect unary). */
export async function startHttp1Ceiling(): Promise<CeilingServer> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const contentType = req.headers['content-type'] ?? 'application/proto';
      const body = contentType.includes('json') ? EMPTY_JSON : EMPTY;
      res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      // Keep-alive sockets from the load generator would otherwise hold close() open.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Cleartext HTTP/2 answering every stream as gRPC does: headers, one empty message, then grpc-status 0. */
export async function startHttp2Ceiling(): Promise<CeilingServer> {
  const server = http2.createServer();
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    stream.resume();
    stream.on('end', () => {
      stream.respond({ ':status': 200, 'content-type': headers['content-type'] ?? 'application/grpc' }, { waitForTrailers: true });
      stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
      stream.end(EMPTY_GRPC_FRAME);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
