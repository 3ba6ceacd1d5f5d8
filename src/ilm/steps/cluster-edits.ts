/** @module Small cluster-state edits the steps share. */
import { ClusterState, IndexMetadata } from '../../cluster/index.js';

export function withSettings(state: ClusterState, index: string, changes: Readonly<Record<string, string | null>>): ClusterState {
  const current = state.indices.get(index)!;
  const settings: Record<string, string> = { ...current.settings };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete settings[key];
    else settings[key] = value;
  }
  return ClusterState.withIndex(state, IndexMetadata.with(current, { settings: Object.freeze(settings) }));
}
