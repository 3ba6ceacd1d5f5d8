/**
 * @module The `highlight` object (HighlightBuilder.fromXContent): options at the top and per field (a field's own
 * override the top's), `fields` as an object or an array of one-field objects. Options ES knows that the plain
 * highlighter Tessera runs does not evaluate are refused with a clear 400, never ignored.
 */
import { ClusterError } from '../../cluster-error.js';
import { didYouMean } from '../../../platform/did-you-mean.js';
import { illegalArgument, notSupportedYet } from '../dsl/dsl-errors.js';
import { isObject, readBoolean, readInt, readString, type Json, type JsonObject } from '../dsl/dsl-values.js';
import { parseQuery } from '../dsl/parse-query.js';
import type { Query } from '../query.js';

export interface HighlightOptions {
  readonly preTags: readonly string[];
  readonly postTags: readonly string[];
  readonly fragmentSize: number;
  readonly numberOfFragments: number;
  readonly noMatchSize: number;
  readonly requireFieldMatch: boolean;
  readonly scoreOrdered: boolean;
  readonly encoder: 'default' | 'html';
  readonly fragmenter: 'span' | 'simple';
  readonly highlightQuery?: Query;
}

export interface HighlightField {
  /** A name or a pattern. */
  readonly field: string;
  readonly options: HighlightOptions;
}

export interface HighlightRequest {
  readonly fields: readonly HighlightField[];
}

/** HighlightBuilder's defaults (`<em>`/`</em>`, 100 characters, 5 fragments). */
const DEFAULTS: HighlightOptions = {
  preTags: ['<em>'],
  postTags: ['</em>'],
  fragmentSize: 100,
  numberOfFragments: 5,
  noMatchSize: 0,
  requireFieldMatch: true,
  scoreOrdered: false,
  encoder: 'default',
  fragmenter: 'span',
};

const STYLED_PRE = ['<em class="hlt1">', '<em class="hlt2">', '<em class="hlt3">', '<em class="hlt4">', '<em class="hlt5">', '<em class="hlt6">', '<em class="hlt7">', '<em class="hlt8">', '<em class="hlt9">', '<em class="hlt10">'];

const OPTION_NAMES = ['pre_tags', 'post_tags', 'fragment_size', 'number_of_fragments', 'no_match_size', 'require_field_match', 'order', 'type', 'highlight_query', 'encoder', 'fragmenter', 'tags_schema', 'boundary_scanner', 'boundary_chars', 'boundary_max_scan', 'boundary_scanner_locale', 'fragment_offset', 'matched_fields', 'phrase_limit', 'force_source', 'highlight_filter', 'options', 'max_analyzed_offset'];
/** Options of the other highlighters, or that change what the plain one does in ways Tessera does not follow. */
const NOT_EVALUATED = new Set(['boundary_scanner', 'boundary_chars', 'boundary_max_scan', 'boundary_scanner_locale', 'fragment_offset', 'matched_fields', 'phrase_limit', 'highlight_filter', 'options', 'max_analyzed_offset']);

function strings(member: string, value: Json): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.map((v) => readString('highlight', member, v));
}

function readOptions(object: JsonObject, base: HighlightOptions, where: string, topLevel: boolean): { options: HighlightOptions; fields?: Json } {
  const o: { -readonly [K in keyof HighlightOptions]: HighlightOptions[K] } = { ...base };
  let fields: Json | undefined;
  for (const [member, value] of Object.entries(object)) {
    if (topLevel && member === 'fields') {
      fields = value;
      continue;
    }
    if (!OPTION_NAMES.includes(member)) {
      throw new ClusterError('x_content_parse_exception', 400, `[${where}] unknown field [${member}]${didYouMean(member, topLevel ? [...OPTION_NAMES, 'fields'] : OPTION_NAMES)}`);
    }
    if (NOT_EVALUATED.has(member)) throw notSupportedYet(`[${member}] in highlight`);
    switch (member) {
      case 'pre_tags':
        o.preTags = strings(member, value);
        break;
      case 'post_tags':
        o.postTags = strings(member, value);
        break;
      case 'fragment_size':
        o.fragmentSize = readInt('highlight', member, value);
        break;
      case 'number_of_fragments':
        o.numberOfFragments = readInt('highlight', member, value);
        break;
      case 'no_match_size':
        o.noMatchSize = readInt('highlight', member, value);
        break;
      case 'require_field_match':
        o.requireFieldMatch = readBoolean('highlight', member, value);
        break;
      case 'force_source':
        readBoolean('highlight', member, value); // Tessera always highlights from _source.
        break;
      case 'order': {
        const order = readString('highlight', member, value);
        // HighlightBuilder.Order.fromString: `score`, anything else is `none`.
        o.scoreOrdered = order.toLowerCase() === 'score';
        break;
      }
      case 'type': {
        // The unified highlighter is run as the plain one: the same fragments for the queries Tessera highlights, not
        // the unified highlighter's sentence-based fragments.
        const type = readString('highlight', member, value);
        if (type === 'fvh') throw notSupportedYet('the [fvh] highlighter (Tessera keeps no term vectors)');
        if (type !== 'plain' && type !== 'unified') throw illegalArgument(`unknown highlighter type [${type}] for the field [${where}]`);
        break;
      }
      case 'encoder': {
        const encoder = readString('highlight', member, value);
        o.encoder = encoder === 'html' ? 'html' : 'default';
        break;
      }
      case 'fragmenter': {
        const fragmenter = readString('highlight', member, value);
        if (fragmenter !== 'simple' && fragmenter !== 'span') throw illegalArgument(`unknown fragmenter option [${fragmenter}] for the field [${where}]`);
        o.fragmenter = fragmenter;
        break;
      }
      case 'tags_schema': {
        const schema = readString('highlight', member, value);
        if (schema !== 'styled' && schema !== 'default') throw illegalArgument(`Unknown tag schema [${schema}]`);
        o.preTags = schema === 'styled' ? STYLED_PRE : ['<em>'];
        o.postTags = ['</em>'];
        break;
      }
      case 'highlight_query':
        if (!isObject(value)) throw new ClusterError('x_content_parse_exception', 400, `[${where}] highlight_query doesn't support values of type: ${Array.isArray(value) ? 'START_ARRAY' : 'VALUE'}`);
        o.highlightQuery = parseQuery(value);
        break;
    }
  }
  if (o.fragmentSize < 0 && o.numberOfFragments !== 0) throw illegalArgument(`[fragment_size] must be positive but was [${o.fragmentSize}]`);
  if (o.numberOfFragments < 0) throw illegalArgument(`[number_of_fragments] must be positive but was [${o.numberOfFragments}]`);
  return { options: o, ...(fields !== undefined && { fields }) };
}

/** The `highlight` object of a search request. */
export function parseHighlight(value: JsonObject): HighlightRequest {
  const { options: top, fields } = readOptions(value, DEFAULTS, 'highlight', true);
  const entries: [string, Json][] = [];
  if (isObject(fields)) entries.push(...Object.entries(fields));
  else if (Array.isArray(fields)) {
    for (const item of fields) {
      if (!isObject(item) || Object.keys(item).length !== 1) throw illegalArgument('If highlighter fields is an array it must contain objects containing a single field');
      entries.push(...Object.entries(item));
    }
  } else if (fields !== undefined) throw illegalArgument('Unknown key for a VALUE in [fields].');
  return {
    fields: entries.map(([field, options]) => {
      if (!isObject(options)) throw new ClusterError('x_content_parse_exception', 400, `[highlight_field] ${field} doesn't support values of type: VALUE`);
      return { field, options: readOptions(options, top, field, false).options };
    }),
  };
}
