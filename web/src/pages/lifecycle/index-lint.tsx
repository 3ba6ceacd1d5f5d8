/** An index's lint problems on its page: what its policy would still run into from where the index stands. */
import { ErrorAlert } from '../../error-alert.tsx';
import { useLoad } from '../../use-load.ts';
import { LintProblems } from './lint-problems.tsx';
import { lintManagedIndices } from './lint-types.ts';

export function IndexLint({ index, generation }: { index: string; generation: number }) {
  // Lint answers for every managed index at once; it is a dry run over the state in memory, so asking for one costs little more.
  const lint = useLoad(lintManagedIndices, [index, generation]);
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
