/** @module Pacing a stream's writes to its reader, for the lanes that write server streams themselves. */
import type { EventEmitter } from 'node:events';

/**
 * Resolves when the response can take more ('drain') or is gone ('close'), whichever comes first, leaving no listener
 * behind: a stream that waits on every write would otherwise pile one up per message.
 */
export function drained(res: EventEmitter): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}
