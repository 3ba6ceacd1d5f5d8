/** @module Where documents live: one row per document, one sequence counter per index. */

export interface StoredDocument {
  readonly id: string;
  readonly seqNo: number;
  readonly version: number;
  readonly source: string;
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
}

export interface DocumentRepository {
  loadStats(): Promise<Map<string, IndexDocStats>>;
  get(index: string, id: string): Promise<StoredDocument | undefined>;
  /** Applies writes in one transaction. */
  write(writes: readonly DocumentWrite[], counters: ReadonlyMap<string, number>): Promise<void>;
}
