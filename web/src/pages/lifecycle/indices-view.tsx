/**
 * Managed indices: where each stands in its policy; indices in ERROR highlighted with the failure, the remedy and
 * Retry; and under each index that lint finds problems for, a badge with what they are (the remedies on its page).
 */
import { useState } from 'react';
import { fetchClock } from '../../clock.ts';
import { ErrorAlert } from '../../error-alert.tsx';
import { href } from '../../route.ts';
import { formatInstant } from '../../units.ts';
import { useLoad } from '../../use-load.ts';
import { ClockControl } from '../cluster/clock-control.tsx';
import { explain, isError, type ExplainRecord } from './lifecycle-types.ts';
import { LintSummary } from './lint-summary.tsx';
import { lintManagedIndices, type IndexLint } from './lint-types.ts';
import { ProblemDetails, RetryButton, RetryOutcomeMessage, type RetryOutcome } from './problem-details.tsx';
import { ColumnHeads } from '../../column-heads.tsx';

const COLUMNS = ['Index', 'Policy', 'Phase', 'Action', 'Step', 'Age', 'Actions'] as const;

export function IndicesView() {
  const indices = useLoad(() => explain('*', '?only_managed=true'), []);
  const clock = useLoad(fetchClock, []);
  const lint = useLoad(lintManagedIndices, []);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [outcome, setOutcome] = useState<RetryOutcome>();
  const reload = () => {
    indices.reload();
    clock.reload();
    lint.reload();
  };
  const records = (indices.data ?? []).filter((r) => !onlyErrors || isError(r));
  const errorCount = (indices.data ?? []).filter(isError).length;

  return (
    <section aria-labelledby="managed-indices-title">
      <h2 id="managed-indices-title">Managed indices</h2>
      <div className="toolbar">
        {clock.data && (
          <span className="as-of">
            As of <time dateTime={clock.data.now}>{formatInstant(clock.data.now_millis)}</time> ({clock.data.mode} clock)
          </span>
        )}
        <button type="button" onClick={reload} disabled={indices.loading}>
          Refresh
        </button>
        <label className="inline">
          <input type="checkbox" checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} /> Only indices in ERROR
        </label>
        {clock.data?.mode === 'virtual' && <ClockControl onAdvanced={reload} />}
      </div>
      <RetryOutcomeMessage outcome={outcome} />
      {indices.error !== undefined && <ErrorAlert error={indices.error}>The indices could not be read:</ErrorAlert>}
      {lint.error !== undefined && <ErrorAlert error={lint.error}>Lint could not run, so the indices show no lint problems:</ErrorAlert>}
      {indices.data && (
        <table className="indices" aria-busy={indices.loading}>
          <caption>
            {indices.data.length === 0
              ? 'No index is managed by a lifecycle policy.'
              : `${indices.data.length} managed ${indices.data.length === 1 ? 'index' : 'indices'}, ${errorCount} in ERROR`}
          </caption>
          <ColumnHeads columns={COLUMNS} />
          {records.map((record) => (
            <IndexRows
              key={record.index}
              record={record}
              lint={lint.data?.[record.index]}
              onOutcome={(o) => {
                setOutcome(o);
                reload();
              }}
            />
          ))}
        </table>
      )}
    </section>
  );
}

function IndexRows({ record, lint, onOutcome }: { record: ExplainRecord; lint: IndexLint | undefined; onOutcome: (outcome: RetryOutcome) => void }) {
  const failed = isError(record);
  const waiting = !failed && record.step_info?.message !== undefined;
  return (
    <tbody className={failed ? 'index-error' : waiting ? 'index-waiting' : undefined}>
      <tr>
        <th scope="row">
          <a href={href('lifecycle', 'index', record.index)}>{record.index}</a>
        </th>
        <td>{record.policy && <a href={href('lifecycle', 'policies', record.policy)}>{record.policy}</a>}</td>
        <td>{record.phase}</td>
        <td>{record.action}</td>
        <td>
          {failed ? (
            <>
              <span className="badge badge-error">ERROR</span> <span className="failed-step">at {record.failed_step}</span>
            </>
          ) : (
            record.step
          )}
        </td>
        <td>{record.age}</td>
        <td className="row-actions">
          {failed && <RetryButton index={record.index} onOutcome={onOutcome} />}
          <a href={href('lifecycle', 'index', record.index)} aria-label={`Timeline of ${record.index}`}>
            Timeline
          </a>
        </td>
      </tr>
      {(failed || waiting) && (
        <tr className="problem-row">
          <td colSpan={COLUMNS.length}>
            <ProblemDetails record={record} diagnosis={lint?.step_info_diagnosis} />
          </td>
        </tr>
      )}
      {lint && lint.problems.length > 0 && (
        <tr className="lint-row">
          <td colSpan={COLUMNS.length}>
            <LintSummary index={record.index} lint={lint} />
          </td>
        </tr>
      )}
    </tbody>
  );
}
