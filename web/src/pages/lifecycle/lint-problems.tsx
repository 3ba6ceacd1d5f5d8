/**
 * Lint's problems as the console shows them: each with its outcome, the spec's row, where it happens, the message
 * Tessera will give and the remedy; a plain note when there are none; and a badge that sums them up in a list.
 */
import type { ReactNode } from 'react';
import type { LintOutcome, LintProblem } from './lint-types.ts';
import { OUTCOMES_BY_SEVERITY, worstOutcome } from './lint-types.ts';

/** What each outcome means for the index, in a few words (the badge's tooltip and the problem's first line). */
const OUTCOME_TEXT: Readonly<Record<LintOutcome, string>> = {
  error: 'the step fails and the index moves to ERROR',
  stuck: 'the step waits for good',
  rejected: 'the request is refused',
  warning: 'it runs, but probably not as meant',
};

/** Where a problem happens: the request refused, or phase / action / step as explain shows it. */
export function problemPlace(problem: LintProblem): string | undefined {
  if (problem.request) return problem.request;
  const parts = [problem.phase, problem.action, problem.step].filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts.join(' / ') : undefined;
}

export function OutcomeBadge({ outcome }: { outcome: LintOutcome }) {
  return (
    <span className={`badge badge-lint badge-${outcome}`} title={OUTCOME_TEXT[outcome]}>
      {outcome}
    </span>
  );
}

/**
 * The problems of one policy or index, in the order they would happen, or the note that lint found none. `about`
 * says what a problem concerns when a list holds problems of several things (the indices that use a policy).
 */
export function LintProblems<P extends LintProblem>({ problems, label, about }: { problems: readonly P[]; label: string; about?: (problem: P) => ReactNode }) {
  if (problems.length === 0) return <p className="lint-clean">No problems found: lint predicts no error, stuck step, refusal or warning.</p>;
  return (
    <ol className="lint-problems" aria-label={label}>
      {problems.map((problem, i) => {
        const place = problemPlace(problem);
        return (
          <li key={i} className={`problem lint-problem lint-${problem.outcome}`}>
            <p className="problem-what">
              <OutcomeBadge outcome={problem.outcome} /> {OUTCOME_TEXT[problem.outcome]}
              {place && (
                <>
                  {' '}
                  {problem.request ? 'at' : 'in'} <code className="lint-place">{place}</code>
                </>
              )}
              {problem.type && (
                <>
                  {' '}
                  with <code className="lint-type">{problem.type}</code>
                </>
              )}
              <span className="spec-row">{problem.row !== null ? ` · spec error row ${problem.row}` : ' · not in the spec’s error table'}</span>
            </p>
            {about?.(problem)}
            <p className="step-info-reason lint-message">{problem.message}</p>
            <p className="remedy">
              <strong>Remedy: </strong>
              <span className="remedy-text">{problem.remedy}</span>
            </p>
          </li>
        );
      })}
    </ol>
  );
}

/** "2 lint problems", coloured by the worst of them; nothing when there are none. */
export function LintBadge({ problems }: { problems: readonly LintProblem[] }) {
  const worst = worstOutcome(problems);
  if (!worst) return null;
  const outcomes = OUTCOMES_BY_SEVERITY.map((outcome) => [outcome, problems.filter((p) => p.outcome === outcome).length] as const)
    .filter(([, n]) => n > 0)
    .map(([outcome, n]) => `${n} ${outcome}`);
  return (
    <span className={`badge badge-lint badge-${worst}`} title={`Lint predicts: ${outcomes.join(', ')}`}>
      ⚠ {problems.length} lint {problems.length === 1 ? 'problem' : 'problems'}
    </span>
  );
}
