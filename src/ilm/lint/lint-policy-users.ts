/**
 * @module `POST /_tessera/ilm/lint` with a policy's name and no index: what the policy (stored, or the text about to
 * be PUT under that name) does to what uses it. Each managed index that names it runs from where it stands, and
 * each composable template that names it creates a new index, which runs from the start. Problems the indices share
 * are said once, with how many indices meet them and a few of their names, so a policy of thousands of indices
 * answers in a bounded size.
 */
import { ClusterState, findTemplate, IndexMetadata, resolveSettings, type ComposableTemplate } from '../../cluster/index.js';
import { compareStrings } from '../../platform/ids.js';
import { sortInTurns } from '../../platform/turns.js';
import { refreshedCachedPhase } from '../lifecycle-operations.js';
import type { PolicyMetadata, StepRunner } from '../policy/policy-metadata.js';
import { diagnoseRequest } from '../remedies/index.js';
import { dataStreamWarnings } from './data-stream-lint.js';
import { dryRun } from './dry-run.js';
import { stepAuthorizer, uncheckedPrivileges, type LintEnvironment } from './lint-environment.js';
import type { LintAnswer, UserProblem } from './lint-answer-types.js';
import { problem, type LintProblem } from './lint-problem.js';
import { createHypothetical, withTemplates } from './lint-policy.js';
import { stepProblems } from './step-problems.js';

export type PolicyUsersLint = Required<Pick<LintAnswer, 'problems' | 'in_use_by'>> & Pick<LintAnswer, 'problems_left_off'>;

/** How many indices are linted between two turns of the event loop. */
const INDICES_PER_TURN = 25;
/** Distinct problems listed; a policy of thousands of indices in as many states is summed up, not listed whole. */
export const MAX_GROUPS = 100;
/** Names listed with each problem. */
export const SAMPLE_NAMES = 10;

/** The policy's own problems (timing) are the policy lint's; the users' problems are what the runner meets on them. */
const NO_PHASE_WARNINGS: ReadonlyMap<string, LintProblem> = new Map();

const ROLLOVER_ALIAS = 'index.lifecycle.rollover_alias';
const FIRST_GENERATION = '000001';

class Groups {
  private readonly byKey = new Map<string, { problem: LintProblem; kind: 'indices' | 'templates'; count: number; names: string[] }>();
  leftOff = 0;

  add(found: readonly LintProblem[], kind: 'indices' | 'templates', name: string): void {
    for (const p of found) {
      const key = `${kind}\u0000${JSON.stringify(p)}`;
      const group = this.byKey.get(key);
      if (group) {
        group.count++;
        if (group.names.length < SAMPLE_NAMES) group.names.push(name);
      } else if (this.byKey.size < MAX_GROUPS) {
        this.byKey.set(key, { problem: p, kind, count: 1, names: [name] });
      } else {
        this.leftOff++;
      }
    }
  }

  problems(): UserProblem[] {
    return [...this.byKey.values()].map(({ problem: p, kind, count, names }) =>
      kind === 'indices' ? { ...p, index_count: count, indices: names } : { ...p, template_count: count, templates: names },
    );
  }
}

/**
 * The cluster as the PUT of `policy` would leave it: each index of the policy whose phase the runner refreshes gets
 * the new definition cached (refreshCachedPhases); the others keep the phase they cached, and meet the new version
 * at their next phase. The stored policy itself changes nothing.
 */
async function afterPut(env: LintEnvironment, indices: readonly IndexMetadata[], policy: PolicyMetadata, stored: boolean): Promise<ClusterState> {
  if (stored) return env.state;
  let draft: ClusterState | undefined;
  for (const index of indices) {
    const refreshed = refreshedCachedPhase(index, policy);
    if (refreshed) draft = ClusterState.withIndex(draft ?? ClusterState.draft(env.state), refreshed);
  }
  if (!draft) return env.state;
  const state = ClusterState.finish(draft);
  await ClusterState.tabulateAliasesInTurns(state);
  return state;
}

/** What the users are linted against: the policy (`stored`, or as a PUT would store it), the user its steps run as, the templates assumed. */
interface UsersTarget {
  readonly policy: PolicyMetadata;
  readonly stored: boolean;
  readonly runner: StepRunner | undefined;
  readonly templates: readonly ComposableTemplate[] | undefined;
}

