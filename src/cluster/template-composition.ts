/**
 * @module What an index template gives the indices it creates once its `composed_of` is resolved, as ES's
 * MetadataIndexTemplateService merges it: the component templates in order, the template's own `template` last.
 * Index creation, rollover, the simulate APIs and ILM's lint and forecast all read a template through this.
 */
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

/** An object field (its `properties` merge), as opposed to a leaf field, whose later definition replaces the earlier whole. */
function isObjectField(field: unknown): field is Record<string, unknown> {
  return isObject(field) && (field.type === undefined || field.type === 'object' || field.type === 'nested') && (field.properties !== undefined || field.type !== undefined);
}

function mergeProperties(base: unknown, overlay: unknown): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(isObject(base) ? base : {}) };
  for (const [name, field] of Object.entries(isObject(overlay) ? overlay : {})) {
    const earlier = merged[name];
    merged[name] = isObjectField(earlier) && isObjectField(field) && (earlier.type ?? 'object') === (field.type ?? 'object') ? mergeObjectField(earlier, field) : field;
  }
  return merged;
}

function mergeObjectField(base: Record<string, unknown>, overlay: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base, ...overlay };
  if (base.properties !== undefined || overlay.properties !== undefined) merged.properties = mergeProperties(base.properties, overlay.properties);
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

/**
 * MapperService's merge with reason INDEX_TEMPLATE: object fields merge recursively, a leaf field defined again is
 * replaced whole, root parameters are overridden (objects such as `_source` key by key).
 */
export function mergeMappings(base: Readonly<Record<string, unknown>>, overlay: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...unwrapped(base) };
  for (const [key, value] of Object.entries(unwrapped(overlay))) {
    const earlier = merged[key];
    if (key === 'properties') merged[key] = mergeProperties(earlier, value);
    else if (key === 'dynamic_templates') merged[key] = mergeDynamicTemplates(earlier, value);
    else if (isObject(earlier) && isObject(value) && key !== '_meta') merged[key] = { ...earlier, ...value };
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
