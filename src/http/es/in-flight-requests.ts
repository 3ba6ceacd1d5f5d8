/**
 * @module ES's `in_flight_requests` circuit breaker: the bytes of every request body being received or handled count
 * together, from the first byte until the answer is sent, against `network.breaker.inflight_requests.limit` (and the
 * parent limit). Each request's own size is capped by `http.max_content_length` before any of it is read; this caps
 * what many requests at once may hold.
 */
import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { checkInFlightRequests } from '../../cluster/index.js';
import type { EsContext } from './es-context.js';

/** What the breaker holds now, and how often it refused, for `GET /_nodes/stats`. */
export interface InFlightRequests {
  readonly bytes: number;
  readonly tripped: number;
}

export function limitInFlightRequests(app: FastifyInstance, ctx: EsContext): InFlightRequests {
  let inFlight = 0;
  let tripped = 0;
  app.addHook('preParsing', async (req, reply, payload) => {
    // Most requests (GET, HEAD) carry no body: nothing to count, and no stream to interpose on the hot path.
    const length = req.headers['content-length'];
    if (req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) return payload;
    let held = 0;
    reply.raw.once('close', () => {
      inFlight -= held;
      held = 0;
    });
    const hold = (bytes: number) => {
      try {
        checkInFlightRequests(ctx.cluster.state, inFlight + bytes);
      } catch (error) {
        tripped++;
        throw error;
      }
      inFlight += bytes;
      held += bytes;
    };
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        try {
          hold(chunk.byteLength);
          done(null, chunk);
        } catch (error) {
          done(error as Error);
        }
      },
    });
    // A client's abort reaches the body's reader. A refusal only unpipes: the request itself stays open for the answer
    // (the rest of its body is discarded once it is sent).
    payload.on('error', (error) => counted.destroy(error));
    return payload.pipe(counted);
  });
  return {
    get bytes() {
      return inFlight;
    },
    get tripped() {
      return tripped;
    },
  };
}
