/** @module `POST /_aliases`: add and remove actions applied atomically, then the alias rules checked once. */
import { checkAliases, parseAliasMetadata, validateAliasName } from '../alias-rules.js';
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import { ClusterState } from '../cluster-state.js';
import { DataStreams } from '../data-stream.js';
import { IndexMetadata, type AliasMetadata } from '../index-metadata.js';
import { resolveIndices } from '../index-expression.js';
import { checkBlocks } from '../cluster-errors-blocks.js';
import { matchesPattern } from '../../platform/units/index.js';

export type AliasAction =
  | { readonly kind: 'add'; readonly indices: string; readonly aliases: readonly string[]; readonly meta: AliasMetadata }
  | { readonly kind: 'remove'; readonly indices: string; readonly aliases: readonly string[]; readonly mustExist?: boolean }
  | { readonly kind: 'remove_index'; readonly indices: string };

function list(value: unknown, field: string): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  throw ClusterErrors.parse(`[${field}] must be a string or an array of strings`);
}

/** Parses the body of `POST /_aliases` into actions. */
export function parseAliasActions(body: unknown): AliasAction[] {
  // IndicesAliasesRequest's parser knows `actions` and nothing else.
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    for (const key of Object.keys(body)) if (key !== 'actions') throw ClusterErrors.xContentParse(`[aliases] unknown field [${key}]`);
  }
  const actions = (body as { actions?: unknown } | null)?.actions;
  if (!Array.isArray(actions)) throw ClusterErrors.validation(['no actions specified']);
  if (actions.length === 0) throw ClusterErrors.validation(['no actions specified']);
  return actions.map((entry: unknown) => {
    if (!entry || typeof entry !== 'object' || Object.keys(entry).length !== 1) {
      throw ClusterErrors.parse('[aliases] failed to parse field [actions]');
    }
    const [kind, spec] = Object.entries(entry as Record<string, Record<string, unknown>>)[0]!;
    const { index, indices, alias, aliases, must_exist, ...rest } = spec ?? {};
    const targets = [...(index !== undefined ? list(index, 'index') : []), ...(indices !== undefined ? list(indices, 'indices') : [])];
    if (targets.length === 0) throw ClusterErrors.validation(['One of [index] or [indices] is required']);
    const names = [...(alias !== undefined ? list(alias, 'alias') : []), ...(aliases !== undefined ? list(aliases, 'aliases') : [])];
    switch (kind) {
      case 'add':
        if (names.length === 0) throw ClusterErrors.validation(['One of [alias] or [aliases] is required']);
        return { kind: 'add', indices: targets.join(','), aliases: names, meta: parseAliasMetadata(rest) };
      case 'remove':
        if (names.length === 0) throw ClusterErrors.validation(['One of [alias] or [aliases] is required']);
        return { kind: 'remove', indices: targets.join(','), aliases: names, mustExist: must_exist === true };
      case 'remove_index':
        return { kind: 'remove_index', indices: targets.join(',') };
      default:
        throw ClusterErrors.parse(`[aliases] unknown field [${kind}]`);
    }
  });
}

/** What one action did: applied, or the error it met (ES 8.14+ reports these per action). */
export interface AliasActionOutcome {
  readonly action: AliasAction;
  readonly indices: readonly string[];
  readonly error?: ClusterError;
}

/**
 * Applies the actions in order. A remove that finds nothing is an outcome error, not a failure; with
 * `must_exist` it fails the whole request.
 */
export function applyAliasActions(state: ClusterState, actions: readonly AliasAction[]): { state: ClusterState; outcomes: AliasActionOutcome[] } {
  let next = state;
  const outcomes: AliasActionOutcome[] = [];
  for (const action of actions) {
    if (action.kind !== 'remove_index') {
      const stream = action.indices.split(',').find((part) => DataStreams.get(next, part));
      // ES would add or remove a data stream alias, which Tessera does not have: refused rather than done to the backing indices.
      if (stream !== undefined) throw ClusterErrors.illegalArgument(`[${stream}] is a data stream; Tessera does not support data stream aliases`);
    }
    // Aliases are metadata: AliasActions' IndicesOptions reach closed indices, and a metadata-write block stops them.
    const names = resolveIndices(next, action.indices, { resolveAliases: false, allowNoIndices: false, expandClosed: true });
    for (const name of names) {
      // validateAliasTargetIsNotDSBackingIndex: a data stream's indices are the stream's to manage.
      const dataStream = DataStreams.ofIndex(next, name);
      if (dataStream) {
        throw ClusterErrors.illegalArgument(`The provided index [${name}] is a backing index belonging to data stream [${dataStream.name}]. Data stream backing indices don't support alias operations.`);
      }
    }
    checkBlocks(names.map((name) => next.indices.get(name)!), 'metadata_write');
    if (action.kind === 'remove_index') {
      for (const name of names) next = ClusterState.withoutIndex(next, name);
      outcomes.push({ action, indices: names });
      continue;
    }
    let removed = 0;
    for (const name of names) {
      const index = next.indices.get(name)!;
      const aliases: Record<string, AliasMetadata> = { ...index.aliases };
      if (action.kind === 'add') {
        for (const alias of action.aliases) {
          validateAliasName(alias, name);
          aliases[alias] = action.meta;
        }
      } else {
        for (const pattern of action.aliases) {
          for (const alias of Object.keys(aliases)) {
            if (matchesPattern(pattern, alias)) {
              delete aliases[alias];
              removed++;
            }
          }
        }
      }
      next = ClusterState.withIndex(next, IndexMetadata.with(index, { aliases: Object.freeze(aliases) }));
    }
    if (action.kind === 'remove' && removed === 0) {
      if (action.mustExist) throw new ClusterError('resource_not_found_exception', 404, `required alias [${action.aliases.join(',')}] does not exist`);
      outcomes.push({ action, indices: names, error: ClusterErrors.aliasesNotFound(action.aliases) });
      continue;
    }
    outcomes.push({ action, indices: names });
  }
  checkAliases(next);
  return { state: next, outcomes };
}
