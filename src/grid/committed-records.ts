/**
 * @module Each recently written grid's field records as this instance last committed them, tagged with the revision
 * they are at. Where this instance is the store's only writer (SQLite), a write whose bumped revision follows that
 * tag starts from these records instead of reading every field and type option back, and the records it keeps are
 * the same objects, so what is known of each (its encoded size: grid-size.ts) is not worked out again.
 */
import type { FieldRecord } from './model/field-record.js';

/** Grids kept; past that the oldest-kept entry goes first, and its next write reads the store. */
const CAPACITY = 1_024;

interface Entry {
  readonly revision: bigint;
  readonly records: readonly FieldRecord[];
}

export class CommittedRecords {
  readonly #entries = new Map<string, Entry>();

  /** The records at `revision`, if those are the ones kept. */
  at(gridId: string, revision: bigint): readonly FieldRecord[] | undefined {
    const entry = this.#entries.get(gridId);
    return entry?.revision === revision ? entry.records : undefined;
  }

  /** Call once the records are committed at `revision`. */
  remember(gridId: string, revision: bigint, records: readonly FieldRecord[]): void {
    this.#entries.delete(gridId);
    if (this.#entries.size >= CAPACITY) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(gridId, { revision, records });
  }

  /** Call when the grid is created or deleted, or a commit's outcome is not known. */
  forget(gridId: string): void {
    this.#entries.delete(gridId);
  }
}
