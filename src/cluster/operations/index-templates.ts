/** @module `PUT/DELETE /_index_template/<name>`: parsing, validation and the same-priority overlap rule. */
import { xContentBoolean } from '../../platform/xcontent.js';
import { parseAliases } from '../alias-rules.js';
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import type { ClusterState } from '../cluster-state.js';
import type { ComposableTemplate } from '../index-template.js';
import { INVALID_CHARS } from '../index-name.js';
import { patternsIntersect } from '../../platform/units/index.js';
import { normalizeIndexSettings } from '../index-settings.js';

const TEMPLATE_KEYS = new Set(['index_patterns', 'template', 'priority', 'version', 'composed_of', '_meta', 'data_stream', 'allow_auto_create', 'ignore_missing_component_templates', 'deprecated']);

function strings(value: unknown, field: string): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  throw ClusterErrors.xContentParse(`[index_template] failed to parse field [${field}]`);
}

/** MetadataIndexTemplateService.validate: the rules for a template's name and index patterns, all problems at once. */
function validateNameAndPatterns(name: string, patterns: readonly string[]): void {
  const errors: string[] = [];
  if (name.includes(' ')) errors.push('name must not contain a space');
  if (name.includes(',')) errors.push("name must not contain a ','");
  if (name.includes('#')) errors.push("name must not contain a '#'");
  if (name.includes('*')) errors.push("name must not contain a '*'");
  if (name.startsWith('_')) errors.push("name must not start with '_'");
  if (name.toLowerCase() !== name) errors.push('name must be lower cased');
  for (const pattern of patterns) {
    if (pattern.includes(' ')) errors.push(`index_patterns [${pattern}] must not contain a space`);
    if (pattern.includes(',')) errors.push(`index_pattern [${pattern}] must not contain a ','`);
    if (pattern.includes('#')) errors.push(`index_pattern [${pattern}] must not contain a '#'`);
    if (pattern.includes(':')) errors.push(`index_pattern [${pattern}] must not contain a ':'`);
    if (pattern.startsWith('_')) errors.push(`index_pattern [${pattern}] must not start with '_'`);
    if (INVALID_CHARS.some((c) => c !== '*' && pattern.includes(c))) {
      errors.push(`index_pattern [${pattern}] must not contain the following characters [${INVALID_CHARS.join(', ')}]`);
    }
  }
  if (errors.length > 0) {
    const cause = `Validation Failed: ${errors.map((e, i) => `${i + 1}: ${e};`).join('')}`;
    throw new ClusterError('invalid_index_template_exception', 400, `index_template [${name}] invalid, cause [${cause}]`);
  }
}

function isObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** ComposableIndexTemplate's declareLong: a number, or a string holding one, as XContentParser.longValue coerces it. */
function longField(field: string, value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(number) || Math.abs(number) > Number.MAX_SAFE_INTEGER) throw ClusterErrors.xContentParse(`[index_template] failed to parse field [${field}]`);
  return Math.trunc(number);
}

