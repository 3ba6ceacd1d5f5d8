/**
 * @module The cluster state: every index, index template, component template and cluster setting, and the metadata other
 * modules keep in it (ES's `Metadata.Custom`: ILM's policies and operation mode). Immutable; a change makes a new one.
 */
import type { ComponentTemplate } from './component-template.js';
import type { IndexMetadata } from './index-metadata.js';
import type { LegacyTemplate } from './legacy-template.js';
import type { ComposableTemplate } from './index-template.js';
import type { FlatSettings } from './settings.js';
import type { SnapshotRepository } from './snapshot-repository.js';
import { runAtOnce, runInTurns } from '../platform/turns.js';

export interface ClusterState {
  readonly version: number;
  /** Drawn once when the cluster is first formed; stable across restarts. */
  readonly clusterUuid: string;
  readonly indices: ReadonlyMap<string, IndexMetadata>;
  readonly templates: ReadonlyMap<string, ComposableTemplate>;
  readonly componentTemplates: ReadonlyMap<string, ComponentTemplate>;
  /** Legacy (`_template`) index templates: ES's Metadata.templates. */
  readonly legacyTemplates: ReadonlyMap<string, LegacyTemplate>;
  readonly repositories: ReadonlyMap<string, SnapshotRepository>;
  readonly persistentSettings: FlatSettings;
  readonly transientSettings: FlatSettings;
  /**
   * Metadata of other modules, by type, as plain JSON: the cluster stores and versions it with everything else
   * without knowing its shape, so a module's change and the index changes it implies are one commit.
   */
  readonly customs: ReadonlyMap<string, object>;
}

/**
 * The indices of a state being built by many small changes (a lifecycle pass over thousands of indices): a map the
 * builder owns, under a layer of this turn's changes (`undefined`: deleted). A change copies only the layer, not
 * every index, so a pass costs what it changes rather than what it changes times the number of indices.
 */
class LayeredIndices implements ReadonlyMap<string, IndexMetadata> {
  constructor(
    readonly base: Map<string, IndexMetadata>,
    /** The map the builder started from, and every name folded into `base` since (a superset of what changed). */
    readonly origin: Origin,
    readonly layer: ReadonlyMap<string, IndexMetadata | undefined> = new Map(),
    /** Whether the builder owns `base`, so a fold may write into it; an overlay's base belongs to a live state. */
    readonly owned = true,
  ) {}

  with(name: string, index: IndexMetadata | undefined): LayeredIndices {
    const layer = new Map(this.layer);
    layer.set(name, index);
    return new LayeredIndices(this.base, this.origin, layer, this.owned);
  }

  get(name: string): IndexMetadata | undefined {
    return this.layer.has(name) ? this.layer.get(name) : this.base.get(name);
  }

  has(name: string): boolean {
    return this.layer.has(name) ? this.layer.get(name) !== undefined : this.base.has(name);
  }

  get size(): number {
    let size = this.base.size;
    for (const [name, index] of this.layer) size += (index !== undefined ? 1 : 0) - (this.base.has(name) ? 1 : 0);
    return size;
  }

  *entries(): MapIterator<[string, IndexMetadata]> {
    if (this.layer.size === 0) return yield* this.base.entries();
    for (const [name, index] of this.base) {
      const changed = this.layer.has(name) ? this.layer.get(name) : index;
      if (changed !== undefined) yield [name, changed];
    }
    for (const [name, index] of this.layer) if (index !== undefined && !this.base.has(name)) yield [name, index];
  }

  *keys(): MapIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): MapIterator<IndexMetadata> {
    if (this.layer.size === 0) return yield* this.base.values();
    for (const [, index] of this.entries()) yield index;
  }

  forEach(callback: (index: IndexMetadata, name: string, map: ReadonlyMap<string, IndexMetadata>) => void): void {
    for (const [name, index] of this.entries()) callback(index, name, this);
  }

  [Symbol.iterator](): MapIterator<[string, IndexMetadata]> {
    return this.entries();
  }
}

interface Origin {
  readonly from: ReadonlyMap<string, IndexMetadata>;
  readonly touched: Set<string>;
}

