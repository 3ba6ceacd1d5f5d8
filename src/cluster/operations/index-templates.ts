/** @module `PUT/DELETE /_index_template/<name>`: parsing, validation and the same-priority overlap rule. */
import { xContentBoolean } from '../../platform/xcontent.js';
import { checkTemplatesNotInUse, validateDataStreamsStillReferenced } from './data-stream-templates.js';
import { parseAliases } from '../alias-rules.js';
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import type { ClusterState } from '../cluster-state.js';
import type { TemplateBody } from '../component-template.js';
import type { ComposableTemplate, DataStreamTemplate } from '../index-template.js';
import { INVALID_CHARS } from '../index-name.js';
import { patternsIntersect } from '../../platform/units/index.js';
import { normalizeIndexSettings } from '../index-settings.js';
import type { FlatSettings } from '../settings.js';
import { resolveSettings, resolveTemplate } from '../template-composition.js';

const TEMPLATE_KEYS = new Set(['index_patterns', 'template', 'priority', 'version', 'composed_of', '_meta', 'data_stream', 'allow_auto_create', 'ignore_missing_component_templates', 'deprecated']);

function strings(value: unknown, field: string): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  throw ClusterErrors.xContentParse(`[index_template] failed to parse field [${field}]`);
}

/** MetadataIndexTemplateService.validate: the rules for a template's name and index patterns, all problems at once. */
export function validateTemplateName(name: string, patterns: readonly string[]): void {
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

/** A template parser's declareLong: a number, or a string holding one, as XContentParser.longValue coerces it. */
export function longField(parser: string, field: string, value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(number) || Math.abs(number) > Number.MAX_SAFE_INTEGER) throw ClusterErrors.xContentParse(`[${parser}] failed to parse field [${field}]`);
  return Math.trunc(number);
}

/** Whether a template applies to every index (ES's Regex.isMatchAllPattern on one of its patterns). */
export function isGlobal(template: ComposableTemplate): boolean {
  return template.index_patterns.some((p) => p === '*');
}

/**
 * Template.PARSER: the `template` of an index or component template. `validateName` runs where ES's order of checks
 * puts the name rules: after the structure, before the settings. A data stream lifecycle is refused: ES keeps it for
 * data streams, which Tessera does not have yet.
 */
export function parseTemplateBody(name: string, inner: Record<string, unknown>, owner: 'index template' | 'component template', validateName: () => void, forDataStream = false): TemplateBody {
  for (const key of Object.keys(inner)) {
    if (!['settings', 'mappings', 'aliases', 'lifecycle'].includes(key)) throw ClusterErrors.xContentParse(`[template] unknown field [${key}]`);
  }
  if (inner.lifecycle !== undefined && inner.lifecycle !== null) {
    throw ClusterErrors.illegalArgument(
      owner === 'index template' && !forDataStream
        ? // ES's own answer (validateLifecycle).
          `index template [${name}] specifies lifecycle configuration that can only be used in combination with a data stream`
        : // Data stream lifecycle (DSL) is the alternative to ILM that Tessera does not run: refused rather than ignored.
          `${owner} [${name}] specifies data stream lifecycle configuration, which Tessera does not support: manage the data stream with ILM ([index.lifecycle.name]) and leave [lifecycle] out`,
    );
  }
  if (inner.mappings !== undefined && inner.mappings !== null && !isObject(inner.mappings)) throw ClusterErrors.xContentParse('[template] failed to parse field [mappings]');
  validateName();
  const settings = normalizeIndexSettings(inner.settings);
  return {
    ...(inner.settings !== undefined && { settings: Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== null)) as FlatSettings }),
    ...(inner.mappings !== undefined && { mappings: inner.mappings as Record<string, unknown> }),
    ...(inner.aliases !== undefined && { aliases: parseAliases(inner.aliases) }),
  };
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
  const version = b.version === undefined ? undefined : longField('index_template', 'version', b.version);
  const priority = b.priority === undefined ? undefined : longField('index_template', 'priority', b.priority);
  for (const field of ['_meta', 'data_stream'] as const) {
    if (b[field] !== undefined && !isObject(b[field])) throw ClusterErrors.xContentParse(`[index_template] failed to parse field [${field}]`);
  }
  for (const field of ['allow_auto_create', 'deprecated'] as const) {
    if (b[field] !== undefined && xContentBoolean(b[field]) === undefined) throw ClusterErrors.xContentParse(`[index_template] failed to parse field [${field}]`);
  }
  const dataStream = b.data_stream === undefined ? undefined : parseDataStreamTemplate(b.data_stream as Record<string, unknown>);
  if (priority !== undefined && priority < 0) {
    throw ClusterErrors.validation(['index template priority must be >= 0']);
  }
  const inner = (b.template ?? {}) as Record<string, unknown>;
  if (typeof inner !== 'object' || Array.isArray(inner)) throw ClusterErrors.xContentParse('[index_template] failed to parse field [template]');
  const template = parseTemplateBody(name, inner, 'index template', () => validateTemplateName(name, patterns), dataStream !== undefined);
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
    ...(dataStream !== undefined && { data_stream: dataStream }),
    ...(Object.keys(template).length > 0 && { template }),
  }) as ComposableTemplate;
}

