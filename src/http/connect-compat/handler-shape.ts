/** @module A wrapper of a Connect UniversalHandler keeps the properties the router and adapters read from it. */
import type { UniversalHandler, UniversalServerRequest, UniversalServerResponse } from '@connectrpc/connect/protocol';

/** `serve`, standing in for `handler` wherever Connect looks the handler up (its method, path and protocols). */
export function likeHandler(handler: UniversalHandler, serve: (request: UniversalServerRequest) => Promise<UniversalServerResponse>): UniversalHandler {
  return Object.assign(serve, {
    protocolNames: handler.protocolNames,
    allowedMethods: handler.allowedMethods,
    supportedContentType: handler.supportedContentType,
    requestPath: handler.requestPath,
    service: handler.service,
    method: handler.method,
  });
}
