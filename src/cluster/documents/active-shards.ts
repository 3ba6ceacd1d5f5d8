/**
 * @module `wait_for_active_shards` on writes, as ES's ReplicationOperation.checkActiveShardCount sees it on one node:
 * each shard has its primary active and no replica, so a count above one (or `all` with replicas configured) can
 * never be met, and the write fails when the wait times out with ES's unavailable_shards_exception.
 */
import { ClusterError } from '../cluster-error.js';
import { IndexMetadata } from '../index-metadata.js';

/** The copies a shard of `index` has (its primary and replicas) and the ones active on this node. */
function copies(index: IndexMetadata): { total: number; active: number } {
  return { total: 1 + IndexMetadata.replicas(index), active: 1 };
}

/** ES's "Not enough active copies" text when `count` cannot be met on `index`, else undefined. */
export function unmetActiveShards(index: IndexMetadata, count: number | 'all'): string | undefined {
  const { total, active } = copies(index);
  const needed = count === 'all' ? total : count;
  if (active >= needed) return undefined;
  return `Not enough active copies to meet shard count of [${count === 'all' ? 'ALL' : count}] (have ${active}, needed ${needed}).`;
}

/** The failure of the writes to `index` once the wait has timed out (UnavailableShardsException), describing the shard request. */
export function activeShardsFailure(index: IndexMetadata, unmet: string, timeoutText: string, request: string): ClusterError {
  return new ClusterError('unavailable_shards_exception', 503, `[${index.name}][0] ${unmet} Timeout: [${timeoutText}], request: [${request}]`, {
    index_uuid: index.uuid,
    shard: '0',
    index: index.name,
  });
}
