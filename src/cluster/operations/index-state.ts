/**
 * @module Closing and opening indices (MetadataIndexStateService): the index state is metadata, committed with the
 * cluster state, and a closed index is marked `index.verified_before_close` as ES marks one whose shards it verified.
 */
import { checkBlocks } from '../cluster-errors-blocks.js';
import { ClusterErrors } from '../cluster-error.js';
import { ClusterState } from '../cluster-state.js';
import { CLOSE_INDEX_ENABLE } from '../cluster-settings.js';
import { clusterSetting } from '../setting.js';
import { IndexMetadata } from '../index-metadata.js';

export const VERIFIED_BEFORE_CLOSE = 'index.verified_before_close';

/** TransportCloseIndexAction's refusal when `cluster.indices.close.enable` is false. */
export function checkCloseEnabled(state: ClusterState): void {
  if (clusterSetting(state, CLOSE_INDEX_ENABLE) === false) {
    throw ClusterErrors.illegalState(
      'closing indices is disabled - set [cluster.indices.close.enable: true] to enable it. NOTE: closed indices still consume a significant amount of diskspace',
    );
  }
}

function indicesNamed(state: ClusterState, names: readonly string[]): IndexMetadata[] {
  return names.map((name) => {
    const index = state.indices.get(name);
    if (!index) throw ClusterErrors.indexNotFound(name);
    return index;
  });
}

/** Closes the open indices among `names` (already resolved); `closed` lists them, empty when none was open. */
export function closeIndices(state: ClusterState, names: readonly string[]): { state: ClusterState; closed: string[] } {
  const indices = indicesNamed(state, names);
  // checkBlock runs before the master operation: a metadata or read-only block refuses the whole request.
  checkBlocks(indices, 'metadata_write');
  let next = state;
  const closed: string[] = [];
  for (const index of indices) {
    if (IndexMetadata.isClosed(index)) continue;
    const settings = Object.freeze({ ...index.settings, [VERIFIED_BEFORE_CLOSE]: 'true' });
    next = ClusterState.withIndex(next, IndexMetadata.with(index, { state: 'close', settings }));
    closed.push(index.name);
  }
  return { state: next, closed };
}

/** Opens the closed indices among `names` (already resolved); an open one is left as it is. */
export function openIndices(state: ClusterState, names: readonly string[]): ClusterState {
  const indices = indicesNamed(state, names);
  checkBlocks(indices, 'metadata_write');
  let next = state;
  for (const index of indices) {
    if (!IndexMetadata.isClosed(index)) continue;
    const { [VERIFIED_BEFORE_CLOSE]: _verified, ...settings } = index.settings;
    const { state: _state, ...open } = index;
    next = ClusterState.withIndex(next, Object.freeze({ ...open, settings: Object.freeze(settings) }));
  }
  return next;
}
