/**
 * @module Connect 2.1.2 answers a request with a method its handler does not take (a GET of a method that has side
 * effects, a PUT) 405 without the `Allow` header HTTP requires of that status (RFC 9110 §15.5.6); this adds it.
 */
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { likeHandler } from './handler-shape.js';

export function withAllowHeader(handler: UniversalHandler): UniversalHandler {
  const allow = handler.allowedMethods.join(', ');
  return likeHandler(handler, async (request) => {
    const response = await handler(request);
    if (response.status === 405) (response.header ??= new Headers()).set('allow', allow);
    return response;
  });
}
