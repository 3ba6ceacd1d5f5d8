/**
 * @module Admits and reads each request body once before Connect does. Works around @connectrpc/connect 2.1.2
 * (connect-es), whose routers read the body themselves:
 * - with an `admit` step (authentication), it runs on the headers alone, so a refused caller's body is never read
 *   (connect-es reads the whole request before any interceptor or handler can refuse it);
 * - the body is capped as a whole: `readMaxBytes` raw, and `readMaxBytes` for all its messages together once
 *   decompressed (connect-es caps each message alone, so many small bombs in one request inflated without bound);
 *   decompression runs on the zlib thread pool and stops as soon as the request's room is used up (request-inflate.ts);
 * - a body that does not decode is answered with INVALID_ARGUMENT and a GridError detail in every protocol (connect-es
 *   reports undecodable binary as INTERNAL, "parse binary: …" in protocol/serialization.js, and its JSON decoding
 *   errors carry no detail); so is the message of a Connect GET (get-request.ts).
 * Connect then gets the messages already decompressed, so it never inflates anything itself. A refused request goes on
 * to Connect as an empty message with the verdict in a context value, which an interceptor throws: a handler's error is
 * what every protocol serialises itself.
 */
import { fromBinary, fromJsonString, type DescMessage, type DescMethod, type MessageShape } from '@bufbuild/protobuf';
import { Code, ConnectError, createContextKey, createContextValues, type ContextValues, type Interceptor } from '@connectrpc/connect';
import { createAsyncIterable, type UniversalHandler, type UniversalServerRequest } from '@connectrpc/connect/protocol';
import { classify, emptyMessage, encodingOf, ENVELOPE_HEADER, envelopes, identityBody, identityHeaders, readUpTo, type Format, type Kind, type Part } from './request-framing.js';
import { emptyGet, getFormat, getMessage } from './get-request.js';
import { CORRUPT, decompressAll, inflates, OVER } from './request-inflate.js';
import { likeHandler } from './handler-shape.js';

const VERDICT = createContextKey<ConnectError | undefined>(undefined, { description: 'refused request' });