/**
 * MetadataIndexTemplateService.validateV2TemplateRequest: a global template may not resolve to [index.hidden], and
 * every component template named must exist unless `ignore_missing_component_templates` lists it.
 */
export function checkComposition(state: Pick<ClusterState, 'componentTemplates'>, template: ComposableTemplate): void {
  const invalid = (cause: string) => new ClusterError('invalid_index_template_exception', 400, `index_template [${template.name}] invalid, cause [${cause}]`);
  if (isGlobal(template) && resolveSettings({ templates: new Map(), componentTemplates: state.componentTemplates }, template)['index.hidden'] !== undefined) {
    throw invalid('global composable templates may not specify the setting index.hidden');
  }
  const missing = (template.composed_of ?? []).filter((name) => !state.componentTemplates.has(name));
  if (missing.length === 0) return;
  const ignored = template.ignore_missing_component_templates ?? [];
  if (ignored.length === 0) throw invalid(`index template [${template.name}] specifies component templates [${missing.join(', ')}] that do not exist`);
  const notIgnored = missing.filter((name) => !ignored.includes(name));
  if (notIgnored.length > 0) {
    throw invalid(`index template [${template.name}] specifies a missing component templates [${notIgnored.join(', ')}] that does not exist and is not part of 'ignore_missing_component_templates'`);
  }
}

export function putTemplate(state: ClusterState, template: ComposableTemplate, create: boolean): ClusterState {
  checkComposition(state, template);
  const next = addTemplate(state, template, create);
  validateDataStreamsStillReferenced(state, next, template);
  validateComposite(next, template);
  return next;
}

/** validateUseOfDeprecatedComponentTemplates: the deprecation warnings a template that is not itself deprecated earns. */
export function deprecatedComponentWarnings(state: Pick<ClusterState, 'componentTemplates'>, template: ComposableTemplate): string[] {
  if (template.deprecated === true) return [];
  return (template.composed_of ?? [])
    .filter((name) => state.componentTemplates.get(name)?.deprecated === true)
    .map((name) => `index template [${template.name}] uses deprecated component template [${name}]`);
}

/**
 * validateIndexTemplateV2's last check: the template composed with its component templates must still merge (an
 * object field in one and a leaf of the same name in another do not), worded as ES words it, cause under cause.
 */
export function validateComposite(state: Pick<ClusterState, 'templates' | 'componentTemplates'>, template: ComposableTemplate): void {
  try {
    resolveTemplate(state, template);
  } catch (error) {
    if (!(error instanceof ClusterError)) throw error;
    const composed = template.composed_of ?? [];
    const mappings = new ClusterError('illegal_argument_exception', 400, `invalid composite mappings for [${template.name}]`, {}, error);
    throw new ClusterError(
      'illegal_argument_exception',
      400,
      `composable template [${template.name}] template after composition ${composed.length > 0 ? `with component templates [${composed.join(', ')}] ` : ''}is invalid`,
      {},
      mappings,
    );
  }
}

/** addIndexTemplateV2 without the composition check: `create`, and no two templates of one priority overlapping. */
export function addTemplate(state: ClusterState, template: ComposableTemplate, create: boolean): ClusterState {
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
  checkTemplatesNotInUse(state, names);
  return Object.freeze({ ...state, templates });
}

const DATA_STREAM_TEMPLATE_KEYS = new Set(['hidden', 'allow_custom_routing']);

/** ComposableIndexTemplate.DataStreamTemplate's parser: two booleans; ES serialises both, defaulted to false. */
function parseDataStreamTemplate(body: Record<string, unknown>): DataStreamTemplate {
  for (const key of Object.keys(body)) {
    if (key === 'failure_store') throw ClusterErrors.illegalArgument('data stream failure stores are not supported by Tessera: leave [failure_store] out of [data_stream]');
    if (!DATA_STREAM_TEMPLATE_KEYS.has(key)) throw ClusterErrors.xContentParse(`[data_stream_template] unknown field [${key}]`);
  }
  const flag = (key: 'hidden' | 'allow_custom_routing'): boolean => {
    if (body[key] === undefined) return false;
    const value = xContentBoolean(body[key]);
    if (value === undefined) throw ClusterErrors.xContentParse(`[data_stream_template] failed to parse field [${key}]`);
    return value;
  };
  return Object.freeze({ hidden: flag('hidden'), allow_custom_routing: flag('allow_custom_routing') });
}
