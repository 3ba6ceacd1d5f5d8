/**
 * @module ILM's metadata in the cluster state (ES's IndexLifecycleMetadata): every policy with its version, modified
 * date and last modifier, and the operation mode. Kept in the one versioned state, so a policy change and the cached
 * phases it refreshes are one commit, and every instance reads both at the same version.
 */
import { ClusterState } from '../../cluster/index.js';
import type { PolicyMetadata } from './policy-metadata.js';

export type OperationMode = 'RUNNING' | 'STOPPING' | 'STOPPED';

/** ES's `IndexLifecycleMetadata.TYPE`, the name of ILM's custom metadata in the cluster state. */
export const LIFECYCLE_METADATA = 'index_lifecycle';

/** As stored: plain JSON, which the cluster keeps without knowing its shape. */
interface StoredLifecycleMetadata {
  readonly policies: readonly PolicyMetadata[];
  readonly operation_mode: OperationMode;
}

export interface IndexLifecycleMetadata {
  readonly policies: ReadonlyMap<string, PolicyMetadata>;
  readonly operationMode: OperationMode;
}

const EMPTY: IndexLifecycleMetadata = Object.freeze({ policies: new Map(), operationMode: 'RUNNING' });

/** The map of each stored custom, built once: every step of every index in a pass looks its policy up. */
const views = new WeakMap<object, IndexLifecycleMetadata>();

export function lifecycleMetadata(state: ClusterState): IndexLifecycleMetadata {
  const stored = ClusterState.custom(state, LIFECYCLE_METADATA) as StoredLifecycleMetadata | undefined;
  if (!stored) return EMPTY;
  let view = views.get(stored);
  if (!view) {
    view = Object.freeze({ policies: new Map(stored.policies.map((p) => [p.name, p])), operationMode: stored.operation_mode });
    views.set(stored, view);
  }
  return view;
}

export function lifecyclePolicy(state: ClusterState, name: string): PolicyMetadata | undefined {
  return lifecycleMetadata(state).policies.get(name);
}

export function withLifecycleMetadata(state: ClusterState, metadata: IndexLifecycleMetadata): ClusterState {
  const stored: StoredLifecycleMetadata = { policies: [...metadata.policies.values()], operation_mode: metadata.operationMode };
  const next = ClusterState.withCustom(state, LIFECYCLE_METADATA, stored);
  views.set(ClusterState.custom(next, LIFECYCLE_METADATA)!, Object.freeze({ ...metadata }));
  return next;
}
