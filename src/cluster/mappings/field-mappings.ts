/** @module GET _mapping/field: the mappings of the fields a list of names and patterns selects (GetFieldMappings). */
import { matchesPattern } from '../../platform/units/index.js';
import { isJsonObject, isObjectMapping, propertiesOf, setOwn, type JsonObject, type RootMapping } from './mapping-model.js';

export interface FieldMappingEntry {
  readonly full_name: string;
  readonly mapping: Record<string, JsonObject>;
}

/** Every field by full name (multi-fields and runtime fields too), and whether it is an object. */
function allFields(mapping: RootMapping): Map<string, { leaf: string; mapping: JsonObject; object: boolean }> {
  const out = new Map<string, { leaf: string; mapping: JsonObject; object: boolean }>();
  const walk = (properties: Record<string, JsonObject>, prefix: string) => {
    for (const [name, m] of Object.entries(properties)) {
      const full = prefix + name;
      out.set(full, { leaf: name, mapping: m, object: isObjectMapping(m) });
      walk(propertiesOf(m), `${full}.`);
      if (isJsonObject(m.fields)) for (const [sub, f] of Object.entries(m.fields)) out.set(`${full}.${sub}`, { leaf: sub, mapping: f as JsonObject, object: false });
    }
  };
  walk(propertiesOf(mapping), '');
  if (isJsonObject(mapping.runtime)) for (const [name, m] of Object.entries(mapping.runtime)) out.set(name, { leaf: name.split('.').at(-1)!, mapping: m as JsonObject, object: false });
  return out;
}

/** Patterns match field mappers only; a name given outright also finds an object (TransportGetFieldMappingsIndexAction). */
export function fieldMappings(mapping: RootMapping, names: readonly string[]): Record<string, FieldMappingEntry> {
  const fields = allFields(mapping);
  const out: Record<string, FieldMappingEntry> = {};
  for (const name of names) {
    if (name.includes('*')) {
      for (const [full, field] of fields) if (!field.object && matchesPattern(name, full)) setOwn(out, full, { full_name: full, mapping: { [field.leaf]: field.mapping } });
    } else {
      const field = fields.get(name);
      if (field) setOwn(out, name, { full_name: name, mapping: { [field.leaf]: field.mapping } });
    }
  }
  return out;
}
