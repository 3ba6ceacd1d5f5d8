/** @module Where documents live: one row per document, and per index its sequence counter, count and size. */

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
}

/** One transaction of writes: the counters read here are locked against other instances until it ends. */
export interface DocumentTransaction {
  /** The counters of `indices` (zero for an index with none yet). */
  lockStats(indices: readonly string[]): Promise<Map<string, IndexDocStats>>;
  get(index: string, id: string): Promise<StoredDocument | undefined>;
  write(writes: readonly DocumentWrite[], stats: ReadonlyMap<string, IndexDocStats>): Promise<void>;
}

export interface DocumentRepository {
  /** Other instances write to the same store, so counts kept in memory go stale. */
  readonly shared: boolean;
  loadStats(): Promise<Map<string, IndexDocStats>>;
  get(index: string, id: string): Promise<StoredDocument | undefined>;
  transaction<T>(work: (tx: DocumentTransaction) => Promise<T>): Promise<T>;
}
