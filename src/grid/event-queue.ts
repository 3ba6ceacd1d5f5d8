/** @module A bounded queue of grid events for one watcher; overflowing it only costs a re-read of the store. */
import type { GridEvent } from './grid-events.js';

export class EventQueue {
  readonly #items: GridEvent[] = [];
  #overflowed = false;
  #wake: (() => void) | undefined;

  constructor(private readonly capacity: number) {}

  push(event: GridEvent): void {
    if (this.#items.length >= this.capacity) {
      // A slow watcher must not hold memory without bound; it catches up from the store instead.
      this.#items.length = 0;
      this.#overflowed = true;
    }
    this.#items.push(event);
    this.#wake?.();
  }

  /** The next event, `'overflow'` once events were dropped, or undefined when `signal` aborts. */
  async next(signal: AbortSignal): Promise<GridEvent | 'overflow' | undefined> {
    for (;;) {
      if (signal.aborted) return undefined;
      if (this.#overflowed) {
        this.#overflowed = false;
        return 'overflow';
      }
      const item = this.#items.shift();
      if (item) return item;
      await new Promise<void>((resolve) => {
        const done = () => {
          this.#wake = undefined;
          signal.removeEventListener('abort', done);
          resolve();
        };
        this.#wake = done;
        signal.addEventListener('abort', done, { once: true });
      });
    }
  }
}
