/**
 * @module Resolves an index expression (`a,b`, `logs-*`, `_all`, an alias, `-excluded`) to concrete index
 * names, as Elasticsearch's IndexNameExpressionResolver does for the options Tessera's APIs use.
 */
import { ClusterErrors } from './cluster-error.js';
import { ClusterState } from './cluster-state.js';
import { IndexMetadata } from './index-metadata.js';
import { isWildcard, matchesPattern } from './patterns.js';

export interface ResolveOptions {
  /** A concrete name that does not exist is skipped instead of failing (`ignore_unavailable`). */
  readonly ignoreUnavailable?: boolean;
  /** Whether a wildcard may match nothing (`allow_no_indices`, default true). */
  readonly allowNoIndices?: boolean;
  /** Whether wildcards reach hidden indices (`expand_wildcards=all|hidden`). */
  readonly expandHidden?: boolean;
  /** Whether alias names resolve to their indices (true for reads, false for index-only APIs such as create). */
  readonly resolveAliases?: boolean;
}

export function isAllExpression(expression: string | undefined): boolean {
  return expression === undefined || expression === '' || expression === '_all' || expression === '*';
}

/** Concrete index names in sorted order. */
export function resolveIndices(state: ClusterState, expression: string | undefined, options: ResolveOptions = {}): string[] {
  const resolveAliases = options.resolveAliases ?? true;
  const parts = isAllExpression(expression) ? ['*'] : expression!.split(',').map((p) => p.trim()).filter(Boolean);
  const result = new Set<string>();
  for (const [i, raw] of parts.entries()) {
    const exclude = i > 0 && raw.startsWith('-');
    const part = exclude ? raw.slice(1) : raw;
    const matched = new Set<string>();
    if (isWildcard(part)) {
      for (const index of state.indices.values()) {
        const hiddenOk = options.expandHidden || !IndexMetadata.isHidden(index) || part.startsWith('.');
        if (hiddenOk && matchesPattern(part, index.name)) matched.add(index.name);
      }
      if (resolveAliases) {
        for (const index of state.indices.values()) {
          if (Object.keys(index.aliases).some((alias) => matchesPattern(part, alias))) matched.add(index.name);
        }
      }
    } else if (state.indices.has(part)) {
      matched.add(part);
    } else if (resolveAliases && ClusterState.aliasExists(state, part)) {
      for (const index of ClusterState.indicesOfAlias(state, part)) matched.add(index.name);
    } else if (!exclude && !options.ignoreUnavailable) {
      throw ClusterErrors.indexNotFound(part);
    }
    for (const name of matched) {
      if (exclude) result.delete(name);
      else result.add(name);
    }
  }
  if (result.size === 0 && options.allowNoIndices === false) throw ClusterErrors.indexNotFound(expression ?? '_all');
  return [...result].sort();
}
