/**
 * @module What an index template gives the indices it creates once its `composed_of` is resolved, as ES's
 * MetadataIndexTemplateService merges it: the component templates in order, the template's own `template` last.
 * Index creation, rollover, the simulate APIs and ILM's lint and forecast all read a template through this.
 */
import { ClusterErrors } from './cluster-error.js';
import type { ComponentTemplate, TemplateBody } from './component-template.js';
import type { AliasMetadata } from './index-metadata.js';
import { findTemplate, type ComposableTemplate } from './index-template.js';
import type { FlatSettings } from './settings.js';

export interface ResolvedTemplate {
  readonly settings: FlatSettings;
  readonly mappings: Readonly<Record<string, unknown>>;
  readonly aliases: Readonly<Record<string, AliasMetadata>>;
}

interface TemplatesOf {
  readonly templates: ReadonlyMap<string, ComposableTemplate>;
  readonly componentTemplates: ReadonlyMap<string, ComponentTemplate>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Mappings in templates may come wrapped in the single type `_doc` (ES wraps the others); merged without it. */
function unwrapped(mappings: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const keys = Object.keys(mappings);
  return keys.length === 1 && keys[0] === '_doc' && isObject(mappings._doc) ? mappings._doc : mappings;
}

/** A field without a type or of type object or nested: its `properties` merge; any other field is a leaf. */
function isObjectField(field: unknown): field is Record<string, unknown> {
  return isObject(field) && (field.type === undefined || field.type === 'object' || field.type === 'nested');
}

/** MapperErrors: an object field and a leaf, or a nested field and a plain object, cannot be merged. */
function mergeField(path: string, earlier: unknown, later: unknown): unknown {
  const nestedConflict = () => ClusterErrors.illegalArgument(`can't merge a non-nested mapping [${path}] with a nested mapping`);
  const objectConflict = () => ClusterErrors.illegalArgument(`can't merge a non object mapping [${path}] with an object mapping`);
  const earlierNested = isObjectField(earlier) && earlier.type === 'nested';
  const laterNested = isObjectField(later) && later.type === 'nested';
  // NestedObjectMapper.merge takes only a nested field; ObjectMapper.merge only an object, and not a nested one.
  if (earlierNested && !laterNested) throw nestedConflict();
  if (isObjectField(earlier) && !isObjectField(later)) throw objectConflict();
  if (isObjectField(earlier) && laterNested && !earlierNested) throw nestedConflict();
  // A leaf field's later definition replaces it whole, unless it is an object.
  if (!isObjectField(earlier) || !isObjectField(later)) {
    if (isObjectField(later)) throw objectConflict();
    return later;
  }
  const merged: Record<string, unknown> = { ...earlier, ...later };
  if (earlier.properties !== undefined || later.properties !== undefined) merged.properties = mergeProperties(`${path}.`, earlier.properties, later.properties);
  return merged;
}

function mergeProperties(prefix: string, base: unknown, overlay: unknown): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(isObject(base) ? base : {}) };
  for (const [name, field] of Object.entries(isObject(overlay) ? overlay : {})) {
    merged[name] = name in merged ? mergeField(prefix + name, merged[name], field) : field;
  }
  return merged;
}

/** Dynamic templates merge by name: a later one of the same name takes the earlier one's place, new ones go last. */
function mergeDynamicTemplates(base: unknown, overlay: unknown): unknown {
  if (!Array.isArray(base) || !Array.isArray(overlay)) return overlay;
  const merged = [...base] as unknown[];
  for (const entry of overlay) {
    const name = isObject(entry) ? Object.keys(entry)[0] : undefined;
    const at = merged.findIndex((e) => isObject(e) && Object.keys(e)[0] === name);
    if (name !== undefined && at >= 0) merged[at] = entry;
    else merged.push(entry);
  }
  return merged;
}

function deepMerge(base: unknown, overlay: unknown): unknown {
  if (!isObject(base) || !isObject(overlay)) return overlay;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overlay)) merged[key] = deepMerge(merged[key], value);
  return merged;
}

/**
 * MapperService's merge with reason INDEX_TEMPLATE: object fields merge recursively and a leaf field defined again
 * is replaced whole (an object and a leaf of one name are refused, as ES refuses them); `_meta` is deep-merged,
 * dynamic templates merge by name, runtime fields by name, and every other root parameter (metadata fields such
 * as `_source` included) is replaced whole.
 */
export function mergeMappings(base: Readonly<Record<string, unknown>>, overlay: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...unwrapped(base) };
  for (const [key, value] of Object.entries(unwrapped(overlay))) {
    const earlier = merged[key];
    if (key === 'properties') merged[key] = mergeProperties('', earlier, value);
    else if (key === 'dynamic_templates') merged[key] = mergeDynamicTemplates(earlier, value);
    else if (key === '_meta') merged[key] = deepMerge(earlier, value);
    else if (key === 'runtime' && isObject(earlier) && isObject(value)) merged[key] = { ...earlier, ...value };
    else merged[key] = value;
  }
  return merged;
}

/** The bodies a template composes, in the order they apply; component templates that do not exist are skipped, as ES skips them. */
function layers(state: TemplatesOf, template: ComposableTemplate): TemplateBody[] {
  const bodies: TemplateBody[] = [];
  for (const name of template.composed_of ?? []) {
    const component = state.componentTemplates.get(name);
    if (component) bodies.push(component.template);
  }
  if (template.template) bodies.push(template.template);
  return bodies;
}

/**
 * MetadataIndexTemplateService.resolveAliases: each layer's aliases, highest precedence first (the template's own,
 * then the component templates from last to first), as rollover reads them to find where an alias comes from.
 */
export function aliasLayers(state: TemplatesOf, template: ComposableTemplate): Readonly<Record<string, AliasMetadata>>[] {
  return layers(state, template)
    .map((body) => body.aliases)
    .filter((aliases): aliases is Readonly<Record<string, AliasMetadata>> => aliases !== undefined)
    .reverse();
}

/** MetadataIndexTemplateService.resolveSettings: later layers win, key by key. */
export function resolveSettings(state: TemplatesOf, template: ComposableTemplate): FlatSettings {
  return Object.assign({}, ...layers(state, template).map((body) => body.settings ?? {})) as FlatSettings;
}

/** resolveSettings, resolveAliases (later layers win by alias name) and collectMappings (merged in order). */
export function resolveTemplate(state: TemplatesOf, template: ComposableTemplate): ResolvedTemplate {
  const bodies = layers(state, template);
  let mappings: Record<string, unknown> = {};
  for (const body of bodies) if (body.mappings) mappings = mergeMappings(mappings, body.mappings);
  return Object.freeze({
    settings: Object.freeze(resolveSettings(state, template)),
    mappings: Object.freeze(mappings),
    aliases: Object.freeze(Object.assign({}, ...bodies.map((body) => body.aliases ?? {})) as Record<string, AliasMetadata>),
  });
}

/** The template that applies to a new index of this name, resolved; undefined when none matches. */
export function templateForIndex(state: TemplatesOf, index: string): { readonly template: ComposableTemplate; readonly resolved: ResolvedTemplate } | undefined {
  const template = findTemplate(state.templates.values(), index);
  return template && { template, resolved: resolveTemplate(state, template) };
}
