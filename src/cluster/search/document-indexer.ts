/**
 * @module What a document puts in the index (DocumentParser feeding each field mapper's `parseCreateField`): text
 * analysed into postings with positions, keywords, numbers, dates and booleans as doc values. Values the mapping
 * refuses never get here (the write fails first); values it ignores (`ignore_above`, `ignore_malformed`, unmapped
 * fields under `dynamic: false`) index nothing, as in ES.
 */
import { isJsonObject, type Json, type JsonObject, type RootMapping } from '../mappings/mapping-model.js';
import { ClusterErrors } from '../cluster-error.js';
import { indexFields, type IndexFields, type SearchField } from './index-fields.js';
import { analyze } from './analysis/analyze.js';
import { dateMillis } from './field-dates.js';

export interface IndexedTerm {
  readonly field: string;
  readonly term: string;
  readonly freq: number;
  /** Token positions, for phrase queries. */
  readonly positions: readonly number[];
}

/** A value kept per document for filters, sorting and aggregations: a keyword or a number (dates as epoch millis). */
export interface IndexedValue {
  readonly field: string;
  readonly keyword?: string;
  readonly number?: number;
}

/** A text field's length in tokens in this document (its norm). */
export interface IndexedLength {
  readonly field: string;
  readonly length: number;
}

export interface IndexedDocument {
  readonly terms: readonly IndexedTerm[];
  readonly values: readonly IndexedValue[];
  readonly lengths: readonly IndexedLength[];
  /**
   * The document's nested objects, each a document of its own (ES's nested documents), listed depth first; `parent`
   * is the place in this list of the nested document holding it, or -1 for the root document.
   */
  readonly nested?: readonly NestedDocument[];
}

export interface NestedDocument {
  readonly path: string;
  readonly parent: number;
  readonly doc: Omit<IndexedDocument, 'nested'>;
}

/** ES's `index.mapping.nested_objects.limit` default: the nested documents one document may hold. */
export const NESTED_OBJECTS_LIMIT = 10_000;

/** TextFieldMapper's default `position_increment_gap`: a phrase never spans two values of an array. */
const POSITION_INCREMENT_GAP = 100;

class Collector {
  readonly values: IndexedValue[] = [];
  /** field → term → positions */
  readonly #postings = new Map<string, Map<string, number[]>>();
  /** field → next position and token count */
  readonly #text = new Map<string, { next: number; length: number }>();

  addText(field: SearchField, text: string): void {
    let state = this.#text.get(field.path);
    if (!state) this.#text.set(field.path, (state = { next: 0, length: 0 }));
    else state.next += POSITION_INCREMENT_GAP;
    let terms = this.#postings.get(field.path);
    if (!terms) this.#postings.set(field.path, (terms = new Map()));
    let last = state.next - 1;
    for (const token of analyze(field.analyzer, text)) {
      const position = state.next + token.position;
      last = Math.max(last, position);
      state.length++;
      let positions = terms.get(token.term);
      if (!positions) terms.set(token.term, (positions = []));
      positions.push(position);
    }
    state.next = last + 1;
  }

  result(): IndexedDocument {
    const terms: IndexedTerm[] = [];
    for (const [field, byTerm] of this.#postings) for (const [term, positions] of byTerm) terms.push({ field, term, freq: positions.length, positions });
    const lengths = [...this.#text].map(([field, s]) => ({ field, length: s.length }));
    return { terms, values: this.values, lengths };
  }
}

/** A keyword's indexed form (KeywordFieldMapper: the value as text; ignore_above skips longer ones). */
function keywordOf(field: SearchField, value: Json): string | undefined {
  if (value === null || isJsonObject(value) || Array.isArray(value)) return undefined;
  const text = String(value);
  const ignoreAbove = typeof field.mapping.ignore_above === 'number' ? field.mapping.ignore_above : undefined;
  if (ignoreAbove !== undefined && [...text].length > ignoreAbove) return undefined;
  return text;
}

/** A number field's value (coerced as the mapper coerces strings; whole-number types drop the fraction). */
function numberOf(field: SearchField, value: Json): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(n)) return undefined;
  if (field.type === 'scaled_float') {
    const factor = Number(field.mapping.scaling_factor);
    return Number.isFinite(factor) && factor > 0 ? Math.round(n * factor) / factor : n;
  }
  if (field.type === 'float') return Math.fround(n);
  return field.type === 'double' || field.type === 'half_float' ? n : Math.trunc(n);
}

