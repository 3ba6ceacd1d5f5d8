/** @module The cluster state: every index, template and cluster setting. Immutable; a change makes a new one. */
import type { IndexMetadata } from './index-metadata.js';
import type { ComposableTemplate } from './index-template.js';
import type { FlatSettings } from './settings.js';
import type { SnapshotRepository } from './snapshot-repository.js';

export interface ClusterState {
  readonly version: number;
  /** Drawn once when the cluster is first formed; stable across restarts. */
  readonly clusterUuid: string;
  readonly indices: ReadonlyMap<string, IndexMetadata>;
  readonly templates: ReadonlyMap<string, ComposableTemplate>;
  readonly repositories: ReadonlyMap<string, SnapshotRepository>;
  readonly persistentSettings: FlatSettings;
  readonly transientSettings: FlatSettings;
}

export const ClusterState = Object.freeze({
  empty(): ClusterState {
    return Object.freeze({ version: 0, clusterUuid: '', indices: new Map(), templates: new Map(), repositories: new Map(), persistentSettings: {}, transientSettings: {} });
  },
  withIndex(state: ClusterState, index: IndexMetadata): ClusterState {
    const indices = new Map(state.indices);
    indices.set(index.name, index);
    return Object.freeze({ ...state, indices });
  },
  withoutIndex(state: ClusterState, name: string): ClusterState {
    const indices = new Map(state.indices);
    indices.delete(name);
    return Object.freeze({ ...state, indices });
  },
  /** A cluster setting, transient winning over persistent as in ES. */
  setting(state: ClusterState, key: string): string | undefined {
    return state.transientSettings[key] ?? state.persistentSettings[key];
  },
  /** Indices that carry `alias`. */
  indicesOfAlias(state: ClusterState, alias: string): IndexMetadata[] {
    return [...state.indices.values()].filter((index) => alias in index.aliases);
  },
  aliasExists(state: ClusterState, alias: string): boolean {
    for (const index of state.indices.values()) if (alias in index.aliases) return true;
    return false;
  },
});
