/** @module The storage the cluster needs: load the state, catch up with other instances, and commit a change atomically. */
import type { CopySource } from '../platform/versioned-copy.js';
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
  /**
   * Where this instance's copy reloads what other instances committed (entries they did not change keep their
   * identity); none on a store this instance owns.
   */
  readonly source: CopySource<ClusterState> | undefined;
  /**
   * One transaction: `change` runs on the latest stored state (locked against other instances until the end)
   * and what it returns is saved; returning the state it was given saves nothing.
   */
  commit<T>(known: ClusterState, change: ClusterChange<T>): Promise<ClusterCommit<T>>;
}
