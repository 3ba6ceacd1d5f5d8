/** @module Alias validation as Elasticsearch does it: names, collisions with indices, and one write index per alias. */
import { xContentBoolean } from '../platform/xcontent.js';
import { ClusterError, ClusterErrors } from './cluster-error.js';
import { ClusterState } from './cluster-state.js';
import { DataStreams } from './data-stream.js';
import type { AliasMetadata, IndexMetadata } from './index-metadata.js';

export function validateAliasName(alias: string, index?: string): void {
  const fail = (why: string): never => {
    throw new ClusterError('invalid_alias_name_exception', 400, `Invalid alias name [${alias}]: ${why}`, index ? { index_uuid: '_na_', index } : {});
  };
  if (alias.trim() === '') fail('alias name must not be empty');
  if ([' ', '"', '*', '\\', '<', '|', ',', '>', '/', '?'].some((c) => alias.includes(c))) {
    fail('must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]');
  }
  if (alias.includes('#')) fail("must not contain '#'");
  if (alias.includes(':')) fail("must not contain ':'");
  if (alias.startsWith('_') || alias.startsWith('-') || alias.startsWith('+')) fail("must not start with '_', '-', or '+'");
  // The rest of MetadataCreateIndexService.validateIndexOrAliasName, which aliases share with indices.
  const bytes = Buffer.byteLength(alias, 'utf8');
  if (bytes > 255) fail(`index name is too long, (${bytes} > 255)`);
  if (alias === '.' || alias === '..') fail("must not be '.' or '..'");
}

/** Refuses an alias whose name is an index's, and an alias with two write indices. */
export function checkAliases(state: ClusterState): void {
  const writeIndices = new Map<string, string[]>();
  for (const index of state.indices.values()) {
    for (const [alias, meta] of Object.entries(index.aliases)) {
      if (state.indices.has(alias) || DataStreams.get(state, alias)) {
        throw new ClusterError(
          'invalid_alias_name_exception',
          400,
          `Invalid alias name [${alias}]: an index or data stream exists with the same name as the alias`,
          { index_uuid: '_na_', index: alias },
        );
      }
      if (meta.is_write_index === true) writeIndices.set(alias, [...(writeIndices.get(alias) ?? []), index.name]);
    }
  }
  for (const [alias, indices] of writeIndices) {
    if (indices.length > 1) throw ClusterErrors.multipleWriteIndices(alias, indices);
  }
}

/**
 * checkAliases for a state that was valid before `index` joined it: only the new index's aliases can break the rules,
 * so only they are checked, rather than every alias of the cluster at each index created.
 */
export function checkAliasesOf(state: ClusterState, index: IndexMetadata): void {
  for (const alias of Object.keys(index.aliases)) {
    if (state.indices.has(alias) || DataStreams.get(state, alias)) {
      throw new ClusterError('invalid_alias_name_exception', 400, `Invalid alias name [${alias}]: an index or data stream exists with the same name as the alias`, {
        index_uuid: '_na_',
        index: alias,
      });
    }
  }
  for (const [alias, meta] of Object.entries(index.aliases)) {
    if (meta.is_write_index !== true) continue;
    const writers = ClusterState.indicesOfAlias(state, alias).filter((i) => i.aliases[alias]?.is_write_index === true);
    if (writers.length > 1) throw ClusterErrors.multipleWriteIndices(alias, writers.map((i) => i.name));
  }
}

/** Parses the `aliases` object of a create-index or template body. */
export function parseAliases(input: unknown, index?: string): Record<string, AliasMetadata> {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input)) throw ClusterErrors.parse('Failed to parse aliases: expected an object');
  const out: Record<string, AliasMetadata> = {};
  for (const [name, raw] of Object.entries(input as Record<string, unknown>)) {
    validateAliasName(name, index);
    out[name] = parseAliasMetadata(raw);
  }
  return out;
}

/** A routing value: a string, or a number ES reads as its text; never an object or a list. */
function routingValue(key: string, value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') throw ClusterErrors.parse(`[alias] failed to parse field [${key}]`);
  return String(value);
}

export function parseAliasMetadata(raw: unknown): AliasMetadata {
  if (raw === null || raw === undefined) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw ClusterErrors.parse('Failed to parse alias: expected an object');
  const r = raw as Record<string, unknown>;
  const meta: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(r)) {
    switch (key) {
      case 'is_write_index':
      case 'is_hidden': {
        const flag = xContentBoolean(value);
        if (flag === undefined) throw ClusterErrors.parse(`[alias] failed to parse field [${key}]`);
        meta[key] = flag;
        break;
      }
      case 'filter':
        // A query: an object, or null for none.
        if (value !== null && (typeof value !== 'object' || Array.isArray(value))) throw ClusterErrors.parse(`[alias] failed to parse field [${key}]`);
        meta.filter = value;
        break;
      case 'routing':
        meta.index_routing = routingValue(key, value);
        meta.search_routing = routingValue(key, value);
        break;
      case 'index_routing':
      case 'search_routing':
        meta[key] = routingValue(key, value);
        break;
      default:
        throw ClusterErrors.illegalArgument(`Unsupported field [${key}]`);
    }
  }
  return meta as AliasMetadata;
}
