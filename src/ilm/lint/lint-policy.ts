/**
 * @module `POST /_tessera/ilm/lint`: a policy on an index that does not exist yet, as if the policy were PUT and
 * the index created now: what `PUT /_ilm/policy` and `PUT /<index>` would refuse, then what every step would meet.
 */
import { checkComposition, ClusterError, ClusterState, createDataStream, createIndex, DataStream, deleteDataStreams, type ComposableTemplate, type IndexMetadata } from '../../cluster/index.js';
import { IlmErrors } from '../ilm-error.js';
import { stepRunnerOf, type PolicyMetadata, type StepRunner } from '../policy/policy-metadata.js';
import { checkOriginationDate } from '../runner/origination-date.js';
import { createsDataStream, dataStreamTemplateWarnings, dataStreamWarnings } from './data-stream-lint.js';
import { dryRun } from './dry-run.js';
import { stepAuthorizer, uncheckedPrivileges, type LintEnvironment } from './lint-environment.js';
import { problem, type LintProblem } from './lint-problem.js';
import type { IndexToCreate, LintRequest } from './lint-request.js';
import { policyRejections } from './policy-rejections.js';
import { diagnoseRequest } from '../remedies/index.js';
import { stepProblems } from './step-problems.js';
import { timingWarnings } from './timing-warnings.js';

/** How messages name a policy that is not stored yet when no index names it either. */
const UNNAMED_POLICY = '<policy>';

/** The cluster with the templates a request assumes in place of the stored ones. */
export function withTemplates(state: ClusterState, templates: readonly ComposableTemplate[] | undefined): ClusterState {
  return templates ? Object.freeze({ ...state, templates: new Map(templates.map((t) => [t.name, t])) }) : state;
}

/** For a data stream, `index` is its write index: the first backing index. `request` is what creates it. */
export type Created = { readonly state: ClusterState; readonly index: IndexMetadata } | { readonly refused: ClusterError; readonly request: string };

/**
 * The index as `PUT /<name>` would create it now, under the templates assumed; an index of that name is replaced.
 * A name a data stream template matches, without a body, is the data stream `PUT /_data_stream/<name>` would create
 * (a data stream of that name is replaced).
 */
export function createHypothetical(env: LintEnvironment, index: IndexToCreate, templates: readonly ComposableTemplate[] | undefined): Created {
  let state = withTemplates(env.state, templates);
  const dataStream = createsDataStream(state, index.name, index.body);
  state = dataStream ? deleteDataStreams(state, [index.name]) : ClusterState.withoutIndex(state, index.name);
  try {
    for (const template of templates ?? []) checkComposition(state, template);
    if (dataStream) {
      const created = createDataStream(state, { name: index.name, now: env.now, uuid: 'xxxx' });
      return { state: created.state, index: created.state.indices.get(DataStream.writeIndex(created.dataStream))! };
    }
    const created = createIndex(state, { name: index.name, body: index.body, now: env.now, uuid: 'xxxx' });
    checkOriginationDate(created.index);
    return created;
  } catch (error) {
    if (error instanceof ClusterError) return { refused: error, request: dataStream ? `PUT /_data_stream/${index.name}` : `PUT /${index.name}` };
    throw error;
  }
}

function managementWarnings(index: IndexMetadata, stored: string | undefined): LintProblem[] {
  const named = index.settings['index.lifecycle.name'];
  if (named === undefined) {
    return [
      problem({
        row: null,
        outcome: 'warning',
        message: `index [${index.name}] has no [index.lifecycle.name], in its settings or in a matching index template, so no policy will manage it`,
        remedy: "Set index.lifecycle.name to the policy's name, in the index's settings or in the index template that creates it.",
      }),
    ];
  }
  if (stored !== undefined && named !== stored) {
    return [
      problem({
        row: null,
        outcome: 'warning',
        message: `index [${index.name}] will be managed by policy [${named}] (its index.lifecycle.name), not by [${stored}]`,
        remedy: `Set index.lifecycle.name to [${stored}], or lint policy [${named}] instead.`,
      }),
    ];
  }
  return [];
}

/** What a lint or simulate request is about: the policy as it would be stored, and the index as it would be created. */
export interface Target {
  readonly stored: PolicyMetadata | undefined;
  /** The policy as the runner would see it once PUT (or as stored). */
  readonly metadata: PolicyMetadata;
  readonly created: Created | undefined;
  /** Whose authority the steps run with: the policy's last modifier, with the roles stored with the policy. */
  readonly runner: StepRunner | undefined;
}

export function resolveTarget(request: LintRequest, env: LintEnvironment): Target {
  const existing = request.name === undefined ? undefined : env.policy(request.name);
  // A name alone is the stored policy; with a policy, it is the name the policy is about to be PUT under.
  if (request.name !== undefined && request.policy === undefined && !existing) throw IlmErrors.policyNotFound(request.name);
  const stored = request.policy === undefined ? existing : undefined;
  const policy = request.policy ?? existing!.policy;
  const created = request.index && createHypothetical(env, request.index, request.templates);
  const createdIndex = created && 'index' in created ? created.index : undefined;
  const name = request.name ?? createdIndex?.settings['index.lifecycle.name'] ?? UNNAMED_POLICY;
  // Steps run as the policy's last modifier: the stored one with its stored roles, or the user (the caller) about to
  // PUT it, with the roles it holds now, which the PUT would store.
  const user = request.user ?? (stored ? undefined : env.caller);
  const runner: StepRunner | undefined = user !== undefined ? { username: user } : stored && stepRunnerOf(stored);
  const prior = env.policy(name);
  const metadata: PolicyMetadata = stored ?? { name, policy, version: (prior?.version ?? 0) + 1, modifiedDate: env.now, ...(user !== undefined && { modifiedBy: user }) };
  return { stored, metadata, created, runner };
}

export function lintPolicy(request: LintRequest, env: LintEnvironment): LintProblem[] {
  const { stored, metadata, created, runner } = resolveTarget(request, env);
  const { policy, name } = metadata;
  // A stored policy was validated when it was PUT.
  const rejections = stored ? [] : policyRejections(policy, name, env.state);
  const warnings = timingWarnings(policy);
  if (!created) {
    return [...rejections, ...dataStreamTemplateWarnings(withTemplates(env.state, request.templates), name, policy), ...warnings.values()];
  }
  if ('refused' in created) {
    const put = created.request;
    const { type, reason } = created.refused;
    const refusal = problem({ ...diagnoseRequest(put, created.refused, { state: env.state }), outcome: 'rejected', request: put, type, message: reason });
    return [...rejections, refusal, ...warnings.values()];
  }
  const authorize = stepAuthorizer(env, runner);
  const events = dryRun({ state: created.state, index: created.index.name, policy: metadata, now: env.now, ...(authorize && { authorize }) });
  const streamWarnings = dataStreamWarnings(created.state, created.index, name, policy);
  return [...rejections, ...uncheckedPrivileges(env, runner), ...managementWarnings(created.index, request.name), ...streamWarnings, ...stepProblems(events, warnings)];
}
