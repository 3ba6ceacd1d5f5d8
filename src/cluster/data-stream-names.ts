/**
 * @module Which data streams a list of names and patterns stands for (IndexNameExpressionResolver.dataStreamNames
 * with DataStreamsActionUtil's options): wildcards reach data streams only, hidden ones with `expand_wildcards`
 * hidden or all; a name that is neither an index, an alias nor a data stream is not found.
 */
import { ClusterErrors } from './cluster-error.js';
import { ClusterState } from './cluster-state.js';
import { DataStreams } from './data-stream.js';
import { isAllExpression } from './index-expression.js';
import { isWildcard, matchesPattern } from '../platform/units/index.js';

export interface DataStreamNameOptions {
  readonly expandHidden?: boolean;
  /** A name that does not exist is passed over (`ignore_unavailable`). */
  readonly ignoreUnavailable?: boolean;
  /** Whether a wildcard may match no data stream (`allow_no_indices`, default true). */
  readonly allowNoIndices?: boolean;
}

/** The data stream names, sorted; a name that is an index is no data stream and drops out, as ES drops it. */
export function resolveDataStreamNames(state: ClusterState, names: readonly string[], options: DataStreamNameOptions = {}): string[] {
  const streams = DataStreams.all(state);
  const parts = names.length === 0 || (names.length === 1 && isAllExpression(names[0])) ? ['*'] : names;
  const result = new Set<string>();
  for (const [i, raw] of parts.entries()) {
    const exclude = i > 0 && raw.startsWith('-');
    const part = exclude ? raw.slice(1) : raw;
    const matched: string[] = [];
    if (isWildcard(part) || part === '_all') {
      const pattern = part === '_all' ? '*' : part;
      for (const stream of streams.values()) {
        // A pattern that starts with a dot reaches hidden names that do too (WildcardExpressionResolver).
        const visible = !stream.hidden || options.expandHidden || (pattern.startsWith('.') && stream.name.startsWith('.'));
        if (visible && matchesPattern(pattern, stream.name)) matched.push(stream.name);
      }
      if (matched.length === 0 && !exclude && options.allowNoIndices === false) throw ClusterErrors.indexNotFound(part);
    } else if (streams.has(part)) {
      matched.push(part);
    } else if (!exclude && !state.indices.has(part)) {
      if (ClusterState.aliasExists(state, part)) {
        // These APIs do not resolve aliases (ensureAliasOrIndexExists with ignoreAliases).
        if (!options.ignoreUnavailable) throw ClusterErrors.illegalArgument(`The provided expression [${part}] matches an alias, specify the corresponding concrete indices instead.`);
      } else if (!options.ignoreUnavailable) {
        throw ClusterErrors.indexNotFound(part);
      }
    }
    for (const name of matched) {
      if (exclude) result.delete(name);
      else result.add(name);
    }
  }
  return [...result].sort();
}