export function parseTemplate(name: string, body: unknown): ComposableTemplate {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw ClusterErrors.parse('request body is required');
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (!TEMPLATE_KEYS.has(key)) throw ClusterErrors.xContentParse(`[index_template] unknown field [${key}]`);
  }
  if (b.index_patterns === undefined) throw ClusterErrors.validation(['index patterns are missing']);
  const patterns = strings(b.index_patterns, 'index_patterns');
  // ComposableIndexTemplate's parser: a long, two objects and a boolean (none of them nullable).
  const version = b.version === undefined ? undefined : longField('version', b.version);
  const priority = b.priority === undefined ? undefined : longField('priority', b.priority);
  for (const field of ['_meta', 'data_stream'] as const) {
    if (b[field] !== undefined && !isObject(b[field])) throw ClusterErrors.xContentParse(`[index_template] failed to parse field [${field}]`);
  }
  for (const field of ['allow_auto_create', 'deprecated'] as const) {
    if (b[field] !== undefined && xContentBoolean(b[field]) === undefined) throw ClusterErrors.xContentParse(`[index_template] failed to parse field [${field}]`);
  }
  // Writes through such a template would make a data stream in ES and a plain index here: refused, not ignored.
  if (b.data_stream !== undefined) {
    throw ClusterErrors.illegalArgument(`index template [${name}] has [data_stream], but Tessera does not support data streams yet: writes to its indices would create plain indices; leave [data_stream] out`);
  }
  if (priority !== undefined && priority < 0) {
    throw ClusterErrors.validation(['index template priority must be >= 0']);
  }
  const inner = (b.template ?? {}) as Record<string, unknown>;
  if (typeof inner !== 'object' || Array.isArray(inner)) throw ClusterErrors.xContentParse('[index_template] failed to parse field [template]');
  for (const key of Object.keys(inner)) {
    if (!['settings', 'mappings', 'aliases', 'lifecycle'].includes(key)) throw ClusterErrors.xContentParse(`[template] unknown field [${key}]`);
  }
  // A data stream lifecycle: with [data_stream] refused above, this is ES's own answer (validateLifecycle).
  if (inner.lifecycle !== undefined && inner.lifecycle !== null) {
    throw ClusterErrors.illegalArgument(`index template [${name}] specifies lifecycle configuration that can only be used in combination with a data stream`);
  }
  if (inner.mappings !== undefined && inner.mappings !== null && !isObject(inner.mappings)) throw ClusterErrors.xContentParse('[template] failed to parse field [mappings]');
  validateNameAndPatterns(name, patterns);
  const settings = normalizeIndexSettings(inner.settings);
  const template: Record<string, unknown> = {};
  if (inner.settings !== undefined) template.settings = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== null));
  if (inner.mappings !== undefined) template.mappings = inner.mappings;
  if (inner.aliases !== undefined) template.aliases = parseAliases(inner.aliases);
  return Object.freeze({
    name,
    index_patterns: patterns,
    ...(priority !== undefined && { priority }),
    ...(version !== undefined && { version }),
    ...(b.composed_of !== undefined && { composed_of: strings(b.composed_of, 'composed_of') }),
    ...(b.ignore_missing_component_templates !== undefined && { ignore_missing_component_templates: strings(b.ignore_missing_component_templates, 'ignore_missing_component_templates') }),
    ...(b.deprecated !== undefined && { deprecated: xContentBoolean(b.deprecated)! }),
    ...(b._meta !== undefined && { _meta: b._meta as Record<string, unknown> }),
    ...(b.allow_auto_create !== undefined && { allow_auto_create: xContentBoolean(b.allow_auto_create)! }),
    ...(Object.keys(template).length > 0 && { template }),
  }) as ComposableTemplate;
}

/**
 * MetadataIndexTemplateService.validateIndexTemplateV2's check of `composed_of`: Tessera has no component templates
 * yet, so every one named is missing, and a template is accepted only when `ignore_missing_component_templates`
 * lists each of them (ES then applies the rest, here none).
 */
function checkComponentTemplates(template: ComposableTemplate): void {
  const ignored = template.ignore_missing_component_templates ?? [];
  const missing = (template.composed_of ?? []).filter((name) => !ignored.includes(name));
  if (missing.length === 0) return;
  const cause =
    ignored.length === 0
      ? `index template [${template.name}] specifies component templates [${missing.join(', ')}] that do not exist`
      : `index template [${template.name}] specifies a missing component templates [${missing.join(', ')}] that does not exist and is not part of 'ignore_missing_component_templates'`;
  throw new ClusterError('invalid_index_template_exception', 400, `index_template [${template.name}] invalid, cause [${cause}]`);
}

export function putTemplate(state: ClusterState, template: ComposableTemplate, create: boolean): ClusterState {
  checkComponentTemplates(template);
  if (create && state.templates.has(template.name)) {
    throw ClusterErrors.illegalArgument(`index template [${template.name}] already exists`);
  }
  const priority = template.priority ?? 0;
  const clashing = [...state.templates.values()].filter(
    (other) =>
      other.name !== template.name &&
      (other.priority ?? 0) === priority &&
      other.index_patterns.some((p) => template.index_patterns.some((q) => patternsIntersect(p, q))),
  );
  if (clashing.length > 0) {
    const names = clashing.map((t) => t.name).sort();
    const described = clashing.map((t) => `${t.name} => [${t.index_patterns.join(', ')}]`).join(',');
    throw ClusterErrors.illegalArgument(
      `index template [${template.name}] has index patterns [${template.index_patterns.join(', ')}] matching patterns from existing templates [${names.join(', ')}] with patterns (${described}) that have the same priority [${priority}], multiple index templates may not match during index creation, please use a different priority`,
    );
  }
  const templates = new Map(state.templates);
  templates.set(template.name, template);
  return Object.freeze({ ...state, templates });
}

export function deleteTemplates(state: ClusterState, names: readonly string[]): ClusterState {
  const templates = new Map(state.templates);
  for (const name of names) {
    if (!templates.delete(name)) throw new ClusterError('resource_not_found_exception', 404, `index_template [${name}] missing`);
  }
  return Object.freeze({ ...state, templates });
}
