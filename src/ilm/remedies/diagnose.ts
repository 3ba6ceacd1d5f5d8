/** @module Lint's diagnosis of a step's failure or endless wait, and of a refused request: the row and the remedy, by code. */
import type { Coded } from '../../platform/errors.js';
import { lintWords } from './remedy-table.js';
import type { RemedyContext } from './remedy.js';

export interface Diagnosis {
  readonly row: number | null;
  readonly remedy: string;
}

/** The row and remedy of a step's failure or endless wait; `cause` is absent for a wait that reports no code. */
export function diagnoseStep(cause: Coded | undefined, ctx: RemedyContext): Diagnosis {
  return (cause && lintWords(cause.code, cause.params, ctx)) ?? { row: null, remedy: 'Fix the cause the message names before the step runs.' };
}

/** The row and remedy of a refused request: `PUT /_ilm/policy/<name>` or `PUT /<index>`. */
export function diagnoseRequest(request: string, cause: Coded, ctx: RemedyContext): Diagnosis {
  return lintWords(cause.code, cause.params, ctx) ?? { row: null, remedy: `Change the request as the message says: ${request} refuses it as it is.` };
}
