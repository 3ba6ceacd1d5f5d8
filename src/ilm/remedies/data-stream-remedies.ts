/** @module Remedies for a data stream's write index, which some steps must wait for and the delete step cannot remove. */
import type { Remedy } from './remedy.js';

/** check-not-write-index waits with it; replace-datastream-backing-index fails with it (retried at each poll). */
export const writeIndex: Remedy = {
  row: null,
  lint: ({ index, data_stream }) =>
    `Roll data stream [${data_stream}] over before this phase (a rollover action in its hot phase, or POST /${data_stream}/_rollover): [${index}] is still its write index, which this action cannot change.`,
  advice: ({ index, data_stream }) => ({
    cause: `[${index}] is the write index of data stream [${data_stream}], and this action cannot run on the index a data stream writes to.`,
    remedy: `Roll data stream [${data_stream}] over (POST /${data_stream}/_rollover), or let the policy's rollover action do it; the policy goes on by itself once [${index}] is no longer the write index.`,
    retry: 'automatic',
  }),
};

export const writeIndexNotDeletable: Remedy = {
  row: null,
  lint: ({ index, data_stream }) =>
    `Give the policy a rollover action in its hot phase, so [${index}] is no longer the write index of data stream [${data_stream}] when the delete phase comes; a data stream's write index cannot be deleted.`,
  advice: ({ index, data_stream, policy }) => ({
    cause: `[${index}] is the write index of data stream [${data_stream}], and a data stream's write index cannot be deleted.`,
    remedy: `Roll data stream [${data_stream}] over (POST /${data_stream}/_rollover) so [${index}] is no longer its write index, and give policy [${policy}] a rollover action in its hot phase so it does not happen again. The delete is retried automatically at the next poll; to run it sooner, press Retry.`,
    retry: 'automatic',
  }),
};
