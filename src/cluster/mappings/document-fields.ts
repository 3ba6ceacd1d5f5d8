/**
 * @module A document read against its index's mapping (DocumentParser): each value checked against its field's type,
 * unknown fields refused (`strict`), skipped (`false`) or mapped as ES's dynamic mapping infers them (`true`,
 * `runtime`, `dynamic_templates`, date and numeric detection). The answer is the mapping the document adds, if any.
 */
import { type ClusterError, ClusterErrors } from '../cluster-error.js';
import { cachedDateFormat, parsesAsDate, type DateFormat } from './date-formats.js';
import { findDynamicTemplate, type MappingType } from './dynamic-templates.js';
import { preview, valueRefusal } from './field-values.js';
import { MappingErrors } from './mapping-errors.js';
import { dynamicOf, isJsonObject, isObjectMapping, ownValue, propertiesOf, setOwn, type Dynamic, type Json, type JsonObject, type RootMapping } from './mapping-model.js';
import { parseMapping } from './parse-mappings.js';
import { locationOf, type JsonPath } from './json-location.js';

/** Objects a dotted name stands for (`{"a.b": 1}` read as `{a: {b: 1}}`): they add no step to a value's place in the text. */
const EXPANDED = new WeakSet<object>();

/** RootObjectMapper's default dynamic_date_formats; a field detected with the first is written without a format. */
const DEFAULT_DYNAMIC_DATE_FORMATS = ['strict_date_optional_time||epoch_millis', 'yyyy/MM/dd HH:mm:ss||yyyy/MM/dd||epoch_millis'];
const METADATA_FIELDS = new Set(['_id', '_index', '_source', '_routing', '_seq_no', '_primary_term', '_version', '_field_names', '_ignored', '_tier', '_data_stream_timestamp', '_doc_count', '_nested_path']);

export interface DocumentContext {
  readonly id: string;
  /** The index's `index.mapping.coerce` and `index.mapping.ignore_malformed`. */
  readonly coerce: boolean;
  readonly ignoreMalformed: boolean;
  /** The template a new field must be mapped with, by full path (a bulk item's `dynamic_templates`). */
  readonly dynamicTemplates?: Readonly<Record<string, string>>;
}

/** Reads `source` against `mapping`; answers the mapping it adds (to merge) or undefined, and throws ES's error. */
export function mapDocument(mapping: RootMapping, source: JsonObject, context: DocumentContext): RootMapping | undefined {
  // A disabled root keeps documents in _source and maps nothing.
  if (mapping.enabled === false) return undefined;
  // Most documents add no field: they are read against the mapping itself, and only one that adds a field is read
  // again against a copy to add it to. Both reads refuse the same document in the same words, as they agree up to there.
  try {
    const reader = new DocumentReader(mapping, context, source, false);
    reader.readObject(reader.working, source, '', reader.rootDynamic, true);
    return undefined;
  } catch (error) {
    if (error !== ADDS_FIELDS) throw error;
  }
  const reader = new DocumentReader(mapping, context, source, true);
  reader.readObject(reader.working, source, '', reader.rootDynamic, true);
  return reader.added ? tidyObjects(reader.delta) : undefined;
}

/** Thrown by a read against the mapping itself where the document changes the mapping. */
const ADDS_FIELDS = new (class AddsFields {})();

/** As ObjectMapper writes objects: `type: object` only without properties, and no empty properties. */
function tidyObjects(mapping: JsonObject): JsonObject {
  if (!isJsonObject(mapping.properties)) return mapping;
  const properties = Object.fromEntries(Object.entries(mapping.properties).map(([name, m]) => [name, tidyObjects(m as JsonObject)]));
  const out: JsonObject = { ...mapping, properties };
  if (Object.keys(properties).length === 0) delete out.properties;
  else if (out.type === 'object') delete out.type;
  if (out.properties === undefined && out.type === undefined && mapping !== out && Object.keys(out).length === 0) out.type = 'object';
  return out;
}

