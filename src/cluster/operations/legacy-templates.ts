/** @module `PUT/GET/DELETE /_template/<name>`: legacy templates, as MetadataIndexTemplateService.putTemplate and removeTemplates keep them. */
import { javaHashOrder, javaList } from '../../platform/java-hash-order.js';
import { isWildcard, matchesPattern, patternsIntersect } from '../../platform/units/index.js';
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import type { ClusterState } from '../cluster-state.js';
import type { LegacyTemplate } from '../legacy-template.js';
import { composeMappings } from '../mappings/index-mappings.js';
import { longField, parseTemplateBody, validateTemplateName } from './index-templates.js';

const BODY_KEYS = new Set(['index_patterns', 'order', 'version', 'settings', 'mappings', 'aliases']);

/** RestPutIndexTemplateAction's header on every legacy PUT. */
export const LEGACY_TEMPLATE_DEPRECATION = 'Legacy index templates are deprecated in favor of composable templates.';

const isObject = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** PutIndexTemplateRequest.source: the body's keys; `order` from the URL applies unless the body sets its own. */
export function parseLegacyTemplate(name: string, body: unknown, orderParam: number | undefined): LegacyTemplate {
  if (!isObject(body)) throw ClusterErrors.parse('request body is required');
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (!BODY_KEYS.has(key)) throw ClusterErrors.parse(`unknown key [${key}] in the template `);
  }
  let patterns: string[] | undefined;
  if (b.index_patterns !== undefined) {
    if (typeof b.index_patterns === 'string') patterns = [b.index_patterns];
    else if (Array.isArray(b.index_patterns) && b.index_patterns.every((p) => typeof p === 'string')) patterns = b.index_patterns as string[];
    else throw ClusterErrors.illegalArgument('Malformed [index_patterns] value, should be a string or a list of strings');
  }
  if (patterns === undefined || patterns.length === 0) throw ClusterErrors.validation(['index patterns are missing']);
  for (const key of ['settings', 'mappings'] as const) {
    if (b[key] !== undefined && !isObject(b[key])) throw ClusterErrors.parse(`key [${key}] must be an object`);
  }
  const order = b.order === undefined ? (orderParam ?? 0) : longField('template', 'order', b.order);
  const version = b.version === undefined || b.version === null ? undefined : longField('template', 'version', b.version);
  // PutIndexTemplateRequest.mapping: a mapping under the `_doc` type is the same mapping unwrapped.
  let mappings = (b.mappings ?? {}) as Record<string, unknown>;
  if (Object.keys(mappings).length === 1 && isObject(mappings._doc)) mappings = mappings._doc as Record<string, unknown>;
  const inner = parseTemplateBody(name, { settings: b.settings, aliases: b.aliases }, 'index template', () => validateTemplateName(name, patterns));
  return Object.freeze({
    name,
    order,
    ...(version !== undefined && { version }),
    index_patterns: Object.freeze([...patterns]),
    settings: Object.freeze({ ...inner.settings }),
    mappings: Object.freeze(mappings),
    aliases: Object.freeze({ ...inner.aliases }),
  });
}

/** findConflictingV2Templates: each composable template sharing a possible index name with `patterns`, with its patterns. */
function overlappingComposable(state: ClusterState, patterns: readonly string[]): [string, readonly string[]][] {
  const names = [...state.templates.values()].filter((t) => t.index_patterns.some((p) => patterns.some((q) => patternsIntersect(p, q)))).map((t) => t.name);
  return javaHashOrder(names).map((n) => [n, state.templates.get(n)!.index_patterns]);
}

/**
 * MetadataIndexTemplateService.innerPutTemplate. A legacy template overlapping a composable one would never apply,
 * so ES refuses it, except a global one or an update keeping its patterns, which only get a warning.
 */
export function putLegacyTemplate(state: ClusterState, template: LegacyTemplate, create: boolean): { state: ClusterState; warnings: string[] } {
  const { name, index_patterns: patterns } = template;
  if (create && state.legacyTemplates.has(name)) throw ClusterErrors.illegalArgument(`index_template [${name}] already exists`);
  const warnings: string[] = [];
  const overlaps = overlappingComposable(state, patterns);
  if (overlaps.length > 0) {
    const existing = state.legacyTemplates.get(name);
    const unchanged = existing !== undefined && existing.index_patterns.length === patterns.length && existing.index_patterns.every((p, i) => p === patterns[i]);
    const described = `legacy template [${name}] has index patterns ${javaList(patterns)} matching patterns from existing composable templates [${overlaps.map(([n]) => n).join(',')}] with patterns (${overlaps.map(([n, p]) => `${n} => ${javaList(p)}`).join(',')})`;
    if (!patterns.includes('*') && !unchanged) throw ClusterErrors.illegalArgument(`${described}, use composable templates (/_index_template) instead`);
    warnings.push(`${described}; this template [${name}] may be ignored in favor of a composable template at index creation time`);
  }
  // validateTemplate: the mappings must read as an index's would.
  if (Object.keys(template.mappings).length > 0) composeMappings([template.mappings], template.settings);
  const legacyTemplates = new Map(state.legacyTemplates);
  legacyTemplates.set(name, template);
  return { state: Object.freeze({ ...state, legacyTemplates }), warnings };
}

/** MetadataIndexTemplateService.removeTemplates: a name or wildcard; matching nothing is an error unless it is `*`. */
export function deleteLegacyTemplates(state: ClusterState, name: string): ClusterState {
  const matched = [...state.legacyTemplates.keys()].filter((n) => matchesPattern(name, n));
  if (matched.length === 0) {
    if (name === '*') return state;
    throw new ClusterError('index_template_missing_exception', 404, `index_template [${name}] missing`);
  }
  const legacyTemplates = new Map(state.legacyTemplates);
  for (const n of matched) legacyTemplates.delete(n);
  return Object.freeze({ ...state, legacyTemplates });
}

/** TransportGetIndexTemplatesAction: every template, or those a comma-separated list of names and wildcards picks. */
export function selectLegacyTemplates(state: ClusterState, names: readonly string[]): LegacyTemplate[] {
  const all = [...state.legacyTemplates.values()];
  if (names.length === 0) return all;
  return all.filter((t) => names.some((n) => (isWildcard(n) ? matchesPattern(n, t.name) : n === t.name)));
}
