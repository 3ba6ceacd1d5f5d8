/** @module Snapshot repositories (`PUT /_snapshot/<name>`) and the snapshots ILM takes into them, as the cluster state holds them. */

export interface SnapshotInfo {
  readonly snapshot: string;
  readonly uuid: string;
  readonly indices: readonly string[];
  readonly start_time_in_millis: number;
}

export interface SnapshotRepository {
  readonly name: string;
  readonly type: string;
  readonly settings: Readonly<Record<string, unknown>>;
  readonly snapshots: readonly SnapshotInfo[];
}
