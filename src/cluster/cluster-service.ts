/**
 * @module Owns the current cluster state: applies changes one at a time, persists each before it is
 * visible, and tells listeners (the ILM runner) that the state changed.
 */
import type { Clock } from '../platform/clock.js';
import type { ClusterRepository } from './cluster-repository.js';
import { ClusterState } from './cluster-state.js';
import type { IndexMetadata } from './index-metadata.js';

export type ClusterChange<T> = (state: ClusterState) => { state: ClusterState; result: T };
export type ClusterListener = (state: ClusterState, previous: ClusterState) => void;
/** Runs for every index a change adds, however it is added (create, rollover, shrink); throwing refuses the change. */
export type IndexCreationCheck = (index: IndexMetadata) => void;

export class ClusterService {
  #state: ClusterState;
  #queue: Promise<unknown> = Promise.resolve();
  readonly #listeners = new Set<ClusterListener>();
  readonly #creationChecks: IndexCreationCheck[] = [];
  readonly #transforms: ((state: ClusterState) => ClusterState)[] = [];

  private constructor(
    private readonly repository: ClusterRepository,
    readonly clock: Clock,
    initial: ClusterState,
  ) {
    this.#state = initial;
  }

  /** Loads the persisted state; a new cluster gets its uuid from `newUuid`. */
  static async open(repository: ClusterRepository, clock: Clock, newUuid: () => string): Promise<ClusterService> {
    const service = new ClusterService(repository, clock, await repository.load());
    if (service.state.clusterUuid === '') {
      await service.update((state) => ({ state: Object.freeze({ ...state, clusterUuid: newUuid() }), result: undefined }));
    }
    return service;
  }

  get state(): ClusterState {
    return this.#state;
  }

  /** Runs `change` after every earlier one; an error leaves the state untouched. */
  update<T>(change: ClusterChange<T>): Promise<T> {
    const run = async (): Promise<T> => {
      const before = this.#state;
      let { state, result } = change(before);
      // Derived rules (the flood-stage block) are applied in the same commit as the change that triggers them.
      for (const transform of this.#transforms) state = transform(state);
      if (state === before) return result;
      for (const [name, index] of state.indices) {
        if (!before.indices.has(name)) for (const check of this.#creationChecks) check(index);
      }
      const after = Object.freeze({ ...state, version: before.version + 1 });
      await this.repository.save(before, after);
      this.#state = after;
      for (const listener of this.#listeners) listener(after, before);
      return result;
    };
    const next = this.#queue.then(run, run);
    this.#queue = next.catch(() => undefined);
    return next;
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
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

export { ClusterState };
