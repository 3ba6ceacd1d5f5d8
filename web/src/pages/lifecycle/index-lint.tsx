/** An index's lint problems on its page: what its policy would still run into from where the index stands. */
import { ErrorAlert } from '../../error-alert.tsx';
import type { Loaded } from '../../use-load.ts';
import { LintProblems } from './lint-problems.tsx';
import type { IndexLint as Lint } from './lint-types.ts';

/** `lint` is every managed index's lint, loaded by the page, which also shows the advice it carries. */
export function IndexLint({ index, lint }: { index: string; lint: Loaded<Readonly<Record<string, Lint>>> }) {
  const titleId = `lint-title-${index}`;
  const entry = lint.data?.[index];
  return (
    <section className="index-lint" aria-labelledby={titleId}>
      <h3 id={titleId}>Lint</h3>
      <p className="hint">The errors, stuck steps and warnings lint predicts for {index} from where it stands, with the policy as stored.</p>
      {lint.error !== undefined && <ErrorAlert error={lint.error}>Lint could not run:</ErrorAlert>}
      {lint.data && !entry && <p>Lint did not check {index}: it reports managed indices only.</p>}
      {entry && <LintProblems problems={entry.problems} label={`Lint problems for ${index}`} />}
    </section>
  );
}
