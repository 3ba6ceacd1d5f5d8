/**
 * @module What the lanes for plain calls (http1-unary-lane.ts, grpc-unary-lane.ts, grpc-stream-lane.ts) share: the
 * methods they serve, by path, and each answer's bytes as Connect makes them, kept per answer where the implementation repeats
 * answers (a cached read).
 */
import type { DescMessage, DescMethodServerStreaming, DescMethodUnary, Message } from '@bufbuild/protobuf';
import type { ConnectError, ContextValues } from '@connectrpc/connect';
import { createMethodSerializationLookup, type Compression, type MethodSerializationLookup } from '@connectrpc/connect/protocol';
import type { Format } from './request-framing.js';
import type { RouterSettings } from './router-settings.js';

export interface LaneMethod {
  readonly method: DescMethodUnary;
  /** The implementation Connect calls: a ConnectError it throws is the answer; anything else is an internal error. */
  readonly serve: (input: Message, values: ContextValues) => Promise<Message>;
  /** The implementation answers repeated calls with the same object (a cached read): encode each once per format. */
  readonly repeats?: boolean;
}

/** A server-streaming method the gRPC lane serves (grpc-stream-lane.ts). */
export interface LaneStream {
  readonly method: DescMethodServerStreaming;
  /** The implementation; what it throws, when called or while streaming, ends the stream with `toError`'s error. */
  readonly serve: (input: Message, values: ContextValues, signal: AbortSignal) => AsyncIterable<Message>;
  readonly toError: (error: unknown) => ConnectError;
}

export interface PlainLane {
  readonly methods: readonly LaneMethod[];
  readonly streams?: readonly LaneStream[];
  /** Checks the caller from the headers alone, before the body is read: a ConnectError refuses the call. */
  readonly admit?: (authorization: string | undefined, path: string, values: ContextValues) => Promise<ConnectError | undefined>;
  /** The error a body that does not decode is answered with (the decode gate's). */
  readonly toDecodeError: (reason: string) => ConnectError;
}

export interface Route {
  readonly entry: LaneMethod;
  readonly serialization: MethodSerializationLookup<DescMessage, DescMessage>;
  /** By answer, then format and compression (`binary`, `json gzip`, …). */
  readonly encoded: WeakMap<Message, Map<string, Encoded>> | undefined;
}

export interface Encoded {
  readonly bytes: Uint8Array;
  /** The compression applied, if any. */
  readonly encoding?: string;
}

export interface LaneRoutes {
  get(path: string): Route | undefined;
  /** The answer's bytes as Connect sends them, compressed (`encoding`) when the client accepts it and they are large enough. */
  encode(route: Route, answer: Message, format: Format, compression: Compression | null): Promise<Encoded>;
}

export function laneRoutes(lane: PlainLane, settings: RouterSettings): LaneRoutes {
  const routes = new Map<string, Route>();
  for (const entry of lane.methods) {
    const serialization = createMethodSerializationLookup(entry.method, undefined, settings.jsonOptions, { readMaxBytes: settings.readMaxBytes, writeMaxBytes: 0xffffffff });
    routes.set(`/${entry.method.parent.typeName}/${entry.method.name}`, { entry, serialization, encoded: entry.repeats ? new WeakMap() : undefined });
  }
  return {
    get: (path) => routes.get(path),
    async encode(route, answer, format, compression) {
      const key = compression ? `${format} ${compression.name}` : format;
      const known = route.encoded?.get(answer);
      const cached = known?.get(key);
      if (cached) return cached;
      const bytes = known?.get(format)?.bytes ?? route.serialization.getO(format === 'binary').serialize(answer);
      const encoded = compression && bytes.byteLength >= settings.compressMinBytes ? { bytes: await compression.compress(bytes), encoding: compression.name } : { bytes };
      if (route.encoded) {
        if (known) known.set(key, encoded);
        else route.encoded.set(answer, new Map([[key, encoded]]));
      }
      return encoded;
    },
  };
}
