/**
 * @module A cluster state kept only in memory: the store of a private copy of the cluster, such as the one a
 * lifecycle simulation runs the real runner on. Nothing is shared, so nothing ever needs a refresh.
 */
import type { ClusterChange, ClusterCommit, ClusterRepository } from './cluster-repository.js';
import type { ClusterState } from './cluster-state.js';

export class MemoryClusterRepository implements ClusterRepository {
  constructor(private state: ClusterState) {}

  async load(): Promise<ClusterState> {
    return this.state;
  }

  readonly source = undefined;

  async commit<T>(known: ClusterState, change: ClusterChange<T>): Promise<ClusterCommit<T>> {
    const { state, result } = change(known);
    this.state = state;
    return { latest: known, state, result };
  }
}
