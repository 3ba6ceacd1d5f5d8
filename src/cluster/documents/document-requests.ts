/** @module What the document APIs ask of the document service, and what it answers: writes, gets and multi-gets. */
import type { ClusterError } from '../cluster-error.js';
import type { FetchSource } from './source-filter.js';
import type { UpdateSpec } from './update-request.js';
import type { VersionType, WriteConditions } from './write-conditions.js';

/** Every document's primary term: one node, one primary, never replaced. */
export const PRIMARY_TERM = 1;

export type WriteOp = 'index' | 'create' | 'delete' | 'update';

export interface WriteRequest {
  readonly op: WriteOp;
  readonly target: string;
  readonly id?: string;
  readonly source?: unknown;
  /** Optimistic concurrency control: the write happens only if the stored document still meets these. */
  readonly conditions?: WriteConditions;
  /** An update's partial document, upsert and options (op `update` only). */
  readonly update?: UpdateSpec;
  /** An item refused before it runs (a bulk update Tessera cannot do): it fails alone and changes nothing. */
  readonly refusal?: ClusterError;
  /** The routing stored with the document (ES's `_routing`); one shard holds every document, so it routes nothing. */
  readonly routing?: string;
  /** The write fails unless `target` is an alias (`require_alias`). */
  readonly requireAlias?: boolean;
  /** The write fails unless `target` is or becomes a data stream (`require_data_stream`). */
  readonly requireDataStream?: boolean;
  /** A single `_update` (not a bulk line): it creates a missing index through the create index API, as ES's does. */
  readonly singleUpdate?: boolean;
  /** The dynamic template each new field (by full path) is mapped with (a bulk item's `dynamic_templates`). */
  readonly dynamicTemplates?: Readonly<Record<string, string>>;
  /** The ingest pipeline asked for (`pipeline`); Tessera has none, so any but `_none` fails the item. */
  readonly pipeline?: string;
}

/** How many shard copies must be active before a write proceeds (`wait_for_active_shards`), and how long to wait. */
export interface ActiveShardsWait {
  readonly count: number | 'all';
  readonly timeoutMillis: number;
  /** The timeout as the request spelt it, for the failure's reason. */
  readonly timeoutText: string;
  /** The request's refresh policy, which ES's failure reason describes. */
  readonly refresh?: 'true' | 'wait_for';
}

export interface WriteResult {
  readonly _index: string;
  readonly _id: string;
  readonly _version: number;
  readonly result: 'created' | 'updated' | 'deleted' | 'not_found' | 'noop';
  readonly _shards: { total: number; successful: number; failed: number };
  readonly _seq_no: number;
  readonly _primary_term: number;
  /** An update's resulting document, when its `_source` was asked for (UpdateResponse's `get`). */
  readonly get?: { _seq_no: number; _primary_term: number; found: true; _source: unknown };
  readonly status: number;
}

export interface FoundDocument {
  readonly _index: string;
  readonly _id: string;
  readonly _version: number;
  readonly _seq_no: number;
  readonly _primary_term: number;
  readonly _routing?: string;
  readonly found: true;
  readonly _source?: unknown;
}

export type GetResult = FoundDocument | { readonly _index: string; readonly _id: string; readonly found: false };

/** What a read asks besides the index and id. */
export interface GetOptions {
  readonly routing?: string;
  readonly fetch?: FetchSource;
  /** The version the document must have (a read with another is a conflict); ES's MATCH_ANY (-3) asks none. */
  readonly version?: bigint;
  readonly versionType?: VersionType;
}

/** One document of a multi-get: its index expression and id, and its options. */
export interface MultiGetItem extends GetOptions {
  readonly index: string;
  readonly id: string;
}

/** A multi-get item that failed (ES's MultiGetResponse.Failure): the index as asked, the id, and the error. */
export interface MultiGetFailure {
  readonly _index: string;
  readonly _id: string;
  readonly error: ClusterError;
}

/** Whether a write may create the missing index `name`: undefined to allow, else the error its writes fail with. */
export type AutoCreateCheck = (name: string) => ClusterError | undefined;

/** Options of a whole write request. */
export interface WriteOptions {
  readonly activeShards?: ActiveShardsWait;
}
