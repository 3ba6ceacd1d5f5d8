/**
 * @module Merging a mapping into an index's (MapperService.merge): `update` is PUT _mapping and dynamic updates (new
 * fields added, updateable parameters changed, anything else a conflict); `template` composes templates and a create
 * request, where a later field definition replaces an earlier one. Then the checks of the merged whole: aliases
 * point at fields, and the field count stays within `index.mapping.total_fields.limit`.
 */
import { UPDATEABLE_PARAMS } from './field-types.js';
import { MappingErrors } from './mapping-errors.js';
import { isJsonObject, isObjectMapping, propertiesOf, setOwn, sortedObject, typeOf, type Json, type JsonObject, type RootMapping } from './mapping-model.js';

export type MergeReason = 'update' | 'template';

/** Parameter defaults, so that an absent parameter and its default value are the same setting. */
const DEFAULTS: Readonly<Record<string, Json>> = { index: true, doc_values: true, store: false, coerce: true, ignore_malformed: false, eager_global_ordinals: false };

export function mergeMappings(existing: RootMapping, incoming: RootMapping, reason: MergeReason): RootMapping {
  const out: JsonObject = { ...existing };
  for (const [key, value] of Object.entries(incoming)) {
    if (key === 'properties') out.properties = mergeProperties(propertiesOf(existing), propertiesOf(incoming), '', reason);
    else if (key === 'dynamic_templates') out.dynamic_templates = mergeTemplates(existing.dynamic_templates, value);
    else if (key === 'runtime') out.runtime = mergeRuntime(existing.runtime, value);
    else out[key] = value;
  }
  return out;
}

/** Templates with the same name are replaced in place, others appended (RootObjectMapper's merge). */
function mergeTemplates(existing: Json | undefined, incoming: Json): Json {
  const list = Array.isArray(existing) ? [...existing] : [];
  for (const entry of incoming as JsonObject[]) {
    const name = Object.keys(entry)[0]!;
    const at = list.findIndex((e) => Object.keys(e as JsonObject)[0] === name);
    if (at >= 0) list[at] = entry;
    else list.push(entry);
  }
  return list;
}

/** A runtime field set to null is removed. */
function mergeRuntime(existing: Json | undefined, incoming: Json): Json {
  const merged: Record<string, Json> = { ...(isJsonObject(existing) ? existing : {}) };
  for (const [name, field] of Object.entries(incoming as JsonObject)) {
    if (field === null) delete merged[name];
    else setOwn(merged, name, field);
  }
  return sortedObject(Object.entries(merged));
}

function mergeProperties(existing: Record<string, JsonObject>, incoming: Record<string, JsonObject>, prefix: string, reason: MergeReason): Record<string, JsonObject> {
  const merged = new Map(Object.entries(existing));
  for (const [name, mapping] of Object.entries(incoming)) {
    const before = merged.get(name);
    merged.set(name, before ? mergeMapping(before, mapping, prefix + name, reason) : mapping);
  }
  return sortedObject(merged);
}

function mergeMapping(existing: JsonObject, incoming: JsonObject, path: string, reason: MergeReason): JsonObject {
  const [objectBefore, objectAfter] = [isObjectMapping(existing), isObjectMapping(incoming)];
  if (objectBefore && objectAfter) {
    const nestedBefore = typeOf(existing) === 'nested';
    if (nestedBefore !== (typeOf(incoming) === 'nested')) {
      // MapperErrors.throwNestedMappingConflictError, whichever side is nested, composing templates too.
      throw MappingErrors.conflict(`can't merge a non-nested mapping [${path}] with a nested mapping`);
    }
    if (reason === 'update' && incoming.enabled !== undefined && (existing.enabled ?? true) !== incoming.enabled) {
      throw MappingErrors.conflict(`the [enabled] parameter can't be updated for the object mapping [${path}]`);
    }
    const out: JsonObject = { ...existing, ...incoming };
    const properties = mergeProperties(propertiesOf(existing), propertiesOf(incoming), `${path}.`, reason);
    if (Object.keys(properties).length > 0) {
      out.properties = properties;
      if (typeOf(out) === 'object') delete out.type;
    }
    return out;
  }
  // An object never becomes a field nor a field an object, not even when templates are composed (ObjectMapper.merge).
  if (objectBefore || objectAfter) {
    if (typeOf(existing) === 'nested' || typeOf(incoming) === 'nested') throw MappingErrors.conflict(`can't merge a non-nested mapping [${path}] with a nested mapping`);
    throw MappingErrors.conflict(`can't merge a non object mapping [${path}] with an object mapping`);
  }
  // Composing templates, a later field definition replaces an earlier one whole (ObjectMapper.MergeResult).
  if (reason === 'template') return incoming;
  const [from, to] = [typeOf(existing), typeOf(incoming)];
  if (from !== to) throw MappingErrors.conflict(`mapper [${path}] cannot be changed from type [${from}] to [${to}]`);
  if (from === 'alias') return incoming;
  const conflicts: string[] = [];
  const out: JsonObject = { type: to };
  const keys = new Set([...Object.keys(existing), ...Object.keys(incoming)]);
  for (const key of [...keys].sort()) {
    if (key === 'type') continue;
    if (key === 'fields') {
      const fields = mergeProperties((existing.fields ?? {}) as Record<string, JsonObject>, (incoming.fields ?? {}) as Record<string, JsonObject>, `${path}.`, reason);
      if (Object.keys(fields).length > 0) out.fields = fields;
      continue;
    }
    const [a, b] = [existing[key] ?? DEFAULTS[key], incoming[key] ?? DEFAULTS[key]];
    if (!UPDATEABLE_PARAMS.has(key) && JSON.stringify(a) !== JSON.stringify(b)) {
      conflicts.push(`Cannot update parameter [${key}] from [${javaValue(a)}] to [${javaValue(b)}]`);
    }
    if (incoming[key] !== undefined) out[key] = incoming[key]!;
    else if (!UPDATEABLE_PARAMS.has(key) && existing[key] !== undefined) out[key] = existing[key]!;
  }
  if (conflicts.length > 0) throw MappingErrors.conflict(`Mapper for [${path}] conflicts with existing mapper:\n\t${conflicts.join('\n\t')}`);
  return out;
}

