/**
 * @module Lint results of managed indices kept for the next request that asks again (the console lints the rows on
 * screen at every refresh). A result is kept under the very cluster state it was linted in (the state is immutable:
 * any change to an index, alias, template, setting or policy is a new state, and the old one's results go with it),
 * with the policy's version and the instant it was linted at, since a dry run reads all three. With security on,
 * steps are authorized against users and roles the cluster state does not hold, so nothing is kept.
 */
import type { ClusterState } from '../../cluster/index.js';
import type { PolicyMetadata } from '../policy/policy-metadata.js';

/** Past this many results one state's cache starts over: a bound on memory, not a policy of what to keep. */
const MAX_ENTRIES = 100_000;

interface StateCache {
  readonly now: number;
  readonly results: Map<string, unknown>;
}

const byState = new WeakMap<ClusterState, StateCache>();

function keyOf(index: string, policy: PolicyMetadata | undefined): string {
  return policy === undefined ? `${index}\u0000-` : `${index}\u0000${policy.name}\u0000${policy.version}\u0000${policy.modifiedDate}\u0000${policy.modifiedBy ?? ''}`;
}

/** The cached result for `index` linted in `state` at `now` with `policy`, or `lint()`'s, kept for next time. */
export function cachedLint<T>(state: ClusterState, now: number, index: string, policy: PolicyMetadata | undefined, lint: () => T): T {
  let cache = byState.get(state);
  // Only the latest instant is kept: under a clock that moves, results of an earlier one are never asked for again.
  if (!cache || cache.now !== now || cache.results.size >= MAX_ENTRIES) {
    cache = { now, results: new Map() };
    byState.set(state, cache);
  }
  const key = keyOf(index, policy);
  if (cache.results.has(key)) return cache.results.get(key) as T;
  const result = lint();
  cache.results.set(key, result);
  return result;
}
