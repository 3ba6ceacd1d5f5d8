/**
 * @module Discards the rest of a request body nobody finished reading. @connectrpc/connect-node 2.1.2 stops reading
 * a body at its read limit (readMaxBytes) and answers at once; the unread rest would then hold up the next request on
 * a kept-alive HTTP/1 connection, where Node.js only discards a body nobody started reading.
 */
import type http from 'node:http';

/** Call once the response has finished. */
export function discardUnreadBody(req: http.IncomingMessage): void {
  if (req.complete) return;
  // An abandoned async iterator still listens for 'readable', which would keep resume() from flowing.
  req.removeAllListeners('data');
  req.removeAllListeners('readable');
  req.resume();
}
