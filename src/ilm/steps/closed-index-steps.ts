/**
 * @module The steps that fail on a closed index, as in ES: those whose request refuses closed indices (broadcast
 * requests, IndicesOptions.strictExpandOpenAndForbidClosed): wait-for-shard-history-leases (WaitForNoFollowersStep's
 * indices stats), forcemerge, segment-count (indices segments) and shrink (TransportResizeAction's stats of its source).
 * Their actions mark them `refusedOnClosed`. Every other step reads or changes only metadata, which a closed index
 * keeps: it runs as on an open one.
 */
import { checkOpen, type IndexMetadata } from '../../cluster/index.js';
import type { Step } from './step.js';

/** Throws ES's index_closed_exception when `step` cannot run on `index` because it is closed. */
export function checkStepOnClosedIndex(step: Step, index: IndexMetadata): void {
  if (step.refusesClosedIndex) checkOpen(index);
}
