/** @module The storage the cluster needs: load the state, catch up with other instances, and commit a change atomically. */
import type { ClusterState } from './cluster-state.js';

export type ClusterChange<T> = (state: ClusterState) => { state: ClusterState; result: T };

export interface ClusterCommit<T> {
  /** The state the change was made on: `known`, or newer when another instance had committed since. */
  readonly latest: ClusterState;
  /** The committed state; `latest` itself when the change changed nothing. */
  readonly state: ClusterState;
  readonly result: T;
}

export interface ClusterRepository {
  load(): Promise<ClusterState>;
  /** The stored state when another instance has moved it past `known` (unchanged entries keep their identity); else `known`. */
  refresh(known: ClusterState): Promise<ClusterState>;
  /**
   * One transaction: `change` runs on the latest stored state (locked against other instances until the end)
   * and what it returns is saved; returning the state it was given saves nothing.
   */
  commit<T>(known: ClusterState, change: ClusterChange<T>): Promise<ClusterCommit<T>>;
}
