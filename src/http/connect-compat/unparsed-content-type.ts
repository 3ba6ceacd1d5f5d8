/**
 * @module Answers an RPC whose Content-Type Fastify cannot parse as Connect answers any content type it does not
 * take: 415 and no body. @connectrpc/connect-fastify 2.1.2 (addNoopContentTypeParsers) registers body parsers only for
 * the content types Connect knows, so Fastify refuses any other, or a body with none, with its own
 * FST_ERR_CTP_INVALID_MEDIA_TYPE JSON before the Connect handler sees the request. It is the one error Fastify
 * raises on an RPC path before Connect.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** The error handler of the Fastify scope the Connect plugin is registered in. */
export function answerUnparsedContentType(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send();
  throw error;
}
