/**
 * @module `GET /_tessera/ilm/lint`: every managed index of the cluster as it stands, run from where it stands
 * (a failed step from where a retry would resume) to the end of its policy, as the policy's last modifier; and what to
 * do about the failure or wait it reports now.
 */
import { ClusterState, type IndexMetadata } from '../../cluster/index.js';
import { compareStrings } from '../../platform/ids.js';
import { sortInTurns } from '../../platform/turns.js';
import { IlmErrors } from '../ilm-error.js';
import { stepRunnerOf } from '../policy/policy-metadata.js';
import { dataStreamWarnings } from './data-stream-lint.js';
import { dryRun } from './dry-run.js';
import { cachedLint } from './lint-cache.js';
import { stepAuthorizer, uncheckedPrivileges, type LintEnvironment } from './lint-environment.js';
import { problem, type LintProblem } from './lint-problem.js';
import { diagnoseStep, stepInfoAdvice, type Advice } from '../remedies/index.js';
import { stepProblems } from './step-problems.js';
import { timingWarnings } from './timing-warnings.js';

export interface ManagedIndexLint {
  readonly policy: string;
  readonly problems: readonly LintProblem[];
  /** What to do about the failure or wait the index reports now (its step_info), as the console shows it. */
  readonly step_info_diagnosis?: Advice;
}

function lintManagedIndex(env: LintEnvironment, name: string, policyName: string): LintProblem[] {
  const policy = env.policy(policyName);
  if (!policy) {
    // The runner leaves such an index where it is, with this as its step_info.
    const error = IlmErrors.policyMissing(policyName);
    return [problem({ ...diagnoseStep(error, { state: env.state }), outcome: 'stuck', type: error.type, message: error.reason })];
  }
  const runner = stepRunnerOf(policy);
  const authorize = stepAuthorizer(env, runner);
  const events = dryRun({ state: env.state, index: name, policy, now: env.now, ...(authorize && { authorize }) });
  const streamWarnings = dataStreamWarnings(env.state, env.state.indices.get(name)!, policyName, policy.policy);
  return [...uncheckedPrivileges(env, runner), ...streamWarnings, ...stepProblems(events, timingWarnings(policy.policy))];
}

/** How many indices are linted between two turns of the event loop. */
const INDICES_PER_TURN = 25;

/**
 * Every managed index by name, clean ones included (with no problems), so a missing index is one ILM does not manage.
 * A cluster of thousands of indices takes seconds to lint: the loop gives the event loop a turn every few indices,
 * so a read-only caller cannot stall every other request meanwhile. It lints the state it was given, which never
 * changes, whatever commits in between.
 */
export async function lintManagedIndices(env: LintEnvironment): Promise<Record<string, ManagedIndexLint>> {
  return Object.fromEntries(await lintManagedIndexEntries(env));
}

function lintEntry(env: LintEnvironment, index: IndexMetadata): ManagedIndexLint {
  const policyName = index.settings['index.lifecycle.name']!;
  const diagnosis = stepInfoAdvice(index);
  return { policy: policyName, problems: lintManagedIndex(env, index.name, policyName), ...(diagnosis && { step_info_diagnosis: diagnosis }) };
}

/**
 * lintManagedIndices as entries in name order, for an answer written as it goes: listing the keys of an object of
 * 100,000 members in their order takes one turn of 45–120 ms (on a busy machine). `names`: only these indices (the
 * rows a console shows), of which the unmanaged ones are left out. Without security a result is kept for the next
 * request in the same state at the same instant (lint-cache.ts).
 */
export async function lintManagedIndexEntries(env: LintEnvironment, names?: readonly string[]): Promise<[string, ManagedIndexLint][]> {
  const out: [string, ManagedIndexLint][] = [];
  await ClusterState.tabulateAliasesInTurns(env.state);
  const candidates = names === undefined ? env.state.indices.values() : names.map((name) => env.state.indices.get(name)).filter((index) => index !== undefined);
  const managed = [...candidates].filter((index) => index.settings['index.lifecycle.name'] !== undefined);
  let linted = 0;
  for (const index of await sortInTurns(managed, (a, b) => compareStrings(a.name, b.name))) {
    const lint = () => lintEntry(env, index);
    out.push([index.name, env.authorizeAs ? lint() : cachedLint(env.state, env.now, index.name, env.policy(index.settings['index.lifecycle.name']!), lint)]);
    if (++linted % INDICES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return out;
}
