/**
 * @module One TCP port for HTTP/1.1 and cleartext HTTP/2 (h2c with prior knowledge, as gRPC clients
 * speak it): each connection's first bytes decide which server takes it. An HTTP/2 connection opens with
 * the preface `PRI * HTTP/2.0`, and no HTTP/1 method starts with `PRI`.
 *
 * Every connection is bounded in time and number (ConnectionLimits): the first bytes, a request's headers and
 * a whole request must arrive in time, a connection with no request in flight is closed after a while, an HTTP/2
 * connection has at most so many streams open, and the port at most so many connections. A response is never
 * cut for taking long: a WatchFields stream may wait for changes as long as its client likes.
 */
import http from 'node:http';
import http2 from 'node:http2';
import type { Socket } from 'node:net';
import { discardUnreadBody } from './connect-compat/unread-body.js';

const H2_PREFACE_START = Buffer.from('PRI');

/** How long closing waits for connections to finish on their own before it cuts them. */
export const SHUTDOWN_GRACE_MS = 2_000;

/** How long and how many connections the port keeps. Times are milliseconds; a time of 0 means no limit. */
export interface ConnectionLimits {
  /**
   * How long a new connection may take to send the bytes that tell its protocol, and an HTTP/1 request its
   * headers (from the connection's start, or for a later request on a kept-alive connection from its first byte).
   * A connection that has not said its protocol is closed; an HTTP/1 request is answered 408 and its connection closed.
   */
  readonly headersTimeout: number;
  /**
   * How long a request may take to arrive in full, body included: an HTTP/1 request is then answered 408 and its
   * connection closed, an HTTP/2 stream still receiving its request is reset with CANCEL. Only receiving counts:
   * a response (a WatchFields stream) takes as long as it takes. At least headersTimeout.
   */
  readonly requestTimeout: number;
  /**
   * How long a connection with no request in flight stays open: an HTTP/1 connection after its last response
   * (keep-alive), an HTTP/2 session with no open stream (then closed with GOAWAY, whatever PINGs it sends).
   */
  readonly idleTimeout: number;
  /** Streams one HTTP/2 connection may have open at once: advertised in SETTINGS; more are refused with REFUSED_STREAM. */
  readonly maxConcurrentStreams: number;
  /** Connections the port holds at once, both protocols together; one more is closed as soon as it is accepted. */
  readonly maxConnections: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = Object.freeze({
  headersTimeout: 20_000,
  // Enough for a 2 MiB RPC at 140 kbit/s, a 15 MB bulk request at 1 Mbit/s.
  requestTimeout: 120_000,
  // Longer than the 60 s idle timeout of common load balancers, so that a proxy never reuses a connection the server is closing.
  idleTimeout: 75_000,
  // gRPC's customary limit.
  maxConcurrentStreams: 100,
  // Must stay below the process's open-file limit (`ulimit -n`), with room for the database and files: past that
  // limit, accepting fails instead of refusing.
  maxConnections: 10_000,
});

/** The largest delay a Node.js timer takes. */
const MAX_TIMEOUT = 2 ** 31 - 1;

/**
 * `given` over the defaults, checked; throws an Error naming the limit as `names` spells it (a CLI flag, say).
 */
export function resolveConnectionLimits(given: Partial<ConnectionLimits> = {}, names: Readonly<Record<keyof ConnectionLimits, string>> = LIMIT_NAMES): ConnectionLimits {
  const limits: ConnectionLimits = { ...DEFAULT_CONNECTION_LIMITS, ...definedOnly(given) };
  for (const key of ['headersTimeout', 'requestTimeout', 'idleTimeout'] as const) {
    const value = limits[key];
    if (!Number.isInteger(value) || value < 0 || value > MAX_TIMEOUT) throw new Error(`${names[key]} must be a whole number of milliseconds from 0 to ${MAX_TIMEOUT}, got ${value}`);
  }
  if (limits.requestTimeout > 0 && limits.headersTimeout > limits.requestTimeout) {
    throw new Error(`${names.headersTimeout} (${limits.headersTimeout} ms) must not exceed ${names.requestTimeout} (${limits.requestTimeout} ms)`);
  }
  if (!Number.isInteger(limits.maxConcurrentStreams) || limits.maxConcurrentStreams < 1 || limits.maxConcurrentStreams > 2 ** 32 - 1) {
    throw new Error(`${names.maxConcurrentStreams} must be an integer from 1 to ${2 ** 32 - 1}, got ${limits.maxConcurrentStreams}`);
  }
  if (!Number.isInteger(limits.maxConnections) || limits.maxConnections < 1 || limits.maxConnections > MAX_TIMEOUT) {
    throw new Error(`${names.maxConnections} must be an integer from 1 to ${MAX_TIMEOUT}, got ${limits.maxConnections}`);
  }
  return Object.freeze(limits);
}

const LIMIT_NAMES: Readonly<Record<keyof ConnectionLimits, string>> = {
  headersTimeout: 'headersTimeout',
  requestTimeout: 'requestTimeout',
  idleTimeout: 'idleTimeout',
  maxConcurrentStreams: 'maxConcurrentStreams',
  maxConnections: 'maxConnections',
};

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * How often Node.js checks HTTP/1 requests against headersTimeout and requestTimeout (its default, 30 s, would let a
 * 20 s limit run to 50 s): a quarter of the shorter, at most a second.
 */
function checkingInterval(headersTimeout: number, requestTimeout: number): number {
  const shortest = Math.min(...[headersTimeout, requestTimeout].filter((t) => t > 0));
  return Number.isFinite(shortest) ? Math.max(10, Math.min(1_000, Math.floor(shortest / 4))) : 1_000;
}

type Http2Handler = (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void;

/**
 * An `http.Server` (so Fastify can own listen and close) that hands HTTP/2 connections to `onHttp2`.
 * `shutdown` is aborted when the application starts closing.
 */
export function createSharedPortServer(onHttp1: http.RequestListener, onHttp2: Http2Handler, shutdown: AbortSignal, limits: Partial<ConnectionLimits> = {}): http.Server {
  const { headersTimeout, requestTimeout, idleTimeout, maxConcurrentStreams, maxConnections } = resolveConnectionLimits(limits);
  // Node.js times HTTP/1 requests itself: headers and whole request from their first byte (headersTimeout also from
  // the connection's start), never the response; keepAliveTimeout from the last response. No socket inactivity
  // timeout (server.timeout stays 0): it would cut a WatchFields stream waiting quietly for changes.
  const h1 = http.createServer({ headersTimeout, requestTimeout, connectionsCheckingInterval: checkingInterval(headersTimeout, requestTimeout) }, onHttp1);
  h1.keepAliveTimeout = idleTimeout;
  // The h2 sockets arrive through h1 too, so this counts both protocols' connections.
  h1.maxConnections = maxConnections;
  const h2 = http2.createServer({ settings: { maxConcurrentStreams } }, onHttp2);
  const sessions = new Set<http2.ServerHttp2Session>();
  h2.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
    closeWhenIdle(session, idleTimeout);
  });
  h2.on('stream', (stream: http2.ServerHttp2Stream) => limitReceiving(stream, requestTimeout));
  // Connections whose protocol is not known yet belong to neither server.
  const sniffing = new Set<Socket>();
  // The h2 sockets count as h1's connections, so h1 cannot finish closing until their sessions do.
  const closeHttp1 = h1.close.bind(h1);
  h1.close = (callback?: (error?: Error) => void) => {
    for (const socket of sniffing) socket.destroy();
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
      else discardUnreadBody(req);
    });
  });

  const http1Listeners = h1.listeners('connection') as ((socket: Socket) => void)[];
  h1.removeAllListeners('connection');
  h1.on('connection', (socket: Socket) => {
    socket.once('close', () => sniffing.delete(socket));
    sniffing.add(socket);
    sniff(socket, headersTimeout || requestTimeout, (isHttp2) => {
      sniffing.delete(socket);
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

function sniff(socket: Socket, timeout: number, route: (isHttp2: boolean) => void): void {
  let seen: Buffer = Buffer.alloc(0);
  // A client that never says which protocol it speaks would otherwise hold its socket for good.
  const timer = timeout > 0 ? setTimeout(() => socket.destroy(), timeout).unref() : undefined;
  const onError = () => socket.destroy();
  socket.on('error', onError);
  const onEnd = () => socket.destroy();
  socket.once('end', onEnd);
  const onClose = () => clearTimeout(timer);
  socket.once('close', onClose);
  const tryRoute = () => {
    const chunk = socket.read() as Buffer | null;
    if (chunk !== null) seen = seen.length === 0 ? chunk : Buffer.concat([seen, chunk]);
    // Decided once three bytes are in, or sooner when those in already differ from the preface's start ("GE").
    const length = Math.min(seen.length, H2_PREFACE_START.length);
    if (seen.length < H2_PREFACE_START.length && seen.equals(H2_PREFACE_START.subarray(0, length))) {
      socket.once('readable', tryRoute);
      return;
    }
    clearTimeout(timer);
    socket.removeListener('error', onError);
    socket.removeListener('end', onEnd);
    socket.removeListener('close', onClose);
    socket.unshift(seen);
    route(seen.subarray(0, length).equals(H2_PREFACE_START));
  };
  tryRoute();
}

/** Closes (GOAWAY) an HTTP/2 session once it has had no open stream for `timeout`; PINGs and SETTINGS do not count. */
function closeWhenIdle(session: http2.ServerHttp2Session, timeout: number): void {
  if (timeout <= 0) return;
  let open = 0;
  let timer: NodeJS.Timeout | undefined;
  const wait = () => (timer = setTimeout(() => session.close(), timeout).unref());
  session.on('stream', (stream: http2.ServerHttp2Stream) => {
    open++;
    clearTimeout(timer);
    stream.once('close', () => {
      if (--open === 0 && !session.closed && !session.destroyed) wait();
    });
  });
  session.once('close', () => clearTimeout(timer));
  wait();
}

/**
 * Resets (CANCEL) a stream whose request has not fully arrived `timeout` after it opened: a stalled upload would hold
 * its buffers for as long as its client liked. A stream whose request is complete (a WatchFields stream waiting for
 * changes) is left alone, however long its response runs.
 */
function limitReceiving(stream: http2.ServerHttp2Stream, timeout: number): void {
  if (timeout <= 0) return;
  const timer = setTimeout(() => {
    const state = stream.destroyed ? undefined : stream.state.state;
    const receiving = state === http2.constants.NGHTTP2_STREAM_STATE_OPEN || state === http2.constants.NGHTTP2_STREAM_STATE_HALF_CLOSED_LOCAL;
    if (receiving) stream.close(http2.constants.NGHTTP2_CANCEL);
  }, timeout).unref();
  stream.once('close', () => clearTimeout(timer));
}
