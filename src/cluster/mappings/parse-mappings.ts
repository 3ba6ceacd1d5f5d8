/**
 * @module Reads a `mappings` object as ES's MappingParser and the mappers' TypeParsers read it, into the stored form
 * (mapping-model.ts): properties sorted, dotted names expanded into objects, `copy_to` as an array. Every refusal
 * is ES's MapperParsingException with its reason.
 */
import { compileDateFormat } from './date-formats.js';
import { BOOLEAN_PARAMS, BUILT_IN_ANALYZERS, FIELD_PARAMS, GENERIC_PARAMS, UNSUPPORTED_PARAMS } from './field-types.js';
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import { MappingErrors } from './mapping-errors.js';
import { isJsonObject, sortedObject, type Json, type JsonObject, type RootMapping } from './mapping-model.js';
import { parseDynamicTemplates } from './dynamic-templates.js';
import { checkBuiltNullValue, parseNullValue } from './null-values.js';
import { checkOnScriptError, scriptRefusal } from './mapping-scripts.js';
import { parseRuntime } from './runtime-fields.js';

const OBJECT_PARAMS = new Set(['type', 'properties', 'dynamic', 'enabled', 'subobjects']);
const NESTED_PARAMS = new Set([...OBJECT_PARAMS, 'include_in_parent', 'include_in_root']);

