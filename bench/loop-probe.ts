/**
 * @module What other work sees of the event loop while something runs in the same process: the longest gap
 * between 5 ms timers (a timer fires late by as long as the loop was held), and the latency of small requests
 * sent one after another meanwhile (a grid RPC would wait the same).
 */
import { percentile, sortedCopy } from './report.js';

const TIMER_MILLIS = 5;

export interface LoopFigures {
  /** The longest the loop was held beyond the timer's own 5 ms. */
  readonly longestStallMs: number;
  /** Requests answered while the probe ran, and their latency's p99 and maximum (NaN when none). */
  readonly requests: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

/** Probes the loop (and, given `url`, sends `GET url` one after another) until the returned stop is awaited. */
export function probeLoop(url?: string): () => Promise<LoopFigures> {
  let running = true;
  let longest = 0;
  let last = performance.now();
  let timer: NodeJS.Timeout;
  const arm = () => {
    timer = setTimeout(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last - TIMER_MILLIS);
      last = now;
      if (running) arm();
    }, TIMER_MILLIS);
  };
  arm();
  const latencies: number[] = [];
  const requests = (async () => {
    while (url && running) {
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
    }
  })();
  return async () => {
    running = false;
    clearTimeout(timer);
    // A stall still going on when the probe stops counts too.
    longest = Math.max(longest, performance.now() - last - TIMER_MILLIS);
    await requests;
    const sorted = sortedCopy(latencies);
    return { longestStallMs: Math.max(0, longest), requests: latencies.length, p99Ms: percentile(sorted, 0.99), maxMs: percentile(sorted, 1) };
  };
}
