/**
 * @module What `POST /_tessera/ilm/lint` answers, as the console reads it too: problems, and for a policy linted by
 * name, which of the indices and templates that use it each problem concerns.
 */
import type { LintProblem } from './lint-problem.js';

/** A problem of some of the indices or templates that use the policy: how many, and the first few by name. */
export interface UserProblem extends LintProblem {
  readonly index_count?: number;
  readonly indices?: readonly string[];
  readonly template_count?: number;
  readonly templates?: readonly string[];
}

export interface LintAnswer {
  readonly problems: readonly UserProblem[];
  /** How many indices and composable templates were checked, named as `GET /_ilm/policy` names them in `in_use_by`. */
  readonly in_use_by?: { readonly indices: number; readonly composable_templates: number };
  /** Problems past the first MAX_GROUPS distinct ones: counted once per index or template that meets them, not listed. */
  readonly problems_left_off?: number;
}
