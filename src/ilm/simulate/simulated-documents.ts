/**
 * @module The documents of a lifecycle simulation: a steady stream written through one target (the data stream,
 * the rollover alias, else the index itself), counted rather than stored, so a 90-day forecast costs no disk; and,
 * for a whole cluster's forecast, the other streams written meanwhile, which fill the same disk. Writes are refused,
 * as Elasticsearch refuses them, while the index written to carries a write block.
 */
import { ClusterState, DataStream, DataStreams, followIndices, writeIndexOf, type IndexStats, type StoredBytes } from '../../cluster/index.js';

const DAY_MS = 86_400_000;
/** The blocks that refuse writes to an index, in the order a refusal names the first it finds. */
export const WRITE_BLOCKS = ['index.blocks.read_only_allow_delete', 'index.blocks.write', 'index.blocks.read_only'];

export interface DocumentRate {
  readonly perDay: number;
  /** The size of one document on disk. */
  readonly sizeBytes: number;
}

/** Another stream written while the followed one is: its documents take disk, its indices are not followed. */
export interface OtherWrites {
  readonly target: string;
  readonly documents: DocumentRate;
}

/** Where the stream of writes stands after an accrual. */
export type WriteStatus = { readonly index: string; readonly refused?: string } | undefined;

interface Stream {
  readonly target: string;
  readonly rate: DocumentRate;
  /** The part of a document the stream has brought but not yet written whole. */
  carry: number;
}

export class SimulatedDocuments implements StoredBytes {
  readonly #stats: Map<string, { docs: number; sizeBytes: number }>;
  #accruedUntil: number;
  readonly #followed: Stream;
  readonly #others: Stream[];
  /**
   * The disk's total for one map of indices, kept as writes land: a cluster's forecast writes hundreds of streams,
   * and summing every index at each check made each timeline's cost grow with the cluster.
   */
  #total: { indices: ClusterState['indices'] | undefined; bytes: number } = { indices: undefined, bytes: 0 };
  /** The other streams' write statuses for one state: their indices are not followed, so it seldom changes. */
  #otherStatuses: { indices: ClusterState['indices']; customs: ClusterState['customs']; statuses: WriteStatus[] } | undefined;

  constructor(initial: ReadonlyMap<string, IndexStats>, rate: DocumentRate, target: string, start: number, others: readonly OtherWrites[] = []) {
    this.#stats = new Map([...initial].map(([name, s]) => [name, { docs: s.docs, sizeBytes: s.sizeBytes }]));
    this.#accruedUntil = start;
    this.#followed = { target, rate, carry: 0 };
    this.#others = others.filter((o) => o.target !== target).map((o) => ({ target: o.target, rate: o.documents, carry: 0 }));
  }

  /** Whether any stream writes at all: then the simulation advances a poll interval at a time. */
  get writing(): boolean {
    return this.#followed.rate.perDay > 0 || this.#others.some((o) => o.rate.perDay > 0);
  }

  /** Follows the indices as the cluster changes: derived ones start with their source's documents. */
  follow(after: ClusterState, before: ClusterState): void {
    followIndices(this.#stats, after, before);
    this.#total = { indices: undefined, bytes: 0 };
  }

  stats(index: string): IndexStats {
    const s = this.#stats.get(index);
    return { docs: s?.docs ?? 0, sizeBytes: s?.sizeBytes ?? 0 };
  }

  totalBytes(state: ClusterState): number {
    if (this.#total.indices === state.indices) return this.#total.bytes;
    let total = 0;
    for (const [index, stats] of this.#stats) if (state.indices.has(index)) total += stats.sizeBytes;
    this.#total = { indices: state.indices, bytes: total };
    return total;
  }

  onWrite(): () => void {
    // Writes happen between passes, and each pass re-measures the disk itself.
    return () => undefined;
  }

  /** The index the followed stream writes to now, and why writes to it are refused, if they are. */
  writeStatus(state: ClusterState): WriteStatus {
    return this.#statusOf(state, this.#followed.target);
  }

  #statusOf(state: ClusterState, target: string): WriteStatus {
    const dataStream = DataStreams.get(state, target);
    let index = dataStream ? state.indices.get(DataStream.writeIndex(dataStream)) : state.indices.get(target);
    if (!index && !dataStream) {
      try {
        index = writeIndexOf(state, target);
      } catch {
        return undefined;
      }
    }
    if (!index) return undefined;
    const block = WRITE_BLOCKS.find((setting) => index.settings[setting] === 'true');
    return block ? { index: index.name, refused: block } : { index: index.name };
  }

  /** Writes what the streams brought since the last accrual, as of `now`; returns where the followed one's went. */
  accrue(state: ClusterState, now: number): WriteStatus {
    const elapsed = now - this.#accruedUntil;
    this.#accruedUntil = Math.max(now, this.#accruedUntil);
    const statuses = this.#statusesOfOthers(state);
    this.#others.forEach((other, i) => this.#write(state, other, statuses[i], elapsed));
    return this.#write(state, this.#followed, this.#statusOf(state, this.#followed.target), elapsed);
  }

  #statusesOfOthers(state: ClusterState): readonly WriteStatus[] {
    const known = this.#otherStatuses;
    if (known?.indices === state.indices && known.customs === state.customs) return known.statuses;
    const statuses = this.#others.map((other) => this.#statusOf(state, other.target));
    this.#otherStatuses = { indices: state.indices, customs: state.customs, statuses };
    return statuses;
  }

  #write(state: ClusterState, stream: Stream, status: WriteStatus, elapsed: number): WriteStatus {
    if (!status || status.refused || elapsed <= 0 || stream.rate.perDay <= 0) return status;
    // Whole documents only, the rest carried over: sums of fractions would drift below the count (4999999.99…).
    const due = stream.carry + (stream.rate.perDay * elapsed) / DAY_MS;
    const docs = Math.floor(due + 1e-9);
    stream.carry = Math.max(0, due - docs);
    const stats = this.#stats.get(status.index) ?? { docs: 0, sizeBytes: 0 };
    this.#stats.set(status.index, { docs: stats.docs + docs, sizeBytes: stats.sizeBytes + docs * stream.rate.sizeBytes });
    // The index written to is one of `state`'s: the total kept for its map takes the bytes too.
    if (this.#total.indices === state.indices) this.#total.bytes += docs * stream.rate.sizeBytes;
    return status;
  }
}
