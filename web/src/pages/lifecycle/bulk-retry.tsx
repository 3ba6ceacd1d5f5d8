/**
 * Retry of many failed indices at once: the indices selected in the list, or every index in ERROR with one cause
 * (the step that failed and the error's type), however many pages they fill. The outcome is told index by index.
 */
import { useState } from 'react';
import { ErrorAlert, errorReason } from '../../error-alert.tsx';
import { namesWithCause, retryIndices, type ErrorCause, type ListState, type RetryResult } from './index-list-api.ts';

export function BulkRetryBar({
  state,
  causes,
  selected,
  mayRetry,
  onSelect,
  onRetried,
}: {
  state: ListState;
  causes: readonly ErrorCause[];
  selected: ReadonlySet<string>;
  /** Whether the user may retry at all (index `manage_ilm` on the rows shown); the server decides each index. */
  mayRetry: boolean;
  onSelect: (names: ReadonlySet<string>) => void;
  onRetried: () => void;
}) {
  const [busy, setBusy] = useState<string>();
  const [results, setResults] = useState<readonly RetryResult[]>();
  const [error, setError] = useState<unknown>();
  if (!mayRetry || (causes.length === 0 && selected.size === 0 && !results)) return null;

  const selectCause = async (cause: ErrorCause) => {
    setBusy('Selecting…');
    setError(undefined);
    try {
      onSelect(new Set([...selected, ...(await namesWithCause(state, cause))]));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(undefined);
    }
  };
  const retry = async () => {
    const names = [...selected].sort();
    setBusy(`Retrying 0 of ${names.length}…`);
    setError(undefined);
    try {
      const answers = await retryIndices(names, (done) => setBusy(`Retrying ${done} of ${names.length}…`));
      setResults(answers);
      onSelect(new Set(answers.filter((r) => !r.ok).map((r) => r.index)));
      onRetried();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className="bulk-retry" role="group" aria-label="Retry many indices">
      {causes.length > 0 && (
        <ul className="error-causes" aria-label="Causes of ERROR">
          {causes.map((cause) => (
            <li key={`${cause.failed_step} ${cause.type}`}>
              <span className="badge badge-error">{cause.count}</span> failed at <code>{cause.failed_step}</code> with <code>{cause.type}</code>{' '}
              <button type="button" disabled={busy !== undefined} onClick={() => selectCause(cause)}>
                Select all {cause.count} in ERROR with this cause
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="toolbar">
        <button type="button" className="retry" disabled={busy !== undefined || selected.size === 0} onClick={retry}>
          Retry selected ({selected.size})
        </button>
        {selected.size > 0 && (
          <button type="button" disabled={busy !== undefined} onClick={() => onSelect(new Set())}>
            Clear selection
          </button>
        )}
        {busy && <span role="status">{busy}</span>}
      </div>
      {error !== undefined && <ErrorAlert error={error}>The indices could not be selected or retried:</ErrorAlert>}
      {results && <RetryReport results={results} />}
    </div>
  );
}

function RetryReport({ results }: { results: readonly RetryResult[] }) {
  const refused = results.filter((r): r is Extract<RetryResult, { ok: false }> => !r.ok);
  return (
    <div role="status" className="notice bulk-retry-report">
      <p>
        Retried {results.length} {results.length === 1 ? 'index' : 'indices'}: {results.length - refused.length} acknowledged
        {refused.length > 0 && `, ${refused.length} refused`}. The failed steps run again; the list shows where the indices went.
      </p>
      {refused.length > 0 && (
        <ul aria-label="Retries refused">
          {refused.map((r) => (
            <li key={r.index}>
              <code>{r.index}</code>: {errorReason(r.error)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
