/**
 * @module Lifecycle policies: parsing `PUT /_ilm/policy/<name>` strictly, validating it as
 * TimeseriesLifecycleType does, and the normalized form ES writes back (defaults added).
 */
import { ClusterError } from '../../cluster/index.js';
import { parseTimeValue } from '../../platform/units/index.js';
import type { CodedMessage } from '../../platform/errors.js';
import type { IlmErrorCode } from '../ilm-error-codes.js';
import { ilmMessage, IlmErrors } from '../ilm-error.js';
import { hasAllocationRules, parseAction, SUPPORTED_ACTIONS, type PhaseActions } from '../actions/index.js';
import { PHASE_ACTIONS, PHASES, type PhaseName } from './timeseries-lifecycle-type.js';

export interface Phase {
  /** As the user wrote it (ES keeps the unit), `0ms` when absent. */
  readonly min_age: string;
  readonly actions: PhaseActions;
}

export interface LifecyclePolicy {
  readonly phases: Readonly<Record<string, Phase>>;
  readonly _meta?: Readonly<Record<string, unknown>>;
}

export function validatePolicyName(name: string): void {
  const invalid = (why: string) => IlmErrors.illegalArgument(`invalid policy name [${name}]: ${why}`);
  if (name.length === 0) throw invalid('must not be null or empty');
  if (name.includes(',')) throw invalid("must not contain ','");
  if (name.includes(' ')) throw invalid('must not contain spaces');
  if (name.startsWith('_')) throw invalid("must not start with '_'");
  const bytes = Buffer.byteLength(name, 'utf8');
  if (bytes > 255) throw invalid(`name is too long, (${bytes} > 255)`);
}

/** A phase's min_age in milliseconds, parsed once per phase object (each index's due time reads it). */
const minAges = new WeakMap<Phase, number>();

