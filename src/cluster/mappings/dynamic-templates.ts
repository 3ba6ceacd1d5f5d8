/**
 * @module `dynamic_templates`: their parsing (DynamicTemplate.parse) and which one maps a new field of a document
 * (match / unmatch on its name, path_match / path_unmatch on its full path, match_mapping_type on its JSON type).
 */
import { matchesPattern } from '../../platform/units/index.js';
import { MappingErrors } from './mapping-errors.js';
import { isJsonObject, type Json, type JsonObject } from './mapping-model.js';

const PARAMS = new Set(['match', 'unmatch', 'path_match', 'path_unmatch', 'match_mapping_type', 'unmatch_mapping_type', 'match_pattern', 'mapping', 'runtime']);
/** XContentFieldType's names. */
export const MAPPING_TYPES = ['object', 'string', 'long', 'double', 'boolean', 'date', 'binary'] as const;
export type MappingType = (typeof MAPPING_TYPES)[number];

export function parseDynamicTemplates(value: unknown): Json {
  if (!Array.isArray(value)) throw MappingErrors.parsing(`Dynamic template syntax error. An array of named objects is expected.`);
  return value.map((entry) => {
    if (!isJsonObject(entry) || Object.keys(entry).length !== 1) throw MappingErrors.parsing('Dynamic template syntax error. An array of named objects is expected.');
    const [name, template] = Object.entries(entry)[0]!;
    if (!isJsonObject(template)) throw MappingErrors.parsing('Dynamic template syntax error. An array of named objects is expected.');
    for (const [key, v] of Object.entries(template)) {
      if (!PARAMS.has(key)) throw MappingErrors.parsing(`Illegal dynamic template parameter: [${key}]`);
      if ((key === 'match_mapping_type' || key === 'unmatch_mapping_type') && v !== '*') {
        for (const type of Array.isArray(v) ? v : [v]) {
          if (!(MAPPING_TYPES as readonly Json[]).includes(type)) throw MappingErrors.parsing(`No field type matched on [${String(type)}], possible values are [${MAPPING_TYPES.join(', ')}]`);
        }
      }
      if (key === 'match_pattern' && v !== 'simple' && v !== 'regex') throw MappingErrors.parsing(`Illegal match_pattern value: [${String(v)}], possible values are [simple, regex]`);
    }
    if (template.mapping === undefined && template.runtime === undefined) throw MappingErrors.parsing(`template [${name}] must have either mapping or runtime set`);
    return { [name]: template };
  });
}

function matches(patterns: Json | undefined, text: string, regex: boolean): boolean | undefined {
  if (patterns === undefined) return undefined;
  const list = (Array.isArray(patterns) ? patterns : [patterns]).map(String);
  return list.some((p) => (regex ? new RegExp(`^(?:${p})$`).test(text) : matchesPattern(p, text)));
}

/** The mapping the first matching template gives `name` (at `path`, of JSON type `type`), its placeholders filled. */
export function findDynamicTemplate(
  templates: Json | undefined,
  name: string,
  path: string,
  type: MappingType,
  defaultType: string,
  /** A template the write names for this field: it applies whatever its criteria (DynamicTemplate.match). */
  named?: string,
): { mapping: JsonObject; runtime: boolean } | undefined {
  if (!Array.isArray(templates)) return undefined;
  for (const entry of templates) {
    const [templateName, value] = Object.entries(entry as JsonObject)[0]!;
    const template = value as JsonObject;
    if (named !== undefined && templateName !== named) continue;
    if (named !== undefined) return build(template, name, defaultType);
    const regex = template.match_pattern === 'regex';
    const typeOk = (t: Json | undefined) => t === undefined || t === '*' || (Array.isArray(t) ? t.includes(type) : t === type);
    if (!typeOk(template.match_mapping_type)) continue;
    if (template.unmatch_mapping_type !== undefined && typeOk(template.unmatch_mapping_type)) continue;
    if (matches(template.match, name, regex) === false || matches(template.unmatch, name, regex) === true) continue;
    if (matches(template.path_match, path, false) === false || matches(template.path_unmatch, path, false) === true) continue;
    return build(template, name, defaultType);
  }
  return undefined;
}

function build(template: JsonObject, name: string, defaultType: string): { mapping: JsonObject; runtime: boolean } {
  const runtime = template.mapping === undefined;
  const raw = (runtime ? template.runtime : template.mapping) as JsonObject;
  return { mapping: fill(raw, name, defaultType) as JsonObject, runtime };
}

/** `{name}` and `{dynamic_type}` replaced as DynamicTemplate.processMap does. */
function fill(value: Json, name: string, dynamicType: string): Json {
  if (typeof value === 'string') return value.replaceAll('{name}', name).replaceAll('{dynamic_type}', dynamicType).replaceAll('{dynamicType}', dynamicType);
  if (Array.isArray(value)) return value.map((v) => fill(v, name, dynamicType));
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replaceAll('{name}', name), fill(v, name, dynamicType)]));
  return value;
}