function javaValue(value: Json | undefined): string {
  if (value === undefined || value === null) return 'null';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Every mapper the limit counts: objects, fields, multi-fields, aliases and runtime fields (MappingLookup). */
export function countFields(mapping: RootMapping): number {
  const count = (properties: Record<string, JsonObject>): number =>
    Object.values(properties).reduce((n, m) => n + 1 + count(propertiesOf(m)) + count((isJsonObject(m.fields) ? m.fields : {}) as Record<string, JsonObject>), 0);
  return count(propertiesOf(mapping)) + (isJsonObject(mapping.runtime) ? Object.keys(mapping.runtime).length : 0);
}

export const TOTAL_FIELDS_LIMIT = 'index.mapping.total_fields.limit';

/** MappingLookup.checkFieldLimit. */
export function checkFieldLimit(mapping: RootMapping, limit: number, newFields?: number): void {
  if (countFields(mapping) <= limit) return;
  const adding = newFields === undefined ? '' : ` while adding new fields [${newFields}]`;
  throw MappingErrors.conflict(`Limit of total fields [${limit}] has been exceeded${adding}`);
}

/** FieldAliasMapper.validate for every alias: its path names a concrete field, not itself, an object or an alias. */
export function checkAliases(mapping: RootMapping): void {
  const fields = new Map<string, JsonObject>();
  const walk = (properties: Record<string, JsonObject>, prefix: string) => {
    for (const [name, m] of Object.entries(properties)) {
      fields.set(prefix + name, m);
      walk(propertiesOf(m), `${prefix}${name}.`);
      if (isJsonObject(m.fields)) for (const [sub, f] of Object.entries(m.fields)) fields.set(`${prefix}${name}.${sub}`, f as JsonObject);
    }
  };
  walk(propertiesOf(mapping), '');
  for (const [name, m] of fields) {
    if (m.type !== 'alias') continue;
    const path = m.path as string;
    const invalid = (why: string) => MappingErrors.parsing(`Invalid [path] value [${path}] for field alias [${name}]: ${why}`);
    if (path === name) throw invalid('an alias cannot refer to itself.');
    const target = fields.get(path);
    if (!target || isObjectMapping(target)) throw invalid('an alias must refer to an existing field in the mappings.');
    if (target.type === 'alias') throw invalid('an alias cannot refer to another alias.');
  }
}

export const DEPTH_LIMIT = 'index.mapping.depth.limit';

/** MappingLookup.checkObjectDepthLimit: the root is depth 1, each object one deeper than its parent. */
export function checkDepthLimit(mapping: RootMapping, limit: number): void {
  const walk = (properties: Record<string, JsonObject>, prefix: string, depth: number) => {
    for (const [name, m] of Object.entries(properties)) {
      if (!isObjectMapping(m)) continue;
      if (depth + 1 > limit) throw MappingErrors.conflict(`Limit of mapping depth [${limit}] has been exceeded due to object field [${prefix}${name}]`);
      walk(propertiesOf(m), `${prefix}${name}.`, depth + 1);
    }
  };
  walk(propertiesOf(mapping), '', 1);
}
