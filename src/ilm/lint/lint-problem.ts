/**
 * @module What lint reports: one problem per thing that will go wrong, with the spec's error row, where it
 * happens, the message Tessera will give there, and the remedy.
 */

/**
 * - `error`: the step fails and the index moves to `ERROR`; `type` and `message` are explain's `step_info`.
 * - `stuck`: the step waits for good; `message` is explain's `step_info.message`.
 * - `rejected`: the request in `request` is refused with `type` and `message`.
 * - `warning`: everything runs, but probably not as meant; Elasticsearch says nothing, so the message is lint's.
 */
export type LintOutcome = 'error' | 'stuck' | 'rejected' | 'warning';

export interface LintProblem {
  /** The row of the spec's error table (`spec/ilm-error-handling.md`), or null for a problem the table has no row for. */
  readonly row: number | null;
  readonly outcome: LintOutcome;
  readonly phase?: string;
  readonly action?: string;
  readonly step?: string;
  /** For `rejected`: the request that refuses it, such as `PUT /_ilm/policy/logs`. */
  readonly request?: string;
  readonly type?: string;
  readonly message: string;
  readonly remedy: string;
}

export interface StepLocation {
  readonly phase: string;
  readonly action: string;
  readonly name: string;
}

/** The members in the order the response lists them, absent ones left out. */
export function problem(fields: {
  row: number | null;
  outcome: LintOutcome;
  at?: StepLocation;
  request?: string;
  type?: string;
  message: string;
  remedy: string;
}): LintProblem {
  return {
    row: fields.row,
    outcome: fields.outcome,
    ...(fields.at && { phase: fields.at.phase, action: fields.at.action, step: fields.at.name }),
    ...(fields.request !== undefined && { request: fields.request }),
    ...(fields.type !== undefined && { type: fields.type }),
    message: fields.message,
    remedy: fields.remedy,
  };
}
