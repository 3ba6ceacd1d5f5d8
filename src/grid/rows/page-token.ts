/**
 * @module ListRows' cursor: the sort keys and position of the last row of a page, tied to the query it belongs to.
 * Paging by keys rather than by offset means rows inserted or deleted meanwhile neither repeat nor skip a row.
 */
import { createHash } from 'node:crypto';
import { GridError } from '../grid-error.js';

export type SortValue = string | number | null;

export interface Cursor {
  readonly keys: readonly SortValue[];
  readonly position: string;
}

/** Cursors are only a few sort keys long; a text key is at most one cell's text. */
const MAX_TOKEN_LENGTH = 256 * 1024;

/** A digest of what the query is (its grid, filters and sorts, encoded): a token is refused by any other query. */
export function queryDigest(query: Uint8Array): string {
  return createHash('sha256').update(query).digest('base64url').slice(0, 16);
}

export function encodePageToken(digest: string, cursor: Cursor): string {
  return Buffer.from(JSON.stringify({ q: digest, k: cursor.keys, p: cursor.position })).toString('base64url');
}

export function decodePageToken(token: string, digest: string, sortCount: number): Cursor {
  const invalid = (why: string) => new GridError('InvalidPageToken', `page_token ${why}; start again without one`);
  if (token.length > MAX_TOKEN_LENGTH) throw invalid(`is ${token.length} characters long, longer than any this server gives`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid('is not one this server gave');
  }
  const { q, k, p } = (parsed ?? {}) as { q?: unknown; k?: unknown; p?: unknown };
  if (typeof q !== 'string' || typeof p !== 'string' || !Array.isArray(k) || !k.every(isSortValue)) throw invalid('is not one this server gave');
  if (q !== digest) throw invalid('belongs to another query: the grid, filters and sorts must be those of the page that gave it');
  if (k.length !== sortCount) throw invalid('is not one this server gave');
  return { keys: k, position: p };
}

function isSortValue(value: unknown): value is SortValue {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}