async function lintIndices(env: LintEnvironment, { policy, stored, runner }: UsersTarget, groups: Groups): Promise<number> {
  await ClusterState.tabulateAliasesInTurns(env.state);
  const users = [...env.state.indices.values()].filter((index) => index.settings['index.lifecycle.name'] === policy.name);
  if (users.length === 0) return 0;
  const state = await afterPut(env, users, policy, stored);
  // As GET lint: steps are checked as the user they run as, which the caller may need to be allowed to look up.
  const authorize = stepAuthorizer(env, runner);
  const unchecked = uncheckedPrivileges(env, runner);
  let linted = 0;
  for (const { name } of await sortInTurns(users, (a, b) => compareStrings(a.name, b.name))) {
    const events = dryRun({ state, index: name, policy, now: env.now, ...(authorize && { authorize }) });
    groups.add([...unchecked, ...dataStreamWarnings(state, state.indices.get(name)!, policy.name, policy.policy), ...stepProblems(events, NO_PHASE_WARNINGS)], 'indices', name);
    if (++linted % INDICES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return users.length;
}

/**
 * A name the template would create an index of, in the series rollover continues: its first pattern's wildcard
 * (the last one) as the generation, `logs-*` giving `logs-000001`. Undefined when a template of higher priority
 * would create every such index instead.
 */
function newIndexName(templates: Iterable<ComposableTemplate>, template: ComposableTemplate): string | undefined {
  for (const pattern of template.index_patterns) {
    const last = pattern.lastIndexOf('*');
    const name =
      last < 0 ? pattern : `${pattern.slice(0, last).replaceAll('*', 'x')}${pattern[last - 1] === '-' || last === 0 ? '' : '-'}${FIRST_GENERATION}${pattern.slice(last + 1).replaceAll('*', 'x')}`;
    if (findTemplate(templates, name) === template) return name;
  }
  return undefined;
}

/**
 * For rollover through an alias, the new index is the alias's write index, as rollover makes the index it creates;
 * the one that holds it now stays in the alias, no longer its write index.
 */
function handedTheWriteAlias(state: ClusterState, alias: string): ClusterState {
  let next = state;
  for (const holder of ClusterState.indicesOfAlias(state, alias)) {
    if (holder.aliases[alias]?.is_write_index !== true) continue;
    next = ClusterState.withIndex(next, IndexMetadata.with(holder, { aliases: { ...holder.aliases, [alias]: { ...holder.aliases[alias], is_write_index: false } } }));
  }
  return next;
}

function lintTemplate(env: LintEnvironment, state: ClusterState, template: ComposableTemplate, { policy, runner }: UsersTarget): LintProblem[] | undefined {
  const name = newIndexName(state.templates.values(), template);
  if (name === undefined) return undefined;
  const alias = template.data_stream ? undefined : resolveSettings(state, template)[ROLLOVER_ALIAS];
  const base = alias === undefined ? ClusterState.overlay(state) : handedTheWriteAlias(ClusterState.overlay(state), alias);
  // The templates are those of `state` already; a data stream template's index is the stream it creates.
  const created = createHypothetical({ ...env, state: base }, { name, body: alias === undefined ? {} : { aliases: { [alias]: { is_write_index: true } } } }, undefined);
  if ('refused' in created) {
    const { type, reason } = created.refused;
    return [problem({ ...diagnoseRequest(created.request, created.refused, { state }), outcome: 'rejected', request: created.request, type, message: reason })];
  }
  const authorize = stepAuthorizer(env, runner);
  const events = dryRun({ state: created.state, index: created.index.name, policy, now: env.now, ...(authorize && { authorize }) });
  return [...uncheckedPrivileges(env, runner), ...stepProblems(events, NO_PHASE_WARNINGS)];
}

function lintTemplates(env: LintEnvironment, target: UsersTarget, groups: Groups): number {
  const state = withTemplates(env.state, target.templates);
  let checked = 0;
  for (const template of [...state.templates.values()].sort((a, b) => compareStrings(a.name, b.name))) {
    if (resolveSettings(state, template)['index.lifecycle.name'] !== target.policy.name) continue;
    const found = lintTemplate(env, state, template, target);
    if (found === undefined) continue;
    checked++;
    groups.add(found, 'templates', template.name);
  }
  return checked;
}

/** `target.policy` on what uses its name, as `target.runner`; the stored composable templates, or `target.templates` in their place. */
export async function lintPolicyUsers(env: LintEnvironment, target: UsersTarget): Promise<PolicyUsersLint> {
  const groups = new Groups();
  const indices = await lintIndices(env, target, groups);
  const composable = lintTemplates(env, target, groups);
  return { problems: groups.problems(), in_use_by: { indices, composable_templates: composable }, ...(groups.leftOff > 0 && { problems_left_off: groups.leftOff }) };
}
