/** A managed index's lint problems in a list row: the badge and one line per problem (the remedies are on its page). */
import { href } from '../../route.ts';
import { LintBadge, OutcomeBadge, problemPlace } from './lint-problems.tsx';
import type { IndexLint } from './lint-types.ts';

/** The badge and one line per problem; the remedies are on the index's page, beside its forecast. */
export function LintSummary({ index, lint }: { index: string; lint: IndexLint }) {
  return (
    <div role="group" aria-label={`Lint problems for ${index}`} className="lint-summary">
      <LintBadge problems={lint.problems} />{' '}
      <a href={href('lifecycle', 'index', index)} aria-label={`Lint details and remedies for ${index}`}>
        remedies and forecast
      </a>
      <ul>
        {lint.problems.map((problem, i) => {
          const place = problemPlace(problem);
          return (
            <li key={i}>
              <OutcomeBadge outcome={problem.outcome} />
              {place && <code className="lint-place">{place}</code>}
              {problem.row !== null && <span className="spec-row">row {problem.row}</span>}
              <span className="lint-message">{problem.message}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
