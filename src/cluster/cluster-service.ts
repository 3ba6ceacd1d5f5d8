/**
 * @module Owns the current cluster state: applies changes one at a time, persists each before it is
 * visible, and tells listeners (the ILM runner) that the state changed.
 */
import type { Clock } from '../platform/clock.js';
import { VersionedCopy } from '../platform/versioned-copy.js';
import type { ClusterChange, ClusterRepository } from './cluster-repository.js';
import { ClusterState } from './cluster-state.js';
import type { IndexMetadata } from './index-metadata.js';

/** The cluster state's version is the generation its copy is stamped with. */
const versioned = (state: ClusterState) => ({ value: state, generation: state.version });

export type { ClusterChange };
export type ClusterListener = (state: ClusterState, previous: ClusterState) => void;
/** Runs for every index a change adds, however it is added (create, rollover, shrink); throwing refuses the change. */
export type IndexCreationCheck = (index: IndexMetadata) => void;

export class ClusterService {
  readonly #copy: VersionedCopy<ClusterState>;
  readonly #creationChecks: IndexCreationCheck[] = [];
  readonly #transforms: ((state: ClusterState) => ClusterState)[] = [];

  private constructor(
    private readonly repository: ClusterRepository,
    readonly clock: Clock,
    initial: ClusterState,
  ) {
    this.#copy = new VersionedCopy(repository.source, versioned(initial));
  }

  /** Loads the persisted state; a new cluster gets its uuid from `newUuid`. */
  static async open(repository: ClusterRepository, clock: Clock, newUuid: () => string): Promise<ClusterService> {
    const service = new ClusterService(repository, clock, await repository.load());
    if (service.state.clusterUuid === '') {
      // Another instance starting at the same moment may have formed the cluster first: its uuid stands.
      await service.update((state) => ({ state: state.clusterUuid === '' ? Object.freeze({ ...state, clusterUuid: newUuid() }) : state, result: undefined }));
    }
    return service;
  }

  get state(): ClusterState {
    return this.#copy.value;
  }

  /**
   * Runs `change` after every earlier one, on the latest stored state; an error leaves the state untouched.
   * `skipUnchanged`: first run `change` on the copy held, and when that changes nothing, end there without a commit.
   * Only for a caller that synced the copy just before (a lifecycle pass): a change that is a no-op on a state the
   * store held a moment ago is the same change made at that moment. It spares a poll tick that moves nothing the
   * store's transaction and row lock, most of its cost on PostgreSQL.
   */
  update<T>(change: ClusterChange<T>, { skipUnchanged = false }: { skipUnchanged?: boolean } = {}): Promise<T> {
    const apply = (before: ClusterState): { state: ClusterState; result: T } => {
      let { state, result } = change(before);
      // Derived rules (the flood-stage block) are applied in the same commit as the change that triggers them.
      for (const transform of this.#transforms) state = transform(state);
      if (state === before) return { state, result };
      for (const name of ClusterState.changedNames(before.indices, state.indices) ?? state.indices.keys()) {
        const index = state.indices.get(name);
        if (index && !before.indices.has(name)) for (const check of this.#creationChecks) check(index);
      }
      return { state: Object.freeze({ ...state, version: before.version + 1 }), result };
    };
    return this.#copy.change(async (current) => {
      let early: { state: ClusterState; result: T } | undefined;
      if (skipUnchanged) {
        // A refusal here may be the copy's staleness: the commit below decides on the stored state.
        try {
          early = apply(current.value);
        } catch {
          early = undefined;
        }
        if (early?.state === current.value) return early.result;
      }
      let latest: ClusterState | undefined;
      try {
        const commit = await this.repository.commit(current.value, (before) => {
          latest = before;
          // The copy held is the stored state: what was worked out on it stands.
          return early && before === current.value ? early : apply(before);
        });
        this.#copy.adopt(versioned(commit.latest));
        this.#copy.adopt(versioned(commit.state));
        return commit.result;
      } catch (error) {
        // What another instance committed stays true even though this change failed.
        if (latest) this.#copy.adopt(versioned(latest));
        throw error;
      }
    });
  }

  /** Catches up with changes other instances committed to a shared store; `stored`: the stored version, if already read. */
  sync(stored?: number): Promise<void> {
    return this.#copy.sync(stored);
  }

  /** A rule every committed state must satisfy, applied to each change before it is saved. */
  addStateTransform(transform: (state: ClusterState) => ClusterState): void {
    this.#transforms.push(transform);
  }

  /** Like ES's beforeIndexAddedToCluster listeners. */
  addIndexCreationCheck(check: IndexCreationCheck): void {
    this.#creationChecks.push(check);
  }

  onChange(listener: ClusterListener): () => void {
    return this.#copy.onChange(listener);
  }
}

export { ClusterState };
