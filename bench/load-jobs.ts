/** @module What the benchmark process asks the load-generator process to do, and what it answers (over Node IPC). */
import type { ProtocolName } from '../test/helpers/grid-clients.js';

/** `insert-delete`: InsertField then DeleteField of the same field, timed as one operation. */
export type GridOp = 'get-fields' | 'update-field' | 'insert-delete';

export interface LoadJob {
  readonly kind: 'load';
  readonly baseUrl: string;
  readonly protocol: ProtocolName;
  readonly op: GridOp;
  readonly gridId: string;
  /** Fields the update case renames, one per worker in turn. */
  readonly fieldIds: readonly string[];
  /** Requests in flight: one per HTTP/1.1 connection, or streams spread over a few HTTP/2 sessions. */
  readonly concurrency: number;
  /** The length every answer's body must have (GetFields: the captured answer); otherwise any 200 (gRPC: status 0) counts. */
  readonly expectBodyLength?: { readonly json: number; readonly proto: number };
  readonly warmupMs: number;
  readonly durationMs: number;
}

/** GetFields driven by autocannon (autocannon-load.ts): the issue's own way of measuring. */
export interface AutocannonJob {
  readonly kind: 'autocannon';
  readonly url: string;
  readonly contentType: 'application/json' | 'application/proto';
  readonly body: Uint8Array;
  readonly connections: number;
  readonly warmupMs: number;
  readonly durationMs: number;
}

export interface LoadResult {
  readonly ops: number;
  readonly seconds: number;
  readonly opsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  readonly firstError?: string;
  /** The load generator's CPU time over the whole case (warm-up included), as a share of one core. */
  readonly clientCpu: number;
}

export interface FanoutJob {
  readonly kind: 'fanout';
  readonly baseUrl: string;
  readonly protocol: ProtocolName;
  readonly gridId: string;
  readonly fieldId: string;
  readonly streams: number;
  readonly updates: number;
  /** Watch with bare HTTP streams that count envelopes (raw-watch.ts) instead of Connect clients. */
  readonly raw?: boolean;
  /** Set: the watchers follow WatchGrid and each update is an UpdateCell of this row's `fieldId` cell. */
  readonly rowId?: string;
}

export interface FanoutResult {
  /** From the first stream opened to every stream having received the priming update. */
  readonly setupMs: number;
  readonly samples: number;
  /** Per stream and update: from just before UpdateField is sent to that stream receiving the changeset. */
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Per update: until the last stream has it. */
  readonly lastStreamP50Ms: number;
  /** Per update: until UpdateField's own reply. */
  readonly replyP50Ms: number;
  /** Deliveries that did not arrive within the timeout. */
  readonly missing: number;
  readonly streamError?: string;
}

export type Job = LoadJob | AutocannonJob | FanoutJob;
export type JobResult<J extends Job> = J extends FanoutJob ? FanoutResult : LoadResult;

export interface JobMessage {
  readonly id: number;
  readonly job: Job;
}

export type ReplyMessage = { readonly id: number; readonly result: LoadResult | FanoutResult } | { readonly id: number; readonly error: string };
