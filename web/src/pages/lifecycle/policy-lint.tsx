/**
 * Lint beside a policy in its editor: the saved version on a new index and on the indices and templates that use it,
 * each from where it stands (their own problems, such as a missing alias, are lint's too); and the check of the
 * unsaved text, as the policy's next version, on the same indices and templates.
 */
import { ErrorAlert } from '../../error-alert.tsx';
import { useLoad } from '../../use-load.ts';
import { ProblemConcerns, usersText } from './in-use-by.tsx';
import { LintProblems } from './lint-problems.tsx';
import { lintStoredPolicy, type LintAnswer } from './lint-types.ts';

/** What lint checked beyond the policy itself, and what it left unlisted. */
function Checked({ answer }: { answer: LintAnswer }) {
  if (!answer.in_use_by) return null;
  const { indices, composable_templates } = answer.in_use_by;
  return (
    <p className="hint lint-checked">
      Checked on a new index and on what uses it: {usersText(indices, composable_templates)}.
      {answer.problems_left_off !== undefined && ` ${answer.problems_left_off} more problems of other kinds are not listed.`}
    </p>
  );
}

export function LintAnswerView({ policy, answer, label }: { policy: string; answer: LintAnswer; label: string }) {
  return (
    <>
      <Checked answer={answer} />
      <LintProblems problems={answer.problems} label={label} about={(problem) => <ProblemConcerns policy={policy} problem={problem} />} />
    </>
  );
}

export function StoredPolicyLint({ name, version }: { name: string; version: number }) {
  const lint = useLoad(() => lintStoredPolicy(name), [name, version]);
  return (
    <section className="policy-lint" aria-labelledby="policy-lint-title">
      <h3 id="policy-lint-title">Lint of version {version}</h3>
      <p className="hint">The saved version on a new index, and on the indices and templates that use it: each index from where it stands, with its own aliases and shards.</p>
      {lint.error !== undefined && <ErrorAlert error={lint.error}>Lint could not check it:</ErrorAlert>}
      {lint.data && <LintAnswerView policy={name} answer={lint.data} label={`Lint problems for policy ${name}`} />}
    </section>
  );
}

/** What the editor's Check found in the text it checked, or why it could not check it. */
export type CheckOutcome = { readonly text: string; readonly policy: string; readonly answer: LintAnswer } | { readonly error: unknown };

export function CheckResult({ outcome, text }: { outcome: CheckOutcome; text: string }) {
  return (
    <section className="policy-check" aria-labelledby="policy-check-title">
      <h3 id="policy-check-title">Check of the edited text</h3>
      {'error' in outcome ? (
        <ErrorAlert error={outcome.error}>Not checked:</ErrorAlert>
      ) : (
        <>
          {outcome.text !== text && <p className="hint">The text changed after this check; press Check again to check what it holds now.</p>}
          <LintAnswerView policy={outcome.policy} answer={outcome.answer} label="Lint problems of the edited policy" />
        </>
      )}
    </section>
  );
}
