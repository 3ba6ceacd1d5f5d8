/** @module Where documents live: one row per document, and per index its sequence counter, count and size. */
import type { Versioned } from '../../platform/versioned-copy.js';
import type { IndexedDocument } from '../search/document-indexer.js';

export interface StoredDocument {
  readonly id: string;
  readonly seqNo: number;
  readonly version: number;
  readonly source: string;
  /** The routing the document was written with (ES's `_routing`), absent when none. */
  readonly routing?: string;
}

export interface IndexDocStats {
  readonly docs: number;
  readonly sizeBytes: number;
  readonly nextSeqNo: number;
}

export interface DocumentWrite {
  readonly index: string;
  readonly id: string;
  /** The new source, or undefined to delete. */
  readonly source: string | undefined;
  readonly seqNo: number;
  readonly version: number;
  readonly routing?: string;
  /** What the new source puts in the search index. */
  readonly indexed?: IndexedDocument;
}

/** One transaction of writes: the counters read here are locked against other instances until it ends. */
export interface DocumentTransaction {
  /** The counters of `indices` (zero for an index with none yet). */
  lockStats(indices: readonly string[]): Promise<Map<string, IndexDocStats>>;
  /** The documents of `index` stored under any of `ids`, by id: a batch's reads in a few queries, not one per item. */
  getMany(index: string, ids: readonly string[]): Promise<Map<string, StoredDocument>>;
  /** Stores `writes` in order: where two write the same document, the last one stands. */
  write(writes: readonly DocumentWrite[], stats: ReadonlyMap<string, IndexDocStats>): Promise<void>;
}

export interface DocumentRepository {
  /** Other instances write to the same store, so counts kept in memory go stale. */
  readonly shared: boolean;
  /** The stored generation of the counters, which every committed write moves on a shared store; 0 on one this instance owns. */
  generation(): Promise<number>;
  loadStats(): Promise<Map<string, IndexDocStats>>;
  get(index: string, id: string): Promise<StoredDocument | undefined>;
  /** The source of every document of `index`, for reads that look at them all (a data stream's newest @timestamp). */
  sources(index: string): Promise<string[]>;
  /** Runs `work` in one transaction; `generation`: the counters' generation its writes committed at (0 when it wrote nothing or the store is not shared). */
  transaction<T>(work: (tx: DocumentTransaction) => Promise<T>): Promise<{ result: T; generation: number }>;
}

/** The counts and sizes of the stored documents, by index, and the store's generation they were read at (read first). */
export async function loadStats(repository: DocumentRepository): Promise<Versioned<Map<string, IndexDocStats>>> {
  const generation = await repository.generation();
  return { value: await repository.loadStats(), generation };
}
