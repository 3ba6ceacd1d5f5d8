/**
 * @module The indices a search reads and the alias filters each is read through (IndicesService.buildAliasFilter):
 * an index reached only through aliases with filters is searched with their filters OR'd together; reached
 * directly, or through an alias without a filter, it is searched whole.
 */
import type { ClusterState } from '../cluster-state.js';
import { isAllExpression, resolveIndices, type ResolveOptions } from '../index-expression.js';
import { parseQuery } from './dsl/parse-query.js';
import type { Query } from './query.js';
import { DataStreams } from '../data-stream.js';

export interface SearchTarget {
  readonly name: string;
  /** The filters of the aliases it was reached through; undefined when it is searched whole. */
  readonly aliasFilters?: readonly Query[];
}

export function searchTargets(state: ClusterState, expression: string | undefined, options: ResolveOptions): SearchTarget[] {
  const names = resolveIndices(state, expression, options);
  if (isAllExpression(expression)) return names.map((name) => ({ name }));
  const parts = expression!.split(',').map((p) => p.trim()).filter((p) => p !== '' && !p.startsWith('-'));
  return names.map((name) => {
    const index = state.indices.get(name)!;
    const filters: Query[] = [];
    for (const part of parts) {
      const alias = index.aliases[part];
      if (!alias) {
        // Named outright, matched by a pattern, or a backing index of a named data stream: searched whole.
        if (part === name || part.includes('*') || DataStreams.get(state, part)?.indices.some((i) => i.index_name === name)) return { name };
        continue;
      }
      if (alias.filter === undefined || alias.filter === null) return { name };
      filters.push(parseQuery(alias.filter));
    }
    return filters.length === 0 ? { name } : { name, aliasFilters: filters };
  });
}