class DocumentReader {
  readonly delta: JsonObject = {};
  added = false;
  readonly #dateFormats: { text: string; format: DateFormat }[];
  /** The mapping as this document has changed it so far. */
  readonly working: JsonObject;
  readonly rootDynamic: Dynamic;

  constructor(
    private readonly root: RootMapping,
    private readonly context: DocumentContext,
    private readonly source: JsonObject,
    /** Whether `working` is a copy of the mapping that the document's new fields may be added to. */
    private readonly copied: boolean,
  ) {
    const texts = Array.isArray(root.dynamic_date_formats) ? (root.dynamic_date_formats as string[]) : DEFAULT_DYNAMIC_DATE_FORMATS;
    this.#dateFormats = texts.map((text) => ({ text, format: cachedDateFormat(text) as DateFormat }));
    this.working = copied ? (structuredClone(root) as JsonObject) : root;
    this.rootDynamic = (root.dynamic as Json | undefined) === undefined ? 'true' : (String(root.dynamic) as Dynamic);
  }

  /** `object` is the (working copy of the) mapping of the object at `prefix`; new fields are added to it and to the delta. */
  readObject(object: JsonObject, value: JsonObject, prefix: string, dynamic: Dynamic, root = false, at: JsonPath = []): void {
    for (const [rawKey, child] of Object.entries(value)) {
      const childAt = EXPANDED.has(value) ? at : [...at, rawKey];
      if (root && METADATA_FIELDS.has(rawKey)) {
        throw this.#error(childAt, `Field [${rawKey}] is a metadata field and cannot be added inside a document. Use the index API request parameters.`);
      }
      if (rawKey.trim() === '') throw this.#error(childAt, `field name cannot be an empty string`);
      // `a.b` in a document is field b of object a.
      const dot = rawKey.indexOf('.');
      if (dot > 0 && dot < rawKey.length - 1) {
        const inner = { [rawKey.slice(dot + 1)]: child };
        const outer = { [rawKey.slice(0, dot)]: inner };
        EXPANDED.add(inner);
        EXPANDED.add(outer);
        this.readObject(object, outer, prefix, dynamic, false, childAt);
        continue;
      }
      this.#readField(object, rawKey, child, prefix, dynamic, childAt);
    }
  }

