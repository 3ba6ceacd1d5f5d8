/**
 * @module Keeps error messages sendable as `grpc-message`. @connectrpc/connect 2.1.2 (connect-es,
 * protocol-grpc/trailer-status.js) percent-encodes that header with encodeURIComponent, which throws a URIError on a
 * lone UTF-16 surrogate, and the answer never went out. A JSON request can carry lone surrogates as escapes, and
 * Tessera's messages quote the request.
 */

/** `message` with every lone surrogate replaced by U+FFFD. */
export function wellFormedMessage(message: string): string {
  return message.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