/** Java's Map.toString of what was left, as checkNoRemainingFields prints it. */
function javaString(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(javaString).join(', ')}]`;
  if (isJsonObject(value)) return `{${Object.entries(value).map(([k, v]) => `${k}=${javaString(v)}`).join(', ')}}`;
  return String(value);
}

function remaining(entries: [string, unknown][]): string {
  return entries.map(([k, v]) => ` [${k} : ${javaString(v)}]`).join('');
}

function booleanParam(value: unknown, name: string): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw MappingErrors.parsing(`Failed to parse value [${javaString(value)}] as only [true] or [false] are allowed.`);
  void name;
}

function parseDynamic(value: unknown): Json {
  if (value === 'strict' || value === 'runtime') return value;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw MappingErrors.parsing(`Could not convert [dynamic] to boolean`);
}

/** parseMappings as MapperService.merge calls it: any refusal is wrapped as `Failed to parse mapping: ...`. */
export function readMappings(input: unknown): RootMapping {
  try {
    return parseMappings(input);
  } catch (error) {
    if (error instanceof ClusterError) throw MappingErrors.unparsable(error);
    throw error;
  }
}

/** The root `mappings` of an index or template; `{}`, null and absent are the empty mapping. */
export function parseMappings(input: unknown): RootMapping {
  if (input === undefined || input === null) return {};
  if (!isJsonObject(input)) throw MappingErrors.parsing('Failed to parse mapping: mapping source must be an object');
  // A mapping may still name its one type, `_doc` (MapperService.parseMapping unwraps it).
  const keys = Object.keys(input);
  const body = keys.length === 1 && keys[0] === '_doc' && isJsonObject(input._doc) ? input._doc : input;
  const out: JsonObject = {};
  const unknown: [string, unknown][] = [];
  for (const [key, value] of Object.entries(body)) {
    switch (key) {
      case 'properties':
        out.properties = parseProperties(value, '');
        break;
      case 'dynamic':
        out.dynamic = parseDynamic(value);
        break;
      case '_meta':
        if (!isJsonObject(value)) throw MappingErrors.parsing(`[_meta] must be an object, got ${javaString(value)}`);
        out._meta = value;
        break;
      case '_source':
        out._source = parseSource(value);
        break;
      case '_routing':
        out._routing = parseRouting(value);
        break;
      case '_data_stream_timestamp':
        out._data_stream_timestamp = parseDataStreamTimestamp(value);
        break;
      case 'dynamic_templates':
        out.dynamic_templates = parseDynamicTemplates(value);
        break;
      case 'date_detection':
      case 'numeric_detection':
      case 'enabled':
      case 'subobjects':
        out[key] = booleanParam(value, key);
        break;
      case 'dynamic_date_formats':
        out.dynamic_date_formats = parseDateFormats(value);
        break;
      case 'runtime':
        out.runtime = parseRuntime(value, checkDateFormat);
        break;
      default:
        unknown.push([key, value]);
    }
  }
  if (unknown.length > 0) throw MappingErrors.parsing(`Root mapping definition has unsupported parameters: ${remaining(unknown)}`);
  return out;
}

function parseSource(value: unknown): JsonObject {
  if (!isJsonObject(value)) throw MappingErrors.parsing(`[_source] must be an object`);
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'enabled') out.enabled = booleanParam(v, key);
    else if (key === 'includes' || key === 'excludes') out[key] = stringList(v, key);
    else throw MappingErrors.parsing(`unknown parameter [${key}] on mapper [_source] of type [_source]`);
  }
  return out;
}

function parseRouting(value: unknown): JsonObject {
  if (!isJsonObject(value)) throw MappingErrors.parsing(`[_routing] must be an object`);
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'required') out.required = booleanParam(v, key);
    else throw MappingErrors.parsing(`unknown parameter [${key}] on mapper [_routing] of type [_routing]`);
  }
  return out;
}

function parseDataStreamTimestamp(value: unknown): JsonObject {
  if (!isJsonObject(value)) throw MappingErrors.parsing(`[_data_stream_timestamp] must be an object`);
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'enabled') out.enabled = booleanParam(v, key);
    else throw MappingErrors.parsing(`unknown parameter [${key}] on mapper [_data_stream_timestamp] of type [_data_stream_timestamp]`);
  }
  return out;
}

function stringList(value: unknown, name: string): string[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.some((v) => typeof v !== 'string')) throw MappingErrors.parsing(`[${name}] must be a list of strings`);
  return list as string[];
}

function parseDateFormats(value: unknown): Json {
  const formats = stringList(value, 'dynamic_date_formats');
  for (const format of formats) checkDateFormat(format);
  return formats;
}

function checkDateFormat(format: string): void {
  const compiled = compileDateFormat(format);
  if (typeof compiled === 'string') throw MappingErrors.parsing(compiled);
}

/** `properties` of an object; `prefix` is the object's full path and a dot, or empty at the root. */
export function parseProperties(value: unknown, prefix: string): Record<string, JsonObject> {
  // `properties: []` is the empty map of clients that cannot write one (PHP).
  if (Array.isArray(value) && value.length === 0) return {};
  if (!isJsonObject(value)) throw ClusterErrors.parse('properties must be a map type');
  const out = new Map<string, JsonObject>();
  for (const [rawName, node] of Object.entries(value)) {
    if (rawName.trim() === '') throw MappingErrors.parsing('field name cannot be an empty string');
    if (Array.isArray(node) && node.length === 0) continue;
    // ObjectMapper prints the class of the field's name, which is always a String.
    if (!isJsonObject(node)) throw MappingErrors.parsing(`Expected map for property [fields] on field [${rawName}] but got a class java.lang.String`);
    // `a.b` is object `a` holding `b` (ES 8 expands dotted names in mappings).
    const parts = rawName.split('.');
    if (parts.some((p) => p === '')) throw MappingErrors.parsing(`field name cannot contain only whitespace: ['${rawName}']`);
    const [head, ...rest] = parts as [string, ...string[]];
    const leaf = rest.length === 0 ? node : nestedFor(rest, node);
    const parsed = parseMapping(head, prefix + head, leaf);
    const existing = out.get(head);
    out.set(head, existing ? mergeDotted(existing, parsed) : parsed);
  }
  return sortedObject(out);
}

function nestedFor(path: readonly string[], node: JsonObject): JsonObject {
  return path.reduceRight<JsonObject>((inner, name) => ({ properties: { [name]: inner } }), node);
}

function mergeDotted(a: JsonObject, b: JsonObject): JsonObject {
  const properties = { ...(a.properties as Record<string, JsonObject> | undefined), ...(b.properties as Record<string, JsonObject> | undefined) };
  return { ...a, ...b, properties: sortedObject(Object.entries(properties)) };
}

/** One field's mapping (ObjectMapper.parseProperties picks the TypeParser by `type`). */
export function parseMapping(name: string, path: string, node: JsonObject): JsonObject {
  const type = node.type;
  if (type === undefined || type === null) {
    // ObjectMapper derives `object` from `properties`, or from `enabled` alone.
    if ((node.properties !== undefined && node.properties !== null) || (Object.keys(node).length === 1 && node.enabled !== undefined)) return parseObject(name, path, node, 'object');
    throw MappingErrors.parsing(`No type specified for field [${name}]`);
  }
  if (typeof type !== 'string') throw MappingErrors.parsing(`No handler for type [${javaString(type)}] declared on field [${name}]`);
  if (type === 'object' || type === 'nested') return parseObject(name, path, node, type);
  if (type === 'alias') return parseAlias(name, node);
  const params = FIELD_PARAMS[type];
  if (!params) throw MappingErrors.parsing(`No handler for type [${type}] declared on field [${name}]`);
  const allowed = new Set([...GENERIC_PARAMS, ...params]);
  const out: JsonObject = { type };
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    // Read after the others, as the mapper compiles its script when it is built.
    if (allowed.has(key) && (key === 'script' || key === 'on_script_error')) continue;
    if (!allowed.has(key) || UNSUPPORTED_PARAMS.has(key)) throw MappingErrors.parsing(`unknown parameter [${key}] on mapper [${name}] of type [${type}]`);
    // null_value alone accepts null, which is its default and so is not kept.
    if (value === null && key === 'null_value') continue;
    if (value === null) throw MappingErrors.parsing(`[${key}] on mapper [${name}] of type [${type}] must not have a [null] value`);
    out[key] = parseParam(name, path, type, key, value);
  }
  if (type === 'scaled_float' && out.scaling_factor === undefined) throw MappingErrors.parsing('Field [scaling_factor] is required');
  if (allowed.has('script')) {
    const script = node.script ?? null;
    if (node.on_script_error !== undefined) checkOnScriptError(node.on_script_error, script !== null);
    if (script !== null) throw scriptRefusal(false, name, script);
  }
  if (typeof out.null_value === 'string') checkBuiltNullValue(name, type, out.null_value, typeof out.format === 'string' ? out.format : undefined);
  return out;
}

function parseParam(name: string, path: string, type: string, key: string, value: Json): Json {
  if (BOOLEAN_PARAMS.has(key)) return booleanParam(value, key);
  switch (key) {
    case 'fields':
      return parseMultiFields(name, path, value);
    case 'copy_to':
      return stringList(value, key);
    case 'meta':
      if (!isJsonObject(value)) throw MappingErrors.parsing(`[meta] must be an object, got [${javaString(value)}] for field [${name}]`);
      return value;
    case 'ignore_above': {
      const n = Number(value);
      if (!Number.isInteger(n)) throw MappingErrors.parsing(`Failed to parse value [${javaString(value)}] for parameter [ignore_above]`);
      if (n < 0) throw MappingErrors.parsing(`[ignore_above] must be positive, got [${n}]`);
      return n;
    }
    case 'scaling_factor': {
      const n = Number(value);
      if (!Number.isFinite(n) || n <= 0) throw MappingErrors.parsing(`[scaling_factor] must be a positive number, got [${javaString(value)}]`);
      return n;
    }
    case 'null_value':
      return parseNullValue(name, type, value);
    case 'format':
      if (typeof value !== 'string') throw MappingErrors.parsing(`Invalid format: [${javaString(value)}]`);
      checkDateFormat(value);
      return value;
    case 'analyzer':
    case 'search_analyzer':
    case 'search_quote_analyzer':
      if (typeof value !== 'string' || !BUILT_IN_ANALYZERS.has(value)) throw MappingErrors.parsing(`analyzer [${javaString(value)}] has not been configured in mappings`);
      return value;
    default:
      void type;
      return value;
  }
}

function parseMultiFields(name: string, path: string, value: Json): JsonObject {
  if (!isJsonObject(value)) throw MappingErrors.parsing(`Expected map for property [fields] on field [${name}] but got a ${javaString(value)}`);
  const out = new Map<string, JsonObject>();
  for (const [sub, node] of Object.entries(value)) {
    if (!isJsonObject(node)) throw MappingErrors.parsing(`Expected map for property [fields] on field [${sub}] but got a ${javaString(node)}`);
    const subType = node.type;
    if (subType === 'object' || subType === 'nested' || subType === undefined) throw MappingErrors.parsing(`Type [${subType ?? 'object'}] cannot be used in multi field`);
    if (sub.includes('.')) throw MappingErrors.parsing(`Field name [${sub}] which is a multi field of [${path}] cannot contain '.'`);
    out.set(sub, parseMapping(sub, `${path}.${sub}`, node));
  }
  return sortedObject(out);
}

function parseObject(name: string, path: string, node: JsonObject, type: 'object' | 'nested'): JsonObject {
  const allowed = type === 'nested' ? NESTED_PARAMS : OBJECT_PARAMS;
  const out: JsonObject = {};
  const unknown: [string, unknown][] = [];
  for (const [key, value] of Object.entries(node)) {
    if (!allowed.has(key)) unknown.push([key, value]);
    else if (key === 'type') out.type = type;
    else if (key === 'properties') out.properties = parseProperties(value, `${path}.`);
    else if (key === 'dynamic') out.dynamic = parseDynamic(value);
    else out[key] = booleanParam(value, key);
  }
  if (unknown.length > 0) throw MappingErrors.parsing(`Mapping definition for [${name}] has unsupported parameters: ${remaining(unknown)}`);
  // ObjectMapper writes `type` only for nested objects and objects without properties.
  if (type === 'object' && out.properties !== undefined && Object.keys(out.properties as JsonObject).length > 0) delete out.type;
  else out.type = type;
  if (type === 'object' && Object.keys(out.properties ?? {}).length === 0) delete out.properties;
  return out;
}

function parseAlias(name: string, node: JsonObject): JsonObject {
  const unknown = Object.entries(node).filter(([key]) => key !== 'type' && key !== 'path');
  if (unknown.length > 0) throw MappingErrors.parsing(`Mapping definition for [${name}] has unsupported parameters: ${remaining(unknown)}`);
  if (typeof node.path !== 'string') throw MappingErrors.parsing(`The [path] property must be specified for field [${name}].`);
  return { type: 'alias', path: node.path };
}
