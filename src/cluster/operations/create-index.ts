/** @module Creates an index: name rules, the matching template's settings, mappings and aliases (composed), then the request's own. */
import { checkAliasesOf, parseAliases } from '../alias-rules.js';
import { ClusterErrors } from '../cluster-error.js';
import { ClusterState } from '../cluster-state.js';
import { DataStreams } from '../data-stream.js';
import { IndexMetadata, type AliasMetadata } from '../index-metadata.js';
import { validateIndexName } from '../index-name.js';
import { mappingSources, resolveAliases, resolveSettings } from '../template-composition.js';
import { findTemplate, type ComposableTemplate } from '../index-template.js';
import { findLegacyTemplates } from '../legacy-template.js';
import { legacyLayers } from './legacy-template-layers.js';
import { templateAliasName } from '../template-alias-names.js';
import { normalizeIndexSettings } from '../index-settings.js';
import { composeMappings } from '../mappings/index-mappings.js';

/** The Elasticsearch version Tessera reports and stamps on indices it creates. */
export const ES_VERSION = '8.17.0';
export const ES_VERSION_ID = '8521000';

export interface CreateIndexRequest {
  /** The concrete name, date math already resolved. */
  readonly name: string;
  /** The name as the request gave it, date math and all (`index.provided_name`); the name itself when absent. */
  readonly providedName?: string;
  readonly body: unknown;
  readonly now: number;
  readonly uuid: string;
  /**
   * The data stream this index backs: its template is the stream's (matched by the stream's name, not the index's)
   * and its aliases are not the index's to carry.
   */
  readonly dataStream?: { readonly name: string; readonly template: ComposableTemplate };
}

const BODY_KEYS = new Set(['settings', 'mappings', 'aliases']);

export function createIndex(state: ClusterState, request: CreateIndexRequest): { state: ClusterState; index: IndexMetadata } {
  const { name, now, uuid } = request;
  validateIndexName(name);
  const existing = state.indices.get(name);
  if (existing) throw ClusterErrors.indexAlreadyExists(name, existing.uuid);
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object' || Array.isArray(body)) throw ClusterErrors.parse('request body must be an object');
  for (const key of Object.keys(body)) {
    if (!BODY_KEYS.has(key)) throw ClusterErrors.parse(`unknown key [${key}] for create index`);
  }
  const mappings = body.mappings;
  if (mappings !== undefined && mappings !== null && (typeof mappings !== 'object' || Array.isArray(mappings))) {
    throw ClusterErrors.parse('key [mappings] must be an object');
  }
  const requested = normalizeIndexSettings(body.settings);
  const aliases = parseAliases(body.aliases, name);
  const matched = request.dataStream?.template ?? findTemplate(state.templates.values(), name);
  if (matched?.data_stream && !request.dataStream) {
    throw ClusterErrors.illegalArgument(`cannot create index with name [${name}], because it matches with template [${matched.name}] that creates data streams only, use create data stream api instead`);
  }
  // findV2Template first: legacy templates apply only where no composable template does.
  const legacy = matched ? undefined : legacyLayers(findLegacyTemplates(state.legacyTemplates.values(), name, hiddenFlag(requested['index.hidden'])));
  const settings: Record<string, string> = {
    'index.number_of_shards': '1',
    'index.number_of_replicas': '1',
    ...(matched && resolveSettings(state, matched)),
    ...legacy?.settings,
  };
  for (const [key, value] of Object.entries(requested)) {
    if (value === null) delete settings[key];
    else settings[key] = value;
  }
  Object.assign(settings, {
    'index.creation_date': String(now),
    'index.uuid': uuid,
    'index.provided_name': request.providedName ?? name,
    'index.version.created': ES_VERSION_ID,
  });
  const index: IndexMetadata = Object.freeze({
    name,
    uuid,
    creationDate: now,
    settings: Object.freeze(settings),
    // MetadataCreateIndexService merges the template's layers' mappings, then the request's.
    mappings: Object.freeze(composeMappings([...(matched ? mappingSources(state, matched) : (legacy?.mappings ?? [])), body.mappings], settings)),
    aliases: Object.freeze(withTemplateAliases(name, aliases, { ...(matched && !request.dataStream && resolveAliases(state, matched)), ...legacy?.aliases })),
    rolloverInfo: Object.freeze({}),
    customs: Object.freeze({}),
  });
  if (ClusterState.aliasExists(state, name)) {
    throw ClusterErrors.invalidIndexName(name, 'already exists as alias');
  }
  if (DataStreams.get(state, name)) throw ClusterErrors.invalidIndexName(name, 'already exists as data stream');
  const next = ClusterState.withIndex(state, index);
  checkAliasesOf(next, index);
  return { state: next, index };
}

/**
 * MetadataCreateIndexService.resolveAndValidateAliases: the request's aliases, then the templates' (one the request
 * names itself is skipped), each `{index}` in a template alias's name replaced by the new index's name; an alias
 * that only the replacement makes equal to a request's comes later and wins.
 */
function withTemplateAliases(index: string, requested: Readonly<Record<string, AliasMetadata>>, templated: Readonly<Record<string, AliasMetadata>>): Record<string, AliasMetadata> {
  const aliases: Record<string, AliasMetadata> = { ...requested };
  for (const [name, alias] of Object.entries(templated)) {
    if (Object.hasOwn(requested, name)) continue;
    aliases[templateAliasName(name, index)] = alias;
  }
  return aliases;
}

/** The request's `index.hidden`, as findV1Templates reads it (unset: undefined). */
function hiddenFlag(value: string | null | undefined): boolean | undefined {
  return value === undefined || value === null ? undefined : value === 'true';
}
