/**
 * @module Point in time and scroll (SearchService's reader contexts): a context fixes the indices a search reads
 * and a snapshot of each (the last sequence number it sees), and expires `keep_alive` after its last use, by the
 * Clock. Contexts live in the store (search-context-repository.ts), so any instance can serve a context another
 * opened. A scroll keeps its request and the hit its next page starts after; its pages are searches of the snapshot
 * after that hit, in the request's order with the `_shard_doc` tiebreaker.
 */
import type { Clock } from '../../platform/clock.js';
import { parseTimeValue } from '../../platform/units/time-value.js';
import type { ClusterService } from '../cluster-service.js';
import type { ClusterError } from '../cluster-error.js';
import { clusterSetting } from '../setting.js';
import { MAX_KEEP_ALIVE, MAX_OPEN_SCROLL_CONTEXT } from '../cluster-settings.js';
import type { ResolveOptions } from '../index-expression.js';
import { parseSearchRequest } from './dsl/parse-search-request.js';
import type { Query } from './query.js';
import type { ReaderView } from './reader-view.js';
import { tiebreakOf } from './reader-view.js';
import type { AfterPoint } from './search-after.js';
import { badPitId, badScrollId, contextMissing, keepAliveTooLarge, tooManyScrolls } from './search-context-errors.js';
import type { ContextKind, SearchContextRepository, StoredContext } from './search-context-repository.js';
import type { SearchRequest } from './search-request.js';
import type { SearchOutcome, SearchService } from './search-service.js';
import type { SearchTarget } from './search-targets.js';

type Params = Readonly<Record<string, string | undefined>>;

/** Whether the caller may read an index (security's check, made when a context is used): the denial, or undefined. */
export type ReadCheck = (index: string) => ClusterError | undefined;

function requireRead(context: StoredContext, check: ReadCheck | undefined): void {
  for (const { index } of context.marks) {
    const denied = check?.(index);
    if (denied) throw denied;
  }
}

interface PitState {
  /** Alias filters by index, as the targets were resolved at open. */
  readonly filters: Record<string, readonly Query[]>;
}

interface ScrollState extends PitState {
  /** The request as sent, parsed again for each page. */
  readonly body: unknown;
  readonly params: Params;
  readonly path: string;
  readonly keepAlive: number;
  readonly after?: AfterPoint;
}

export interface FreedContexts {
  readonly succeeded: boolean;
  readonly numFreed: number;
}

/** Ids are opaque to clients (base64, as ES's are); inside, the kind and the context's key. */
function encodeId(kind: ContextKind, id: string): string {
  return Buffer.from(JSON.stringify({ k: kind, id })).toString('base64url');
}

function decodeId(kind: ContextKind, text: string): string {
  try {
    const decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { k?: unknown; id?: unknown };
    if (decoded.k === kind && typeof decoded.id === 'string') return decoded.id;
  } catch {
    // Not ours: refused below.
  }
  throw kind === 'scroll' ? badScrollId() : badPitId(text);
}

export class SearchContextService {
  constructor(
    private readonly repository: SearchContextRepository,
    private readonly search: SearchService,
    private readonly cluster: ClusterService,
    private readonly clock: Clock,
    private readonly newId: () => string,
  ) {}

