/**
 * @module Reads a request body from Node's request events, for the lanes that answer calls before the adapters
 * (http1-unary-lane.ts, http1-stream-lane.ts, grpc-unary-lane.ts), and gives what was read back when the lane leaves
 * the call to Connect after all. Events rather than an async iterator: one small body a call, with no promise per chunk.
 */
import type { EventEmitter } from 'node:events';

/** An HTTP/1.1 or HTTP/2 server request, as far as reading its body goes. */
interface BodyStream extends EventEmitter {
  readonly readableEnded: boolean;
  pause(): unknown;
}

export interface ReadBody {
  /** The whole body; absent when it ran past the limit. */
  readonly bytes?: Uint8Array;
  /** The chunks read: the whole body, or those read until the limit was passed (the request is then paused). */
  readonly chunks: readonly Buffer[];
}

/** The body, if it fits in `limit` bytes; undefined when the client went away first. */
export function readBody(req: BodyStream, limit: number): Promise<ReadBody | undefined> {
  return new Promise((resolve) => {
    if (req.readableEnded) return resolve({ bytes: new Uint8Array(0), chunks: [] });
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: ReadBody | undefined) => {
      req.off('data', onData).off('end', onEnd).off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size <= limit) return;
      req.pause();
      done({ chunks });
    };
    const onEnd = () => done({ bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), chunks });
    // Once destroyed, a request emits no more data and no end.
    const onClose = () => {
      if (!req.readableEnded) done(undefined);
    };
    req.on('data', onData).on('end', onEnd).on('close', onClose);
  });
}

/** The request as an adapter would have read it: the chunks read from it first, then what it still holds. */
export function givenBack<Req extends BodyStream & AsyncIterable<unknown>>(req: Req, chunks: readonly Uint8Array[]): Req {
  async function* body(): AsyncGenerator<Uint8Array> {
    yield* chunks;
    if (!req.readableEnded) yield* req as AsyncIterable<Uint8Array>;
  }
  return new Proxy(req, {
    get(target, property) {
      if (property === Symbol.asyncIterator) return () => body();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
