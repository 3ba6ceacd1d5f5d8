/** @module Retry, remove and move-to-step: the ILM calls that change an index's execution state by hand. */
import { ClusterState, IndexMetadata, resolveIndices } from '../cluster/index.js';
import { compilePhase } from './compile-phase.js';
import { currentKey, ILM_CUSTOM, readExecution, writeExecution } from './execution-state.js';
import { readPhaseExecution } from './phase-execution.js';
import type { PolicyMetadata } from './policy/policy-metadata.js';
import { IlmErrors } from './ilm-error.js';
import { lifecyclePolicy } from './policy/lifecycle-metadata.js';
import { moveToFailedStep, moveToStep, phaseExecution } from './runner/transitions.js';
import { refreshPhase } from './runner/run-index.js';
import { ERROR_STEP, NEW_COMPLETE_KEY, phaseCompleteKey, StepKey } from './step-key.js';

export function retry(state: ClusterState, expression: string, now: number): ClusterState {
  const names = expression.split(',').flatMap((part) => {
    if (part.includes('*')) return resolveIndices(state, part, { resolveAliases: false });
    if (!state.indices.has(part)) throw IlmErrors.illegalArgument(`index [${part}] does not exist`);
    return [part];
  });
  let next = state;
  for (const name of names) {
    const index = next.indices.get(name)!;
    const execution = readExecution(index);
    if (execution.step !== ERROR_STEP || !execution.failed_step) {
      throw IlmErrors.illegalArgument(`cannot retry an action for an index [${name}] that has not encountered an error when running a Lifecycle Policy`);
    }
    const policy = lifecyclePolicy(state, index.settings['index.lifecycle.name'] ?? '');
    let moved = moveToFailedStep(execution, now, false);
    if (policy) moved = refreshPhase(moved, policy, now);
    next = ClusterState.withIndex(next, writeExecution(index, moved));
  }
  return next;
}

const LIFECYCLE_SETTINGS = ['index.lifecycle.name', 'index.lifecycle.indexing_complete', 'index.lifecycle.rollover_alias'];

export function removePolicy(state: ClusterState, expression: string): ClusterState {
  let next = state;
  for (const name of resolveIndices(state, expression, { resolveAliases: true })) {
    const index = next.indices.get(name)!;
    const settings = Object.fromEntries(Object.entries(index.settings).filter(([key]) => !LIFECYCLE_SETTINGS.includes(key)));
    const customs = { ...index.customs };
    delete customs[ILM_CUSTOM];
    next = ClusterState.withIndex(next, IndexMetadata.with(index, { settings: Object.freeze(settings), customs: Object.freeze(customs) }));
  }
  return next;
}

interface PartialKey {
  readonly phase?: string;
  readonly action?: string;
  readonly name?: string;
}

function parseKey(raw: unknown, field: string): PartialKey {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw IlmErrors.parse('move_to_step_request', `Required [${field}]`);
  const { phase, action, name } = raw as Record<string, unknown>;
  return {
    ...(typeof phase === 'string' && { phase }),
    ...(typeof action === 'string' && { action }),
    ...(typeof name === 'string' && { name }),
  };
}

