/**
 * The index list's calls: one page of indices from `GET /_tessera/ilm/indices` (filtered, sorted and counted by the
 * server, so the console never holds every index), and the retry of many failed indices in few requests.
 */
import { es } from '../../api/es.ts';
import { hrefWithQuery } from '../../route.ts';

// The server's own types: the console reads what the API answers, field for field.
import type { ErrorCause, IndexListPage, IndexListRow, IndexListSort } from '../../../../src/ilm/index-list-types.ts';

export type { ErrorCause, IndexListPage, IndexListRow, IndexListSort };

/** The list as the URL holds it (`#/lifecycle?policy=logs&only_errors=true&page=2`); absent members are the defaults. */
export interface ListState {
  readonly q?: string;
  readonly policy?: string;
  readonly phase?: string;
  readonly step?: string;
  readonly data_stream?: string;
  readonly failed_step?: string;
  readonly error_type?: string;
  /** `managed`, `unmanaged`, or absent for all. */
  readonly show?: 'managed' | 'unmanaged';
  readonly only_errors?: boolean;
  readonly sort?: IndexListSort;
  readonly order?: 'asc' | 'desc';
  /** From 1. */
  readonly page?: number;
  readonly size?: number;
}

export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
const TEXT_KEYS = ['q', 'policy', 'phase', 'step', 'data_stream', 'failed_step', 'error_type'] as const;
const SORTS: readonly IndexListSort[] = ['index', 'policy', 'phase', 'action', 'step', 'age', 'data_stream'];

const positive = (text: string | null) => {
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** What a URL (typed, or linked from elsewhere) says; a value the list cannot use is dropped rather than refused. */
export function readListState(params: URLSearchParams): ListState {
  const text = Object.fromEntries(TEXT_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])));
  const show = params.get('show');
  const sort = params.get('sort') as IndexListSort | null;
  const order = params.get('order');
  const size = positive(params.get('size'));
  return {
    ...text,
    ...((show === 'managed' || show === 'unmanaged') && { show }),
    ...(params.get('only_errors') === 'true' && { only_errors: true }),
    ...(sort !== null && SORTS.includes(sort) && { sort }),
    ...((order === 'asc' || order === 'desc') && { order }),
    ...(positive(params.get('page')) !== undefined && { page: positive(params.get('page'))! }),
    ...(size !== undefined && (PAGE_SIZES as readonly number[]).includes(size) && { size }),
  };
}

/** The list's link: other pages link to `listHref({ policy })`. */
export function listHref(state: ListState): string {
  return hrefWithQuery(['lifecycle'], {
    ...Object.fromEntries(TEXT_KEYS.map((key) => [key, state[key]])),
    show: state.show,
    only_errors: state.only_errors ? 'true' : undefined,
    sort: state.sort,
    order: state.order,
    page: state.page !== undefined && state.page > 1 ? String(state.page) : undefined,
    size: state.size !== undefined && state.size !== DEFAULT_PAGE_SIZE ? String(state.size) : undefined,
  });
}

function listQuery(state: ListState, from: number, size: number): string {
  const params = new URLSearchParams({ from: String(from), size: String(size) });
  for (const key of TEXT_KEYS) if (state[key] !== undefined) params.set(key, state[key]!);
  if (state.show !== undefined) params.set('managed', String(state.show === 'managed'));
  if (state.only_errors) params.set('only_errors', 'true');
  if (state.sort !== undefined) params.set('sort', state.sort);
  if (state.order !== undefined) params.set('order', state.order);
  return params.toString();
}

export function pageSize(state: ListState): number {
  return state.size ?? DEFAULT_PAGE_SIZE;
}

export function fetchPage(state: ListState): Promise<IndexListPage> {
  const size = pageSize(state);
  return es<IndexListPage>('GET', `/_tessera/ilm/indices?${listQuery(state, ((state.page ?? 1) - 1) * size, size)}`);
}

/** The server's bound on a page; names of more indices are read a page at a time. */
const MAX_SERVER_PAGE = 1_000;

/** The names of every index in ERROR with `cause` (and the list's other filters), read page by page. */
export async function namesWithCause(state: ListState, cause: Pick<ErrorCause, 'failed_step' | 'type'>): Promise<string[]> {
  const filtered: ListState = { ...state, only_errors: true, failed_step: cause.failed_step, error_type: cause.type, sort: 'index', order: 'asc' };
  const names: string[] = [];
  for (let from = 0; ; from += MAX_SERVER_PAGE) {
    const page = await es<IndexListPage>('GET', `/_tessera/ilm/indices?${listQuery(filtered, from, MAX_SERVER_PAGE)}`);
    names.push(...page.indices.map((row) => row.index));
    if (page.indices.length < MAX_SERVER_PAGE || names.length >= page.total) return names;
  }
}

export type RetryResult = { readonly index: string; readonly ok: true } | { readonly index: string; readonly ok: false; readonly error: unknown };

/** ES reads a request line of at most 4 KiB (`http.max_initial_line_length`): each retry's path stays well within it. */
const MAX_PATH = 3_500;

function chunks(names: readonly string[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const name of names) {
    const encoded = encodeURIComponent(name).length + 1;
    if (current.length > 0 && length + encoded > MAX_PATH) {
      out.push(current);
      current = [];
      length = 0;
    }
    current.push(name);
    length += encoded;
  }
  if (current.length > 0) out.push(current);
  return out;
}

const retryPath = (names: readonly string[]) => `/${names.map(encodeURIComponent).join(',')}/_ilm/retry`;

/**
 * Retries every index named, with `POST /<a>,<b>,…/_ilm/retry` (ES's retry takes many indices), as few requests as
 * the URL allows. ES refuses the whole request when one index is not in ERROR any more, or may not be retried by the
 * caller: such a chunk is retried index by index, so each gets its own answer.
 */
export async function retryIndices(names: readonly string[], onProgress?: (done: number) => void): Promise<RetryResult[]> {
  const results: RetryResult[] = [];
  for (const chunk of chunks(names)) {
    try {
      await es('POST', retryPath(chunk));
      results.push(...chunk.map((index): RetryResult => ({ index, ok: true })));
    } catch (error) {
      if (chunk.length === 1) results.push({ index: chunk[0]!, ok: false, error });
      else {
        for (const index of chunk) {
          try {
            await es('POST', retryPath([index]));
            results.push({ index, ok: true });
          } catch (failure) {
            results.push({ index, ok: false, error: failure });
          }
        }
      }
    }
    onProgress?.(results.length);
  }
  return results;
}
