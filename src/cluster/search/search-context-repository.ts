/** @module What search contexts (point in time, scroll) keep in the store, so every instance sharing it sees them. */

export type ContextKind = 'pit' | 'scroll';

export interface StoredContext {
  readonly id: string;
  readonly kind: ContextKind;
  /** Epoch millis (the Clock's). */
  readonly expiresAt: number;
  /** The context's own state, as JSON text. */
  readonly state: string;
  /** The indices it reads, in the order it opened them, each with the last sequence number it sees. */
  readonly marks: readonly { readonly index: string; readonly mark: number }[];
}

export interface SearchContextRepository {
  /** Opens a context on `indices`; each mark is the index's last sequence number, read under its write lock. */
  open(context: Omit<StoredContext, 'marks'>, indices: readonly string[]): Promise<StoredContext>;
  get(id: string): Promise<StoredContext | undefined>;
  update(id: string, expiresAt: number, state?: string): Promise<void>;
  /** Frees the contexts; how many there were. */
  close(ids: readonly string[]): Promise<number>;
  closeKind(kind: ContextKind): Promise<number>;
  /** Contexts of `kind` not expired at `now`. */
  countOpen(kind: ContextKind, now: number): Promise<number>;
  /** Frees the contexts expired at `now` and drops the old versions no open context sees any more. */
  sweep(now: number): Promise<void>;
}
