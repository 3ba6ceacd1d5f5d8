/**
 * @module One TCP port for HTTP/1.1 and cleartext HTTP/2 (h2c with prior knowledge, as gRPC clients
 * speak it): each connection's first bytes decide which server takes it. An HTTP/2 connection opens with
 * the preface `PRI * HTTP/2.0`, and no HTTP/1 method starts with `PRI`.
 */
import http from 'node:http';
import http2 from 'node:http2';
import type { Socket } from 'node:net';

const H2_PREFACE_START = Buffer.from('PRI');

/** How long closing waits for connections to finish on their own before it cuts them. */
export const SHUTDOWN_GRACE_MS = 2_000;

type Http2Handler = (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void;

/**
 * An `http.Server` (so Fastify can own listen and close) that hands HTTP/2 connections to `onHttp2`.
 * `shutdown` is aborted when the application starts closing.
 */
export function createSharedPortServer(onHttp1: http.RequestListener, onHttp2: Http2Handler, shutdown: AbortSignal): http.Server {
  const h1 = http.createServer(onHttp1);
  const h2 = http2.createServer({}, onHttp2);
  const sessions = new Set<http2.ServerHttp2Session>();
  h2.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  // The h2 sockets count as h1's connections, so h1 cannot finish closing until their sessions do.
  const closeHttp1 = h1.close.bind(h1);
  h1.close = (callback?: (error?: Error) => void) => {
    for (const session of sessions) session.close();
    // A client that stopped reading keeps its stream's write pending; after a grace period it is cut off.
    const force = setTimeout(() => {
      h1.closeAllConnections();
      for (const session of sessions) session.destroy();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    return closeHttp1((error?: Error) => {
      clearTimeout(force);
      callback?.(error);
    });
  };
  // Responses that end once shutdown began (streams it ended) close their connection rather than keep it alive.
  h1.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket; // res.socket is already detached when 'finish' fires
    res.once('finish', () => {
      if (shutdown.aborted) socket.end();
      // A body left half-read (Connect stops at its read limit and answers at once) would hold up the next request
      // on the kept-alive connection: discard the rest, as Node does for a body nobody started reading.
      else if (!req.complete) {
        // (An abandoned async iterator still listens for 'readable', which would keep resume() from flowing.)
        req.removeAllListeners('data');
        req.removeAllListeners('readable');
        req.resume();
      }
    });
  });

  const http1Listeners = h1.listeners('connection') as ((socket: Socket) => void)[];
  h1.removeAllListeners('connection');
  h1.on('connection', (socket: Socket) => {
    sniff(socket, (isHttp2) => {
      // The HTTP/1 server accepts connections half-open; an HTTP/2 session would then outlive a client that sent a
      // cut-short preface and hung up its side. As http2's own server does, close when the client does.
      if (isHttp2) {
        socket.allowHalfOpen = false;
        h2.emit('connection', socket);
      } else for (const listener of http1Listeners) listener.call(h1, socket);
    });
  });
  return h1;
}

function sniff(socket: Socket, route: (isHttp2: boolean) => void): void {
  const onError = () => socket.destroy();
  socket.on('error', onError);
  const onEnd = () => socket.destroy();
  socket.once('end', onEnd);
  const tryRoute = () => {
    const head = socket.read(H2_PREFACE_START.length) as Buffer | null;
    if (head === null) {
      socket.once('readable', tryRoute);
      return;
    }
    socket.removeListener('error', onError);
    socket.removeListener('end', onEnd);
    socket.unshift(head);
    route(head.equals(H2_PREFACE_START));
  };
  tryRoute();
}
