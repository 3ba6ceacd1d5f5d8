/** @module Registering and removing snapshot repositories, and recording the snapshots taken into them. */
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import type { ClusterState } from '../cluster-state.js';
import type { SnapshotInfo, SnapshotRepository } from '../snapshot-repository.js';

export function repositoryMissing(name: string): ClusterError {
  return new ClusterError('repository_missing_exception', 404, `[${name}] missing`);
}

export function putRepository(state: ClusterState, name: string, body: unknown): ClusterState {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b !== 'object' || Array.isArray(b)) throw ClusterErrors.parse('request body is required');
  const errors: string[] = [];
  if (name.trim() === '') errors.push('name is missing');
  if (typeof b.type !== 'string' || b.type === '') errors.push('type is missing');
  if (errors.length > 0) throw ClusterErrors.validation(errors);
  for (const key of Object.keys(b)) if (key !== 'type' && key !== 'settings') throw ClusterErrors.parse(`Unknown field [${key}]`);
  const existing = state.repositories.get(name);
  const repository: SnapshotRepository = Object.freeze({
    name,
    type: b.type as string,
    settings: Object.freeze({ ...((b.settings as Record<string, unknown>) ?? {}) }),
    snapshots: existing?.snapshots ?? [],
  });
  const repositories = new Map(state.repositories);
  repositories.set(name, repository);
  return Object.freeze({ ...state, repositories });
}

export function deleteRepository(state: ClusterState, name: string): ClusterState {
  if (!state.repositories.has(name)) throw repositoryMissing(name);
  const repositories = new Map(state.repositories);
  repositories.delete(name);
  return Object.freeze({ ...state, repositories });
}

export function addSnapshot(state: ClusterState, repositoryName: string, snapshot: SnapshotInfo): ClusterState {
  const repository = state.repositories.get(repositoryName);
  if (!repository) throw repositoryMissing(repositoryName);
  const repositories = new Map(state.repositories);
  repositories.set(repositoryName, Object.freeze({ ...repository, snapshots: [...repository.snapshots.filter((s) => s.snapshot !== snapshot.snapshot), snapshot] }));
  return Object.freeze({ ...state, repositories });
}

/** Removes a snapshot; a repository or snapshot that is already gone is not an error. */
export function removeSnapshot(state: ClusterState, repositoryName: string, snapshotName: string): ClusterState {
  const repository = state.repositories.get(repositoryName);
  if (!repository || !repository.snapshots.some((s) => s.snapshot === snapshotName)) return state;
  const repositories = new Map(state.repositories);
  repositories.set(repositoryName, Object.freeze({ ...repository, snapshots: repository.snapshots.filter((s) => s.snapshot !== snapshotName) }));
  return Object.freeze({ ...state, repositories });
}