function indexValue(out: Collector, field: SearchField, value: Json): void {
  if (value === null) {
    if (field.mapping.null_value === undefined || field.mapping.null_value === null) return;
    value = field.mapping.null_value;
  }
  if (field.indexed || field.docValues) {
    switch (field.family) {
      case 'text':
        if (field.indexed && !isJsonObject(value) && !Array.isArray(value)) out.addText(field, String(value));
        break;
      case 'keyword': {
        const keyword = field.type === 'constant_keyword' ? undefined : keywordOf(field, value);
        if (keyword !== undefined) out.values.push({ field: field.path, keyword });
        break;
      }
      case 'numeric': {
        const number = numberOf(field, value);
        if (number !== undefined) out.values.push({ field: field.path, number });
        break;
      }
      case 'date': {
        const millis = typeof value === 'string' || typeof value === 'number' ? dateMillis(field.mapping, value) : undefined;
        if (millis !== undefined) out.values.push({ field: field.path, number: millis });
        break;
      }
      case 'boolean':
        if (value === true || value === 'true') out.values.push({ field: field.path, number: 1 });
        else if (value === false || value === 'false' || value === '') out.values.push({ field: field.path, number: 0 });
        break;
    }
  }
  for (const sub of field.subfields) indexValue(out, sub, value);
}

/** Where a walk indexes: the document (root or nested) being filled, and the list of nested documents met so far. */
interface Scope {
  readonly out: Collector;
  readonly nested: NestedDocuments;
  /** This document's place among the nested ones, -1 for the root. */
  readonly place: number;
}

function walk(scope: Scope, fields: IndexFields, value: Json, path: string): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(scope, fields, item, path);
    return;
  }
  const field = fields.fields.get(path);
  if (field) {
    indexValue(scope.out, field, value);
    for (const target of field.copyTo) {
      const copied = fields.fields.get(target);
      if (copied) indexValue(scope.out, copied, value);
    }
    return;
  }
  // A nested object is a document of its own, which only a nested query reaches (and the root as well where the
  // mapping includes it there).
  if (fields.objects.get(path) === 'nested') {
    if (!isJsonObject(value)) return;
    const child = new Collector();
    const place = scope.nested.add(path, child, scope.place);
    for (const [key, inner] of Object.entries(value)) walk({ out: child, nested: scope.nested, place }, fields, inner, `${path}.${key}`);
    if (fields.includedInRoot.has(path)) {
      const root = { out: scope.nested.rootCollector, nested: scope.nested.copies(), place: -1 };
      for (const [key, inner] of Object.entries(value)) walk(root, fields, inner, `${path}.${key}`);
    }
    return;
  }
  if (isJsonObject(value) && (path === '' || fields.objects.has(path))) {
    for (const [key, child] of Object.entries(value)) walk(scope, fields, child, path === '' ? key : `${path}.${key}`);
    return;
  }
  // `{"a.b": 1}` in a document is field b of object a: a dotted key reaches its field by its full path.
  if (isJsonObject(value)) for (const [key, child] of Object.entries(value)) walk(scope, fields, child, `${path}.${key}`);
}

/** The index entries of `source` under `mapping` (the mapping the write was checked against, its new fields included). */
export function indexDocument(mapping: RootMapping, source: JsonObject, nestedLimit = NESTED_OBJECTS_LIMIT): IndexedDocument {
  const out = new Collector();
  const nested = new NestedDocuments(out, nestedLimit);
  walk({ out, nested, place: -1 }, indexFields(mapping), source, '');
  const result = out.result();
  return nested.list.length === 0 ? result : { ...result, nested: nested.list.map(({ path, parent, collector }) => ({ path, parent, doc: collector.result() })) };
}

/** The nested documents of one source, in the order they are met. */
class NestedDocuments {

  readonly list: { path: string; parent: number; collector: Collector }[] = [];

  constructor(
    readonly rootCollector: Collector,
    private readonly limit: number,
    /** False for a copy into the root (include_in_root): its nested objects are already listed where they stand. */
    private readonly listing = true,
  ) {}

  /** The same root, for values copied into it: nothing met there is listed again. */
  copies(): NestedDocuments {
    return new NestedDocuments(this.rootCollector, this.limit, false);
  }

  add(path: string, collector: Collector, parent: number): number {
    if (!this.listing) return -1;
    if (this.list.length >= this.limit) {
      throw ClusterErrors.illegalArgument(`The number of nested documents has exceeded the allowed limit of [${this.limit}]. This limit can be set by changing the [index.mapping.nested_objects.limit] index level setting.`);
    }
    this.list.push({ path, parent, collector });
    return this.list.length - 1;
  }
}
