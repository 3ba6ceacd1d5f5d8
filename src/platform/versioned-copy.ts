/**
 * @module The one way an instance holds a copy of state that lives in a store other instances may change (the
 * cluster state, the security index, document counts): a copy stamped with the store's generation, a cheap check of
 * that generation before reading, a reload only when another instance moved it, and one serialiser through which
 * every reload and every change of this instance pass, so a reload can never overlap this instance's own write.
 */

/** Runs work one piece at a time, in the order given; a failure fails only its own piece. */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#tail.then(work, work);
    this.#tail = next.catch(() => undefined);
    return next;
  }
}

export interface Versioned<T> {
  readonly value: T;
  readonly generation: number;
}

/** Where a copy reloads from: a store other instances write too. */
export interface CopySource<T> {
  /** The stored generation, which every committed change moves forward; one small read. */
  generation(): Promise<number>;
  /** The stored state, given the copy held (so a source may read only what changed since `known.generation`). */
  load(known: Versioned<T>): Promise<Versioned<T>>;
}

export type CopyListener<T> = (after: T, before: T) => void;

export class VersionedCopy<T> {
  #current: Versioned<T>;
  readonly #queue = new SerialQueue();
  readonly #listeners = new Set<CopyListener<T>>();

  /** `source`: none when this instance owns the store, so the copy can never go stale and syncs are no-ops. */
  constructor(
    private readonly source: CopySource<T> | undefined,
    initial: Versioned<T>,
  ) {
    this.#current = initial;
  }

  get value(): T {
    return this.#current.value;
  }

  get generation(): number {
    return this.#current.generation;
  }

  /** Catches up with what other instances committed; `stored`: the generation, when the caller has already read it. */
  sync(stored?: number): Promise<void> {
    if (!this.source || (stored !== undefined && stored <= this.#current.generation)) return Promise.resolve();
    const source = this.source;
    return this.#queue.run(async () => {
      if ((await source.generation()) <= this.#current.generation) return;
      this.adopt(await source.load(this.#current));
    });
  }

  /** Runs `work` after every earlier change and sync; it may `adopt` what it committed (or learned) before returning. */
  change<R>(work: (current: Versioned<T>) => Promise<R>): Promise<R> {
    return this.#queue.run(() => work(this.#current));
  }

  /**
   * Takes `next` as the copy unless it is older than the one held. Mutable values changed in place (`next.value`
   * is the value held) only move the generation on; listeners hear of a new value.
   */
  adopt(next: Versioned<T>): void {
    const before = this.#current;
    if (next.generation < before.generation || (next.value === before.value && next.generation === before.generation)) return;
    this.#current = next;
    if (next.value !== before.value) for (const listener of this.#listeners) listener(next.value, before.value);
  }

  onChange(listener: CopyListener<T>): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