export function moveToStepRequest(state: ClusterState, indexName: string, body: unknown, now: number): ClusterState {
  if (!body || typeof body !== 'object') throw IlmErrors.bodyRequired();
  const request = body as Record<string, unknown>;
  const current = parseKey(request.current_step, 'current_step');
  const target = parseKey(request.next_step, 'next_step');
  if (target.name !== undefined && target.action === undefined) {
    throw IlmErrors.illegalArgument('phase; phase and action; or phase, action, and step must be provided, but a step name was specified without a corresponding action');
  }
  const index = state.indices.get(indexName);
  if (!index) throw IlmErrors.illegalArgument(`index [${indexName}] does not exist`);
  const policyName = index.settings['index.lifecycle.name'];
  if (!policyName) throw IlmErrors.illegalArgument(`index [${indexName}] is not associated with an Index Lifecycle Policy`);
  // TransportMoveToStepAction resolves a partial target first; validateTransition then checks the current
  // step, and last whether a fully named target exists in the policy.
  const policy = lifecyclePolicy(state, policyName);
  const candidates = !policy
    ? []
    : target.phase === 'new'
      ? [NEW_COMPLETE_KEY]
      : target.phase && policy.policy.phases[target.phase]
        ? [...compilePhase(target.phase, policy.policy.phases[target.phase]!.actions).map((s) => s.key), phaseCompleteKey(target.phase)]
        : [];
  const matching = (k: StepKey) =>
    k.phase === target.phase && (target.action === undefined || k.action === target.action) && (target.name === undefined || k.name === target.name);
  let concrete: StepKey | undefined;
  if (target.name === undefined) {
    if (!policy) throw IlmErrors.policyMissing(policyName);
    concrete = candidates.find(matching);
    if (!concrete) {
      throw IlmErrors.illegalArgument(`cannot move index [${indexName}] with policy [${policyName}]: unable to determine concrete step key from target next step key: ${JSON.stringify(target)}`);
    }
  }
  const execution = readExecution(index);
  const real = currentKey(execution);
  const currentKeyAsked = StepKey.create(current.phase ?? '', current.action ?? '', current.name ?? '');
  if (!StepKey.equals(real, currentKeyAsked)) {
    throw IlmErrors.illegalArgument(`index [${indexName}] is not on current step [${StepKey.toJson(currentKeyAsked)}], currently: [${StepKey.toJson(real)}]`);
  }
  if (!concrete) {
    concrete = candidates.find(matching);
    if (!concrete || !policy) {
      throw IlmErrors.illegalArgument(`step [${StepKey.toJson(StepKey.create(target.phase ?? '', target.action!, target.name!))}] for index [${indexName}] with policy [${policyName}] does not exist`);
    }
  }
  // A concrete target was found in the policy, so the policy exists here.
  const moved = { ...moveToStep(execution, concrete, now), ...(concrete.phase !== execution.phase && { phase_definition: phaseExecution(policy!, concrete.phase) }) };
  return ClusterState.withIndex(state, writeExecution(index, moved));
}

/**
 * After a policy changes (PhaseCacheManagement.updateIndicesForPolicy): an index keeps running the phase
 * it cached unless it is not in ERROR, its current step still exists in the new phase, and the new
 * phase compiles to the same steps; only then is its cached definition replaced.
 */
export function refreshCachedPhases(state: ClusterState, policy: PolicyMetadata): ClusterState {
  let next = state;
  for (const index of state.indices.values()) {
    if (index.settings['index.lifecycle.name'] !== policy.name) continue;
    const refreshed = refreshedCachedPhase(index, policy);
    if (refreshed) next = ClusterState.withIndex(next, refreshed);
  }
  return next;
}

/** The index as `policy`'s PUT leaves it: with the new definition of its phase cached, or undefined when it keeps its own. */
export function refreshedCachedPhase(index: IndexMetadata, policy: PolicyMetadata): IndexMetadata | undefined {
  const execution = readExecution(index);
  const cached = readPhaseExecution(execution);
  const key = currentKey(execution);
  if (!cached?.phase_definition || !key || key.name === ERROR_STEP) return undefined;
  const updated = policy.policy.phases[key.phase];
  if (!updated) return undefined;
  const oldKeys = compilePhase(key.phase, cached.phase_definition.actions).map((s) => StepKey.format(s.key));
  const newKeys = compilePhase(key.phase, updated.actions).map((s) => StepKey.format(s.key));
  const sameSteps = oldKeys.length === newKeys.length && oldKeys.every((k, i) => k === newKeys[i]);
  const stepStillThere = key.action === 'complete' || newKeys.includes(StepKey.format(key));
  if (!sameSteps || !stepStillThere) return undefined;
  return writeExecution(index, { ...execution, phase_definition: phaseExecution(policy, key.phase) });
}
