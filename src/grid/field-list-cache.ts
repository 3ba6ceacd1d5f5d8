/**
 * @module The latest field list of recently read grids, each tagged with the revision it is at. Every commit bumps
 * a grid's revision, so a list tagged with the revision the store reports now is exactly what the store holds:
 * the store stays the truth, and a write by any instance makes the entry miss instead of answering stale.
 *
 * Where this instance alone writes the store (SQLite), even the revision read can be spared: the service tells the
 * cache of each change it committed, and a list read after a grid's last change is that grid's list until the next.
 */
import type { RepeatedField } from '../gen/tessera/grid/v1/field_pb.js';

/** Grids kept; past that the oldest-stored entry goes first, and is read again from the store when asked for. */
const CAPACITY = 1_024;
/** Grids whose last change is remembered; past that all are forgotten, and every kept list must be read again. */
const CHANGES_REMEMBERED = 16_384;

interface Entry {
  /** A grid recreated under the same id starts its revisions over; its creation time tells the two apart. */
  readonly createdAt: number;
  readonly revision: bigint;
  readonly list: RepeatedField;
  /** The change count when the read that made the list began. */
  readonly readAt: number;
}

export class FieldListCache {
  readonly #entries = new Map<string, Entry>();
  /** Changes this instance committed, counted; and the count at each grid's last one. */
  #changes = 0;
  readonly #changedAt = new Map<string, number>();
  /** Lists read before this count are not known to be current, whatever the grid. */
  #forgottenAt = 0;

  get(gridId: string, createdAt: number, revision: bigint): RepeatedField | undefined {
    const entry = this.#entries.get(gridId);
    return entry?.revision === revision && entry.createdAt === createdAt ? entry.list : undefined;
  }

  /**
   * The list, if it was read after the grid's last change this instance committed: current only where no other
   * instance writes the store.
   */
  unchanged(gridId: string): RepeatedField | undefined {
    const entry = this.#entries.get(gridId);
    if (!entry || entry.readAt < this.#forgottenAt) return undefined;
    const changed = this.#changedAt.get(gridId);
    return changed === undefined || changed <= entry.readAt ? entry.list : undefined;
  }

  /** The count a read beginning now passes to `offer`. */
  readStarts(): number {
    return this.#changes;
  }

  /** Call once a change to the grid is committed, before it is acknowledged; a read begun before then is stale. */
  changed(gridId: string): void {
    this.#changes++;
    if (this.#changedAt.size >= CHANGES_REMEMBERED && !this.#changedAt.has(gridId)) {
      this.#changedAt.clear();
      this.#forgottenAt = this.#changes;
    }
    this.#changedAt.set(gridId, this.#changes);
  }

  /** Keeps `list` unless the entry already holds a later revision of the same grid, or the same one read later. */
  offer(gridId: string, createdAt: number, revision: bigint, list: RepeatedField, readAt: number): void {
    const entry = this.#entries.get(gridId);
    if (entry && entry.createdAt === createdAt && (entry.revision > revision || (entry.revision === revision && entry.readAt >= readAt))) return;
    this.#entries.delete(gridId);
    if (this.#entries.size >= CAPACITY) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(gridId, { createdAt, revision, list, readAt });
  }

  delete(gridId: string): void {
    this.#entries.delete(gridId);
  }
}
