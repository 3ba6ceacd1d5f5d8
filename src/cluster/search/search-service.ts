/**
 * @module Search (TransportSearchAction's query-then-fetch on one node): each target index compiles the query
 * against its own mapping, counts and ranks its matches through the store's index structure, and the best hits of
 * all indices merge into one page whose sources are fetched last. A failure building the query on an index fails
 * that index alone (a shard failure); when every index fails, the search does.
 */
import type { Clock } from '../../platform/clock.js';
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import { checkBreakers } from '../breakers.js';
import type { ClusterService } from '../cluster-service.js';
import type { ResolveOptions } from '../index-expression.js';
import type { IndexMetadata } from '../index-metadata.js';
import { compileQuery } from './compile/compile-query.js';
import type { CompileContext } from './compile/compile-context.js';
import { indexContext } from './compile/index-context.js';
import { hitComparator, type RankedDoc } from './hit-order.js';
import type { Query } from './query.js';
import { and, or, type CompiledQuery, type DocSet } from './search-plan.js';
import type { SearchRequest } from './search-request.js';
import type { IndexRef, SearchRepository, StoreSortKey } from './search-repository.js';
import { allShardsFailed, type ShardTarget } from './search-errors.js';
import { searchTargets, type SearchTarget } from './search-targets.js';
import { sortKeys } from './sort-keys.js';
import { scoreDocs } from './scoring/score-docs.js';
import { singleTermScorer, topScored } from './scoring/top-scored.js';
import { buildHits } from './search-hits.js';
import { fetchFailed, parseFetchRequest, prepareFetch } from './fetch/fetch-phase.js';
import { floatForJson as floatScore } from './analysis/bm25.js';
import { aggregateIndex, finishAggregations, parseAggregations, type AggNode, type SubResults } from './aggs/index.js';
import { afterPoint, isAfter, pageAfter, type AfterPoint } from './search-after.js';
import { readerRequest, type ReaderView } from './reader-view.js';

const MATCH_ALL: Query = Object.freeze({ kind: 'match_all', boost: 1 });
const DEFAULT_MAX_RESULT_WINDOW = 10_000;
/** What scoring one matching document in memory holds: its number, its score and the ranking entry. */
const SCORED_DOC_BYTES = 96;
const ALL_DOCS: DocSet = Object.freeze({ op: 'all' });
const NEWEST_FIRST: StoreSortKey = Object.freeze({ field: '_doc', source: 'doc', order: 'desc', missing: '_last', mode: 'max' });

/** A document a by-query scan reads: where it is, its sequence number and version (for the write's conditions), and its source. */
export interface ScanHit {
  readonly index: string;
  readonly id: string;
  readonly seqNo: number;
  readonly version: number;
  readonly source: string;
  readonly routing?: string;
}

/** An open scan: the matches counted when it opened, the indices that failed, and a page reader per index position. */
export interface ScanSource {
  readonly total: number;
  readonly failures: readonly { index: string; error: ClusterError }[];
  /** The next documents of the index at `position` after sequence number `after`; undefined past the last index. */
  page(position: number, after: number, size: number): Promise<ScanHit[] | undefined>;
}

/** The request members Tessera parses but does not evaluate yet: refused, never ignored. */
const NOT_YET: readonly [keyof SearchRequest, string][] = [
];

export interface ShardFailure {
  readonly index: ShardTarget;
  readonly error: ClusterError;
}

interface IndexOutcome {
  readonly target: SearchTarget;
  readonly shard: number;
  readonly ref: IndexRef;
  readonly metadata: IndexMetadata;
  readonly total: number;
  readonly ranked: RankedDoc[];
  readonly maxScore: number | undefined;
  readonly terminatedEarly: boolean;
}

export interface SearchOutcome {
  readonly took: number;
  readonly shards: { total: number; successful: number; skipped: number; failed: number; failures?: unknown[] };
  readonly total?: { value: number; relation: 'eq' | 'gte' };
  readonly maxScore: number | null;
  readonly hits: Record<string, unknown>[];
  readonly terminatedEarly?: boolean;
  readonly aggregations?: Record<string, unknown>;
  /** The page's last hit as ranked: where a scroll resumes. */
  readonly last?: AfterPoint;
}

export class SearchService {
  constructor(
    private readonly repository: SearchRepository,
    private readonly cluster: ClusterService,
    private readonly clock: Clock,
    /** Catches up with other instances' writes before a read. */
    private readonly beforeRead: () => Promise<void> = async () => {},
    /** The node id shard failures name. */
    private readonly nodeId = '_na_',
  ) {}

