/** @module `GET /<index>/_ilm/explain`: the explain record of each index, in ES's field order. */
import type { ClusterState, IndexMetadata } from '../cluster/index.js';
import { isoInstant } from '../platform/iso-instant.js';
import { humanDuration } from '../platform/units/index.js';
import { effectiveConditions } from './actions/index.js';
import { readExecution } from './execution-state.js';
import { readPhaseExecution, type PhaseExecutionInfo } from './phase-execution.js';
import { lifecyclePolicy } from './policy/lifecycle-metadata.js';
import { lifecycleDate } from './runner/run-index.js';
import { ERROR_STEP } from './step-key.js';

export interface ExplainOptions {
  readonly human: boolean;
  readonly now: number;
  /** The earlier form of the record, without the creation date, time since creation and age (ES 7). */
  readonly legacy?: boolean;
}

export function explainIndex(state: ClusterState, index: IndexMetadata, options: ExplainOptions): Record<string, unknown> {
  const policyName = index.settings['index.lifecycle.name'];
  if (!policyName) return { index: index.name, managed: false };
  const execution = readExecution(index);
  const out: Record<string, unknown> = { index: index.name, managed: true, policy: policyName };
  const time = (field: string, millis: string | number | undefined) => {
    if (millis === undefined) return;
    // Explain formats dates with strict_date_optional_time: always seconds and millis.
    if (options.human) out[field] = isoInstant(Number(millis));
    out[`${field}_millis`] = Number(millis);
  };
  if (!options.legacy) {
    time('index_creation_date', index.creationDate);
    out.time_since_index_creation = humanDuration(options.now - index.creationDate);
  }
  const date = lifecycleDate(state, index.name);
  if (date !== undefined) {
    time('lifecycle_date', date);
    if (!options.legacy) out.age = humanDuration(options.now - date);
  }
  const policyExists = lifecyclePolicy(state, policyName) !== undefined;
  if (execution.phase !== undefined) out.phase = execution.phase;
  time('phase_time', execution.phase_time);
  if (execution.action !== undefined) out.action = execution.action;
  time('action_time', execution.action_time);
  if (execution.step !== undefined || !policyExists) out.step = policyExists ? execution.step : ERROR_STEP;
  time('step_time', execution.step_time);
  if (execution.failed_step) out.failed_step = execution.failed_step;
  if (execution.is_auto_retryable_error !== undefined) out.is_auto_retryable_error = execution.is_auto_retryable_error === 'true';
  if (execution.failed_step_retry_count !== undefined) out.failed_step_retry_count = Number(execution.failed_step_retry_count);
  if (execution.snapshot_repository) out.repository_name = execution.snapshot_repository;
  if (execution.snapshot_name) out.snapshot_name = execution.snapshot_name;
  if (execution.shrink_index_name) out.shrink_index_name = execution.shrink_index_name;
  if (execution.step_info) out.step_info = JSON.parse(execution.step_info);
  if (execution.previous_step_info) out.previous_step_info = JSON.parse(execution.previous_step_info);
  const phaseExecution = readPhaseExecution(execution);
  if (phaseExecution) {
    out.phase_execution = {
      policy: phaseExecution.policy,
      ...(phaseExecution.phase_definition && { phase_definition: withImplicitConditions(phaseExecution.phase_definition, state) }),
      version: phaseExecution.version,
      ...(options.human && { modified_date: new Date(phaseExecution.modified_date_in_millis).toISOString() }),
      modified_date_in_millis: phaseExecution.modified_date_in_millis,
    };
  }
  return out;
}

/** Explain shows the rollover conditions ES applies implicitly (WaitForRolloverReadyStep.applyDefaultConditions). */
function withImplicitConditions(definition: NonNullable<PhaseExecutionInfo['phase_definition']>, state: ClusterState) {
  const rollover = definition.actions.rollover;
  if (!rollover) return definition;
  return { ...definition, actions: { ...definition.actions, rollover: effectiveConditions(rollover, state) } };
}

export function includeInExplain(state: ClusterState, record: Record<string, unknown>, onlyManaged: boolean, onlyErrors: boolean): boolean {
  if (onlyErrors) return record.managed === true && (record.step === ERROR_STEP || lifecyclePolicy(state, String(record.policy)) === undefined);
  if (onlyManaged) return record.managed === true;
  return true;
}
