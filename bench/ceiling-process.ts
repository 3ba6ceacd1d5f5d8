/**
 * @module A ceiling server's own process: bare node:http (Connect unary) or node:http2 (gRPC) answering every
 * request with the bytes it was given, as a new user's bare server would. Started by ceiling-servers.ts; it
 * announces its port over IPC and answers `cpu` with its CPU time so far.
 */
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { CeilingRequest, CeilingReply } from './ceiling-servers.js';

if (!process.send) throw new Error('ceiling-process.ts runs as a child process with an IPC channel (see ceiling-servers.ts)');

function serveHttp1(json: Buffer, proto: Buffer): http.Server {
  return http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const contentType = req.headers['content-type'] ?? 'application/proto';
      const body = contentType.includes('json') ? json : proto;
      res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
      res.end(body);
    });
  });
}

function serveGrpc(proto: Buffer): http2.Http2Server {
  const frame = Buffer.alloc(5 + proto.length);
  frame.writeUInt32BE(proto.length, 1);
  frame.set(proto, 5);
  const server = http2.createServer();
  server.on('stream', (stream, headers) => {
    stream.resume();
    stream.on('end', () => {
      stream.respond({ ':status': 200, 'content-type': headers['content-type'] ?? 'application/grpc' }, { waitForTrailers: true });
      stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
      stream.end(frame);
    });
  });
  return server;
}

process.once('message', (request: CeilingRequest) => {
  const json = Buffer.from(request.json);
  const proto = Buffer.from(request.proto);
  const server = request.kind === 'http1' ? serveHttp1(json, proto) : serveGrpc(proto);
  server.listen(0, '127.0.0.1', () => {
    process.send!({ port: (server.address() as AddressInfo).port } satisfies CeilingReply);
  });
  process.on('message', (message: string) => {
    if (message === 'cpu') {
      const cpu = process.cpuUsage();
      process.send!({ cpuMicros: cpu.user + cpu.system } satisfies CeilingReply);
    }
  });
});
process.on('disconnect', () => process.exit(0));
