/**
 * @module ILM's per-index execution state (ES's LifecycleExecutionState): kept as strings in the index's
 * `ilm` custom metadata, so a cluster-state change carries it atomically with the index it describes.
 */
import { IndexMetadata } from '../cluster/index.js';
import { codedOf, UNCLASSIFIED, type Coded } from '../platform/errors.js';
import { StepKey } from './step-key.js';

export const ILM_CUSTOM = 'ilm';

export interface ExecutionState {
  readonly phase?: string;
  readonly action?: string;
  readonly step?: string;
  readonly phase_time?: string;
  readonly action_time?: string;
  readonly step_time?: string;
  readonly failed_step?: string;
  readonly is_auto_retryable_error?: string;
  readonly failed_step_retry_count?: string;
  readonly step_info?: string;
  /**
   * Tessera's own: the code and values of what step_info reports (JSON `{"code","params"}`), kept beside ES's JSON so
   * a remedy reads the code rather than the words; explain never shows it.
   */
  readonly step_info_cause?: string;
  readonly previous_step_info?: string;
  readonly phase_definition?: string;
  /** The lifecycle date: the creation date, then the rollover time. */
  readonly creation_date?: string;
  readonly shrink_index_name?: string;
  readonly snapshot_repository?: string;
  readonly snapshot_name?: string;
}

export function readExecution(index: IndexMetadata): ExecutionState {
  return (index.customs[ILM_CUSTOM] ?? {}) as ExecutionState;
}

export function writeExecution(index: IndexMetadata, state: ExecutionState): IndexMetadata {
  const clean = Object.fromEntries(Object.entries(state).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const customs = { ...index.customs };
  if (Object.keys(clean).length === 0) delete customs[ILM_CUSTOM];
  else customs[ILM_CUSTOM] = Object.freeze(clean);
  return IndexMetadata.with(index, { customs: Object.freeze(customs) });
}

/** What step_info_cause stores for `cause`: nothing for an error no remedy tells apart. */
export function causeString(cause: Coded | undefined): string | undefined {
  if (!cause || cause.code === UNCLASSIFIED) return undefined;
  return JSON.stringify(codedOf(cause));
}

/** The code and values of the index's step_info, when it was recorded with them. */
export function readCause(state: ExecutionState): Coded | undefined {
  if (state.step_info_cause === undefined) return undefined;
  const parsed = JSON.parse(state.step_info_cause) as Coded;
  return { code: parsed.code, params: parsed.params ?? {} };
}

export function currentKey(state: ExecutionState): StepKey | undefined {
  if (state.phase === undefined || state.action === undefined || state.step === undefined) return undefined;
  return StepKey.create(state.phase, state.action, state.step);
}
