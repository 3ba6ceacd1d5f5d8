/**
 * @module The fetch sub-phases beyond `_source` (FetchPhase's FetchFieldsPhase, FetchDocValuesPhase, HighlightPhase,
 * ExplainPhase): prepared once per page (queries compiled per index, explanations read from the store), then applied
 * to each hit as it is built, giving the members SearchHit writes around its `_source` and `sort`.
 */
import { ClusterError, ClusterErrors } from '../../cluster-error.js';
import { allShardsFailed } from '../search-errors.js';
import type { IndexMetadata } from '../../index-metadata.js';
import type { JsonObject, RootMapping } from '../../mappings/mapping-model.js';
import { matchesPattern } from '../../../platform/units/patterns.js';
import { compileQuery } from '../compile/compile-query.js';
import { indexContext } from '../compile/index-context.js';
import type { RankedDoc } from '../hit-order.js';
import type { IndexFields } from '../index-fields.js';
import type { Query } from '../query.js';
import type { SearchRequest } from '../search-request.js';
import type { IndexRef, SearchRepository } from '../search-repository.js';
import { explainScore, unscored, type Explanation } from './explain.js';
import { checkDocValueFields, DEFAULT_MAX_DOCVALUE_FIELDS, fetchDocValues, fetchFields, sourcePath, valuesAt } from './fetch-fields.js';
import { DEFAULT_MAX_ANALYZED_OFFSET, highlightField, highlightTerms, type HighlightTerms } from './highlight.js';
import { parseHighlight, type HighlightRequest } from './parse-highlight.js';

/** What a hit gains: members written first (`_shard`, `_node`), after `_source`, and after `sort`. */
export interface HitMembers {
  readonly first?: Record<string, unknown>;
  readonly afterSource?: Record<string, unknown>;
  readonly afterSort?: Record<string, unknown>;
}

export type HitDecorator = (r: RankedDoc, source: JsonObject) => HitMembers;

interface IndexOfPage {
  readonly ref: IndexRef;
  readonly metadata: IndexMetadata;
}

const MATCH_ALL: Query = { kind: 'match_all', boost: 1 };

/** What the request asks of the fetch phase, read before anything is searched (a malformed one is a plain 400). */
export interface FetchRequest {
  readonly noStoredFields: boolean;
  /** `stored_fields` names and patterns: the mapped fields with `store: true` they reach are returned under `fields`. */
  readonly storedFields?: readonly string[];
  /** `stored_fields` without `_source` in it and without `_source` asked for: the source is not returned, as in ES. */
  readonly withoutSource: boolean;
  readonly highlight?: HighlightRequest;
}

export function parseFetchRequest(request: SearchRequest): FetchRequest {
  const noStoredFields = checkStoredFields(request);
  const stored = !noStoredFields && request.storedFields ? request.storedFields.filter((f) => f !== '_source') : undefined;
  const withoutSource = stored !== undefined && !request.storedFields!.includes('_source') && request.sourceGiven !== true;
  return {
    noStoredFields,
    withoutSource,
    ...(stored && stored.length > 0 && { storedFields: stored }),
    ...(request.highlight !== undefined && { highlight: parseHighlight(request.highlight as JsonObject) }),
  };
}

/**
 * `stored_fields` (FetchPhase): `_none_` loads nothing; names and patterns load the fields mapped with `store: true`
 * (read from `_source`, which holds the same values) and `_source` itself only when named or asked for.
 */
function checkStoredFields(request: SearchRequest): boolean {
  const stored = request.storedFields;
  if (stored === undefined) return false;
  if (stored.length === 1 && stored[0] === '_none_') {
    if (request.version) throw ClusterErrors.illegalArgument('[stored_fields] cannot be disabled if [version] is requested');
    if (request.fields !== undefined) throw ClusterErrors.illegalArgument('[stored_fields] cannot be disabled when using the [fields] option');
    return true;
  }
  if (stored.includes('_none_')) throw ClusterErrors.illegalArgument("The field name '_none_' cannot be combined with other fields");
  return false;
}

