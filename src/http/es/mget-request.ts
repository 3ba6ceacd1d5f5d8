/**
 * @module A multi-get request's body as ES's MultiGetRequest.add reads it: `docs` (objects with `_index`, `_id`,
 * `routing`, `_source`, `stored_fields`, `version`, `version_type`) or `ids` (taking the path's index), with the URL's
 * defaults, then MultiGetRequest.validate's messages.
 */
import { ClusterError, ClusterErrors, parseVersionType, type FetchSource, type MultiGetItem, type VersionType } from '../../cluster/index.js';
import { xContentToken } from '../../platform/xcontent.js';
import { storedFieldsRefusal } from './document-params.js';

/** What the URL gives every document that does not say otherwise. */
export interface MultiGetDefaults {
  readonly index?: string;
  readonly routing?: string;
  readonly fetch?: FetchSource;
  readonly storedFields?: readonly string[];
}

interface ParsedItem {
  index?: string | undefined;
  id?: string | undefined;
  routing?: string | undefined;
  fetch?: FetchSource | undefined;
  storedFields?: readonly string[] | undefined;
  version?: bigint | undefined;
  versionType?: VersionType | undefined;
}

const parsing = (reason: string) => new ClusterError('parsing_exception', 400, reason);

/** parser.text() of a value: a string, a number's or boolean's text; null stays null (absent). */
function text(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : String(value);
}

/** XContentParser.isBooleanValue and booleanValue: JSON booleans and the strings "true" and "false". */
function booleanOf(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/** XContentParser.longValue (coercing): a number or numeric string, a fraction truncated. */
function longOf(value: unknown): bigint {
  const t = String(value);
  if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 2 ** 63) return BigInt(Math.trunc(value));
  if (typeof value === 'string' && /^[+-]?\d+$/.test(t) && BigInt(t) >= -(2n ** 63n) && BigInt(t) < 2n ** 63n) return BigInt(t);
  if (typeof value === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return BigInt(Math.trunc(Number(t)));
  throw ClusterErrors.illegalArgument(`For input string: "${t}"`);
}

/** An item's `_source`: a boolean, one include, a list of includes, or includes/excludes (parseDocuments). */
function sourceOf(value: unknown, current: FetchSource | undefined): FetchSource {
  const fetch = current === undefined || current.fetch;
  if (Array.isArray(value)) return { fetch, includes: value.map((v) => String(v)), excludes: current?.excludes ?? [] };
  if (value !== null && typeof value === 'object') {
    let includes: string[] | undefined;
    let excludes: string[] | undefined;
    for (const [key, entry] of Object.entries(value)) {
      let list: string[];
      if (key === 'includes' || key === 'include') list = includes ??= [];
      else if (key === 'excludes' || key === 'exclude') list = excludes ??= [];
      else throw ClusterErrors.parse(`source definition may not contain [${key}]`);
      if (Array.isArray(entry)) list.push(...entry.map((v) => String(v)));
      else if (entry === null || typeof entry !== 'object') list.push(String(entry));
      else throw ClusterErrors.parse('unexpected token while parsing source settings');
    }
    return { fetch, includes: includes ?? [], excludes: excludes ?? [] };
  }
  const flag = booleanOf(value);
  if (flag !== undefined) return { fetch: flag, includes: current?.includes ?? [], excludes: current?.excludes ?? [] };
  if (typeof value === 'string') return { fetch, includes: [value], excludes: current?.excludes ?? [] };
  throw ClusterErrors.parse(`illegal type for _source: [${xContentToken(value)}]`);
}

/** One element of `docs`. */
function parseDoc(doc: unknown, defaults: MultiGetDefaults): ParsedItem {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw ClusterErrors.illegalArgument('docs array element should include an object');
  const item: ParsedItem = { index: defaults.index, routing: defaults.routing };
  let fetch: FetchSource | undefined;
  for (const [key, value] of Object.entries(doc)) {
    const composite = value !== null && typeof value === 'object';
    switch (key) {
      case '_index':
      case '_id':
      case 'routing':
      case 'version':
      case 'version_type':
        // A non-value member of these is skipped by ES's parser, which reads only values for them.
        if (composite) break;
        if (key === '_index') item.index = text(value);
        else if (key === '_id') item.id = text(value);
        else if (key === 'routing') item.routing = text(value);
        else if (key === 'version') item.version = longOf(value);
        else item.versionType = parseVersionType(String(value));
        break;
      case 'fields':
        throw parsing('Unsupported field [fields] used, expected [stored_fields] instead');
      case 'stored_fields':
        item.storedFields = Array.isArray(value) ? value.map((v) => String(v)) : [String(value)];
        break;
      case '_source':
        fetch = sourceOf(value, fetch);
        break;
      default:
        // ES skips an unknown empty array; any other unknown member is its parse error.
        if (Array.isArray(value) && value.length === 0) break;
        throw ClusterErrors.parse(`failed to parse multi get request. unknown field [${key}]`);
    }
  }
  item.fetch = fetch ?? defaults.fetch;
  item.storedFields ??= defaults.storedFields;
  return item;
}

/** The items of a multi-get body with the URL's defaults, validated; ES's errors for anything else. */
export function parseMultiGet(body: unknown, defaults: MultiGetDefaults): MultiGetItem[] {
  if (body === undefined || body === null || body === '') throw ClusterErrors.parse('request body or source parameter is required');
  if (typeof body !== 'object' || Array.isArray(body)) throw parsing(`unexpected token [${xContentToken(body)}], expected [START_OBJECT]`);
  const items: ParsedItem[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (!Array.isArray(value)) throw parsing(`unexpected token [${xContentToken(value)}], expected [FIELD_NAME] or [START_ARRAY]`);
    if (key === 'docs') {
      for (const doc of value) items.push(parseDoc(doc, defaults));
    } else if (key === 'ids') {
      for (const id of value) {
        if (id !== null && typeof id === 'object') throw ClusterErrors.illegalArgument('ids array element should only contain ids');
        items.push({ index: defaults.index, id: text(id), routing: defaults.routing, fetch: defaults.fetch, storedFields: defaults.storedFields });
      }
    } else {
      throw parsing(`unknown key [${key}] for a START_ARRAY, expected [docs] or [ids]`);
    }
  }
  const problems: string[] = [];
  if (items.length === 0) problems.push('no documents to get');
  for (const [i, item] of items.entries()) {
    if (item.index === undefined) problems.push(`index is missing for doc ${i}`);
    if (item.id === undefined) problems.push(`id is missing for doc ${i}`);
  }
  if (problems.length > 0) throw ClusterErrors.validation(problems);
  if (items.some((item) => item.storedFields !== undefined)) throw storedFieldsRefusal('[stored_fields]');
  return items.map((item) => ({
    index: item.index!,
    id: item.id!,
    ...(item.routing !== undefined && { routing: item.routing }),
    ...(item.fetch !== undefined && { fetch: item.fetch }),
    ...(item.version !== undefined && { version: item.version }),
    ...(item.versionType !== undefined && { versionType: item.versionType }),
  }));
}
