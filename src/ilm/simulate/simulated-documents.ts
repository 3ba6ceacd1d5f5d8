/**
 * @module The documents of a lifecycle simulation: a steady stream written through one target (the data stream,
 * the rollover alias, else the index itself), counted rather than stored, so a 90-day forecast costs no disk.
 * Writes are refused, as Elasticsearch refuses them, while the index written to carries a write block.
 */
import { ClusterState, DataStream, DataStreams, followIndices, writeIndexOf, type IndexStats, type StoredBytes } from '../../cluster/index.js';

const DAY_MS = 86_400_000;
const WRITE_BLOCKS = ['index.blocks.read_only_allow_delete', 'index.blocks.write', 'index.blocks.read_only'];

export interface DocumentRate {
  readonly perDay: number;
  /** The size of one document on disk. */
  readonly sizeBytes: number;
}

/** Where the stream of writes stands after an accrual. */
export type WriteStatus = { readonly index: string; readonly refused?: string } | undefined;

export class SimulatedDocuments implements StoredBytes {
  readonly #stats: Map<string, { docs: number; sizeBytes: number }>;
  #accruedUntil: number;
  /** The part of a document the stream has brought but not yet written whole. */
  #carry = 0;

  constructor(
    initial: ReadonlyMap<string, IndexStats>,
    private readonly rate: DocumentRate,
    private readonly target: string,
    start: number,
  ) {
    this.#stats = new Map([...initial].map(([name, s]) => [name, { docs: s.docs, sizeBytes: s.sizeBytes }]));
    this.#accruedUntil = start;
  }

  /** Follows the indices as the cluster changes: derived ones start with their source's documents. */
  follow(after: ClusterState, before: ClusterState): void {
    followIndices(this.#stats, after, before);
  }

  stats(index: string): IndexStats {
    const s = this.#stats.get(index);
    return { docs: s?.docs ?? 0, sizeBytes: s?.sizeBytes ?? 0 };
  }

  totalBytes(state: ClusterState): number {
    let total = 0;
    for (const [index, stats] of this.#stats) if (state.indices.has(index)) total += stats.sizeBytes;
    return total;
  }

  onWrite(): () => void {
    // Writes happen between passes, and each pass re-measures the disk itself.
    return () => undefined;
  }

  /** The index the target writes to now, and why writes to it are refused, if they are. */
  writeStatus(state: ClusterState): WriteStatus {
    const dataStream = DataStreams.get(state, this.target);
    let index = dataStream ? state.indices.get(DataStream.writeIndex(dataStream)) : state.indices.get(this.target);
    if (!index && !dataStream) {
      try {
        index = writeIndexOf(state, this.target);
      } catch {
        return undefined;
      }
    }
    if (!index) return undefined;
    const block = WRITE_BLOCKS.find((setting) => index.settings[setting] === 'true');
    return block ? { index: index.name, refused: block } : { index: index.name };
  }

  /** Writes what the stream brought since the last accrual, as of `now`; returns where it went. */
  accrue(state: ClusterState, now: number): WriteStatus {
    const elapsed = now - this.#accruedUntil;
    this.#accruedUntil = Math.max(now, this.#accruedUntil);
    const status = this.writeStatus(state);
    if (!status || status.refused || elapsed <= 0 || this.rate.perDay <= 0) return status;
    // Whole documents only, the rest carried over: sums of fractions would drift below the count (4999999.99…).
    const due = this.#carry + (this.rate.perDay * elapsed) / DAY_MS;
    const docs = Math.floor(due + 1e-9);
    this.#carry = Math.max(0, due - docs);
    const stats = this.#stats.get(status.index) ?? { docs: 0, sizeBytes: 0 };
    this.#stats.set(status.index, { docs: stats.docs + docs, sizeBytes: stats.sizeBytes + docs * this.rate.sizeBytes });
    return status;
  }
}
