/**
 * @module The phase an index runs, as cached in its execution state (ES's PhaseExecutionInfo): the policy's
 * version and the phase's definition when the index entered it, which it keeps running after the policy changes.
 */
import type { ExecutionState } from './execution-state.js';
import type { Phase } from './policy/lifecycle-policy.js';

export interface PhaseExecutionInfo {
  readonly policy: string;
  readonly phase_definition?: Phase;
  readonly version: number;
  readonly modified_date_in_millis: number;
}

/**
 * Parsed once per execution state, so that a waiting index hands the same phase definition to compilePhase
 * on every run, which compiles it once. Callers must not change what they get.
 */
const PARSED = new WeakMap<ExecutionState, PhaseExecutionInfo>();

export function readPhaseExecution(state: ExecutionState): PhaseExecutionInfo | undefined {
  if (!state.phase_definition) return undefined;
  let info = PARSED.get(state);
  if (!info) PARSED.set(state, (info = JSON.parse(state.phase_definition) as PhaseExecutionInfo));
  return info;
}
