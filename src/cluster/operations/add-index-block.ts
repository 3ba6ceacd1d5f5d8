/** @module `PUT /<index>/_block/<block>` (MetadataIndexStateService.addIndexBlock): the block is its `index.blocks.*` setting. */
import { apiBlockNamed, checkBlocks, hasBlock, type ApiBlock } from '../cluster-errors-blocks.js';
import { ClusterErrors } from '../cluster-error.js';
import { ClusterState } from '../cluster-state.js';
import { IndexMetadata } from '../index-metadata.js';

/** APIBlock.fromName, as RestAddIndexBlockAction reads the path before anything else. */
export function parseApiBlock(name: string): ApiBlock {
  const block = apiBlockNamed(name);
  if (!block) throw ClusterErrors.illegalArgument(`No block found with name ${name}`);
  return block;
}

/** Adds `block` to the indices `names` (already resolved); `blocked` lists those that did not have it yet. */
export function addIndexBlock(state: ClusterState, names: readonly string[], block: ApiBlock): { state: ClusterState; blocked: string[] } {
  const indices = names.map((name) => {
    const index = state.indices.get(name);
    if (!index) throw ClusterErrors.indexNotFound(name);
    return index;
  });
  // TransportAddIndexBlockAction.checkBlock: a block that itself stops metadata writes may always be added (so an
  // index can be locked further); any other needs the indices free of metadata-write blocks.
  if (!block.levels.includes('metadata_write')) checkBlocks(indices, 'metadata_write');
  let next = state;
  const blocked: string[] = [];
  for (const index of indices) {
    if (hasBlock(index, block)) continue;
    next = ClusterState.withIndex(next, IndexMetadata.with(index, { settings: Object.freeze({ ...index.settings, [block.setting]: 'true' }) }));
    blocked.push(index.name);
  }
  return { state: next, blocked };
}
