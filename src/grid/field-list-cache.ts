/**
 * @module The latest field list of recently read grids, each tagged with the revision it is at. Every commit bumps
 * a grid's revision, so a list tagged with the revision the store reports now is exactly what the store holds:
 * the store stays the truth, and a write by any instance makes the entry miss instead of answering stale.
 */
import type { RepeatedField } from '../gen/tessera/grid/v1/field_pb.js';

/** Grids kept; past that the oldest-stored entry goes first, and is read again from the store when asked for. */
const CAPACITY = 1_024;

interface Entry {
  /** A grid recreated under the same id starts its revisions over; its creation time tells the two apart. */
  readonly createdAt: number;
  readonly revision: bigint;
  readonly list: RepeatedField;
}

export class FieldListCache {
  readonly #entries = new Map<string, Entry>();

  get(gridId: string, createdAt: number, revision: bigint): RepeatedField | undefined {
    const entry = this.#entries.get(gridId);
    return entry?.revision === revision && entry.createdAt === createdAt ? entry.list : undefined;
  }

  /** Keeps `list` unless the entry already holds a later revision of the same grid. */
  offer(gridId: string, createdAt: number, revision: bigint, list: RepeatedField): void {
    const entry = this.#entries.get(gridId);
    if (entry && entry.createdAt === createdAt && entry.revision >= revision) return;
    this.#entries.delete(gridId);
    if (this.#entries.size >= CAPACITY) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(gridId, { createdAt, revision, list });
  }

  delete(gridId: string): void {
    this.#entries.delete(gridId);
  }
}
