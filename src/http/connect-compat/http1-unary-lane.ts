/**
 * @module Answers plain Connect unary calls over HTTP/1.1 straight from Node's request event, before Fastify and
 * @connectrpc/connect-fastify 2.1.2 see them. Under load, Fastify's request and reply objects, connect-fastify's
 * conversion of both to universal ones, Connect's handler context (two linked abort controllers) and the decode gate's
 * second decode cost several times what GetFields itself costs (BENCHMARKS.md, "How costs grow").
 *
 * Only the plainest form is taken: POST to a method's own path with no query, `application/proto` or
 * `application/json` exactly, a content-length within the read limit, and no compression or timeout asked for or
 * offered. Everything else (and every call once the server is closing) goes on to Fastify, untouched and unread. A
 * call taken here is answered as Connect answers it, error or not, with the same status, headers and bytes:
 * authenticated from its headers before its body is read, decoded as the decode gate decodes (decode-gate.ts), and
 * served by the same implementation Connect calls.
 */
import type { DescMessage, DescMethodUnary, Message } from '@bufbuild/protobuf';
import { Code, ConnectError, type ContextValues } from '@connectrpc/connect';
import { createMethodSerializationLookup, type MethodSerializationLookup } from '@connectrpc/connect/protocol';
import { codeToHttpStatus, errorToJsonBytes } from '@connectrpc/connect/protocol-connect';
import type http from 'node:http';
import { decodeRequest, undecodable } from './decode-gate.js';
import type { Format } from './request-framing.js';

export interface LaneMethod {
  readonly method: DescMethodUnary;
  /** The implementation Connect calls: a ConnectError it throws is the answer; anything else is an internal error. */
  readonly serve: (input: Message, values: ContextValues) => Promise<Message>;
  /** The implementation answers repeated calls with the same object (a cached read): encode each once per format. */
  readonly repeats?: boolean;
}

export interface UnaryLane {
  readonly methods: readonly LaneMethod[];
  /** Checks the caller from the headers alone, before the body is read: a ConnectError refuses the call. */
  readonly admit?: (authorization: string | undefined, path: string, values: ContextValues) => Promise<ConnectError | undefined>;
  /** The error a body that does not decode is answered with (the decode gate's). */
  readonly toDecodeError: (reason: string) => ConnectError;
}

export interface LaneOptions {
  /** As the router is given them. */
  readonly readMaxBytes: number;
  readonly jsonOptions: { readonly ignoreUnknownFields: boolean };
  /** Once aborted, calls go to Fastify, which answers them as a closing server does. */
  readonly shutdown: AbortSignal;
  /** The context values a call starts with, as the adapters create them. */
  readonly contextValues: (req: http.IncomingMessage) => ContextValues;
  /** Headers every answer of the application carries (Fastify's hooks add them to the others), before Connect's. */
  readonly header: readonly (readonly [string, string])[];
}

interface Route {
  readonly entry: LaneMethod;
  readonly serialization: MethodSerializationLookup<DescMessage, DescMessage>;
  readonly encoded: WeakMap<Message, { binary?: Uint8Array; json?: Uint8Array }> | undefined;
}

const FORMATS: Readonly<Record<string, Format>> = { 'application/proto': 'binary', 'application/json': 'json' };
/** Headers that make Connect do more than decode, call and encode. */
const CONNECT_DECIDES = ['content-encoding', 'accept-encoding', 'connect-timeout-ms', 'transfer-encoding'] as const;

/** A Node request listener's front: returns false for a request it leaves to the next listener, unread. */
export type Http1Lane = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

export function createHttp1UnaryLane(lane: UnaryLane, options: LaneOptions): Http1Lane {
  const routes = new Map<string, Route>();
  for (const entry of lane.methods) {
    const serialization = createMethodSerializationLookup(entry.method, undefined, options.jsonOptions, { readMaxBytes: options.readMaxBytes, writeMaxBytes: 0xffffffff });
    routes.set(`/${entry.method.parent.typeName}/${entry.method.name}`, { entry, serialization, encoded: entry.repeats ? new WeakMap() : undefined });
  }
  const fixed = options.header.flat();

  function encode(route: Route, answer: Message, format: Format): Uint8Array {
    if (!route.encoded) return route.serialization.getO(format === 'binary').serialize(answer);
    let known = route.encoded.get(answer);
    if (!known) route.encoded.set(answer, (known = {}));
    return (known[format] ??= route.serialization.getO(format === 'binary').serialize(answer));
  }

  function answer(res: http.ServerResponse, format: Format, body: Uint8Array): void {
    res.writeHead(200, [...fixed, 'content-length', String(body.byteLength), 'content-type', format === 'binary' ? 'application/proto' : 'application/json']);
    res.end(body);
  }

  /** Connect's unary error answer (protocol-connect/handler-factory.js): its headers go out in Headers' sorted order. */
  function fail(res: http.ServerResponse, error: ConnectError): void {
    // The router's JSON options are all read options, so Connect writes errors with the defaults too.
    const body = errorToJsonBytes(error, undefined);
    const header = new Headers({ 'content-type': 'application/json' });
    error.metadata.forEach((value, key) => header.set(key, value));
    header.set('content-length', String(body.byteLength));
    const raw = [...fixed];
    header.forEach((value, key) => raw.push(key, value));
    res.writeHead(codeToHttpStatus(error.code), raw);
    res.end(body);
  }

  async function serve(req: http.IncomingMessage, res: http.ServerResponse, route: Route, format: Format, length: number): Promise<void> {
    const values = options.contextValues(req);
    const refusal = lane.admit && (await lane.admit(req.headers.authorization, req.url!, values));
    // The body of a refused call is never read; the port discards it once the answer is out.
    if (refusal) return fail(res, refusal);
    const body = await readBody(req, length);
    if (!body) return;
    const input = route.entry.method.input;
    const decoded = decodeRequest(input, body, format);
    if ('problem' in decoded) return fail(res, lane.toDecodeError(undecodable(input, decoded.problem)));
    let output: Message;
    try {
      output = await route.entry.serve(decoded.message, values);
    } catch (error) {
      return fail(res, error instanceof ConnectError ? error : new ConnectError('internal error', Code.Internal, undefined, undefined, error));
    }
    answer(res, format, encode(route, output, format));
  }

  return (req, res) => {
    if (req.method !== 'POST' || options.shutdown.aborted) return false;
    const route = routes.get(req.url!);
    if (!route) return false;
    const format = FORMATS[req.headers['content-type'] ?? ''];
    if (!format) return false;
    const headers = req.headers;
    for (const name of CONNECT_DECIDES) if (headers[name] !== undefined) return false;
    const declared = headers['content-length'];
    const length = declared === undefined ? NaN : Number(declared);
    if (!Number.isSafeInteger(length) || length > options.readMaxBytes) return false;
    serve(req, res, route, format, length).catch((error: unknown) => {
      // Only a broken connection gets here: there is nobody left to answer.
      res.destroy(error instanceof Error ? error : undefined);
    });
    return true;
  };
}

/** The body Node's parser delimits by content-length; undefined when the client went away first. */
function readBody(req: http.IncomingMessage, length: number): Promise<Uint8Array | undefined> {
  return new Promise((resolve) => {
    if (length === 0 && req.complete) return resolve(new Uint8Array(0));
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once('close', () => {
      if (!req.complete) resolve(undefined);
    });
  });
}
