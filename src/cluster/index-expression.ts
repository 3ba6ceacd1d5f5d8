/**
 * @module Resolves an index expression (`a,b`, `logs-*`, `_all`, an alias, `-excluded`) to concrete index
 * names, as Elasticsearch's IndexNameExpressionResolver does for the options Tessera's APIs use.
 */
import { ClusterErrors } from './cluster-error.js';
import { indexClosed } from './cluster-errors-blocks.js';
import { ClusterState } from './cluster-state.js';
import { DataStreams } from './data-stream.js';
import { IndexMetadata } from './index-metadata.js';
import { compareStrings } from '../platform/ids.js';
import { runAtOnce, runInTurns, sortInTurns } from '../platform/turns.js';
import { isWildcard, matcherOf, matchesPattern } from '../platform/units/index.js';

export interface ResolveOptions {
  /** A concrete name that does not exist is skipped instead of failing (`ignore_unavailable`). */
  readonly ignoreUnavailable?: boolean;
  /** Whether a wildcard may match nothing (`allow_no_indices`, default true). */
  readonly allowNoIndices?: boolean;
  /** Whether wildcards reach hidden indices (`expand_wildcards=all|hidden`). */
  readonly expandHidden?: boolean;
  /** Whether wildcards reach open indices (default true) and closed ones (default false), ES's strictExpandOpen. */
  readonly expandOpen?: boolean;
  readonly expandClosed?: boolean;
  /**
   * Whether a closed index named outright (or through an alias) fails with index_closed_exception, as for the APIs
   * that read or write its data; with `ignoreUnavailable` it is skipped instead.
   */
  readonly forbidClosed?: boolean;
  /** Whether alias names resolve to their indices (true for reads, false for index-only APIs such as create). */
  readonly resolveAliases?: boolean;
  /** Whether data stream names resolve to their backing indices (ES's includeDataStreams); defaults to resolveAliases. */
  readonly includeDataStreams?: boolean;
}

export function isAllExpression(expression: string | undefined): boolean {
  return expression === undefined || expression === '' || expression === '_all' || expression === '*';
}

/** Whether a wildcard may reach `index` in its state (IndexNameExpressionResolver's state filter). */
function stateExpanded(index: IndexMetadata, options: ResolveOptions): boolean {
  return IndexMetadata.isClosed(index) ? options.expandClosed === true : options.expandOpen !== false;
}

/** Whether an index named outright is kept (shouldTrackConcreteIndex): a closed one fails or is dropped when forbidden. */
function concreteKept(index: IndexMetadata, options: ResolveOptions): boolean {
  if (!IndexMetadata.isClosed(index) || !options.forbidClosed) return true;
  if (!options.ignoreUnavailable) throw indexClosed(index);
  return false;
}

function aliasMatches(matches: (name: string) => boolean, index: IndexMetadata): boolean {
  for (const alias in index.aliases) if (matches(alias)) return true;
  return false;
}

/** Indices a wildcard walks between two points at which the walk may let other work in. */
const WALKED_PER_TURN = 5_000;

/** Concrete index names in sorted order. */
export function resolveIndices(state: ClusterState, expression: string | undefined, options: ResolveOptions = {}): string[] {
  return runAtOnce(resolving(state, expression, options)).sort();
}

/**
 * resolveIndices over several turns of the event loop, for answers over every index: over 100,000 indices the walk
 * and the sort each hold a turn for a quarter of a second. `sortedPerTurn`: see sortInTurns.
 */
export async function resolveIndicesInTurns(state: ClusterState, expression: string | undefined, options: ResolveOptions = {}, sortedPerTurn?: number): Promise<string[]> {
  return sortInTurns(await runInTurns(resolving(state, expression, options)), compareStrings, sortedPerTurn);
}

/** The names `expression` resolves to, unsorted; it yields where a walk over many indices may pause. */
function* resolving(state: ClusterState, expression: string | undefined, options: ResolveOptions): Generator<void, string[]> {
  const resolveAliases = options.resolveAliases ?? true;
  const includeDataStreams = options.includeDataStreams ?? resolveAliases;
  const streams = DataStreams.all(state);
  const parts = isAllExpression(expression) ? ['*'] : expression!.split(',').map((p) => p.trim()).filter(Boolean);
  const result = new Set<string>();
  for (const [i, raw] of parts.entries()) {
    const exclude = i > 0 && raw.startsWith('-');
    const part = exclude ? raw.slice(1) : raw;
    const matched = new Set<string>();
    if (isWildcard(part)) {
      // One walk over the indices for names and aliases alike, cheapest test first: it runs 100,000 times on large clusters.
      const dotted = part.startsWith('.');
      const matches = matcherOf(part);
      let walked = 0;
      for (const index of state.indices.values()) {
        if (++walked % WALKED_PER_TURN === 0) yield;
        if (!stateExpanded(index, options)) continue;
        if (matches(index.name) && (options.expandHidden || dotted || !IndexMetadata.isHidden(index))) matched.add(index.name);
        else if (resolveAliases && aliasMatches(matches, index)) matched.add(index.name);
      }
      if (includeDataStreams) {
        for (const stream of streams.values()) {
          if ((stream.hidden && !options.expandHidden && !part.startsWith('.')) || !matchesPattern(part, stream.name)) continue;
          for (const { index_name } of stream.indices) {
            const index = state.indices.get(index_name);
            if (index && stateExpanded(index, options)) matched.add(index_name);
          }
        }
      }
    } else if (state.indices.has(part)) {
      if (exclude || concreteKept(state.indices.get(part)!, options)) matched.add(part);
    } else if (resolveAliases && ClusterState.aliasExists(state, part)) {
      for (const index of ClusterState.indicesOfAlias(state, part)) if (exclude || concreteKept(index, options)) matched.add(index.name);
    } else if (includeDataStreams && streams.has(part)) {
      for (const { index_name } of streams.get(part)!.indices) {
        const index = state.indices.get(index_name);
        if (index && (exclude || concreteKept(index, options))) matched.add(index_name);
      }
    } else if (!exclude && !options.ignoreUnavailable) {
      throw ClusterErrors.indexNotFound(part);
    }
    for (const name of matched) {
      if (exclude) result.delete(name);
      else result.add(name);
    }
  }
  if (result.size === 0 && options.allowNoIndices === false) throw ClusterErrors.indexNotFound(expression ?? '_all');
  return [...result];
}

/** The wildcard states `expand_wildcards` names (IndicesOptions.WildcardStates.parseParameter); `fallback` when absent. */
export function parseExpandWildcards(text: string | undefined, fallback: Pick<ResolveOptions, 'expandOpen' | 'expandClosed' | 'expandHidden'>): Pick<ResolveOptions, 'expandOpen' | 'expandClosed' | 'expandHidden'> {
  if (text === undefined) return fallback;
  const states = { expandOpen: false, expandClosed: false, expandHidden: false };
  for (const value of text.split(',').map((v) => v.trim()).filter(Boolean)) {
    switch (value) {
      case 'open':
        states.expandOpen = true;
        break;
      case 'closed':
        states.expandClosed = true;
        break;
      case 'hidden':
        states.expandHidden = true;
        break;
      case 'all':
        states.expandOpen = states.expandClosed = states.expandHidden = true;
        break;
      case 'none':
        states.expandOpen = states.expandClosed = states.expandHidden = false;
        break;
      default:
        throw ClusterErrors.illegalArgument(`No valid expand wildcard value [${value}]`);
    }
  }
  return states;
}