/** The page's decorator, or undefined when the request asks for none of these. */
export async function prepareFetch(repository: SearchRepository, request: SearchRequest, fetch: FetchRequest, page: readonly RankedDoc[], indices: ReadonlyMap<number, IndexOfPage>, now: number, nodeId: string): Promise<HitDecorator | undefined> {
  const { highlight } = fetch;
  if (!request.fields && !request.docvalueFields && !highlight && !request.explain && !fetch.storedFields) return undefined;
  const contexts = new Map([...indices].map(([shard, { metadata }]) => [shard, indexContext(metadata, now)]));
  if (request.docvalueFields) {
    for (const [shard, { metadata }] of indices) {
      const max = Number(metadata.settings['index.max_docvalue_fields_search'] ?? DEFAULT_MAX_DOCVALUE_FIELDS);
      checkDocValueFields(contexts.get(shard)!.fields, request.docvalueFields, max);
    }
  }
  // Highlight terms per index and per query (a field's highlight_query, else the top's, else the search's query).
  const termsCache = new Map<string, HighlightTerms>();
  const termsOf = (shard: number, query: Query | undefined): HighlightTerms => {
    const q = query ?? request.query ?? MATCH_ALL;
    const key = `${shard}:${JSON.stringify(q)}`;
    let terms = termsCache.get(key);
    if (!terms) termsCache.set(key, (terms = highlightTerms(compileQuery(q, contexts.get(shard)!, false).set)));
    return terms;
  };
  const explanations = new Map<RankedDoc, Explanation>();
  if (request.explain) {
    for (const r of page) {
      const { ref } = indices.get(r.shard)!;
      const compiled = compileQuery(request.query ?? MATCH_ALL, contexts.get(r.shard)!, true);
      explanations.set(r, (await explainScore(compiled.scorer, { repository, index: ref, doc: r.doc })) ?? unscored());
    }
  }
  return (r, source) => {
    const { metadata } = indices.get(r.shard)!;
    const ctx = contexts.get(r.shard)!;
    const afterSource: Record<string, unknown> = {};
    const stored = fetch.storedFields && storedFieldsOf(ctx.fields, fetch.storedFields);
    const fields = {
      ...(stored && stored.length > 0 && fetchFields(ctx.fields, source, stored)),
      ...(request.docvalueFields && fetchDocValues(metadata.mappings as RootMapping, ctx.fields, source, request.docvalueFields)),
      ...(request.fields && fetchFields(ctx.fields, source, request.fields)),
    };
    if (Object.keys(fields).length > 0) afterSource.fields = fields;
    if (highlight) {
      const max = Number(metadata.settings['index.highlight.max_analyzed_offset'] ?? DEFAULT_MAX_ANALYZED_OFFSET);
      const out = highlightHit(highlight, ctx.fields, source, (q) => termsOf(r.shard, q), { doc: String(r.doc), index: metadata.name, maxAnalyzedOffset: max });
      if (Object.keys(out).length > 0) afterSource.highlight = out;
    }
    const explanation = explanations.get(r);
    return {
      ...(explanation && { first: { _shard: `[${metadata.name}][0]`, _node: nodeId } }),
      afterSource,
      ...(explanation && { afterSort: { _explanation: explanation } }),
    };
  };
}

/** The fields mapped with `store: true` that `names` (names and patterns) reach. */
function storedFieldsOf(fields: IndexFields, names: readonly string[]): { field: string }[] {
  const out: { field: string }[] = [];
  for (const field of fields.fields.values()) {
    if (field.mapping.store !== true) continue;
    if (names.some((name) => (name.includes('*') ? matchesPattern(name, field.path) : name === field.path))) out.push({ field: field.path });
  }
  return out;
}

/** HighlightPhase: each requested name or pattern's text and keyword fields, with the fragments their values give. */
function highlightHit(request: HighlightRequest, fields: IndexFields, source: JsonObject, termsOf: (q: Query | undefined) => HighlightTerms, where: { doc: string; index: string; maxAnalyzedOffset: number }): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { field: name, options } of request.fields) {
    const pattern = name.includes('*');
    const matched = [...fields.fields.values()].filter((f) => (pattern ? matchesPattern(name, f.path) : f.path === (fields.aliases.get(name) ?? name)));
    for (const field of matched) {
      // Patterns reach text and keyword fields only (HighlightPhase); numbers and dates have no text to mark.
      if (field.family !== 'text' && field.family !== 'keyword') continue;
      const key = pattern ? field.path : name;
      if (Object.hasOwn(out, key)) continue;
      const values = valuesAt(source, sourcePath(fields, field)).map(String);
      const analyzer = field.family === 'keyword' ? 'keyword' : field.analyzer;
      const fragments = highlightField(values, analyzer, field.path, termsOf(options.highlightQuery), options, where);
      if (fragments) out[key] = fragments;
    }
  }
  return out;
}

/**
 * A fetch sub-phase's refusal (a text field's doc values, an over-long highlighted value) fails the shards, as in ES,
 * where the search then fails with `all shards failed` over them; other errors pass through.
 */
export function fetchFailed(error: unknown, indices: Iterable<{ readonly metadata: IndexMetadata }>, nodeId: string): unknown {
  if (!(error instanceof ClusterError) || error.type !== 'illegal_argument_exception') return error;
  const failures = [...indices].map(({ metadata }) => ({ index: { name: metadata.name, uuid: metadata.uuid }, error }));
  return failures.length === 0 ? error : allShardsFailed(failures, nodeId);
}