  #checkKeepAlive(millis: number): void {
    const max = clusterSetting(this.cluster.state, MAX_KEEP_ALIVE);
    if (millis > max) throw keepAliveTooLarge(millis, max);
  }

  /** A context that is open now: one expired but not yet swept is as gone as a freed one. */
  async #open(kind: ContextKind, id: string): Promise<StoredContext> {
    const now = this.clock.now();
    await this.repository.sweep(now);
    const context = await this.repository.get(id);
    if (!context || context.kind !== kind || context.expiresAt <= now) throw contextMissing(id);
    return context;
  }

  #reader(context: StoredContext, state: PitState, tiebreak: 'asc' | 'desc', showShardDoc: boolean, after?: AfterPoint): ReaderView {
    const targets = context.marks.map(({ index, mark }) => {
      const filters = state.filters[index];
      const target: SearchTarget = filters ? { name: index, aliasFilters: filters } : { name: index };
      return { target, mark };
    });
    return { targets, tiebreak, showShardDoc, ...(after && { after }) };
  }

  async #create(kind: ContextKind, expression: string | undefined, options: ResolveOptions, keepAlive: number, extra: Omit<ScrollState, keyof PitState> | undefined) {
    const targets = await this.search.resolveTargets(expression, options);
    const filters = Object.fromEntries(targets.flatMap((t) => (t.aliasFilters ? [[t.name, t.aliasFilters]] : [])));
    const state = { filters, ...extra };
    const context = await this.repository.open({ id: this.newId(), kind, expiresAt: this.clock.now() + keepAlive, state: JSON.stringify(state) }, targets.map((t) => t.name));
    return { context, state };
  }

  async openPit(expression: string | undefined, keepAlive: number, options: ResolveOptions): Promise<{ id: string; shards: number }> {
    this.#checkKeepAlive(keepAlive);
    await this.repository.sweep(this.clock.now());
    const { context } = await this.#create('pit', expression, options, keepAlive, undefined);
    return { id: encodeId('pit', context.id), shards: context.marks.length };
  }

  async searchPit(request: SearchRequest, options: ResolveOptions, check?: ReadCheck): Promise<SearchOutcome & { pitId: string }> {
    const pit = request.pit!;
    const id = decodeId('pit', pit.id);
    const keepAlive = pit.keepAlive === undefined ? undefined : parseKeepAlive(pit.keepAlive);
    if (keepAlive !== undefined) this.#checkKeepAlive(keepAlive);
    const context = await this.#open('pit', id);
    // A point in time's indices are read as the caller may read them, whoever opened it.
    requireRead(context, check);
    if (keepAlive !== undefined) await this.repository.update(id, this.clock.now() + keepAlive);
    const outcome = await this.search.search(undefined, request, options, this.#reader(context, JSON.parse(context.state) as PitState, tiebreakOf(request), true));
    return { ...outcome, pitId: pit.id };
  }

  async closePit(id: string): Promise<FreedContexts> {
    await this.repository.sweep(this.clock.now());
    return { succeeded: true, numFreed: await this.repository.close([decodeId('pit', id)]) };
  }

  /** `_search?scroll=`: the first page, and the context the next pages read. */
  async openScroll(expression: string | undefined, raw: { body: unknown; params: Params; path: string }, request: SearchRequest, options: ResolveOptions): Promise<SearchOutcome & { scrollId: string }> {
    const keepAlive = request.scrollMillis!;
    this.#checkKeepAlive(keepAlive);
    const now = this.clock.now();
    await this.repository.sweep(now);
    const max = clusterSetting(this.cluster.state, MAX_OPEN_SCROLL_CONTEXT);
    if ((await this.repository.countOpen('scroll', now)) >= max) throw tooManyScrolls(max);
    const { context, state } = await this.#create('scroll', expression, options, keepAlive, { ...raw, keepAlive });
    try {
      return await this.#page(context, state as ScrollState, request);
    } catch (error) {
      // A search that fails leaves no context behind (ES frees it with the failed request).
      await this.repository.close([context.id]);
      throw error;
    }
  }

  /** `_search/scroll`: the page after the last one, the context kept alive. */
  async scroll(scrollId: string, keepAlive: number | undefined, check?: ReadCheck): Promise<SearchOutcome & { scrollId: string }> {
    const id = decodeId('scroll', scrollId);
    if (keepAlive !== undefined) this.#checkKeepAlive(keepAlive);
    const context = await this.#open('scroll', id);
    requireRead(context, check);
    const state = JSON.parse(context.state) as ScrollState;
    const request = parseSearchRequest(state.body, state.params, state.path);
    return this.#page(context, keepAlive === undefined ? state : { ...state, keepAlive }, request);
  }

  async #page(context: StoredContext, state: ScrollState, request: SearchRequest): Promise<SearchOutcome & { scrollId: string }> {
    const reader = this.#reader(context, state, 'asc', false, state.after);
    const outcome = await this.search.search(undefined, request, {} as ResolveOptions, reader);
    // An empty page leaves the point where it was: the scroll has ended, and stays ended.
    const next: ScrollState = { ...state, ...(outcome.last && { after: outcome.last }) };
    await this.repository.update(context.id, this.clock.now() + next.keepAlive, JSON.stringify(next));
    return { ...outcome, scrollId: encodeId('scroll', context.id) };
  }

  async clearScroll(ids: readonly string[] | 'all'): Promise<FreedContexts> {
    await this.repository.sweep(this.clock.now());
    if (ids === 'all') return { succeeded: true, numFreed: await this.repository.closeKind('scroll') };
    return { succeeded: true, numFreed: await this.repository.close(ids.map((id) => decodeId('scroll', id))) };
  }
}

/** A `keep_alive`/`scroll` time value (already checked when the request was parsed). */
export function parseKeepAlive(text: string): number {
  return parseTimeValue(text, 'keep_alive');
}
