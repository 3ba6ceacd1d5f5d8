/**
 * @module A hit's `fields` (FetchFieldsPhase over FieldFetcher) and `docvalue_fields` (FetchDocValuesPhase). `fields`
 * reads `_source` through the mapping: each mapped leaf field a name or pattern reaches, its values flattened out of
 * arrays, a multi-field fed its parent's values, each value as the field type parses it (numbers as numbers, dates in
 * the field's format or the one asked for). `docvalue_fields` shows what the doc values hold, which Tessera derives
 * from `_source` exactly as indexing does (document-indexer.ts): keywords sorted and unique, numbers sorted.
 */
import { ClusterErrors } from '../../cluster-error.js';
import { isJsonObject, type Json, type JsonObject, type RootMapping } from '../../mappings/mapping-model.js';
import { matchesPattern } from '../../../platform/units/patterns.js';
import { dateMillis, formatDateValue } from '../field-dates.js';
import { dateFormatOf } from '../../mappings/field-values.js';
import { indexDocument } from '../document-indexer.js';
import type { IndexFields, SearchField } from '../index-fields.js';
import type { FieldAndFormat } from '../search-request.js';
import { floatForJson } from '../analysis/bm25.js';

/** `index.max_docvalue_fields_search`'s default. */
export const DEFAULT_MAX_DOCVALUE_FIELDS = 100;

/** The mapped names (concrete fields and aliases) a request entry reaches, in mapping order. */
function namesOf(fields: IndexFields, entry: FieldAndFormat): string[] {
  const all = [...fields.fields.keys(), ...fields.aliases.keys()];
  return entry.field.includes('*') ? all.filter((name) => matchesPattern(entry.field, name)) : all.filter((name) => name === entry.field);
}

/** The raw values `_source` holds at `path` (dotted keys and object arrays followed), arrays flattened. */
export function valuesAt(source: Json, path: string): Json[] {
  const out: Json[] = [];
  const visit = (value: Json, rest: string) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, rest);
      return;
    }
    if (rest === '') {
      if (value !== null && !isJsonObject(value)) out.push(value);
      return;
    }
    if (!isJsonObject(value)) return;
    // A key may hold several dotted parts of the path at once (`{"a.b": 1}`).
    for (const [key, child] of Object.entries(value)) {
      if (rest === key) visit(child, '');
      else if (rest.startsWith(`${key}.`)) visit(child, rest.slice(key.length + 1));
    }
  };
  visit(source, path);
  return out;
}

/** A value as the field type's value fetcher gives it; undefined for one it ignores. */
function fetchedValue(field: SearchField, value: Json, format: string | undefined): Json | undefined {
  switch (field.family) {
    case 'text':
      return String(value);
    case 'keyword': {
      const text = String(value);
      const ignoreAbove = typeof field.mapping.ignore_above === 'number' ? field.mapping.ignore_above : undefined;
      return ignoreAbove !== undefined && [...text].length > ignoreAbove ? undefined : text;
    }
    case 'numeric': {
      const n = typeof value === 'number' ? value : Number(String(value).trim());
      if (!Number.isFinite(n)) return undefined;
      if (field.type === 'float' || field.type === 'half_float') return floatForJson(n);
      return field.type === 'double' || field.type === 'scaled_float' ? n : Math.trunc(n);
    }
    case 'date': {
      const millis = typeof value === 'string' || typeof value === 'number' ? dateMillis(field.mapping, value) : undefined;
      return millis === undefined ? undefined : formatDateValue(format ?? dateFormatOf(field.mapping).text, millis);
    }
    case 'boolean':
      return value === true || value === 'true' ? true : value === false || value === 'false' || value === '' ? false : undefined;
    default:
      return value;
  }
}

/** The source path a field's values come from: a multi-field reads its parent's. */
export function sourcePath(fields: IndexFields, field: SearchField): string {
  for (const parent of fields.fields.values()) if (parent.subfields.includes(field)) return parent.path;
  return field.path;
}

