/**
 * @module The phase timings Elasticsearch accepts although they are out of order: a phase without a positive
 * `min_age` after one with. PUT's timing check skips such phases (0 stands for "not set"), and the runner then
 * starts the phase as soon as the one before it has completed.
 */
import { PHASES } from '../policy/timeseries-lifecycle-type.js';
import { minAgeMillis, type LifecyclePolicy, type Phase } from '../policy/lifecycle-policy.js';
import { problem, type LintProblem } from './lint-problem.js';

/** By phase, the warning for each phase that would start earlier than its `min_age` suggests. */
export function timingWarnings(policy: LifecyclePolicy): Map<string, LintProblem> {
  const warnings = new Map<string, LintProblem>();
  let latest: { name: string; phase: Phase; age: number } | undefined;
  for (const name of PHASES) {
    const phase = policy.phases[name];
    if (!phase) continue;
    const age = minAgeMillis(phase);
    if (age > 0) {
      if (!latest || age > latest.age) latest = { name, phase, age };
      continue;
    }
    if (!latest) continue;
    const earlier = `[${latest.name}] (min_age: ${latest.phase.min_age})`;
    warnings.set(
      name,
      problem({
        row: null,
        outcome: 'warning',
        message: `phase [${name}] (min_age: ${phase.min_age}) comes after phase ${earlier}, so it starts as soon as [${latest.name}] has completed: at an age of ${latest.phase.min_age} or more, not ${phase.min_age}`,
        remedy: `Give the [${name}] phase a min_age larger than ${latest.phase.min_age}: the age, counted from the index's creation or rollover, at which it should start.`,
      }),
    );
  }
  return warnings;
}
