/**
 * @module What an index template gives the indices it creates once its `composed_of` is resolved, as ES's
 * MetadataIndexTemplateService merges it: the component templates in order, the template's own `template` last.
 * Index creation, rollover, the simulate APIs and ILM's lint and forecast all read a template through this; the
 * mappings merge as the mappings module merges them (mappings/index-mappings.ts).
 */
import type { ComponentTemplate, TemplateBody } from './component-template.js';
import type { AliasMetadata } from './index-metadata.js';
import { findTemplate, type ComposableTemplate } from './index-template.js';
import { composeMappings } from './mappings/index-mappings.js';
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

/** resolveAliases as index creation applies it: by alias name, the later layer winning. */
export function resolveAliases(state: TemplatesOf, template: ComposableTemplate): Record<string, AliasMetadata> {
  return Object.assign({}, ...layers(state, template).map((body) => body.aliases ?? {})) as Record<string, AliasMetadata>;
}

/**
 * ES's default `@timestamp` of a data stream (DEFAULT_TIMESTAMP_MAPPING_WITHOUT_ROUTING), merged first so a template
 * may make it `date_nanos`. ES sets `ignore_malformed: false` to keep an index-wide `index.mapping.ignore_malformed`
 * off it, and shows it only where it differs from that default: so does Tessera.
 */
const DEFAULT_TIMESTAMP_MAPPING = Object.freeze({ properties: { '@timestamp': { type: 'date' } } });
const STRICT_TIMESTAMP_MAPPING = Object.freeze({ properties: { '@timestamp': { type: 'date', ignore_malformed: false } } });
/** DATA_STREAM_MAPPING_SNIPPET, merged last: it turns on the checks that keep `@timestamp` a date. */
const DATA_STREAM_MAPPING_SNIPPET = Object.freeze({ _data_stream_timestamp: { enabled: true } });

/**
 * collectMappings: each layer's mappings, in the order MapperService merges them (the request's go after). A data
 * stream template only ever creates backing indices, whose mappings ES brackets with the data stream's own.
 */
export function mappingSources(state: TemplatesOf, template: ComposableTemplate): unknown[] {
  const sources = layers(state, template)
    .map((body) => body.mappings)
    .filter((mappings) => mappings !== undefined);
  if (!template.data_stream) return sources;
  const lenient = resolveSettings(state, template)['index.mapping.ignore_malformed'] === 'true';
  return [lenient ? STRICT_TIMESTAMP_MAPPING : DEFAULT_TIMESTAMP_MAPPING, ...sources, DATA_STREAM_MAPPING_SNIPPET];
}

/**
 * resolveSettings, resolveAliases (later layers win by alias name) and the mappings merged as an index created from
 * the template gets them; throws ES's error when they do not merge.
 */
export function resolveTemplate(state: TemplatesOf, template: ComposableTemplate): ResolvedTemplate {
  const settings = resolveSettings(state, template);
  return Object.freeze({
    settings: Object.freeze(settings),
    mappings: Object.freeze(composeMappings(mappingSources(state, template), settings) as Record<string, unknown>),
    aliases: Object.freeze(resolveAliases(state, template)),
  });
}

/** The template that applies to a new index of this name, resolved; undefined when none matches. */
export function templateForIndex(state: TemplatesOf, index: string): { readonly template: ComposableTemplate; readonly resolved: ResolvedTemplate } | undefined {
  const template = findTemplate(state.templates.values(), index);
  return template && { template, resolved: resolveTemplate(state, template) };
}