function messagesTaken(method: DescMethod): number {
  return method.methodKind === 'unary' || method.methodKind === 'server_streaming' ? 2 : Infinity;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The message, as the gate judges a body: JSON must be UTF-8 and name no unknown member. */
export function decodeRequest<Desc extends DescMessage>(desc: Desc, message: Uint8Array, format: Format): { readonly message: MessageShape<Desc> } | { readonly problem: string } {
  try {
    if (format === 'binary') return { message: fromBinary(desc, message) };
    return { message: fromJsonString(desc, strictUtf8.decode(message), { ignoreUnknownFields: false }) };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/** Why a body does not decode as `desc`, in the words a refused request is answered with. */
export function undecodable(desc: DescMessage, problem: string): string {
  return `the request does not decode as ${desc.typeName}: ${problem}`;
}

function decodeProblem(desc: DescMessage, message: Uint8Array, format: Format): string | undefined {
  const decoded = decodeRequest(desc, message, format);
  return 'problem' in decoded ? decoded.problem : undefined;
}

function firstProblem(desc: DescMessage, parts: readonly Part[], format: Format): string | undefined {
  for (const part of parts) {
    const problem = decodeProblem(desc, part.data, format);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * Checks a request from its headers alone, before its body is read: a ConnectError refuses it; undefined admits it,
 * after the check has put what the handlers need into `values`.
 */
export type Admit = (request: UniversalServerRequest, values: ContextValues) => Promise<ConnectError | undefined>;

export interface DecodeGateOptions {
  /** The largest request, both as sent and once decompressed (all its messages together). */
  readonly readMaxBytes: number;
  readonly toError: (reason: string) => ConnectError;
  readonly admit?: Admit;
}

export interface DecodeGate {
  /** Wraps a handler so it admits and reads the body first; keeps the handler's routing properties. */
  wrap(handler: UniversalHandler): UniversalHandler;
  /** Throws the verdict on a refused request before the implementation runs. */
  readonly interceptor: Interceptor;
  /** Whether the gate refused the request these context values belong to. */
  refused(values: ContextValues): boolean;
}

/** What Connect gets: the request to handle, or a verdict to answer it with. */
type Outcome = { readonly request: UniversalServerRequest } | { readonly verdict: ConnectError };

export function createDecodeGate(options: DecodeGateOptions): DecodeGate {
  const limit = options.readMaxBytes;
  // Connect's own wording for readMaxBytes, said of the whole request.
  const tooLarge = () => new ConnectError(`request is larger than configured readMaxBytes ${limit}`, Code.ResourceExhausted);
  const tooLargeInflated = () => new ConnectError(`request is larger than configured readMaxBytes ${limit} after decompression`, Code.ResourceExhausted);

  /** A body over the raw limit: Connect refuses it itself when it will before inflating anything. */
  function overRaw(request: UniversalServerRequest, kind: Kind, head: Uint8Array, body: AsyncIterable<Uint8Array>): Outcome {
    // A whole body is refused by its size before it is decompressed, and so is a first envelope declared over the limit.
    const firstDeclared = head.byteLength >= ENVELOPE_HEADER ? new DataView(head.buffer, head.byteOffset).getUint32(1) : 0;
    if (kind.framing === 'whole' || firstDeclared > limit) return { request: { ...request, body } };
    // Otherwise Connect would take envelope after envelope (inflating each, when compressed), each against the limit alone.
    return { verdict: tooLarge() };
  }

  async function read(request: UniversalServerRequest & { body: AsyncIterable<Uint8Array> }, kind: Kind, method: DescMethod): Promise<Outcome> {
    const encoding = encodingOf(request.header, kind);
    // Connect refuses an encoding it does not take before reading the body.
    if (encoding !== 'identity' && !inflates(encoding)) return { request };
    const { bytes, body, head } = await readUpTo(request.body, limit);
    if (!bytes) return overRaw(request, kind, head, body);
    const split = kind.framing === 'whole' ? { parts: [{ flags: 0, data: bytes }], tail: new Uint8Array(0) } : envelopes(bytes, messagesTaken(method));
    // Without compression a flagged envelope is Connect's to refuse, and its bytes are judged as they are.
    const decompressed = encoding === 'identity' ? split : await decompressAll(split, encoding, limit, kind.framing);
    // The answer Connect gives for other corrupt data (and connect-go for all of it), with no GridError detail.
    if (decompressed === CORRUPT) return { verdict: new ConnectError('decompression failed', Code.InvalidArgument) };
    if (decompressed === OVER) return { verdict: tooLargeInflated() };
    // A torn envelope is Connect's to report; only complete bodies are judged here.
    const problem = decompressed.tail.byteLength === 0 ? firstProblem(method.input, decompressed.parts, kind.format) : undefined;
    if (problem !== undefined) return { verdict: options.toError(undecodable(method.input, problem)) };
    return { request: { ...request, header: identityHeaders(request.header, kind), body: createAsyncIterable([identityBody(decompressed, kind.framing)]) } };
  }

  /** The request Connect gets for a refused one: nothing of its body, an empty message in its place. */
  function refused(request: UniversalServerRequest, kind: Kind | undefined, values: ContextValues, verdict: ConnectError, getFormat?: Format): UniversalServerRequest {
    values.set(VERDICT, verdict);
    if (getFormat) return { ...emptyGet(request, getFormat), contextValues: values };
    // Connect answers any other request (a content type it does not take, a GET it serves no GET for) without reading a body.
    if (request.method !== 'POST' || kind === undefined) return { ...request, contextValues: values };
    return { ...request, header: identityHeaders(request.header, kind), body: createAsyncIterable([emptyMessage(kind)]), contextValues: values };
  }

  return {
    wrap(handler) {
      const wrapped = async (request: UniversalServerRequest) => {
        const values = request.contextValues ?? createContextValues();
        const kind = classify(request.header.get('content-type') ?? '');
        const refusal = options.admit && (await options.admit(request, values));
        if (refusal) return handler(refused(request, kind, values, refusal, getFormat(request, handler.method)));
        const get = request.method === 'GET' ? await getMessage(request, handler.method, limit, options.toError) : undefined;
        if (get) {
          const problem = get.bytes instanceof ConnectError ? undefined : decodeProblem(handler.method.input, get.bytes, get.format);
          const verdict = get.bytes instanceof ConnectError ? get.bytes : problem !== undefined ? options.toError(undecodable(handler.method.input, problem)) : undefined;
          return handler(verdict ? refused(request, kind, values, verdict, get.format) : { ...request, contextValues: values });
        }
        if (request.method !== 'POST' || kind === undefined || !isByteStream(request.body)) return handler({ ...request, contextValues: values });
        const outcome = await read({ ...request, body: request.body }, kind, handler.method);
        if ('verdict' in outcome) return handler(refused(request, kind, values, outcome.verdict));
        return handler({ ...outcome.request, contextValues: values });
      };
      return likeHandler(handler, wrapped);
    },
    refused: (values) => values.get(VERDICT) !== undefined,
    interceptor: (next) => (request) => {
      const verdict = request.contextValues.get(VERDICT);
      if (verdict) throw verdict;
      return next(request);
    },
  };
}

function isByteStream(body: UniversalServerRequest['body']): body is AsyncIterable<Uint8Array> {
  return typeof body === 'object' && body !== null && Symbol.asyncIterator in body;
}
