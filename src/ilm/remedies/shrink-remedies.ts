/** @module Remedies for a shrink the index's shard count does not allow (the spec's row 1). */
import type { ErrorParams } from '../../platform/errors.js';
import { RETRY, type Remedy, type RemedyContext } from './remedy.js';

function shrinkRemedy(target: number, source: number, phase: string | undefined): string {
  const where = phase ? `the [${phase}] phase's shrink action` : 'the shrink action';
  if (source <= 1) {
    return `The index has ${source} primary shard, so there is nothing to shrink to: remove ${where}, or give the index more primary shards (index.number_of_shards, in its settings or its index template).`;
  }
  const factors = Array.from({ length: source - 1 }, (_, i) => i + 1).filter((n) => source % n === 0);
  const choice = factors.length === 1 ? `${factors[0]}` : `one of ${factors.join(', ')}`;
  return `Set number_of_shards in ${where} to ${choice} (a factor of the index's ${source} primary shards, below it) instead of ${target}, or give the index more primary shards (index.number_of_shards).`;
}

const lint = (params: ErrorParams, ctx: RemedyContext) => shrinkRemedy(Number(params.target), Number(params.source), ctx.phase);

export const targetNotSmaller: Remedy = {
  row: 1,
  lint,
  advice: ({ target, source }, { policy, phase }) => ({
    row: 1,
    cause: `The shrink asks for ${target} shards, but the index has only ${source}: a shrink can only lower the shard count.`,
    remedy: `Edit policy [${policy}] so the shrink in the ${phase} phase has a number_of_shards smaller than ${source} (a factor of ${source}, such as 1), and save it. ${RETRY}`,
    retry: 'retry',
  }),
};

/** The console has no words of its own for it: its general hint. */
export const sourceNotMultiple: Remedy = { row: 1, lint };

/** Row 1's relative that waits instead of failing: a smaller target that is not a factor. */
export const targetNotFactor: Remedy = {
  row: 1,
  lint,
  advice: ({ target, source }, { policy, phase }) => ({
    row: 1,
    cause: `The shrink asks for ${target} shards, which does not divide the index's ${source} shards evenly.`,
    remedy: `Edit policy [${policy}] so the shrink in the ${phase} phase has a number_of_shards that is a factor of ${source} (such as 1), and save it. The index is waiting, not failed: it goes on by itself once the policy is fixed.`,
    retry: 'automatic',
  }),
};
