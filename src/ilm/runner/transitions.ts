/** @module Moves of an index's execution state (IndexLifecycleTransition): to a step, into ERROR, back out of it. */
import type { ClusterError } from '../../cluster/index.js';
import { causeString, type ExecutionState } from '../execution-state.js';
import type { PhaseExecutionInfo } from '../phase-execution.js';
import type { PolicyMetadata } from '../policy/policy-metadata.js';
import { ERROR_STEP, type StepKey } from '../step-key.js';

const MAX_STEP_INFO_LENGTH = 1024;

/** A successful move: times follow the key, and every trace of an earlier failure is cleared. */
export function moveToStep(state: ExecutionState, key: StepKey, now: number): ExecutionState {
  const time = String(now);
  const phaseChanged = state.phase !== key.phase;
  const actionChanged = phaseChanged || state.action !== key.action;
  return {
    ...state,
    phase: key.phase,
    action: key.action,
    step: key.name,
    phase_time: phaseChanged ? time : state.phase_time,
    action_time: actionChanged ? time : state.action_time,
    step_time: time,
    failed_step: undefined,
    step_info: undefined,
    step_info_cause: undefined,
    is_auto_retryable_error: undefined,
    failed_step_retry_count: undefined,
  };
}

export function errorInfo(error: ClusterError): Record<string, unknown> {
  const render = (e: ClusterError): Record<string, unknown> => ({
    type: e.type,
    reason: e.reason,
    ...e.metadata,
    ...(e.causedBy && { caused_by: render(e.causedBy) }),
  });
  return render(error);
}

/** Stored step_info is capped as ES caps it. */
export function stepInfoString(info: Record<string, unknown>): string {
  const text = JSON.stringify(info);
  if (text.length <= MAX_STEP_INFO_LENGTH) return text;
  return JSON.stringify({ ...info, reason: `${String(info.reason).slice(0, MAX_STEP_INFO_LENGTH)}... (${text.length - MAX_STEP_INFO_LENGTH} chars truncated)` });
}

export function moveToError(state: ExecutionState, failedStep: string, error: ClusterError, retryable: boolean, now: number): ExecutionState {
  return {
    ...state,
    step: ERROR_STEP,
    failed_step: failedStep,
    step_info: stepInfoString(errorInfo(error)),
    step_info_cause: causeString(error),
    is_auto_retryable_error: String(retryable),
    step_time: String(now),
  };
}

/** Back to the failed step; an automatic retry counts itself, a manual one does not. */
export function moveToFailedStep(state: ExecutionState, now: number, automatic: boolean): ExecutionState {
  const count = state.failed_step_retry_count === undefined ? 0 : Number(state.failed_step_retry_count);
  return {
    ...state,
    step: state.failed_step,
    failed_step: undefined,
    previous_step_info: state.step_info ?? state.previous_step_info,
    step_info: undefined,
    step_info_cause: undefined,
    failed_step_retry_count: automatic ? String(count + 1) : state.failed_step_retry_count,
    step_time: String(now),
  };
}

export function phaseExecution(policy: PolicyMetadata, phase: string): string {
  const definition = policy.policy.phases[phase];
  const info: PhaseExecutionInfo = {
    policy: policy.name,
    ...(definition && { phase_definition: { min_age: definition.min_age, actions: definition.actions } }),
    version: policy.version,
    modified_date_in_millis: policy.modifiedDate,
  };
  return JSON.stringify(info);
}
