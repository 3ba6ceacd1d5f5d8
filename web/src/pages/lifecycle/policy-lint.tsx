/**
 * Lint beside a policy in its editor: the saved version on its own, and the indices that use it from where each
 * stands (their own problems, such as a missing alias, are lint's too); and the check of the unsaved text.
 */
import { ErrorAlert } from '../../error-alert.tsx';
import { href } from '../../route.ts';
import { useLoad } from '../../use-load.ts';
import { LintBadge, LintProblems } from './lint-problems.tsx';
import { lintManagedIndices, lintStoredPolicy, type LintProblem } from './lint-types.ts';

export function StoredPolicyLint({ name, version, indices }: { name: string; version: number; indices: readonly string[] }) {
  const problems = useLoad(() => lintStoredPolicy(name), [name, version]);
  // Only read when an index uses the policy: the indices' problems come from GET lint, for every managed index.
  const indexLint = useLoad(() => (indices.length > 0 ? lintManagedIndices() : Promise.resolve(undefined)), [name, version, indices.join(',')]);
  const troubled = indices.filter((index) => (indexLint.data?.[index]?.problems.length ?? 0) > 0);
  return (
    <section className="policy-lint" aria-labelledby="policy-lint-title">
      <h3 id="policy-lint-title">Lint of version {version}</h3>
      <p className="hint">The saved version on its own, as it would run on a new index; the indices that use it are checked with their own aliases, shards and templates.</p>
      {problems.error !== undefined && <ErrorAlert error={problems.error}>Lint could not check it:</ErrorAlert>}
      {problems.data && <LintProblems problems={problems.data} label={`Lint problems for policy ${name}`} />}
      {indexLint.error !== undefined && <ErrorAlert error={indexLint.error}>Lint could not check the indices that use it:</ErrorAlert>}
      {troubled.length > 0 && (
        <ul className="lint-indices" aria-label={`Indices using ${name} with lint problems`}>
          {troubled.map((index) => (
            <li key={index}>
              <a href={href('lifecycle', 'index', index)}>{index}</a> <LintBadge problems={indexLint.data![index]!.problems} />
            </li>
          ))}
        </ul>
      )}
      {indexLint.data && indices.length > 0 && troubled.length === 0 && <p className="lint-clean">No problems found in the {indices.length === 1 ? 'index' : `${indices.length} indices`} that use it.</p>}
    </section>
  );
}

/** What the editor's Check found in the text it checked, or why it could not check it. */
export type CheckOutcome = { readonly text: string; readonly problems: readonly LintProblem[] } | { readonly error: unknown };

export function CheckResult({ outcome, text }: { outcome: CheckOutcome; text: string }) {
  return (
    <section className="policy-check" aria-labelledby="policy-check-title">
      <h3 id="policy-check-title">Check of the edited text</h3>
      {'error' in outcome ? (
        <ErrorAlert error={outcome.error}>Not checked:</ErrorAlert>
      ) : (
        <>
          {outcome.text !== text && <p className="hint">The text changed after this check; press Check again to check what it holds now.</p>}
          <LintProblems problems={outcome.problems} label="Lint problems of the edited policy" />
        </>
      )}
    </section>
  );
}
