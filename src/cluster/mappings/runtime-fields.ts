/**
 * @module The `runtime` section of a mapping: fields of the types ES can read from `_source` without a script
 * (keyword, long, double, boolean, date, ip), stored and answered as given; a `script` is refused, Tessera having no
 * scripting (mapping-scripts.ts).
 */
import { preview } from './field-values.js';
import { checkOnScriptError, scriptRefusal } from './mapping-scripts.js';
import { MappingErrors } from './mapping-errors.js';
import { isJsonObject, sortedObject, type Json, type JsonObject } from './mapping-model.js';

const RUNTIME_TYPES = new Set(['keyword', 'long', 'double', 'boolean', 'date', 'ip']);

/** The class Jackson reads a JSON value as, which ES names when a runtime field is not an object. */
function javaClassOf(value: Json): string {
  if (typeof value === 'string') return 'java.lang.String';
  if (typeof value === 'boolean') return 'java.lang.Boolean';
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return 'java.lang.Double';
    return value >= -(2 ** 31) && value < 2 ** 31 ? 'java.lang.Integer' : 'java.lang.Long';
  }
  return 'java.util.ArrayList';
}

/** A runtime field's parameters by type (AbstractScriptFieldType.Builder; dates add their format and locale). */
function runtimeParams(type: string): readonly string[] {
  return type === 'date' ? ['script', 'on_script_error', 'meta', 'format', 'locale'] : ['script', 'on_script_error', 'meta'];
}

/**
 * RuntimeField.parseRuntimeFields: a null field removes the runtime field in a mapping update. `checkDateFormat`
 * refuses a `format` as a date field's is refused.
 */
export function parseRuntime(value: unknown, checkDateFormat: (format: string) => void): JsonObject {
  if (!isJsonObject(value)) throw MappingErrors.parsing('runtime mappings must be an object');
  const out: [string, Json][] = [];
  for (const [name, field] of Object.entries(value)) {
    if (field === null) {
      out.push([name, null]);
      continue;
    }
    if (!isJsonObject(field)) throw MappingErrors.parsing(`Expected map for runtime field [${name}] definition but got a ${javaClassOf(field)}`);
    const type = field.type;
    if (type === undefined || type === null) throw MappingErrors.parsing(`No type specified for runtime field [${name}]`);
    if (typeof type !== 'string' || !RUNTIME_TYPES.has(type)) throw MappingErrors.parsing(`No handler for type [${preview(type)}] declared on runtime field [${name}]`);
    const params = runtimeParams(type);
    for (const [key, v] of Object.entries(field)) {
      if (key === 'type') continue;
      if (!params.includes(key)) throw MappingErrors.parsing(`unknown parameter [${key}] on runtime field [${name}] of type [${type}]`);
      if (v === null && key !== 'script') throw MappingErrors.parsing(`[${key}] on runtime field [${name}] of type [${type}] must not have a [null] value`);
      if (key === 'format') checkDateFormat(typeof v === 'string' ? v : preview(v));
    }
    // Serialised as ES writes them: the type, then the builder's parameters in its order.
    const kept: JsonObject = { type };
    for (const key of ['meta', 'format', 'locale']) if (field[key] !== undefined) kept[key] = field[key]!;
    const script = field.script ?? null;
    if (field.on_script_error !== undefined) checkOnScriptError(field.on_script_error, script !== null);
    if (script !== null) throw scriptRefusal(true, name, script);
    out.push([name, kept]);
  }
  return sortedObject(out);
}
