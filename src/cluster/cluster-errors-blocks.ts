/** @module Index blocks as ES reports them when an operation meets one. */
import { ClusterError } from './cluster-error.js';
import type { IndexMetadata } from './index-metadata.js';

/** The flood-stage block stops every change to the index but its deletion (ES's TOO_MANY_REQUESTS/12). */
export function floodStageBlock(index: IndexMetadata): ClusterError | undefined {
  if (index.settings['index.blocks.read_only_allow_delete'] !== 'true') return undefined;
  return new ClusterError(
    'cluster_block_exception',
    429,
    `index [${index.name}] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block];`,
  );
}
