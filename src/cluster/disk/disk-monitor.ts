/**
 * @module Watches disk usage and applies Elasticsearch's flood-stage protection: above the flood-stage watermark
 * every index gets the `read_only_allow_delete` block; once usage is below the high watermark again, the block
 * is released (as ES does since 7.4).
 */
import type { CodedMessage } from '../../platform/errors.js';
import type { ClusterErrorCode } from '../cluster-error-codes.js';
import type { ClusterService } from '../cluster-service.js';
import { ClusterState } from '../cluster-state.js';
import { IndexMetadata } from '../index-metadata.js';
import { diskCapacity, diskThresholdEnabled, diskUsage, isExceeded, NODE_NAME, watermark, type DiskUsage } from './disk-usage.js';

const BLOCK = 'index.blocks.read_only_allow_delete';

/** What fills the disk: the documents service, or a simulation's model of the documents to come. */
export interface StoredBytes {
  /** The store size of every index in `state` together. */
  totalBytes(state: ClusterState): number;
  /** Awaited after every committed batch of writes. */
  onWrite(listener: () => Promise<void>): () => void;
}

/** How many indices of a map carry the block; a state's map never changes, so it is counted once. */
const blockedCounts = new WeakMap<ReadonlyMap<string, IndexMetadata>, number>();

function blockedCount(indices: ReadonlyMap<string, IndexMetadata>): number {
  let count = blockedCounts.get(indices);
  if (count !== undefined) return count;
  count = 0;
  for (const index of indices.values()) if (index.settings[BLOCK] === 'true') count++;
  blockedCounts.set(indices, count);
  return count;
}

export class DiskMonitor {
  constructor(
    private readonly cluster: ClusterService,
    private readonly documents: StoredBytes,
    readonly defaultCapacity: number,
  ) {}

  start(): void {
    this.cluster.addStateTransform((state) => this.#applyBlocks(state));
    this.documents.onWrite(() => this.check());
  }

  usage(state: ClusterState = this.cluster.state): DiskUsage {
    return diskUsage(diskCapacity(state, this.defaultCapacity), this.documents.totalBytes(state));
  }

  /** ES's reason why no new shard can be placed, or undefined while usage is under the high watermark. */
  highWatermarkExceeded(state: ClusterState): CodedMessage<ClusterErrorCode> | undefined {
    const high = watermark(state, 'high');
    if (!diskThresholdEnabled(state)) return undefined;
    if (!isExceeded(high, this.usage(state))) return undefined;
    return { message: `high disk watermark [${high.raw}] exceeded on [${NODE_NAME}]`, code: 'high_disk_watermark', params: { watermark: high.raw, node: NODE_NAME } };
  }

  /** Re-measures after documents changed, outside any other cluster change. */
  check(): Promise<void> {
    return this.cluster.update((state) => ({ state, result: undefined }));
  }

  /** Adds or lifts the flood-stage block on every index as usage demands. */
  #applyBlocks(state: ClusterState): ClusterState {
    const usage = this.usage(state);
    const enabled = diskThresholdEnabled(state);
    const flood = enabled && isExceeded(watermark(state, 'flood_stage'), usage);
    const belowHigh = !enabled || !isExceeded(watermark(state, 'high'), usage);
    // Every change passes here: at rest, answered from a count made once per index map instead of a scan.
    const blocked = blockedCount(state.indices);
    if ((!flood || blocked === state.indices.size) && (!belowHigh || blocked === 0)) return state;
    let next = state;
    for (const index of state.indices.values()) {
      const blocked = index.settings[BLOCK] === 'true';
      if (flood && !blocked) {
        next = ClusterState.withIndex(next, IndexMetadata.with(index, { settings: Object.freeze({ ...index.settings, [BLOCK]: 'true' }) }));
      } else if (belowHigh && blocked) {
        const { [BLOCK]: _released, ...settings } = index.settings;
        next = ClusterState.withIndex(next, IndexMetadata.with(index, { settings: Object.freeze(settings) }));
      }
    }
    return next;
  }
}
