/**
 * What to do about a failed (or stuck) lifecycle step: the spec's error table, rows 1–9, matched on explain's
 * `step_info` and turned into a short remedy in plain words. Anything else gets a generic hint.
 */
import type { ExplainRecord, StepInfo } from './lifecycle-types.ts';

export interface Diagnosis {
  /** The spec's error row, when the failure is one of them. */
  readonly row?: number;
  /** The cause in a few words. */
  readonly cause: string;
  /** What to do, in plain words, naming the index, alias, policy or setting involved. */
  readonly remedy: string;
  /** Whether a retry is needed once the cause is fixed. */
  readonly retry: 'retry' | 'automatic' | 'none';
}

interface Context {
  readonly index: string;
  readonly policy: string;
  readonly phase: string;
  readonly info: StepInfo;
}

type Rule = (text: string, context: Context) => Diagnosis | undefined;

const RETRY = 'Then press Retry.';

const RULES: readonly Rule[] = [
  // Row 1, as Tessera (and older Elasticsearch) words it, and as the spec shapes it.
  (text, { policy, phase }) => {
    const m = /number of target shards \[(\d+)\] must be less than the number of source shards \[(\d+)\]/.exec(text) ?? /target shards \[(\d+)\] must be less than source shards \[(\d+)\]/.exec(text);
    if (!m) return undefined;
    return {
      row: 1,
      cause: `The shrink asks for ${m[1]} shards, but the index has only ${m[2]}: a shrink can only lower the shard count.`,
      remedy: `Edit policy [${policy}] so the shrink in the ${phase} phase has a number_of_shards smaller than ${m[2]} (a factor of ${m[2]}, such as 1), and save it. ${RETRY}`,
      retry: 'retry',
    };
  },
  // Row 1's relative that waits instead of failing: a smaller target that is not a factor.
  (text, { policy, phase }) => {
    const m = /target shards count \[(\d+)\] must be a factor of the source index's shards count \[(\d+)\]/.exec(text);
    if (!m) return undefined;
    return {
      row: 1,
      cause: `The shrink asks for ${m[1]} shards, which does not divide the index's ${m[2]} shards evenly.`,
      remedy: `Edit policy [${policy}] so the shrink in the ${phase} phase has a number_of_shards that is a factor of ${m[2]} (such as 1), and save it. The index is waiting, not failed: it goes on by itself once the policy is fixed.`,
      retry: 'automatic',
    };
  },
  // Row 2.
  (text) => {
    const m = /Rollover alias \[([^\]]+)\] can point to multiple indices, found duplicated alias \[\[?([^\]]*?)\]?\] in index template \[([^\]]+)\]/.exec(text);
    if (!m) return undefined;
    return {
      row: 2,
      cause: `The rollover alias [${m[1]}] is also listed in the aliases of index template [${m[3]}], so every new index would get it.`,
      remedy: `Remove [${m[1]}] from the aliases section of index template [${m[3]}]. Set the alias only once, through index.lifecycle.rollover_alias when you create the first index; rollover then maintains it. ${RETRY}`,
      retry: 'retry',
    };
  },
  // Row 3.
  (text) => {
    const m = /index\.lifecycle\.rollover_alias \[([^\]]+)\] does not point to index \[([^\]]+)\]/.exec(text);
    if (!m) return undefined;
    return {
      row: 3,
      cause: `The index names [${m[1]}] as its rollover alias, but that alias does not exist or does not point to [${m[2]}].`,
      remedy: `Check the index setting index.lifecycle.rollover_alias of [${m[2]}] and list the aliases (_cat/aliases). Either add alias [${m[1]}] to [${m[2]}] as its write index, or correct the setting to the alias the index really has. ${RETRY}`,
      retry: 'retry',
    };
  },
  // Row 4.
  (text) => {
    const m = /setting \[index\.lifecycle\.rollover_alias\] for index \[([^\]]+)\] is empty or not defined/i.exec(text);
    if (!m) return undefined;
    return {
      row: 4,
      cause: `Index [${m[1]}] has no index.lifecycle.rollover_alias setting, so rollover does not know which alias to roll over.`,
      remedy: `Set index.lifecycle.rollover_alias on [${m[1]}] to the alias the index is written through (its write alias). ${RETRY}`,
      retry: 'retry',
    };
  },
  // Row 5.
  (text) => {
    const m = /alias \[([^\]]+)\] has more than one write index \[([^\]]+)\]/i.exec(text);
    if (!m) return undefined;
    return {
      row: 5,
      cause: `Alias [${m[1]}] would have more than one write index: [${m[2]}].`,
      remedy: `Use the aliases API to set is_write_index to false for alias [${m[1]}] on all indices but one (and in any index template that adds it as a write alias). ${RETRY}`,
      retry: 'retry',
    };
  },
  // Row 6.
  (text, { index }) => {
    const m = /index name \[([^\]]+)\] does not match pattern/.exec(text);
    if (!m) return undefined;
    return {
      row: 6,
      cause: `Rollover names the next index by counting up a numeric suffix, and [${m[1]}] has none.`,
      remedy: `An index cannot be renamed: create an index whose name ends in a hyphen and digits (such as ${m[1]}-000001), move the write alias to it, and set index.lifecycle.indexing_complete: true on [${index}] so it finishes without a rollover. ${RETRY}`,
      retry: 'retry',
    };
  },
  // Row 7.
  (text, { info }) => {
    if (info.type !== 'circuit_breaking_exception' && !/data too large/i.test(text)) return undefined;
    const breaker = /^\[(\w+)\]/.exec(info.reason ?? '')?.[1];
    const setting = breaker === 'parent' ? 'indices.breaker.total.limit' : breaker === 'request' ? 'indices.breaker.request.limit' : 'the circuit breaker limits';
    return {
      row: 7,
      cause: `The operation needs more memory than ${breaker ? `the [${breaker}] circuit breaker` : 'a circuit breaker'} allows: the cluster hit a resource limit.`,
      remedy: `Relieve the memory pressure before going on: raise ${setting} (Cluster page shows the limits) or make the operation smaller. The error is retried automatically at the next poll, or press Retry once the pressure is gone.`,
      retry: 'automatic',
    };
  },
  // Row 8: above the high watermark a step waits; above flood stage a write fails.
  (text) => {
    const m = /high disk watermark \[([^\]]+)\] exceeded on \[([^\]]+)\]/i.exec(text);
    if (!m) return undefined;
    return {
      row: 8,
      cause: `The disk of [${m[2]}] is above the high watermark [${m[1]}], so new shards cannot be placed.`,
      remedy: `Free disk space, for example by deleting old indices or documents, or raise the high watermark; set up rollover so data moves on from the hot phase. The step is waiting, not failed: it goes on by itself once there is room.`,
      retry: 'none',
    };
  },
  (text, { info }) => {
    if (!/flood[- ]stage watermark|read-only-allow-delete/i.test(text) && info.type !== 'cluster_block_exception') return undefined;
    return {
      row: 8,
      cause: 'The disk is above the flood-stage watermark, so every index is read-only (deletes still work).',
      remedy: `Free disk space (delete old indices or documents) until usage is below the high watermark, which lifts the block, or raise the watermarks; set up rollover so data moves on. ${RETRY} (the next poll also retries it).`,
      retry: 'automatic',
    };
  },
  // Row 9.
  (text, { info, policy }) => {
    if (info.type !== 'security_exception' && !/is unauthorized for user/.test(text)) return undefined;
    const m = /action \[([^\]]+)\] is unauthorized for user \[([^\]]+)\](?: with roles \[([^\]]*)\])?/.exec(text);
    const who = m ? `user [${m[2]}]${m[3] ? ` (roles [${m[3]}])` : ''}` : 'the user who last modified the policy';
    return {
      row: 9,
      cause: `Lifecycle steps run as the user who last modified policy [${policy}], and ${who} may not ${m ? `perform [${m[1]}]` : 'do what this step needs'}.`,
      remedy: `Give that user's role back the index privileges the step needs (manage or all on this index), or save policy [${policy}] again as a user who has them. ${RETRY}`,
      retry: 'retry',
    };
  },
];

/** The diagnosis for an index's `step_info` (a failure, or a wait with a message), or undefined when there is none. */
export function diagnose(record: ExplainRecord): Diagnosis | undefined {
  const info = record.step_info;
  if (!info) return undefined;
  const text = [info.type, info.reason, info.message].filter((s) => typeof s === 'string').join(': ');
  const context: Context = { index: record.index, policy: record.policy ?? '(unknown)', phase: record.phase ?? '(unknown)', info };
  for (const rule of RULES) {
    const found = rule(text, context);
    if (found) return found;
  }
  if (record.step !== 'ERROR') {
    return {
      cause: 'The step is waiting for a condition.',
      remedy: 'Read the message above; the step goes on by itself once the condition is met.',
      retry: 'none',
    };
  }
  return {
    cause: `Step [${record.failed_step ?? 'unknown'}] failed with ${info.type ?? 'an error'}.`,
    remedy: `Read the reason above and fix what it names (the policy [${context.policy}], the index's settings or aliases, or a cluster setting). ${
      record.is_auto_retryable_error ? 'The error is retried automatically at each poll, or ' : 'Then '
    }press Retry to run the failed step again.`,
    retry: 'retry',
  };
}
