/**
 * @module A request's `sort` read against one index's fields (SortBuilder.build): each key becomes a doc-values
 * column, `_doc`, or `_score`; fields that cannot sort fail as ES fails them.
 */
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import type { SortSpec } from './search-request.js';
import { familyOf, resolveField, type IndexFields } from './index-fields.js';
import type { StoreSortKey } from './search-repository.js';
import type { ShardTarget } from './search-errors.js';

/** A key as the merge compares it: `_score`, or a store column with its order and missing placement. */
export type SortKey = { readonly kind: 'score'; readonly order: 'asc' | 'desc' } | { readonly kind: 'store'; readonly key: StoreSortKey; readonly spec: SortSpec; readonly type: string };

export const fielddataRefusal = (field: string) =>
  ClusterErrors.illegalArgument(
    `Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [${field}] in order to load field data by uninverting the inverted index. Note that this can use significant memory.`,
  );

function missingOf(spec: SortSpec): StoreSortKey['missing'] {
  if (spec.missing === undefined || spec.missing === '_last') return '_last';
  if (spec.missing === '_first') return '_first';
  return typeof spec.missing === 'boolean' ? Number(spec.missing) : spec.missing;
}

export function sortKeys(specs: readonly SortSpec[] | undefined, fields: IndexFields, index: ShardTarget): SortKey[] {
  if (!specs || specs.length === 0) return [{ kind: 'score', order: 'desc' }];
  return specs.map((spec): SortKey => {
    if (spec.field === '_score') return { kind: 'score', order: spec.order };
    if (spec.field === '_doc') return { kind: 'store', key: { field: '_doc', source: 'doc', order: spec.order, missing: '_last', mode: 'min' }, spec, type: '_doc' };
    const field = resolveField(fields, spec.field);
    let type = field?.type;
    if (!field) {
      if (spec.unmappedType === undefined) throw new ClusterError('query_shard_exception', 400, `No mapping found for [${spec.field}] in order to sort on`, { index_uuid: index.uuid, index: index.name });
      type = spec.unmappedType;
    }
    const family = field?.family ?? familyOf(type!);
    if (family === 'text') throw fielddataRefusal(spec.field);
    if (family === undefined) throw ClusterErrors.illegalArgument(`Tessera cannot sort on field [${spec.field}] of type [${type}] yet`);
    if (field && !field.docValues) throw ClusterErrors.illegalArgument(`Can't load fielddata on [${spec.field}] because fielddata is unsupported on fields of type [${type}]. Use doc values instead.`);
    const mode = spec.mode === 'max' || (spec.mode === undefined && spec.order === 'desc') ? 'max' : 'min';
    if (spec.mode !== undefined && spec.mode !== 'min' && spec.mode !== 'max') throw ClusterErrors.illegalArgument(`Tessera does not support sort mode [${spec.mode}] yet`);
    return {
      kind: 'store',
      key: { field: field?.path ?? spec.field, source: family === 'keyword' ? 'keyword' : 'number', order: spec.order, missing: missingOf(spec), mode },
      spec,
      type: type!,
    };
  });
}
