/**
 * One open grid's rows in the browser. Loaded with ListRows in pages of 1,000 (the first page shown at once), then
 * kept in step by the grid's one WatchGrid stream, followed from the first page's revision. Row changesets are
 * applied in revision order while the rows are in grid order; with a filter or a sort, after any field change, or
 * after a gap, the rows are read again (debounced) rather than guessed. A failed call changes nothing held here.
 */
import type { MessageInitShape } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import type { GridChange, Row, RowChangeset, RowFilterSchema, RowSortSchema } from '../../../../src/gen/tessera/grid/v1/row_pb.ts';
import { grids } from '../../api/grid.ts';
import { errorText, type Live } from './grid-mirror.ts';
import { appendPage, applyRowChangeset } from './row-list.ts';

export const PAGE_SIZE = 1000;
const REFETCH_AFTER_MS = 200;
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 5000;
const FINAL = new Set([Code.PermissionDenied, Code.Unauthenticated, Code.InvalidArgument, Code.Unimplemented, Code.NotFound]);

export interface RowQuery {
  readonly filters: readonly MessageInitShape<typeof RowFilterSchema>[];
  readonly sorts: readonly MessageInitShape<typeof RowSortSchema>[];
}

export const NO_QUERY: RowQuery = { filters: [], sorts: [] };

export interface RowsState {
  readonly rows: readonly Row[];
  /** The grid revision the rows show. */
  readonly revision: bigint;
  /** While pages are still coming: how many are loaded and, when known, how many there are. */
  readonly loading?: { readonly loaded: number; readonly total?: number };
  /** True once the first page of the current query has arrived. */
  readonly ready: boolean;
  readonly query: RowQuery;
  /** Why the rows could not be read (the server's message; a refused filter or sort among them). */
  readonly problem?: string;
  readonly live: Live;
  /** Why the stream is reconnecting or stopped. */
  readonly streamProblem?: string;
}

export function isQueried(query: RowQuery): boolean {
  return query.filters.length > 0 || query.sorts.length > 0;
}

export class RowMirror {
  #state: RowsState = { rows: [], revision: 0n, ready: false, query: NO_QUERY, live: 'connecting' };
  readonly #listeners = new Set<() => void>();
  #controller?: AbortController;
  /** Bumped by each load: an older load's pages are dropped. */
  #generation = 0;
  /** Set while a load is under way: the stream's changes wait here, to be applied on top of the last page. */
  #pending?: GridChange[];
  /** The last revision the stream delivered. */
  #streamRevision?: bigint;
  #refetchTimer?: ReturnType<typeof setTimeout>;

  constructor(readonly gridId: string) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly snapshot = (): RowsState => this.#state;

  start(): void {
    this.stop();
    const controller = new AbortController();
    this.#controller = controller;
    void this.#run(controller.signal);
  }

