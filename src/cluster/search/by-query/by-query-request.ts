/**
 * @module The options `_delete_by_query`, `_update_by_query` and `_reindex` share (AbstractBaseReindexRestHandler,
 * AbstractBulkByScrollRequest) and the bodies of the two by-query actions (AbstractBulkByQueryRestHandler), with
 * ES's words for what they refuse. Tessera runs every action in one slice and has no script engine: those are
 * refused with a clear 400 rather than ignored.
 */
import { ClusterErrors } from '../../cluster-error.js';
import { parseQuery } from '../dsl/parse-query.js';
import { queryStringQuery, readQueryString } from '../dsl/parse-search-request.js';
import { paramInt } from '../dsl/search-values.js';
import type { Query } from '../query.js';

type Params = Readonly<Record<string, string | undefined>>;

/** AbstractBulkByScrollRequest.DEFAULT_SCROLL_SIZE. */
export const DEFAULT_SCROLL_SIZE = 1000;

export interface BulkByScrollOptions {
  /** Undefined: every match (ES's -1). */
  readonly maxDocs?: number;
  readonly abortOnConflict: boolean;
  readonly scrollSize: number;
  /** Infinity: unthrottled. */
  readonly requestsPerSecond: number;
}

/** What the body (or the URL) gave before the common options apply. */
export interface BodyOptions {
  readonly maxDocs?: number;
  readonly conflicts?: string;
  readonly scrollSize?: number;
}

/** AbstractBulkByScrollRequest.setConflicts. */
function abortOnConflict(conflicts: string): boolean {
  if (conflicts === 'proceed') return false;
  if (conflicts === 'abort') return true;
  throw ClusterErrors.illegalArgument(`conflicts may only be "proceed" or "abort" but was [${conflicts}]`);
}

/** AbstractBaseReindexRestHandler.parseSlices; more than one slice is refused, since Tessera runs one. */
function checkSlices(text: string | undefined): void {
  if (text === undefined || text === 'auto') return;
  const slices = /^[+-]?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(slices) || slices < 1 || slices > 2147483647) {
    throw ClusterErrors.illegalArgument(`[slices] must be a positive integer or the string "auto", but was [${text}]`);
  }
  if (slices > 1) throw ClusterErrors.illegalArgument(`Tessera runs these requests in one slice: [slices] must be [1] or [auto], but was [${text}]`);
}

/** AbstractBaseReindexRestHandler.parseRequestsPerSecond: -1 (or "unlimited") turns throttling off. */
function requestsPerSecond(text: string | undefined): number {
  if (text === undefined || text === 'unlimited') return Infinity;
  const message = '[requests_per_second] must be a float greater than 0. Use -1 to disable throttling.';
  const value = text.trim() === '' ? NaN : Number(text.trim().replace(/[fFdD]$/, ''));
  if (Number.isNaN(value)) throw ClusterErrors.illegalArgument(message);
  if (value === -1) return Infinity;
  if (value <= 0) throw ClusterErrors.illegalArgument(message);
  return value;
}

/** A body's `max_docs` (ObjectParser's declareInt) or `conflicts` (declareString). */
export function bodyMaxDocs(value: unknown, parser: string): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^[+-]?\d+$/.test(value.trim())) return Number(value.trim());
  throw ClusterErrors.xContentParse(`[${parser}] failed to parse field [max_docs]`);
}

export function bodyConflicts(value: unknown, parser: string): string {
  if (typeof value !== 'string') throw ClusterErrors.xContentParse(`[${parser}] conflicts doesn't support values of type: ${value === null ? 'VALUE_NULL' : typeof value === 'object' ? 'START_OBJECT' : 'VALUE_NUMBER'}`);
  return value;
}