/**
 * For a map a draft finished as: the map it was built from and the names that may differ from it. Saving a state
 * and checking its new indices then cost what the change touched, not every index of a large cluster. The map it
 * was built from is held weakly: held strongly, each map would keep its predecessor, and that one its own, so a
 * server would keep every index map its passes ever made.
 */
const derivations = new WeakMap<ReadonlyMap<string, IndexMetadata>, { readonly from: WeakRef<ReadonlyMap<string, IndexMetadata>>; readonly touched: ReadonlySet<string> }>();

function originOf(indices: ReadonlyMap<string, IndexMetadata>): Origin {
  if (!(indices instanceof LayeredIndices)) return { from: indices, touched: new Set() };
  return { from: indices.origin.from, touched: new Set([...indices.origin.touched, ...indices.layer.keys()]) };
}

/**
 * Each index map's aliases, by alias, in the map's order, computed once per map. A state's map never changes once the
 * state exists (a change makes a new map; only a draft's own base is written, and that gets no table), so a table
 * stays true for as long as its map lives. Lookups by alias run for every step of every index in a lifecycle pass or
 * a lint, which would otherwise scan the whole cluster each time.
 */
const aliasTables = new WeakMap<ReadonlyMap<string, IndexMetadata>, Map<string, IndexMetadata[]>>();

function aliasTable(indices: ReadonlyMap<string, IndexMetadata>): Map<string, IndexMetadata[]> {
  let table = aliasTables.get(indices);
  if (table) return table;
  table = runAtOnce(tabulatingAliases(indices));
  aliasTables.set(indices, table);
  return table;
}

/** Indices whose aliases are tabulated between two points at which the tabulation may let other work in. */
const TABULATED_PER_TURN = 5_000;

function* tabulatingAliases(indices: ReadonlyMap<string, IndexMetadata>): Generator<void, Map<string, IndexMetadata[]>> {
  const table = new Map<string, IndexMetadata[]>();
  let tabulated = 0;
  for (const index of indices.values()) {
    if (++tabulated % TABULATED_PER_TURN === 0) yield;
    for (const alias of Object.keys(index.aliases)) {
      const list = table.get(alias);
      if (list) list.push(index);
      else table.set(alias, [index]);
    }
  }
  return table;
}

