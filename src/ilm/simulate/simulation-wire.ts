/**
 * @module A simulation's input, result and errors as they cross to and from the worker thread that runs it:
 * structured-clonable data only. Functions stay behind (the documents of each index are read once, up front; the
 * steps' authorization is asked of the main thread), and a cluster state travels with a plain map of indices.
 */
import { ClusterError, type ClusterState, type IndexStats } from '../../cluster/index.js';
import type { ErrorParams } from '../../platform/errors.js';
import type { SimulationInput, SimulationResult } from './simulation.js';

/** What the worker needs to run `simulate`: the input, less its functions. */
export interface WireInput extends Omit<SimulationInput, 'stats' | 'authorize'> {
  readonly stats: ReadonlyMap<string, IndexStats>;
}

/** An error thrown on one side, as the other side rebuilds it. */
export type WireError =
  | {
      readonly kind: 'cluster';
      readonly type: string;
      readonly status: number;
      readonly reason: string;
      readonly metadata: Readonly<Record<string, unknown>>;
      readonly code: string;
      readonly params: ErrorParams;
      readonly causedBy?: WireError;
    }
  /** Thrown by the main thread while answering the worker (an authorization refused): the main thread keeps it. */
  | { readonly kind: 'remote'; readonly id: number }
  | { readonly kind: 'other'; readonly message: string; readonly stack?: string };

/** A state whose indices may be a layered draft, with a plain map instead. */
export function plainState(state: ClusterState): ClusterState {
  return { ...state, indices: new Map(state.indices), templates: new Map(state.templates), componentTemplates: new Map(state.componentTemplates), legacyTemplates: new Map(state.legacyTemplates), repositories: new Map(state.repositories) };
}

export function toWireInput(input: SimulationInput): WireInput {
  const { stats, authorize: _authorize, state, ...rest } = input;
  return { ...rest, state: plainState(state), stats: new Map([...state.indices.keys()].map((name) => [name, stats(name)])) };
}

export function fromWireInput(input: WireInput, authorize: SimulationInput['authorize']): SimulationInput {
  const { stats, ...rest } = input;
  return { ...rest, stats: (name) => stats.get(name) ?? { docs: 0, sizeBytes: 0 }, ...(authorize && { authorize }) };
}

export function toWireResult(result: SimulationResult): SimulationResult {
  return { ...result, firstErrorState: result.firstErrorState && plainState(result.firstErrorState) };
}

/** Stands, in the worker, for an error the main thread threw while answering it. */
export class RemoteError extends Error {
  constructor(readonly id: number) {
    super(`error ${id} of the main thread`);
  }
}

export function toWireError(error: unknown): WireError {
  if (error instanceof RemoteError) return { kind: 'remote', id: error.id };
  if (error instanceof ClusterError) {
    return {
      kind: 'cluster',
      type: error.type,
      status: error.status,
      reason: error.reason,
      metadata: error.metadata,
      code: error.code,
      params: error.params,
      ...(error.causedBy && { causedBy: toWireError(error.causedBy) }),
    };
  }
  if (error instanceof Error) return { kind: 'other', message: error.message, ...(error.stack !== undefined && { stack: error.stack }) };
  return { kind: 'other', message: String(error) };
}

/** `remote`: the errors the main thread kept, by id. */
export function fromWireError(error: WireError, remote: (id: number) => unknown = () => undefined): unknown {
  switch (error.kind) {
    case 'remote':
      return remote(error.id) ?? new Error(`a lost error of the main thread (${error.id})`);
    case 'cluster': {
      const causedBy = error.causedBy && fromWireError(error.causedBy, remote);
      return new ClusterError(error.type, error.status, error.reason, error.metadata, causedBy instanceof ClusterError ? causedBy : undefined, { code: error.code, params: error.params });
    }
    case 'other': {
      const rebuilt = new Error(error.message);
      if (error.stack !== undefined) rebuilt.stack = error.stack;
      return rebuilt;
    }
  }
}