  /** DocumentParsingException: the reason after where in the text the parser was. */
  #error(at: JsonPath, reason: string, causedBy?: ClusterError, end = false) {
    return MappingErrors.document(`[${locationOf(this.source, at, end)}] ${reason}`, causedBy);
  }

  #readField(object: JsonObject, name: string, value: Json, prefix: string, dynamic: Dynamic, at: JsonPath): void {
    const path = prefix + name;
    const properties = propertiesOf(object);
    const field = ownValue(properties, name);
    if (value === null) return this.#readNull(object, field, name, path, prefix, dynamic, at);
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) this.#readField(object, name, item, prefix, dynamic, [...at, i]);
      return;
    }
    if (field) return this.#readMapped(field, name, path, value, dynamic, at);
    if (isJsonObject(this.root.runtime) && ownValue(this.root.runtime, path) !== undefined) return;
    const own = dynamicOf(object) ?? dynamic;
    if (own === 'strict') throw MappingErrors.strictDynamic(locationOf(this.source, at), name, prefix === '' ? '_doc' : prefix.slice(0, -1));
    if (own === 'false') return;
    const added = this.#infer(name, path, value, own, at);
    if (!added) return;
    if (!this.copied) throw ADDS_FIELDS;
    if (!isJsonObject(object.properties)) object.properties = {};
    setOwn(object.properties as JsonObject, name, added.mapping);
    this.#record(path, added.mapping, added.runtime);
    if (!added.runtime && isObjectMapping(added.mapping) && isJsonObject(value)) this.readObject(added.mapping, value, `${path}.`, own, false, at);
    else if (!added.runtime) this.#readMapped(added.mapping, name, path, value, own, at);
  }

  /**
   * DocumentParser.parseNullValue: a null reaches the field's mapper (which indexes its `null_value`, if any; an alias
   * or a constant_keyword refuses it, and copy_to copies it); an unmapped field adds nothing, but strict refuses it.
   */
  #readNull(object: JsonObject, field: JsonObject | undefined, name: string, path: string, prefix: string, dynamic: Dynamic, at: JsonPath): void {
    if (field) {
      if (field.type === 'alias') throw this.#error(at, `Cannot write to a field alias [${path}].`);
      if (isObjectMapping(field)) return;
      if (field.type === 'constant_keyword') {
        const reason = `failed to parse field [${path}] of type [constant_keyword] in document with id '${this.context.id}'. Preview of field's value: 'null'`;
        throw this.#error(at, reason, ClusterErrors.illegalArgument(`[constant_keyword] field [${path}] doesn't accept [null] values`));
      }
      this.#copyTo(field, null, at);
      return;
    }
    if (isJsonObject(this.root.runtime) && ownValue(this.root.runtime, path) !== undefined) return;
    if ((dynamicOf(object) ?? dynamic) === 'strict') throw MappingErrors.strictDynamic(locationOf(this.source, at), name, prefix === '' ? '_doc' : prefix.slice(0, -1));
  }

  /** copy_to writes the value to each target as if the document held it there (a new target is mapped dynamically). */
  #copyTo(field: JsonObject, value: Json, at: JsonPath): void {
    if (!Array.isArray(field.copy_to)) return;
    for (const target of field.copy_to as string[]) {
      const copy = { [target]: value };
      EXPANDED.add(copy);
      this.readObject(this.working, copy, '', this.rootDynamic, false, at);
    }
  }

  #readMapped(field: JsonObject, name: string, path: string, value: Json, dynamic: Dynamic, at: JsonPath): void {
    if (field.type === 'alias') throw this.#error(at, `Cannot write to a field alias [${path}].`);
    if (isObjectMapping(field)) {
      if (field.enabled === false) return;
      if (!isJsonObject(value)) throw this.#error(at, `object mapping for [${path}] tried to parse field [${name}] as object, but found a concrete value`);
      return this.readObject(field, value, `${path}.`, dynamicOf(field) ?? dynamic, false, at);
    }
    const coerce = typeof field.coerce === 'boolean' ? field.coerce : this.context.coerce;
    const refusal: ClusterError | undefined = valueRefusal(field, value, coerce, path, () => locationOf(this.source, at));
    if (refusal) {
      const ignoreMalformed = typeof field.ignore_malformed === 'boolean' ? field.ignore_malformed : this.context.ignoreMalformed;
      // ignore_malformed keeps the document and leaves the value unindexed; it never covers a value of the wrong shape.
      if (ignoreMalformed && !isJsonObject(value)) return;
      // The preview reads an object whole, leaving the parser at its end.
      const reason = `failed to parse field [${path}] of type [${field.type as string}] in document with id '${this.context.id}'. Preview of field's value: '${preview(value)}'`;
      throw this.#error(at, reason, refusal, isJsonObject(value));
    }
    this.#copyTo(field, value, at);
    if (field.type === 'constant_keyword' && field.value === undefined) {
      if (!this.copied) throw ADDS_FIELDS;
      // The first document gives a constant_keyword field without a value its value.
      field.value = typeof value === 'string' ? value : String(value);
      this.#record(path, { ...field }, false);
    }
  }

  /** The mapping a new field gets: a dynamic template's, else ES's inference. */
  #infer(name: string, path: string, value: Json, dynamic: Dynamic, at: JsonPath): { mapping: JsonObject; runtime: boolean } | undefined {
    const detected = this.#detect(value);
    if (!detected) return undefined;
    const named = this.context.dynamicTemplates?.[path];
    const template = findDynamicTemplate(this.root.dynamic_templates, name, path, detected.matchType, detected.defaultType, named);
    if (named !== undefined && !template) throw this.#error(at, `Can't find dynamic template for dynamic template name [${named}] of field [${path}]`);
    if (template) {
      const raw = { ...template.mapping };
      if (raw.type === undefined && !template.runtime) raw.type = detected.defaultType === 'object' ? 'object' : detected.defaultType;
      if (template.runtime) return { mapping: { type: (raw.type as string | undefined) ?? detected.runtimeType, ...raw }, runtime: true };
      return { mapping: parseMapping(name, path, raw), runtime: false };
    }
    if (dynamic === 'runtime' && detected.matchType !== 'object') return { mapping: { type: detected.runtimeType, ...detected.extra }, runtime: true };
    return { mapping: detected.mapping, runtime: false };
  }

  #detect(value: Json): { matchType: MappingType; defaultType: string; runtimeType: string; mapping: JsonObject; extra: JsonObject } | undefined {
    if (isJsonObject(value)) return { matchType: 'object', defaultType: 'object', runtimeType: 'object', mapping: { type: 'object' }, extra: {} };
    if (typeof value === 'boolean') return { matchType: 'boolean', defaultType: 'boolean', runtimeType: 'boolean', mapping: { type: 'boolean' }, extra: {} };
    if (typeof value === 'number') {
      return Number.isInteger(value)
        ? { matchType: 'long', defaultType: 'long', runtimeType: 'long', mapping: { type: 'long' }, extra: {} }
        : { matchType: 'double', defaultType: 'float', runtimeType: 'double', mapping: { type: 'float' }, extra: {} };
    }
    if (typeof value !== 'string') return undefined;
    if (this.root.date_detection !== false && !/^\s*[+-]?\d+(\.\d+)?\s*$/.test(value)) {
      for (const [i, { text, format }] of this.#dateFormats.entries()) {
        if (!parsesAsDate(format, value)) continue;
        const withFormat: JsonObject = i === 0 && text === DEFAULT_DYNAMIC_DATE_FORMATS[0] ? {} : { format: text };
        return { matchType: 'date', defaultType: 'date', runtimeType: 'date', mapping: { type: 'date', ...withFormat }, extra: withFormat };
      }
    }
    if (this.root.numeric_detection === true) {
      const text = value.trim();
      if (/^[+-]?\d+$/.test(text)) return { matchType: 'long', defaultType: 'long', runtimeType: 'long', mapping: { type: 'long' }, extra: {} };
      if (text !== '' && Number.isFinite(Number(text))) return { matchType: 'double', defaultType: 'float', runtimeType: 'double', mapping: { type: 'float' }, extra: {} };
    }
    return {
      matchType: 'string',
      defaultType: 'text',
      runtimeType: 'keyword',
      mapping: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } },
      extra: {},
    };
  }

  /** Adds `mapping` at `path` to the delta, which holds only what this document adds (and its parents). */
  #record(path: string, mapping: JsonObject, runtime: boolean): void {
    this.added = true;
    if (runtime) {
      const runtimeFields = (this.delta.runtime ??= {}) as JsonObject;
      setOwn(runtimeFields, path, mapping);
      return;
    }
    const parts = path.split('.');
    let node = this.delta;
    let working: JsonObject | undefined = this.working;
    for (const part of parts.slice(0, -1)) {
      working = working && (ownValue(propertiesOf(working), part) as JsonObject | undefined);
      const properties = (node.properties ??= {}) as JsonObject;
      // A parent that is nested says so, or merging the delta would read it as an object turning non-nested.
      if (ownValue(properties, part) === undefined) setOwn(properties, part, working?.type === 'nested' ? { type: 'nested' } : {});
      node = properties[part] as JsonObject;
    }
    const properties = (node.properties ??= {}) as JsonObject;
    const existing = ownValue(properties, parts.at(-1)!) as JsonObject | undefined;
    // A new object's own children are recorded under it afterwards.
    setOwn(properties, parts.at(-1)!, existing && isJsonObject(existing.properties) ? { ...mapping, properties: existing.properties } : { ...structuredClone(mapping), ...(isObjectMapping(mapping) && { properties: {} }) });
  }
}
