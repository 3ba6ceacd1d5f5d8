/** @module The storage the cluster needs: load the whole state, and save what a change altered, atomically. */
import type { ClusterState } from './cluster-state.js';

export interface ClusterRepository {
  load(): Promise<ClusterState>;
  /** Persists the difference between two states in one transaction; unchanged entries are recognised by identity. */
  save(before: ClusterState, after: ClusterState): Promise<void>;
}
