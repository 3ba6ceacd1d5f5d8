/** @module ES's DestructiveOperations: wildcards and `_all` refused for delete, close, open and block under `action.destructive_requires_name`. */
import { ClusterErrors } from './cluster-error.js';
import type { ClusterState } from './cluster-state.js';
import { DESTRUCTIVE_REQUIRES_NAME } from './cluster-settings.js';
import { clusterSetting } from './setting.js';

/** DestructiveOperations.failDestructive; the setting defaults to true in ES 8. An expression of nothing but commas is all indices. */
export function failDestructive(state: ClusterState, expression: string): void {
  const parts = expression.split(',');
  const wildcards = parts.every((p) => p.trim() === '') || parts.some((p) => p.includes('*') || p === '_all');
  if (wildcards && (clusterSetting(state, DESTRUCTIVE_REQUIRES_NAME) ?? true)) {
    throw ClusterErrors.illegalArgument('Wildcard expressions or all indices are not allowed');
  }
}
