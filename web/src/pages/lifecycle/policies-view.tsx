/**
 * The lifecycle policies: name, version, last modified, and what uses each (counts and a few names); under each
 * policy lint finds problems in (in itself, or in the indices and templates that use it), those problems with
 * their remedies and what they concern, and in the caption which policies lint found clean.
 */
import { Fragment, useState } from 'react';
import { ErrorAlert } from '../../error-alert.tsx';
import { usePrivileges } from '../../privileges.ts';
import { href } from '../../route.ts';
import { instantText } from '../../units.ts';
import { useLoad } from '../../use-load.ts';
import { fetchPolicies, NEW_POLICY_ROUTE, PHASE_ORDER } from './lifecycle-types.ts';
import { InUseBy } from './in-use-by.tsx';
import { lintStoredPolicies, type PolicyLint } from './lint-types.ts';
import { takeNotice } from './notice.ts';
import { LintAnswerView } from './policy-lint.tsx';

const COLUMN_COUNT = 5;

export function PoliciesView() {
  const policies = useLoad(fetchPolicies, []);
  const [notice] = useState(takeNotice);
  const entries = Object.entries(policies.data ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Linted again whenever the list is read again: a version that changed may have brought or fixed a problem.
  const stamp = entries.map(([name, entry]) => `${name}@${entry.version}`).join(',');
  const lint = useLoad(() => lintStoredPolicies(entries.map(([name]) => name)), [stamp]);
  const privileges = usePrivileges({ cluster: ['manage_ilm'] });
  return (
    <section aria-labelledby="policies-title">
      <h2 id="policies-title">Lifecycle policies</h2>
      <div className="toolbar">
        {privileges.cluster('manage_ilm') && (
          <a className="button" href={href('lifecycle', 'policies', NEW_POLICY_ROUTE)}>
            New policy
          </a>
        )}
        <button type="button" onClick={policies.reload} disabled={policies.loading}>
          Refresh
        </button>
      </div>
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      {policies.error !== undefined && <ErrorAlert error={policies.error}>The policies could not be read:</ErrorAlert>}
      {policies.data && (
        <table className="policies" aria-busy={policies.loading}>
          <caption>
            {entries.length === 0 ? 'No lifecycle policy yet.' : `${entries.length} ${entries.length === 1 ? 'policy' : 'policies'}`}
            {entries.length > 0 && <LintCaption lint={lint.loading ? undefined : lint.data} />}
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Version</th>
              <th scope="col">Modified</th>
              <th scope="col">Phases</th>
              <th scope="col">In use by</th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([name, entry]) => (
              <Fragment key={name}>
                <tr>
                  <th scope="row">
                    <a href={href('lifecycle', 'policies', name)}>{name}</a>
                  </th>
                  <td>{entry.version}</td>
                  <td>
                    <time dateTime={entry.modified_date}>{instantText(entry.modified_date)}</time>
                  </td>
                  <td>{PHASE_ORDER.filter((p) => entry.policy.phases[p]).join(', ')}</td>
                  <td>
                    <InUseBy policy={name} usage={entry.in_use_by} />
                  </td>
                </tr>
                <PolicyLintRow name={name} lint={lint.data?.[name]} />
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The problems lint finds in one policy, as a row under it; no row when it finds none (the caption says so). */
function PolicyLintRow({ name, lint }: { name: string; lint: PolicyLint | undefined }) {
  if (!lint || ('problems' in lint && lint.problems.length === 0)) return null;
  return (
    <tr className="lint-row">
      <td colSpan={COLUMN_COUNT}>
        {'error' in lint ? (
          <ErrorAlert error={lint.error}>Lint could not check policy {name}:</ErrorAlert>
        ) : (
          <LintAnswerView policy={name} answer={lint} label={`Lint problems for policy ${name}`} />
        )}
      </td>
    </tr>
  );
}

/** Which policies lint found problems in, and which it found clean. */
function LintCaption({ lint }: { lint: Readonly<Record<string, PolicyLint>> | undefined }) {
  if (!lint) return <span className="lint-caption">; linting…</span>;
  // Policies lint could not check are in neither list; their rows say why.
  const checked = Object.entries(lint).flatMap(([name, l]) => ('problems' in l ? [{ name, count: l.problems.length }] : []));
  const withProblems = checked.filter((c) => c.count > 0).map((c) => c.name);
  const clean = checked.filter((c) => c.count === 0).map((c) => c.name);
  const parts: string[] = [];
  if (withProblems.length > 0) parts.push(`problems in ${withProblems.join(', ')}`);
  if (clean.length > 0) parts.push(`no problems found in ${clean.join(', ')}`);
  return <span className="lint-caption">{parts.length > 0 && `; lint, each policy with the indices and templates that use it: ${parts.join('; ')}`}</span>;
}
