/** @module Index blocks (ES's IndexMetadata.APIBlock and the closed index) and the errors an operation meets them with. */
import { clusterCode, ClusterError } from './cluster-error.js';
import { IndexMetadata } from './index-metadata.js';

/** ES's ClusterBlockLevel: what kind of operation a block stops. */
export type BlockLevel = 'read' | 'write' | 'metadata_read' | 'metadata_write';

export interface ApiBlock {
  /** The name `PUT /<index>/_block/<name>` takes; the setting is `index.blocks.<name>`. */
  readonly name: string;
  readonly setting: string;
  /** How the block reads in a cluster_block_exception: `status/id/description`. */
  readonly text: string;
  readonly status: number;
  readonly levels: readonly BlockLevel[];
}

const block = (name: string, id: number, description: string, levels: BlockLevel[], status = 403, statusText = 'FORBIDDEN'): ApiBlock =>
  Object.freeze({ name, setting: `index.blocks.${name}`, text: `${statusText}/${id}/${description}`, status, levels: Object.freeze(levels) });

const FLOOD_STAGE = 'read_only_allow_delete';

/** In ES's order (APIBlock), which is also the order blocks are named in when several apply. */
export const API_BLOCKS: readonly ApiBlock[] = Object.freeze([
  block('read_only', 5, 'index read-only (api)', ['write', 'metadata_write']),
  block('read', 7, 'index read (api)', ['read']),
  block('write', 8, 'index write (api)', ['write']),
  block('metadata', 9, 'index metadata (api)', ['metadata_write', 'metadata_read']),
  // ES 8 gives the flood-stage block the write level only: metadata changes (and deletion) stay possible.
  block('read_only_allow_delete', 12, 'disk usage exceeded flood-stage watermark, index has read-only-allow-delete block', ['write'], 429, 'TOO_MANY_REQUESTS'),
]);

/** APIBlock.fromName. */
export function apiBlockNamed(name: string): ApiBlock | undefined {
  return API_BLOCKS.find((b) => b.name === name);
}

export function hasBlock(index: IndexMetadata, apiBlock: ApiBlock): boolean {
  return index.settings[apiBlock.setting] === 'true';
}

/**
 * ES's ClusterBlockException for the blocks of `index` at `level` (but those `skip` passes over), or undefined when
 * none applies.
 */
export function blockedAt(index: IndexMetadata, level: BlockLevel, skip: (b: ApiBlock) => boolean = () => false): ClusterError | undefined {
  const blocks = API_BLOCKS.filter((b) => b.levels.includes(level) && hasBlock(index, b) && !skip(b));
  if (blocks.length === 0) return undefined;
  // ClusterBlockException.status: the highest of its blocks' statuses.
  const status = Math.max(...blocks.map((b) => b.status));
  // The flood-stage block alone has a remedy of its own: free disk.
  const code = blocks.some((b) => b.name === FLOOD_STAGE) ? 'flood_stage_blocked' : 'index_blocked';
  return new ClusterError('cluster_block_exception', status, `index [${index.name}] blocked by: [${blocks.map((b) => b.text).join(', ')}];`, {}, undefined, clusterCode(code, { index: index.name }));
}

/** The first index of `indices` blocked at `level`, as ClusterBlocks.indicesBlockedException reports it. */
export function checkBlocks(indices: Iterable<IndexMetadata>, level: BlockLevel): void {
  for (const index of indices) {
    const error = blockedAt(index, level);
    if (error) throw error;
  }
}

/** The flood-stage block stops every change to the index but its deletion (ES's TOO_MANY_REQUESTS/12). */
export function floodStageBlock(index: IndexMetadata): ClusterError | undefined {
  return blockedAt(index, 'write', (b) => b.name !== FLOOD_STAGE);
}

/** IndexClosedException: what an operation on a closed index's data meets. */
export function indexClosed(index: IndexMetadata): ClusterError {
  return new ClusterError('index_closed_exception', 400, 'closed', { index_uuid: index.uuid, index: index.name }, undefined, clusterCode('index_closed', { index: index.name }));
}

/** Throws ES's index_closed_exception when `index` is closed. */
export function checkOpen(index: IndexMetadata): void {
  if (IndexMetadata.isClosed(index)) throw indexClosed(index);
}
