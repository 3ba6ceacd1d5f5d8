/** @module The in-memory document stats of indices a commit derived or deleted. */
import type { ClusterState } from '../cluster-state.js';

/** Derived indices start with their source's documents; deleted ones take theirs along (same commit). */
export function followIndices<T>(stats: Map<string, T>, after: ClusterState, before: ClusterState): void {
  for (const index of after.indices.values()) {
    if (!before.indices.has(index.name) && index.copiedFrom) {
      const source = stats.get(index.copiedFrom);
      if (source) stats.set(index.name, source);
    }
  }
  for (const name of before.indices.keys()) if (!after.indices.has(name)) stats.delete(name);
}