/** setMaxDocs and setMaxDocsValidateIdentical, then validate's check. */
function maxDocsOf(fromBody: number | undefined, params: Params): number | undefined {
  let maxDocs = fromBody;
  const checkNegative = (n: number) => {
    if (n < 0) throw ClusterErrors.illegalArgument(`[max_docs] parameter cannot be negative, found [${n}]`);
  };
  if (maxDocs !== undefined) checkNegative(maxDocs);
  const param = paramInt(params, 'max_docs');
  if (param !== undefined) {
    if (maxDocs !== undefined && maxDocs !== param) throw ClusterErrors.illegalArgument(`[max_docs] set to two different values [${maxDocs}] and [${param}]`);
    checkNegative(param);
    maxDocs = param;
  }
  if (maxDocs === 0) {
    throw ClusterErrors.validation([`maxDocs should be greater than 0 if the request is limited to some number of documents or -1 if it isn't but it was [0]`]);
  }
  return maxDocs;
}

/** A batch size (`scroll_size`, reindex's `source.size`): SearchSourceBuilder.size and SearchRequest.validate's scroll check. */
export function checkScrollSize(size: number): number {
  if (size < 0) throw ClusterErrors.illegalArgument(`[size] parameter cannot be negative, found [${size}]`);
  if (size === 0) throw ClusterErrors.validation(['[size] cannot be [0] in a scroll context']);
  return size;
}

/** The options of all three actions from the URL over what the body gave. */
export function commonOptions(params: Params, body: BodyOptions): BulkByScrollOptions {
  checkSlices(params.slices);
  // The body's `conflicts` is set (and checked) first, the URL's over it.
  const fromBody = body.conflicts === undefined ? true : abortOnConflict(body.conflicts);
  const abort = params.conflicts === undefined ? fromBody : abortOnConflict(params.conflicts);
  const maxDocs = maxDocsOf(body.maxDocs, params);
  const scrollSize = checkScrollSize(paramInt(params, 'scroll_size') ?? body.scrollSize ?? DEFAULT_SCROLL_SIZE);
  return {
    ...(maxDocs !== undefined && { maxDocs }),
    abortOnConflict: abort,
    scrollSize,
    requestsPerSecond: requestsPerSecond(params.requests_per_second),
  };
}

/** ScriptService.compile's refusal where no engine serves the language: Tessera has none (painless is ES's default). */
export function scriptRefusal(script: unknown) {
  const lang = typeof script === 'object' && script !== null && typeof (script as { lang?: unknown }).lang === 'string' ? (script as { lang: string }).lang : 'painless';
  return ClusterErrors.illegalArgument(`script_lang not supported [${lang}]`);
}

export interface ByQueryRequest {
  readonly query?: Query;
  readonly options: BulkByScrollOptions;
}

/**
 * A `_delete_by_query` or `_update_by_query` body: `query`, `max_docs`, `conflicts` (and `script`, refused), with the
 * URL's `q` over the body's query as RestSearchAction has it. Other search members are refused: Tessera's scan
 * reads whole documents in index order.
 */
export function parseByQueryRequest(body: unknown, params: Params, path: string, api: 'delete_by_query' | 'update_by_query'): ByQueryRequest {
  let query: Query | undefined;
  const fromBody: { maxDocs?: number; conflicts?: string } = {};
  if (body !== undefined && body !== null && body !== '') {
    if (typeof body !== 'object' || Array.isArray(body)) throw ClusterErrors.parse('request body must be an object');
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (key === 'query') query = parseQuery(value);
      else if (key === 'max_docs') fromBody.maxDocs = bodyMaxDocs(value, api);
      else if (key === 'conflicts') fromBody.conflicts = bodyConflicts(value, api);
      else if (key === 'size') throw ClusterErrors.illegalArgument('invalid parameter [size], use [max_docs] instead');
      else if (key === 'script' && api === 'update_by_query') throw scriptRefusal(value);
      else throw ClusterErrors.illegalArgument(`Tessera does not support [${key}] in a [${api}] request`);
    }
  }
  const q = readQueryString(params, path);
  if (q) query = queryStringQuery(q);
  return { ...(query && { query }), options: commonOptions(params, fromBody) };
}
