/**
 * @module Answers an unknown method on an RPC path as Connect clients expect. @connectrpc/connect-fastify 2.1.2
 * registers one Fastify route per method it serves (fastifyConnectPlugin: `instance.all(requestPath)`), so any other
 * path under a service reaches Fastify's not-found handler, which is the ES API's ("no handler found"), or its
 * framework error handler for a path that does not decode.
 */
import type { FastifyReply } from 'fastify';

/** Whether `path` is under an RPC service of Tessera's, whose answers are Connect's, never the ES API's. */
export function isRpcPath(path: string): boolean {
  return path.startsWith('/tessera.');
}

/** Connect's error body for a method it does not serve, with the 404 its routers give. */
export function sendUnknownRpc(reply: FastifyReply, path: string): FastifyReply {
  return reply.code(404).send({ code: 'unimplemented', message: `no such method: ${path}` });
}
