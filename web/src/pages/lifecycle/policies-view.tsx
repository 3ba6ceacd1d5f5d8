/** The lifecycle policies: name, version, last modified, and the indices that use each. */
import { useState } from 'react';
import { ErrorAlert } from '../../error-alert.tsx';
import { href } from '../../route.ts';
import { instantText } from '../../units.ts';
import { useLoad } from '../../use-load.ts';
import { fetchPolicies, NEW_POLICY_ROUTE, PHASE_ORDER } from './lifecycle-types.ts';
import { takeNotice } from './notice.ts';

export function PoliciesView() {
  const policies = useLoad(fetchPolicies, []);
  const [notice] = useState(takeNotice);
  const entries = Object.entries(policies.data ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return (
    <section aria-labelledby="policies-title">
      <h2 id="policies-title">Lifecycle policies</h2>
      <div className="toolbar">
        <a className="button" href={href('lifecycle', 'policies', NEW_POLICY_ROUTE)}>
          New policy
        </a>
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
          <caption>{entries.length === 0 ? 'No lifecycle policy yet.' : `${entries.length} ${entries.length === 1 ? 'policy' : 'policies'}`}</caption>
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
              <tr key={name}>
                <th scope="row">
                  <a href={href('lifecycle', 'policies', name)}>{name}</a>
                </th>
                <td>{entry.version}</td>
                <td>
                  <time dateTime={entry.modified_date}>{instantText(entry.modified_date)}</time>
                </td>
                <td>{PHASE_ORDER.filter((p) => entry.policy.phases[p]).join(', ')}</td>
                <td>
                  {entry.in_use_by.indices.length === 0
                    ? 'no index'
                    : entry.in_use_by.indices.map((index, i) => (
                        <span key={index}>
                          {i > 0 && ', '}
                          <a href={href('lifecycle', 'index', index)}>{index}</a>
                        </span>
                      ))}
                  {entry.in_use_by.composable_templates.length > 0 && <> (templates: {entry.in_use_by.composable_templates.join(', ')})</>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
