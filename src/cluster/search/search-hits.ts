/**
 * @module The hits of a page as ES writes them (SearchHit.toXContent): index, id, version and sequence number when
 * asked, score, routing, the filtered source, and the sort values.
 */
import type { IndexMetadata } from '../index-metadata.js';
import { filterSource } from '../documents/source-filter.js';
import type { RankedDoc } from './hit-order.js';
import type { SearchRequest } from './search-request.js';
import type { FetchedDocument, IndexRef, SearchRepository } from './search-repository.js';
import type { SortKey } from './sort-keys.js';
import { formatDateValue } from './field-dates.js';
import { PRIMARY_TERM } from '../documents/document-requests.js';
import { floatForJson as floatScore } from './analysis/bm25.js';
import type { HitDecorator } from './fetch/fetch-phase.js';
import { shardDocValue } from './search-after.js';

const LONG_MAX = 9223372036854775807;
const LONG_MIN = -9223372036854775808;

/** A sort value as the hit shows it: what the document has, or what ES sorts a missing value as. */
function sortValue(value: number | string | null, key: Extract<SortKey, { kind: 'store' }>): unknown {
  if (value !== null) {
    if (key.key.source === 'number' && (key.type === 'date' || key.type === 'date_nanos') && key.spec.format !== undefined) return formatDateValue(key.spec.format, value as number);
    if (key.type === 'boolean') return value;
    return value;
  }
  const high = (key.key.missing === '_last') === (key.key.order === 'asc');
  if (key.key.missing !== '_last' && key.key.missing !== '_first') return key.key.missing;
  if (key.key.source === 'keyword') return null;
  const floating = key.type === 'double' || key.type === 'float' || key.type === 'half_float' || key.type === 'scaled_float';
  if (floating) return high ? 'Infinity' : '-Infinity';
  return high ? LONG_MAX : LONG_MIN;
}

export async function buildHits(
  repository: SearchRepository,
  page: readonly RankedDoc[],
  /** By the place each index had among the targets (a ranked document's `shard`). */
  indices: ReadonlyMap<number, { ref: IndexRef; metadata: IndexMetadata }>,
  keys: readonly SortKey[],
  request: SearchRequest,
  /** The fetch sub-phases beyond `_source` (fetch/fetch-phase.ts), when the request asks for any. */
  decorate?: HitDecorator,
  /** `stored_fields: _none_`: neither `_id` nor `_source` is loaded. */
  noStoredFields = false,
  /** A point in time's hits end their sort values with the `_shard_doc` tiebreaker, as ES adds it. */
  shardDoc = false,
): Promise<Record<string, unknown>[]> {
  const byShard = new Map<number, number[]>();
  for (const r of page) {
    let docs = byShard.get(r.shard);
    if (!docs) byShard.set(r.shard, (docs = []));
    docs.push(r.doc);
  }
  const fetched = new Map<number, Map<number, FetchedDocument>>();
  for (const [shard, docs] of byShard) fetched.set(shard, await repository.fetch(indices.get(shard)!.ref, docs));
  const byScore = keys.some((k) => k.kind === 'score');
  const showScore = (keys[0]?.kind === 'score') || request.trackScores;
  return page.flatMap((r) => {
    const document = fetched.get(r.shard)?.get(r.doc);
    if (!document) return [];
    const { metadata } = indices.get(r.shard)!;
    const extra = decorate?.(r, JSON.parse(document.source));
    const hit: Record<string, unknown> = { ...extra?.first, _index: metadata.name, ...(!noStoredFields && { _id: document.id }) };
    if (request.version) hit._version = document.version;
    if (request.seqNoPrimaryTerm) Object.assign(hit, { _seq_no: r.doc, _primary_term: PRIMARY_TERM });
    hit._score = showScore || byScore ? floatScore(r.score) : null;
    if (document.routing !== undefined) hit._routing = document.routing;
    if (request.source.fetch && !noStoredFields) hit._source = filterSource(JSON.parse(document.source), { fetch: true, includes: request.source.includes, excludes: request.source.excludes });
    Object.assign(hit, extra?.afterSource);
    if (request.sort && request.sort.length > 0) {
      let store = 0;
      hit.sort = keys.map((k) => (k.kind === 'score' ? floatScore(r.score) : sortValue(r.values[store++] ?? null, k)));
      if (shardDoc) (hit.sort as unknown[]).push(shardDocValue(r.shard, r.doc));
    }
    Object.assign(hit, extra?.afterSort);
    return [hit];
  });
}
