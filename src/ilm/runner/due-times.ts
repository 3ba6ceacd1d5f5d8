/**
 * @module When a turn of the runner can next move an index, read from its execution state once per version of
 * the index (IndexMetadata is immutable, so a changed index is a new object and is read again). A pass skips the
 * indices a turn would leave as they are, so a tick costs what is due rather than every managed index: an index
 * waiting for a phase's `min_age`, or in an ERROR step no retry will take, costs a lookup.
 */
import type { IndexMetadata } from '../../cluster/index.js';
import { currentKey, readExecution } from '../execution-state.js';
import { minAgeMillis } from '../policy/lifecycle-policy.js';
import type { PolicyMetadata } from '../policy/policy-metadata.js';
import { ERROR_STEP, StepKey } from '../step-key.js';
import { nextPhase, stepsOf } from './execute-step.js';
import { lifecycleDateOf, type Trigger } from './run-index.js';

/**
 * Each is the time from which a turn may change the index: `-Infinity` on every turn, `Infinity` on none.
 * `poll` and `cluster`: a turn on that trigger (runIndex leaves the index as it is before then). `wake`: the
 * earliest time a poll could move the index without outside help, which is what the virtual clock jumps to.
 */
export interface DueTimes {
  readonly poll: number;
  readonly cluster: number;
  readonly wake: number;
}

const NEVER: DueTimes = Object.freeze({ poll: Infinity, cluster: Infinity, wake: Infinity });
const UNINITIALISED: DueTimes = Object.freeze({ poll: -Infinity, cluster: -Infinity, wake: -Infinity });
/** An async wait is evaluated on polls only (runStepOnce). */
const PERIODIC_WAIT: DueTimes = Object.freeze({ poll: -Infinity, cluster: Infinity, wake: -Infinity });
/**
 * Action steps and cluster-state waits run on every turn, and so do a missing policy (its turn writes why into
 * step_info) and a step the phase no longer has (its turn moves to ERROR); the cluster pass after each change has
 * run them, so no poll is needed for them.
 */
const ANY_TURN: DueTimes = Object.freeze({ poll: -Infinity, cluster: -Infinity, wake: Infinity });
const RETRYABLE_ERROR: DueTimes = Object.freeze({ poll: -Infinity, cluster: Infinity, wake: -Infinity });

const cache = new WeakMap<IndexMetadata, { readonly policy: PolicyMetadata | undefined; readonly due: DueTimes }>();

/** `policy`: the index's policy as the turn would read it; a different policy (a new version) reads the index again. */
export function dueTimes(index: IndexMetadata, policy: PolicyMetadata | undefined): DueTimes {
  const cached = cache.get(index);
  if (cached && cached.policy === policy) return cached.due;
  const due = read(index, policy);
  cache.set(index, { policy, due });
  return due;
}

export function dueOn(due: DueTimes, trigger: Trigger): number {
  return trigger === 'poll' ? due.poll : due.cluster;
}

/** Mirrors runIndex's first decision for the index: what makes it return the state it was given. */
function read(index: IndexMetadata, policy: PolicyMetadata | undefined): DueTimes {
  if (!policy) return ANY_TURN;
  const execution = readExecution(index);
  const key = currentKey(execution);
  if (!key) return UNINITIALISED;
  if (key.name === ERROR_STEP) return execution.is_auto_retryable_error === 'true' ? RETRYABLE_ERROR : NEVER;
  if (key.action === 'complete' && key.name === 'complete') {
    const phase = nextPhase(policy, key.phase);
    if (!phase) return NEVER;
    const date = lifecycleDateOf(index);
    const at = date === undefined ? -Infinity : date + minAgeMillis(policy.policy.phases[phase]!);
    return { poll: at, cluster: at, wake: at };
  }
  const step = stepsOf(execution, policy, key.phase).find((s) => StepKey.equals(s.key, key));
  if (!step) return ANY_TURN;
  return step.kind === 'wait' && step.periodic ? PERIODIC_WAIT : ANY_TURN;
}
