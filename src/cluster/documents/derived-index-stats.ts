/** @module The in-memory document stats of indices a commit derived or deleted. */
import { ClusterState } from '../cluster-state.js';

/** Derived indices start with their source's documents; deleted ones take theirs along (same commit). */
export function followIndices<T>(stats: Map<string, T>, after: ClusterState, before: ClusterState): void {
  // Every change passes here: when the change says what it touched, only that is looked at.
  const changed = ClusterState.changedNames(before.indices, after.indices);
  for (const name of changed ?? after.indices.keys()) {
    const index = after.indices.get(name);
    if (index && !before.indices.has(name) && index.copiedFrom) {
      const source = stats.get(index.copiedFrom);
      if (source) stats.set(name, source);
    }
  }
  for (const name of changed ?? before.indices.keys()) if (!after.indices.has(name)) stats.delete(name);
}