/** `fields`: name → values, in the order asked for, for the fields that have values. */
export function fetchFields(fields: IndexFields, source: JsonObject, requested: readonly FieldAndFormat[]): Record<string, Json[]> {
  const out: Record<string, Json[]> = {};
  for (const entry of requested) {
    for (const name of namesOf(fields, entry)) {
      if (Object.hasOwn(out, name)) continue;
      const field = fields.fields.get(fields.aliases.get(name) ?? name)!;
      if (field.family === undefined) continue;
      const raw = valuesAt(source, sourcePath(fields, field));
      const nullValue = field.mapping.null_value;
      const values = (raw.length === 0 && nullValue !== undefined && nullValue !== null && hasNull(source, sourcePath(fields, field)) ? [nullValue as Json] : raw)
        .map((v) => fetchedValue(field, v, entry.format))
        .filter((v): v is Json => v !== undefined);
      if (values.length > 0) out[name] = values;
    }
  }
  return out;
}

/** Whether the source holds an explicit null at `path` (what `null_value` stands in for). */
function hasNull(source: JsonObject, path: string): boolean {
  let value: Json | undefined = source;
  for (const part of path.split('.')) value = isJsonObject(value) ? value[part] : undefined;
  return value === null;
}

/** `docvalue_fields`: name → the doc values, formatted (dates in their format, `epoch_millis` as a string as ES does). */
export function fetchDocValues(mapping: RootMapping, fields: IndexFields, source: JsonObject, requested: readonly FieldAndFormat[]): Record<string, Json[]> {
  const indexed = indexDocument(mapping, source).values;
  const out: Record<string, Json[]> = {};
  for (const entry of requested) {
    const names = namesOf(fields, entry);
    for (const name of names) {
      if (Object.hasOwn(out, name)) continue;
      const field = fields.fields.get(fields.aliases.get(name) ?? name)!;
      // Refused up front (checkDocValueFields) when named outright; a pattern passes them by.
      if (field.family === undefined || field.family === 'text' || !field.docValues) continue;
      const own = indexed.filter((v) => v.field === field.path);
      let values: Json[];
      if (field.family === 'keyword') values = [...new Set(own.map((v) => v.keyword!))].sort(compareUtf8);
      else {
        const numbers = own.map((v) => v.number!).sort((a, b) => a - b);
        values = numbers.map((n) => docValue(field, n, entry.format));
      }
      if (values.length > 0) out[name] = values;
    }
  }
  return out;
}

/** Doc values sort by their UTF-8 bytes (Lucene's BytesRef order). */
function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function docValue(field: SearchField, n: number, format: string | undefined): Json {
  if (field.family === 'date') return formatDateValue(format ?? dateFormatOf(field.mapping).text, n);
  if (field.family === 'boolean') return n === 1;
  if (format !== undefined && format !== 'use_field_mapping') throw ClusterErrors.illegalArgument(`Tessera does not support a [format] for the numeric field [${field.path}] in [docvalue_fields] yet`);
  if (field.type === 'float' || field.type === 'half_float') return floatForJson(n);
  return n;
}

/**
 * FetchDocValuesContext, as each shard builds it before it searches: at most `index.max_docvalue_fields_search`
 * fields (each pattern's matches counted), and each field named outright must have doc values.
 */
export function checkDocValueFields(fields: IndexFields, requested: readonly FieldAndFormat[], max: number): void {
  const count = requested.reduce((n, entry) => n + (entry.field.includes('*') ? namesOf(fields, entry).length : 1), 0);
  if (count > max) {
    throw ClusterErrors.illegalArgument(
      `Trying to retrieve too many docvalue_fields. Must be less than or equal to: [${max}] but was [${count}]. This limit can be set by changing the [index.max_docvalue_fields_search] index level setting.`,
    );
  }
  for (const entry of requested) {
    if (entry.field.includes('*')) continue;
    for (const name of namesOf(fields, entry)) {
      const field = fields.fields.get(fields.aliases.get(name) ?? name)!;
      if (field.family === 'text') {
        throw ClusterErrors.illegalArgument(
          `Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [${name}] in order to load field data by uninverting the inverted index. Note that this can use significant memory.`,
        );
      }
      if (field.family === undefined || !field.docValues) throw ClusterErrors.illegalArgument(`Can't load fielddata on [${name}] because fielddata is unsupported on fields of type [${field.type}]. Use doc values instead.`);
    }
  }
}