  stop(): void {
    this.#controller?.abort();
    this.#controller = undefined;
    clearTimeout(this.#refetchTimer);
  }

  /** Reads the rows again with another filter and sort. */
  setQuery(query: RowQuery): void {
    this.#set({ query });
    const signal = this.#controller?.signal;
    if (signal) void this.#load(signal).catch(() => {});
  }

  /** A changeset a call made here returned: applied when it is the very next revision, else left to the stream. */
  applyReply(changeset: RowChangeset | undefined): void {
    if (!changeset) return;
    if (isQueried(this.#state.query)) {
      this.refetchSoon();
      return;
    }
    if (!this.#pending && changeset.revision === this.#state.revision + 1n) {
      this.#set({ rows: applyRowChangeset(this.#state.rows, changeset), revision: changeset.revision });
    }
  }

  /** Reads the rows again shortly; calls within the delay are merged into one read. */
  refetchSoon(): void {
    clearTimeout(this.#refetchTimer);
    const signal = this.#controller?.signal;
    if (!signal) return;
    this.#refetchTimer = setTimeout(() => void this.#load(signal).catch(() => {}), REFETCH_AFTER_MS);
  }

  #set(patch: Partial<RowsState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener();
  }

  async #run(signal: AbortSignal): Promise<void> {
    try {
      await this.#load(signal);
    } catch {
      return; // #load has said why
    }
    await this.#watch(signal);
  }

  /** Every page of the current query; resolves once the first page is shown and the rest are loaded. */
  async #load(signal: AbortSignal): Promise<void> {
    const generation = ++this.#generation;
    clearTimeout(this.#refetchTimer);
    const query = this.#state.query;
    const current = () => !signal.aborted && generation === this.#generation;
    const pending: GridChange[] = [];
    this.#pending = pending;
    try {
      // The total, for the loading line: the one block lists every row (a filter makes it an upper bound, so not shown).
      const total = isQueried(query)
        ? Promise.resolve(undefined)
        : grids
            .getGridBlocks({ gridId: this.gridId }, { signal })
            .then((b) => b.items.reduce((n, block) => n + block.rowOrders.length, 0))
            .catch(() => undefined);
      const request = { gridId: this.gridId, pageSize: PAGE_SIZE, filters: [...query.filters], sorts: [...query.sorts] };
      const first = await grids.listRows(request, { signal });
      if (!current()) return;
      let rows: Row[] = first.items;
      const revision = first.revision;
      let token = first.nextPageToken;
      this.#set({ rows, revision, ready: true, problem: undefined, loading: token ? { loaded: rows.length } : undefined });
      if (token) void total.then((n) => current() && this.#state.loading && this.#set({ loading: { loaded: this.#state.rows.length, total: n } }));
      while (token) {
        const page = await grids.listRows({ ...request, pageToken: token }, { signal });
        if (!current()) return;
        rows = appendPage(rows, page.items);
        token = page.nextPageToken;
        this.#set({ rows, loading: token ? { ...this.#state.loading, loaded: rows.length } : undefined });
      }
      if (this.#streamRevision === undefined) this.#streamRevision = revision;
      this.#pending = undefined;
      for (const change of pending) this.#take(change);
    } catch (error) {
      if (current()) {
        this.#pending = undefined;
        this.#set({ rows: [], ready: true, loading: undefined, problem: errorText(error) });
      }
      throw error;
    }
  }

  /** One change of the stream, in revision order. */
  #take(change: GridChange): void {
    if (this.#pending) {
      this.#pending.push(change);
      return;
    }
    if (change.revision <= this.#state.revision) return; // the rows already show it
    if (change.change.case === 'rows' && !isQueried(this.#state.query)) {
      this.#set({ rows: applyRowChangeset(this.#state.rows, change.change.value), revision: change.revision });
    } else {
      // A field change may have reached cells without a row changeset; with a filter or sort, a row change may move
      // rows in or out of view: read the rows again.
      this.refetchSoon();
    }
  }

  async #watch(signal: AbortSignal): Promise<void> {
    let delay = FIRST_RETRY_MS;
    while (!signal.aborted) {
      try {
        if (this.#state.live !== 'reconnecting') this.#set({ live: 'connecting' });
        const stream = grids.watchGrid(
          { gridId: this.gridId, afterRevision: this.#streamRevision ?? this.#state.revision },
          { signal, onHeader: () => this.#set({ live: 'live', streamProblem: undefined }) },
        );
        let gap = false;
        for await (const change of stream) {
          if (signal.aborted) return;
          if (this.#state.live !== 'live') this.#set({ live: 'live', streamProblem: undefined });
          delay = FIRST_RETRY_MS;
          const last = this.#streamRevision ?? this.#state.revision;
          if (change.revision <= last) continue;
          this.#streamRevision = change.revision;
          if (change.revision !== last + 1n) gap = true;
          if (gap) this.refetchSoon();
          else this.#take(change);
        }
        if (signal.aborted) return;
        // A clean end: the grid was deleted (the field mirror says so), or the stream was closed; watch again.
        this.#set({ live: 'reconnecting' });
      } catch (error) {
        if (signal.aborted) return;
        const connectError = ConnectError.from(error);
        if (FINAL.has(connectError.code)) {
          this.#set({ live: 'stopped', streamProblem: connectError.rawMessage });
          return;
        }
        this.#set({ live: 'reconnecting', streamProblem: connectError.rawMessage });
        if (connectError.code === Code.OutOfRange) {
          // The history we need is gone: read the rows again and watch from their revision.
          this.#streamRevision = undefined;
          try {
            await this.#load(signal);
            continue;
          } catch {
            if (signal.aborted) return;
          }
        }
      }
      await pause(delay, signal);
      delay = Math.min(delay * 2, LAST_RETRY_MS);
    }
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