export const ClusterState = Object.freeze({
  empty(): ClusterState {
    return Object.freeze({ version: 0, clusterUuid: '', indices: new Map(), templates: new Map(), componentTemplates: new Map(), legacyTemplates: new Map(), repositories: new Map(), persistentSettings: {}, transientSettings: {}, customs: new Map() });
  },
  withIndex(state: ClusterState, index: IndexMetadata): ClusterState {
    if (state.indices instanceof LayeredIndices) return Object.freeze({ ...state, indices: state.indices.with(index.name, index) });
    const indices = new Map(state.indices);
    indices.set(index.name, index);
    return Object.freeze({ ...state, indices });
  },
  withoutIndex(state: ClusterState, name: string): ClusterState {
    if (state.indices instanceof LayeredIndices) return Object.freeze({ ...state, indices: state.indices.with(name, undefined) });
    const indices = new Map(state.indices);
    indices.delete(name);
    return Object.freeze({ ...state, indices });
  },
  /**
   * A draft of `state` for many changes in a row: its indices are copied once, and each change then copies only
   * what changed since the last `fold`. `state` itself is left as it was.
   */
  draft(state: ClusterState): ClusterState {
    return Object.freeze({ ...state, indices: new LayeredIndices(new Map(state.indices), originOf(state.indices)) });
  },
  /**
   * A copy of `state` to try changes on, for a what-if (lint's dry runs, one per index): nothing is copied up front,
   * and each change copies only the changes made so far. Folding or finishing it copies the indices once.
   */
  overlay(state: ClusterState): ClusterState {
    const base = state.indices instanceof LayeredIndices ? new Map(state.indices) : (state.indices as Map<string, IndexMetadata>);
    return Object.freeze({ ...state, indices: new LayeredIndices(base, originOf(state.indices), new Map(), false) });
  },
  /**
   * Writes a draft's latest changes into the map the draft owns, and returns the draft to go on from. Every
   * state of the draft from before the fold is stale after it and must not be read again.
   */
  fold(state: ClusterState): ClusterState {
    const indices = state.indices;
    if (!(indices instanceof LayeredIndices)) return ClusterState.draft(state);
    if (!indices.owned) return ClusterState.draft(state);
    if (indices.layer.size === 0) return state;
    for (const [name, index] of indices.layer) {
      indices.origin.touched.add(name);
      if (index === undefined) indices.base.delete(name);
      else indices.base.set(name, index);
    }
    return Object.freeze({ ...state, indices: new LayeredIndices(indices.base, indices.origin) });
  },
  /** The finished state of a draft, with a plain map; no state of the draft may be read after it. */
  finish(state: ClusterState): ClusterState {
    const folded = ClusterState.fold(state);
    if (!(folded.indices instanceof LayeredIndices)) return folded;
    const { base, origin } = folded.indices;
    derivations.set(base, { from: new WeakRef(origin.from), touched: origin.touched });
    return Object.freeze({ ...folded, indices: base });
  },
  /**
   * The names whose index may differ between `before` and `after` (added, changed or removed), when `after` was
   * finished from a draft of `before`; undefined when not known, and then every name of both may.
   */
  changedNames(before: ReadonlyMap<string, IndexMetadata>, after: ReadonlyMap<string, IndexMetadata>): ReadonlySet<string> | undefined {
    if (before === after) return new Set();
    const derivation = derivations.get(after);
    return derivation?.from.deref() === before ? derivation.touched : undefined;
  },
  custom(state: ClusterState, type: string): object | undefined {
    return state.customs.get(type);
  },
  withCustom(state: ClusterState, type: string, value: object): ClusterState {
    const customs = new Map(state.customs);
    customs.set(type, Object.freeze(value));
    return Object.freeze({ ...state, customs });
  },
  /** A cluster setting, transient winning over persistent as in ES. */
  setting(state: ClusterState, key: string): string | undefined {
    return state.transientSettings[key] ?? state.persistentSettings[key];
  },
  /** Indices that carry `alias`. */
  indicesOfAlias(state: ClusterState, alias: string): IndexMetadata[] {
    const { indices } = state;
    if (!(indices instanceof LayeredIndices)) return [...(aliasTable(indices).get(alias) ?? [])];
    if (!indices.owned) {
      // An overlay: the live state's table, with the overlay's changes in their places and its additions after.
      const found: IndexMetadata[] = [];
      const listed = new Set<string>();
      for (const base of aliasTable(indices.base).get(alias) ?? []) {
        listed.add(base.name);
        const index = indices.layer.has(base.name) ? indices.layer.get(base.name) : base;
        if (index !== undefined && alias in index.aliases) found.push(index);
      }
      for (const [name, index] of indices.layer) if (index !== undefined && !listed.has(name) && alias in index.aliases) found.push(index);
      return found;
    }
    // A draft's base changes as it folds, so no table is kept for it; the loop reads the map directly.
    const found: IndexMetadata[] = [];
    for (const [name, base] of indices.base) {
      const index = indices.layer.has(name) ? indices.layer.get(name) : base;
      if (index !== undefined && alias in index.aliases) found.push(index);
    }
    for (const [name, index] of indices.layer) if (index !== undefined && !indices.base.has(name) && alias in index.aliases) found.push(index);
    return found;
  },
  /** The indices an overlay or draft created or changed since its last fold (every index of a plain state). */
  changedIndices(state: ClusterState): IndexMetadata[] {
    const { indices } = state;
    if (!(indices instanceof LayeredIndices)) return [...indices.values()];
    return [...indices.layer.values()].filter((index): index is IndexMetadata => index !== undefined);
  },
  aliasExists(state: ClusterState, alias: string): boolean {
    return ClusterState.indicesOfAlias(state, alias).length > 0;
  },
  /**
   * Makes the table of `state`'s aliases over several turns of the event loop, ahead of work that looks aliases up
   * over every index (lint): made at the first lookup, it holds a turn for a tenth of a second at 100,000 indices.
   */
  async tabulateAliasesInTurns(state: ClusterState): Promise<void> {
    const { indices } = state;
    if (indices instanceof LayeredIndices || aliasTables.has(indices)) return;
    const table = await runInTurns(tabulatingAliases(indices));
    if (!aliasTables.has(indices)) aliasTables.set(indices, table);
  },
});
