/**
 * @module `sort`, in the body (SortBuilder.fromXContent: a string, an object, or an array of both) and in the URL
 * (RestSearchAction: `field`, `field:asc`, comma-separated). Field sorts are FieldSortBuilder's ObjectParser, whose
 * errors reach the client unwrapped, as x_content_parse_exceptions.
 */
import { didYouMean } from '../../../platform/did-you-mean.js';
import { xContentToken } from '../../../platform/xcontent.js';
import { ClusterError } from '../../cluster-error.js';
import type { SortSpec } from '../search-request.js';
import { illegalArgument, notSupportedYet } from './dsl-errors.js';
import { isObject, type Json, type JsonObject } from './dsl-values.js';

function xContentError(reason: string): ClusterError {
  return new ClusterError('x_content_parse_exception', 400, reason);
}

/** SortOrder.fromString: valueOf of the upper-cased name. */
function readOrder(text: string): 'asc' | 'desc' {
  const upper = text.toUpperCase();
  if (upper === 'ASC' || upper === 'DESC') return upper === 'ASC' ? 'asc' : 'desc';
  throw illegalArgument(`No enum constant org.elasticsearch.search.sort.SortOrder.${upper}`);
}

/** SortBuilder.fieldOrScoreSort: `_score` sorts descending unless told otherwise, anything else ascending. */
function defaultSort(field: string): SortSpec {
  return { field, order: field === '_score' ? 'desc' : 'asc' };
}

const FIELD_SORT_MEMBERS = ['missing', 'unmapped_type', 'order', 'mode', 'nested', 'numeric_type', 'format', 'nested_path', 'nested_filter'];
const MODES = ['min', 'max', 'sum', 'avg', 'median'] as const;
const NUMERIC_TYPES = ['long', 'double', 'date', 'date_nanos'] as const;

/** A string member of an ObjectParser (declareString), with its words for another type. */
function stringMember(parser: string, member: string, value: Json): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw xContentError(`[${parser}] ${member} doesn't support values of type: ${xContentToken(value)}`);
}

/** A setter's refusal inside an ObjectParser: the parser reports the field that failed. */
function failedField(parser: string, member: string): ClusterError {
  return xContentError(`[${parser}] failed to parse field [${member}]`);
}

/** FieldSortBuilder's object form (`{"f": {"order": .., "missing": .., ...}}`). */
function parseFieldSort(field: string, options: JsonObject): SortSpec {
  const sort: { -readonly [K in keyof SortSpec]: SortSpec[K] } = defaultSort(field);
  for (const [member, value] of Object.entries(options)) {
    switch (member) {
      case 'order':
        sort.order = readOrderIn('field_sort', member, stringMember('field_sort', member, value));
        break;
      case 'missing':
        if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') sort.missing = value;
        else if (value !== null) throw xContentError(`[field_sort] missing doesn't support values of type: ${xContentToken(value)}`);
        break;
      case 'mode': {
        const mode = stringMember('field_sort', member, value).toLowerCase();
        if (!(MODES as readonly string[]).includes(mode)) throw failedField('field_sort', member);
        sort.mode = mode as SortSpec['mode'];
        break;
      }
      case 'unmapped_type':
        sort.unmappedType = stringMember('field_sort', member, value);
        break;
      case 'format':
        sort.format = stringMember('field_sort', member, value);
        break;
      case 'numeric_type': {
        const type = stringMember('field_sort', member, value).toLowerCase();
        if (!(NUMERIC_TYPES as readonly string[]).includes(type)) throw failedField('field_sort', member);
        sort.numericType = type as SortSpec['numericType'];
        break;
      }
      case 'nested':
        throw notSupportedYet('[nested] in a sort');
      case 'nested_path':
      case 'nested_filter':
        throw new ClusterError('parsing_exception', 400, `[${member}] has been removed in favour of the [nested] parameter`);
      default:
        throw xContentError(`[field_sort] unknown field [${member}]${didYouMean(member, FIELD_SORT_MEMBERS)}`);
    }
  }
  return sort;
}

function readOrderIn(parser: string, member: string, text: string): 'asc' | 'desc' {
  try {
    return readOrder(text);
  } catch {
    throw failedField(parser, member);
  }
}

/** ScoreSortBuilder's ObjectParser: `order` alone. */
function parseScoreSort(options: JsonObject): SortSpec {
  let order: 'asc' | 'desc' = 'desc';
  for (const [member, value] of Object.entries(options)) {
    if (member !== 'order') throw xContentError(`[_score] unknown field [${member}]${didYouMean(member, ['order'])}`);
    order = readOrderIn('_score', member, stringMember('_score', member, value));
  }
  return { field: '_score', order };
}

/** SortBuilder.parseCompoundSortField: each member of the object is a sort of its own. */
function parseCompound(object: JsonObject, sorts: SortSpec[]): void {
  for (const [field, value] of Object.entries(object)) {
    if (typeof value === 'string') sorts.push({ ...defaultSort(field), order: readOrder(value) });
    else if (field === '_geo_distance' || field === '_script') throw notSupportedYet(`[${field}] sorts`);
    else if (isObject(value)) sorts.push(field === '_score' ? parseScoreSort(value) : parseFieldSort(field, value));
    else throw xContentError(`[${field === '_score' ? '_score' : 'field_sort'}] object doesn't support values of type: ${xContentToken(value)}`);
  }
}

/** The body's `sort`. A bare value token is read as its text, as SearchSourceBuilder does (`sort(parser.text())`). */
export function parseSort(value: Json): SortSpec[] {
  const sorts: SortSpec[] = [];
  if (Array.isArray(value)) {
    for (const entry of value) {
      if (isObject(entry)) parseCompound(entry, sorts);
      else if (typeof entry === 'string') sorts.push(defaultSort(entry));
      else throw illegalArgument('malformed sort format, within the sort array, an object, or an actual string are allowed');
    }
  } else if (isObject(value)) {
    parseCompound(value, sorts);
  } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    sorts.push(defaultSort(String(value)));
  } else {
    throw illegalArgument('malformed sort format, either start with array, object, or an actual string');
  }
  return sorts;
}

/**
 * The URL's `sort`: `field` or `field:order` at the last colon. RestSearchAction drops an entry whose order is
 * neither `asc` nor `desc` (case-sensitive) without a word; Tessera refuses it, since a dropped sort orders the
 * hits otherwise than asked.
 */
export function parseSortParam(text: string): SortSpec[] {
  return splitCommas(text).map((entry) => {
    const colon = entry.lastIndexOf(':');
    if (colon === -1) return defaultSort(entry);
    const field = entry.slice(0, colon);
    const order = entry.slice(colon + 1);
    if (order !== 'asc' && order !== 'desc') throw illegalArgument(`Tessera does not support the sort order [${order}] in [sort=${entry}]: only [asc] and [desc]`);
    return { ...defaultSort(field), order };
  });
}

/** Strings.splitStringByCommaToArray (String.split: entries kept as written), without the empty entries. */
export function splitCommas(text: string): string[] {
  return text.split(',').filter((part) => part !== '');
}
