/**
 * @module `PUT /<index>/_mapping`: the body parsed as a mapping and merged into each index the expression names
 * (TransportPutMappingAction; open and closed indices alike, or only the write index of an alias).
 */
import { checkBlocks } from '../cluster-errors-blocks.js';
import { ClusterErrors } from '../cluster-error.js';
import { ClusterState } from '../cluster-state.js';
import { resolveIndices, type ResolveOptions } from '../index-expression.js';
import { mergedMapping, withMapping } from '../mappings/index-mappings.js';
import type { RootMapping } from '../mappings/mapping-model.js';
import { readMappings } from '../mappings/parse-mappings.js';

export function putMapping(state: ClusterState, expression: string | undefined, body: unknown, options: ResolveOptions & { writeIndexOnly?: boolean } = {}): ClusterState {
  if (body === undefined || body === null) throw ClusterErrors.validation(['mapping source is missing']);
  const incoming = readMappings(body);
  let names = resolveIndices(state, expression, options);
  if (options.writeIndexOnly) {
    const aliases = (expression ?? '').split(',').filter((name) => ClusterState.aliasExists(state, name));
    const writeIndices = new Set(aliases.flatMap((alias) => ClusterState.indicesOfAlias(state, alias).filter((i) => i.aliases[alias]!.is_write_index === true || ClusterState.indicesOfAlias(state, alias).length === 1).map((i) => i.name)));
    names = names.filter((name) => !aliases.some((alias) => state.indices.get(name)!.aliases[alias] !== undefined) || writeIndices.has(name));
  }
  checkBlocks(names.map((name) => state.indices.get(name)!), 'metadata_write');
  let next = state;
  for (const name of names) {
    const index = next.indices.get(name)!;
    next = ClusterState.withIndex(next, withMapping(index, mergedMapping(index.mappings as RootMapping, incoming, index.settings)));
  }
  return next;
}
