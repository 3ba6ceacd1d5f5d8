/**
 * What Tessera's lint answers (`/_tessera/ilm/lint`): the problems a policy, or a managed index from where it
 * stands, would meet, each with the remedy. Lint only reads; calling it changes nothing on the server.
 */
import { es } from '../../api/es.ts';

// The server's own types: the console reads what the API answers, field for field.
import type { LintOutcome, LintProblem } from '../../../../src/ilm/lint/lint-problem.ts';
import type { LintAnswer, UserProblem } from '../../../../src/ilm/lint/lint-answer-types.ts';
import type { Advice } from '../../../../src/ilm/remedies/remedy.ts';

export type { Advice, LintAnswer, LintOutcome, LintProblem, UserProblem };

export interface IndexLint {
  readonly policy: string;
  readonly problems: readonly LintProblem[];
  /** What to do about the failure or wait the index reports now (explain's step_info), with the spec's row. */
  readonly step_info_diagnosis?: Advice;
}

/** Outcomes from the worst to the mildest, for the one colour a badge can have. */
export const OUTCOMES_BY_SEVERITY: readonly LintOutcome[] = ['error', 'rejected', 'stuck', 'warning'];

export function worstOutcome(problems: readonly LintProblem[]): LintOutcome | undefined {
  return OUTCOMES_BY_SEVERITY.find((outcome) => problems.some((p) => p.outcome === outcome));
}

/** A stored policy on a new index, and on the indices and templates that use it (each problem says which). */
export async function lintStoredPolicy(name: string): Promise<LintAnswer> {
  return es<LintAnswer>('POST', '/_tessera/ilm/lint', { name });
}

/**
 * A policy body that is not saved (yet): with a name, as that policy's next version, on the indices and templates
 * that use the name too, each from where it stands; without one, on a new index alone.
 */
export async function lintPolicyText(name: string | undefined, policy: unknown): Promise<LintAnswer> {
  return es<LintAnswer>('POST', '/_tessera/ilm/lint', { ...(name !== undefined && { name }), policy });
}

/** The server lints at most this many named indices a request. */
const NAMES_PER_LINT = 500;

/**
 * The named managed indices from where each stands (the rows a view shows, never the whole cluster, which takes
 * seconds at thousands of indices), by name, with the advice for what each reports now; unmanaged ones are left out.
 */
export async function lintIndices(names: readonly string[]): Promise<Readonly<Record<string, IndexLint>>> {
  const chunks: string[][] = [];
  for (let i = 0; i < names.length; i += NAMES_PER_LINT) chunks.push(names.slice(i, i + NAMES_PER_LINT));
  const answers = await Promise.all(
    chunks.map((chunk) => es<{ indices: Record<string, IndexLint> }>('GET', `/_tessera/ilm/lint?index=${chunk.map(encodeURIComponent).join(',')}`)),
  );
  return Object.assign({}, ...answers.map((answer) => answer.indices));
}

/** Each stored policy's lint (its users' problems among them), or why lint could not check it; one failure does not hide the others' answers. */
export type PolicyLint = LintAnswer | { readonly error: unknown };

export async function lintStoredPolicies(names: readonly string[]): Promise<Readonly<Record<string, PolicyLint>>> {
  const answers = await Promise.all(
    names.map((name) =>
      lintStoredPolicy(name).then(
        (answer): PolicyLint => answer,
        (error: unknown): PolicyLint => ({ error }),
      ),
    ),
  );
  return Object.fromEntries(names.map((name, i) => [name, answers[i]!]));
}