export function minAgeMillis(phase: Phase): number {
  let millis = minAges.get(phase);
  if (millis === undefined) minAges.set(phase, (millis = parseTimeValue(phase.min_age, 'min_age')));
  return millis;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function parsePhase(name: string, raw: unknown): Phase {
  if (!isObject(raw)) throw IlmErrors.parse('phases', `failed to parse field [${name}]`);
  for (const key of Object.keys(raw)) {
    if (key !== 'min_age' && key !== 'actions') throw IlmErrors.parse('phase', `unknown field [${key}]`);
  }
  const minAge = raw.min_age === undefined ? '0ms' : String(raw.min_age);
  parseTimeValue(minAge, 'min_age', (message) => IlmErrors.parse('phase', 'failed to parse field [min_age]', IlmErrors.illegalArgument(message)));
  const rawActions = raw.actions ?? {};
  if (!isObject(rawActions)) throw IlmErrors.parse('phase', 'failed to parse field [actions]');
  const actions: Record<string, unknown> = {};
  for (const [action, config] of Object.entries(rawActions)) {
    try {
      actions[action] = parseAction(action, config);
    } catch (error) {
      const cause = error instanceof ClusterError ? error : IlmErrors.illegalArgument(String(error));
      throw IlmErrors.parse('phase', 'failed to parse field [actions]', cause);
    }
  }
  return { min_age: minAge, actions: actions as PhaseActions };
}

/** Parses the whole request body: `{"policy": {"phases": {...}, "_meta": {...}}}`. */
export function parsePolicyBody(body: unknown): LifecyclePolicy {
  if (body === undefined) throw IlmErrors.bodyRequired();
  if (!isObject(body)) throw IlmErrors.parse('put_lifecycle_request', 'request body must be an object');
  for (const key of Object.keys(body)) {
    if (key !== 'policy') throw IlmErrors.parse('put_lifecycle_request', `unknown field [${key}]`);
  }
  const policy = body.policy;
  if (!isObject(policy)) throw IlmErrors.parse('put_lifecycle_request', 'Required [policy]');
  for (const key of Object.keys(policy)) {
    if (key !== 'phases' && key !== '_meta' && key !== 'deprecated') throw IlmErrors.parse('lifecycle_policy', `unknown field [${key}]`);
  }
  if (!isObject(policy.phases)) throw IlmErrors.parse('lifecycle_policy', 'Required [phases]');
  if (policy._meta !== undefined && !isObject(policy._meta)) throw IlmErrors.parse('lifecycle_policy', 'failed to parse field [_meta]');
  const phases: Record<string, Phase> = {};
  for (const [name, raw] of Object.entries(policy.phases)) phases[name] = parsePhase(name, raw);
  return { phases, ...(isObject(policy._meta) && { _meta: policy._meta }) };
}

function describe(name: string, phase: Phase): string {
  return `the ${name} phase (min_age: ${phase.min_age})`;
}

/** The semantic checks of PutLifecycleRequest.validate, in ES's wording. */
export function validatePolicy(policy: LifecyclePolicy): void {
  const [first] = policyValidationErrors(policy);
  if (first !== undefined) throw IlmErrors.invalidPolicy(first);
}

/**
 * Every semantic problem of the policy, the one ES reports first leading: PUT refuses with the first, and
 * lint reports each (what PUT would say once the ones before it were fixed).
 */
export function policyValidationErrors(policy: LifecyclePolicy): CodedMessage<IlmErrorCode>[] {
  const errors: CodedMessage<IlmErrorCode>[] = [];
  for (const [name, phase] of Object.entries(policy.phases)) {
    if (!(PHASES as readonly string[]).includes(name)) {
      errors.push(ilmMessage('unsupported_phase', `Timeseries lifecycle does not support phase [${name}]`, { phase: name }));
      continue;
    }
    for (const action of Object.keys(phase.actions)) {
      if (!PHASE_ACTIONS[name as PhaseName].includes(action)) errors.push(ilmMessage('invalid_phase_action', `invalid action [${action}] defined in phase [${name}]`, { action, phase: name }));
      else if (!SUPPORTED_ACTIONS.has(action)) {
        errors.push(ilmMessage('action_not_supported_by_tessera', `action [${action}] defined in phase [${name}] is not supported by Tessera`, { action, phase: name }));
      }
    }
  }
  const hot = policy.phases.hot;
  if (hot && !('rollover' in hot.actions)) {
    const needRollover = ['readonly', 'shrink', 'forcemerge', 'downsample', 'searchable_snapshot'].filter((a) => a in hot.actions);
    if (needRollover.length > 0) {
      errors.push(ilmMessage('hot_phase_without_rollover', `the [${needRollover.join(', ')}] action(s) may not be used in the [hot] phase without an accompanying [rollover] action`));
    }
  }
  const bothMigrations = Object.entries(policy.phases)
    .filter(([, p]) => p.actions.migrate?.enabled === true && hasAllocationRules(p.actions.allocate))
    .map(([name]) => name);
  if (bothMigrations.length > 0) {
    errors.push(
      ilmMessage('migrate_with_allocation_rules', `phases [${bothMigrations.join(',')}] specify an enabled migrate action and an allocate action with allocation rules. specify only a single data migration in each phase`),
    );
  }
  const afterSnapshot = actionsFollowingSearchableSnapshot(policy);
  if (afterSnapshot) errors.push(ilmMessage('actions_after_searchable_snapshot', afterSnapshot));
  if (policy.phases.frozen && !('searchable_snapshot' in policy.phases.frozen.actions)) {
    errors.push(
      ilmMessage(
        'frozen_without_searchable_snapshot',
        'policy specifies the [frozen] phase without a corresponding [searchable_snapshot] action, but a searchable snapshot action is required in the frozen phase',
      ),
    );
  }
  // ES stops at the first problem, and a timing problem is the one it reports (PutLifecycleRequest.validate).
  const timing = timingError(policy);
  return timing ? [ilmMessage('phases_out_of_order', timing), ...errors] : errors;
}

/** TimeseriesLifecycleType.validateActionsFollowingSearchableSnapshot. */
function actionsFollowingSearchableSnapshot(policy: LifecyclePolicy): string | undefined {
  const has = (phase: string) => policy.phases[phase] !== undefined && 'searchable_snapshot' in policy.phases[phase]!.actions;
  const following = has('hot')
    ? PHASES.filter((p) => p !== 'hot')
    : has('cold')
      ? PHASES.filter((p) => p === 'frozen' || p === 'delete')
      : [];
  const illegal = following.filter((p) => ['forcemerge', 'freeze', 'shrink', 'downsample'].some((a) => a in (policy.phases[p]?.actions ?? {})));
  if (illegal.length === 0) return undefined;
  return `phases [${illegal.join(',')}] define one or more of [forcemerge, freeze, shrink, downsample] actions which are not allowed after a managed index is mounted as a searchable snapshot`;
}

function timingError(policy: LifecyclePolicy): string | undefined {
  const ordered = PHASES.filter((name) => policy.phases[name]).map((name) => [name, policy.phases[name]!] as const);
  for (const [i, [name, phase]] of ordered.entries()) {
    const age = minAgeMillis(phase);
    if (age <= 0) continue;
    const earlier = ordered.slice(i + 1).filter(([, later]) => {
      const laterAge = minAgeMillis(later);
      return laterAge > 0 && laterAge < age;
    });
    if (earlier.length === 0) continue;
    const listed = earlier.map(([n, p]) => describe(n, p));
    const joined = listed.length === 1 ? listed[0] : `${listed.slice(0, -1).join(', ')} and ${listed[listed.length - 1]}`;
    return `Your policy is configured to run ${joined} before ${describe(name, phase)}. You should change the phase timing so that the phases will execute in the order of hot, warm, then cold.`;
  }
  return undefined;
}

/** The policy as GET returns it: phases in lifecycle order. */
export function serializePolicy(policy: LifecyclePolicy): Record<string, unknown> {
  const phases: Record<string, unknown> = {};
  for (const name of PHASES) {
    const phase = policy.phases[name];
    if (phase) phases[name] = { min_age: phase.min_age, actions: phase.actions };
  }
  return { phases, ...(policy._meta && { _meta: policy._meta }) };
}
