/**
 * @module `_source`, in the body (FetchSourceContext.fromXContent) and in the URL (parseFromRestRequest with
 * `_source_includes`/`_source_excludes`), and the body's `stored_fields` (StoredFieldsContext.fromXContent).
 */
import { xContentToken } from '../../../platform/xcontent.js';
import type { SourceFilter } from '../search-request.js';
import { parsingError } from './dsl-errors.js';
import { isObject, type Json } from './dsl-values.js';
import { splitCommas } from './parse-sort.js';

export const FETCH_ALL: SourceFilter = { fetch: true, includes: [], excludes: [] };

function unknownKey(value: Json, member: string) {
  return parsingError(`Unknown key for a ${xContentToken(value)} in [${member}].`);
}

/** An array of patterns under `includes`/`excludes`: strings only. */
function patterns(value: Json, member: string): string[] {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) throw unknownKey(value, member);
  return value.map((item) => {
    if (typeof item !== 'string') throw unknownKey(item, member);
    return item;
  });
}

/** The body's `_source`: true/false, a pattern, an array of them, or `{includes|include, excludes|exclude}`. */
export function parseSourceFilter(value: Json): SourceFilter {
  if (typeof value === 'boolean') return value ? FETCH_ALL : { fetch: false };
  if (typeof value === 'string') return { fetch: true, includes: [value], excludes: [] };
  if (Array.isArray(value)) {
    // parser.text() of each element: a number or boolean reads as its text.
    const includes = value.map((item) => {
      if (item === null || typeof item === 'object') throw unknownKey(item, '_source');
      return String(item);
    });
    return { fetch: true, includes, excludes: [] };
  }
  if (isObject(value)) {
    let includes: string[] = [];
    let excludes: string[] = [];
    for (const [member, given] of Object.entries(value)) {
      if (member === 'includes' || member === 'include') includes = patterns(given, member);
      else if (member === 'excludes' || member === 'exclude') excludes = patterns(given, member);
      else throw unknownKey(given, member);
    }
    return { fetch: true, includes, excludes };
  }
  throw parsingError(`Expected one of [VALUE_BOOLEAN, START_OBJECT] but found [${xContentToken(value)}]`);
}

/**
 * The URL's `_source` (Booleans.isTrue/isFalse, else patterns), `_source_includes` and `_source_excludes`, or
 * undefined when none is given. The URL's wins over the body's whole, as RestSearchAction sets it after the body.
 */
export function parseSourceParams(params: Readonly<Record<string, string | undefined>>): SourceFilter | undefined {
  const source = params._source;
  const includesText = params._source_includes;
  const excludesText = params._source_excludes;
  if (source === undefined && includesText === undefined && excludesText === undefined) return undefined;
  let fetch = true;
  let includes: string[] = [];
  if (source === 'true') fetch = true;
  else if (source === 'false') fetch = false;
  else if (source !== undefined) includes = splitCommas(source);
  if (includesText !== undefined) includes = splitCommas(includesText);
  const excludes = excludesText === undefined ? [] : splitCommas(excludesText);
  // FetchSourceContext keeps the patterns with fetch false; nothing is fetched, so they select nothing.
  return fetch ? { fetch, includes, excludes } : { fetch: false };
}

/** StoredFieldsContext.fromXContent: a name or an array of names (`_none_` turns stored fields and _source off). */
export function parseStoredFields(value: Json): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) {
    return value.map((item) => {
      if (typeof item !== 'string') throw parsingError(`Expected [VALUE_STRING] in [stored_fields] but found [${xContentToken(item)}]`);
      return item;
    });
  }
  throw parsingError(`Expected [VALUE_STRING] or [START_ARRAY] in [stored_fields] but found [${xContentToken(value)}]`);
}