  #context(metadata: IndexMetadata, now: number): CompileContext {
    return indexContext(metadata, now);
  }

  /** The query, the alias filters and the post filter compiled for one index. */
  #compile(target: SearchTarget, query: Query | undefined, postFilter: Query | undefined, ctx: CompileContext, scoring: boolean): CompiledQuery {
    const main = compileQuery(query ?? MATCH_ALL, ctx, scoring);
    const filters = [...(target.aliasFilters ? [or(target.aliasFilters.map((f) => compileQuery(f, ctx, false).set))] : []), ...(postFilter ? [compileQuery(postFilter, ctx, false).set] : [])];
    return filters.length === 0 ? main : { set: and([main.set, ...filters]), scorer: main.scorer };
  }

  async #targets(expression: string | undefined, options: ResolveOptions, reader?: ReaderView): Promise<{ targets: SearchTarget[]; refs: Map<string, IndexRef> }> {
    await this.beforeRead();
    // A search context reads the indices it opened on, each as of its mark.
    const targets = reader ? reader.targets.map((t) => t.target) : searchTargets(this.cluster.state, expression, options);
    const keys = await this.repository.indexKeys(targets.map((t) => t.name));
    const marks = new Map(reader?.targets.map((t) => [t.target.name, t.mark]));
    return { targets, refs: new Map(targets.map((t) => [t.name, { name: t.name, key: keys.get(t.name), ...(marks.has(t.name) && { view: { mark: marks.get(t.name)! } }) }])) };
  }

  /** The indices (and alias filters) an expression searches, for a context to open on. */
  async resolveTargets(expression: string | undefined, options: ResolveOptions): Promise<SearchTarget[]> {
    await this.beforeRead();
    return searchTargets(this.cluster.state, expression, options);
  }

  /** Runs `work` per index; a query_shard_exception or an argument the index refuses fails that index alone. */
  async #perIndex<T>(targets: readonly SearchTarget[], work: (target: SearchTarget, metadata: IndexMetadata) => Promise<T>): Promise<{ outcomes: T[]; failures: ShardFailure[] }> {
    const outcomes: T[] = [];
    const failures: ShardFailure[] = [];
    for (const target of targets) {
      const metadata = this.cluster.state.indices.get(target.name);
      if (!metadata) continue;
      try {
        outcomes.push(await work(target, metadata));
      } catch (error) {
        if (!(error instanceof ClusterError) || !isShardError(error)) throw error;
        failures.push({ index: { name: metadata.name, uuid: metadata.uuid }, error });
      }
    }
    if (outcomes.length === 0 && failures.length > 0) throw allShardsFailed(failures, this.nodeId);
    return { outcomes, failures };
  }

  /** A search; `reader`: through a search context (a point in time or a scroll), which fixes indices and snapshot. */
  async search(expression: string | undefined, given: SearchRequest, options: ResolveOptions, reader?: ReaderView): Promise<SearchOutcome> {
    for (const [member, name] of NOT_YET) if (given[member] !== undefined) throw ClusterErrors.illegalArgument(`Tessera does not support [${name}] in a search request yet`);
    if ((given.pit !== undefined || given.scrollMillis !== undefined) && !reader) throw new Error('a point in time or scroll search needs its context');
    const fetch = parseFetchRequest(given);
    // `stored_fields` without `_source` leaves the source out of the hits, as in ES.
    const read = reader ? readerRequest(given, reader.showShardDoc) : given;
    const request: SearchRequest = fetch.withoutSource ? { ...read, source: { fetch: false } } : read;
    const aggs = request.aggregations && parseAggregations(request.aggregations);
    const started = this.clock.now();
    const { targets, refs } = await this.#targets(expression, options, reader);
    const window = request.from + request.size;
    const { outcomes, failures } = await this.#perIndex(targets, async (target, metadata) => {
      const outcome = await this.#searchIndex(target, metadata, refs.get(target.name)!, request, started, targets.indexOf(target), reader);
      return { ...outcome, aggs: aggs && (await this.#aggregateIndex(aggs, target, metadata, refs.get(target.name)!, request, started, targets.indexOf(target))) };
    });
    // allow_partial_search_results=false: one failed index fails the search (AbstractSearchAsyncAction).
    if (!request.allowPartialSearchResults && failures.length > 0) throw allShardsFailed(failures, this.nodeId, 'Partial shards failure');
    const keys = outcomes.length > 0 ? sortKeys(request.sort, this.#context(outcomes[0]!.metadata, started).fields, { name: outcomes[0]!.metadata.name, uuid: outcomes[0]!.metadata.uuid }) : [];
    const ranked = outcomes.flatMap((o) => o.ranked).sort(hitComparator(keys));
    const page = ranked.slice(request.from, window);
    const pageIndices = new Map(outcomes.map((o) => [o.shard, { ref: o.ref, metadata: o.metadata }]));
    const hits = await prepareFetch(this.repository, request, fetch, page, pageIndices, started, this.nodeId)
      .then((decorate) => buildHits(this.repository, page, pageIndices, keys, request, decorate, fetch.noStoredFields, reader?.showShardDoc ?? false))
      .catch((error: unknown) => Promise.reject(fetchFailed(error, pageIndices.values(), this.nodeId)));
    const lastHit = page.at(-1);
    const limit = request.trackTotalHits === true ? Infinity : request.trackTotalHits === false ? 0 : request.trackTotalHits;
    const count = outcomes.reduce((n, o) => n + o.total, 0);
    const byScore = keys[0]?.kind === 'score';
    const scores = outcomes.map((o) => o.maxScore).filter((s): s is number => s !== undefined);
    const shardCount = targets.length;
    return {
      took: Math.max(0, this.clock.now() - started),
      shards: { total: shardCount, successful: shardCount - failures.length, skipped: 0, failed: failures.length, ...(failures.length > 0 && { failures: failures.map((f) => shardFailureJson(f, this.nodeId)) }) },
      ...(request.trackTotalHits !== false && { total: count > limit ? { value: limit, relation: 'gte' as const } : { value: count, relation: 'eq' as const } }),
      maxScore: (byScore || request.trackScores) && scores.length > 0 ? floatScore(Math.max(...scores)) : null,
      hits,
      ...(request.terminateAfter !== undefined && { terminatedEarly: outcomes.some((o) => o.terminatedEarly) }),
      ...(aggs && outcomes.length > 0 && { aggregations: finishAggregations(aggs, outcomes.map((o) => o.aggs!), request.typedKeys) }),
      ...(lastHit && { last: { score: lastHit.score, values: lastHit.values, ...(reader && { tie: { shard: lastHit.shard, doc: lastHit.doc, order: reader.tiebreak } }) } }),
    };
  }

  /** The aggregations over the query's documents on one index, before the post filter. */
  async #aggregateIndex(nodes: readonly AggNode[], target: SearchTarget, metadata: IndexMetadata, ref: IndexRef, request: SearchRequest, now: number, shard: number): Promise<SubResults> {
    const ctx = this.#context(metadata, now);
    const compiled = this.#compile(target, request.query, undefined, ctx, true);
    const scope = { repository: this.repository, ref, metadata, index: ctx.index, fields: ctx.fields, now, shard, scorer: compiled.scorer, compile: (q: Query) => compileQuery(q, ctx, false).set };
    // Collection stopped at `terminate_after` documents feeds the aggregations only those.
    const collected = request.terminateAfter === undefined ? compiled.set : { op: 'docs' as const, docs: (await this.repository.page(ref, compiled.set, [], 0, request.terminateAfter)).map((d) => d.doc) };
    return aggregateIndex(nodes, collected, scope);
  }

  async #searchIndex(target: SearchTarget, metadata: IndexMetadata, ref: IndexRef, request: SearchRequest, now: number, shardIndex: number, reader?: ReaderView): Promise<IndexOutcome> {
    const ctx = this.#context(metadata, now);
    const keys = sortKeys(request.sort, ctx.fields, ctx.index);
    // A scroll resumes after its last hit; `search_after` names the point itself.
    const after = reader?.after ?? (request.searchAfter ? afterPoint(request.searchAfter, keys, reader?.tiebreak) : undefined);
    const window = request.from + request.size;
    const maxWindow = Number(metadata.settings['index.max_result_window'] ?? DEFAULT_MAX_RESULT_WINDOW);
    if (window > maxWindow) {
      throw ClusterErrors.illegalArgument(
        `Result window is too large, from + size must be less than or equal to: [${maxWindow}] but was [${window}]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.`,
      );
    }
    const scoring = keys.some((k) => k.kind === 'score') || request.trackScores || request.minScore !== undefined;
    let compiled = this.#compile(target, request.query, request.postFilter, ctx, scoring);
    let terminatedEarly = false;
    if (request.terminateAfter !== undefined) {
      // Collection stops after `terminate_after` documents, in index order (as a shard's collector stops).
      const first = await this.repository.page(ref, compiled.set, [], 0, request.terminateAfter);
      terminatedEarly = first.length >= request.terminateAfter;
      compiled = { set: { op: 'docs', docs: first.map((d) => d.doc) }, scorer: compiled.scorer };
    }
    const storeKeys = keys.flatMap((k) => (k.kind === 'store' ? [k.key] : []));
    const constantScore = compiled.scorer.kind === 'zero' ? 0 : compiled.scorer.kind === 'constant' && compiled.scorer.set.op === 'all' ? compiled.scorer.boost : undefined;
    const needsAllScores = scoring && constantScore === undefined && (keys.some((k) => k.kind === 'score') || request.minScore !== undefined);
    if (!needsAllScores) {
      const total = request.trackTotalHits === false ? 0 : await this.repository.count(ref, compiled.set, trackLimit(request));
      const cut = after && pageAfter(after, keys, shardIndex, constantScore ?? 0);
      const page = window === 0 ? [] : await this.repository.page(ref, compiled.set, storeKeys, 0, window, cut);
      if (page.length === 0) return { target, shard: shardIndex, ref, metadata, total, ranked: [], maxScore: undefined, terminatedEarly };
      let scores = new Map<number, number>();
      if (scoring && constantScore === undefined) {
        scores = await scoreDocs(compiled.scorer, { repository: this.repository, index: ref, within: { op: 'docs', docs: page.map((p) => p.doc) }, docs: page.map((p) => p.doc) });
      }
      const ranked = page.map((p) => ({ shard: shardIndex, doc: p.doc, score: constantScore ?? scores.get(p.doc) ?? 0, values: p.values }));
      return { target, shard: shardIndex, ref, metadata, total, ranked, maxScore: scoring ? Math.max(...ranked.map((r) => r.score)) : undefined, terminatedEarly };
    }
    const single = storeKeys.length === 0 && request.minScore === undefined && keys.length === 1 ? singleTermScorer(compiled.scorer) : undefined;
    if (single) {
      // One field's terms, ranked by score alone: the store picks the best, and only they are scored here.
      const [total, best] = await Promise.all([request.trackTotalHits === false ? 0 : this.repository.count(ref, compiled.set, trackLimit(request)), topScored(this.repository, ref, compiled.set, single, window)]);
      const ranked = best.map((b) => ({ shard: shardIndex, doc: b.doc, score: b.score, values: [] }));
      return { target, shard: shardIndex, ref, metadata, total, ranked, maxScore: ranked[0]?.score, terminatedEarly };
    }
    const docs = await this.repository.docs(ref, compiled.set);
    // Every match is scored in memory here (about this much per document): the request breaker bounds it as ES's
    // bounds what a query's collectors hold.
    checkBreakers(this.cluster.state, '<search_scores>', docs.length * SCORED_DOC_BYTES);
    const scores = await scoreDocs(compiled.scorer, { repository: this.repository, index: ref, within: compiled.set, docs });
    let candidates = docs.map((doc) => ({ shard: shardIndex, doc, score: scores.get(doc) ?? 0, values: [] as (number | string | null)[] }));
    if (request.minScore !== undefined) candidates = candidates.filter((c) => c.score >= request.minScore!);
    const maxScore = candidates.length > 0 ? Math.max(...candidates.map((c) => c.score)) : undefined;
    if (storeKeys.length > 0) {
      const values = await this.repository.sortValues(ref, candidates.map((c) => c.doc), storeKeys);
      candidates = candidates.map((c) => ({ ...c, values: values.get(c.doc) ?? storeKeys.map(() => null) }));
    }
    // Every hit is scored here anyway, so the point is applied to the scored hits.
    const ranked = candidates.filter((c) => !after || isAfter(c, after, keys)).sort(hitComparator(keys)).slice(0, window);
    return { target, shard: shardIndex, ref, metadata, total: candidates.length, ranked, maxScore, terminatedEarly };
  }

  /** `_count`: the documents the query matches (in filter context) over the targets. */
  async count(expression: string | undefined, query: Query | undefined, options: ResolveOptions, extra: { terminateAfter?: number; minScore?: number } = {}): Promise<{ count: number; shards: SearchOutcome['shards']; terminatedEarly?: boolean }> {
    const started = this.clock.now();
    const { targets, refs } = await this.#targets(expression, options);
    const { outcomes, failures } = await this.#perIndex(targets, async (target, metadata) => {
      const ctx = this.#context(metadata, started);
      const ref = refs.get(target.name)!;
      const scoring = extra.minScore !== undefined;
      const compiled = this.#compile(target, query, undefined, ctx, scoring);
      if (scoring) {
        const docs = await this.repository.docs(ref, compiled.set);
        const scores = await scoreDocs(compiled.scorer, { repository: this.repository, index: ref, within: compiled.set, docs });
        const matching = docs.filter((d) => (scores.get(d) ?? 0) >= extra.minScore!).length;
        const counted = extra.terminateAfter === undefined ? matching : Math.min(matching, extra.terminateAfter);
        return { count: counted, terminatedEarly: extra.terminateAfter !== undefined && matching >= extra.terminateAfter };
      }
      const count = await this.repository.count(ref, compiled.set, extra.terminateAfter);
      return { count, terminatedEarly: extra.terminateAfter !== undefined && count >= extra.terminateAfter };
    });
    const shardCount = targets.length;
    return {
      count: outcomes.reduce((n, o) => n + o.count, 0),
      shards: { total: shardCount, successful: shardCount - failures.length, skipped: 0, failed: failures.length, ...(failures.length > 0 && { failures: failures.map((f) => shardFailureJson(f, this.nodeId)) }) },
      ...(extra.terminateAfter !== undefined && { terminatedEarly: outcomes.some((o) => o.terminatedEarly) }),
    };
  }

  /**
   * The scroll under the by-query actions (by-query/bulk-by-scroll.ts): each target's matching documents as of now, counted,
   * then read a page at a time in index order by sequence number. Documents written after the scan opened (the
   * action's own writes among them) have higher sequence numbers and stay unseen, as a scroll's snapshot hides them.
   */
  async openScan(expression: string | undefined, query: Query | undefined, options: ResolveOptions): Promise<ScanSource> {
    const started = this.clock.now();
    const { targets, refs } = await this.#targets(expression, options);
    const { outcomes, failures } = await this.#perIndex(targets, async (target, metadata) => {
      const ref = refs.get(target.name)!;
      const [newest] = await this.repository.page(ref, ALL_DOCS, [NEWEST_FIRST], 0, 1);
      const set = and([this.#compile(target, query, undefined, this.#context(metadata, started), false).set, { op: 'seq_range', bounds: { lte: newest?.doc ?? -1 } }]);
      return { index: metadata.name, ref, set, total: await this.repository.count(ref, set) };
    });
    return {
      total: outcomes.reduce((n, o) => n + o.total, 0),
      failures: failures.map((f) => ({ index: f.index.name, error: f.error })),
      page: async (position, after, size) => {
        const outcome = outcomes[position];
        if (!outcome) return undefined;
        const docs = await this.repository.page(outcome.ref, and([outcome.set, { op: 'seq_range', bounds: { gt: after } }]), [], 0, size);
        const fetched = await this.repository.fetch(outcome.ref, docs.map((d) => d.doc));
        return docs.flatMap((d) => {
          const f = fetched.get(d.doc);
          return f ? [{ index: outcome.index, id: f.id, seqNo: d.doc, version: f.version, source: f.source, ...(f.routing !== undefined && { routing: f.routing }) }] : [];
        });
      },
    };
  }
}

function trackLimit(request: SearchRequest): number | undefined {
  if (request.trackTotalHits === true) return undefined;
  if (request.trackTotalHits === false) return 0;
  // One more than the limit, so a count past it reads as `gte`.
  return request.trackTotalHits + 1;
}

/** Errors raised building or running the query on one index, which fail that index (a shard) rather than the request. */
function isShardError(error: ClusterError): boolean {
  return error.type === 'query_shard_exception' || error.type === 'illegal_argument_exception' || error.type === 'parse_exception';
}

function shardFailureJson({ index, error }: ShardFailure, node: string): Record<string, unknown> {
  const render = (e: ClusterError): Record<string, unknown> => ({ type: e.type, reason: e.reason, ...e.metadata, ...(e.causedBy && { caused_by: render(e.causedBy) }) });
  return { shard: 0, index: index.name, node, reason: render(error) };
}
