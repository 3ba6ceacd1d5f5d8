/**
 * An index's failure (step ERROR) or wait message, with the remedy the server gives for it (lint's
 * `step_info_diagnosis`, chosen by the error's code), and the Retry button with its answer.
 */
import { useState } from 'react';
import { ErrorAlert } from '../../error-alert.tsx';
import { isError, retryIndex, type ExplainRecord } from './lifecycle-types.ts';
import type { Advice } from './lint-types.ts';

/** What the server answered to a retry. */
export type RetryOutcome = { readonly index: string; readonly answer: unknown } | { readonly index: string; readonly error: unknown };

/** `diagnosis` is absent until lint answers (or when it cannot run): the failure is shown without its remedy. */
export function ProblemDetails({ record, diagnosis }: { record: ExplainRecord; diagnosis: Advice | undefined }) {
  const info = record.step_info;
  if (!info) return null;
  const failed = isError(record);
  return (
    <div role="group" aria-label={failed ? `Error of ${record.index}` : `Wait of ${record.index}`} className={failed ? 'problem problem-error' : 'problem problem-wait'}>
      <p className="problem-what">
        {failed ? (
          <>
            Step <code>{record.failed_step}</code> failed with <code className="step-info-type">{info.type}</code>
          </>
        ) : (
          <>
            Waiting at step <code>{record.step}</code>
          </>
        )}
        {diagnosis?.row !== undefined && <span className="spec-row"> · spec error row {diagnosis.row}</span>}
      </p>
      <p className="step-info-reason">{info.reason ?? info.message}</p>
      {diagnosis && (
        <>
          <p className="cause">{diagnosis.cause}</p>
          <p className="remedy">
            <strong>Remedy: </strong>
            <span className="remedy-text">{diagnosis.remedy}</span>
          </p>
        </>
      )}
      {failed && (
        <p className="retry-facts">
          {record.is_auto_retryable_error ? 'Auto-retryable: each poll runs the step again' : 'Not auto-retryable'}
          {record.failed_step_retry_count !== undefined &&
            ` (${record.failed_step_retry_count} automatic ${record.failed_step_retry_count === 1 ? 'retry' : 'retries'} so far)`}
          .
        </p>
      )}
    </div>
  );
}

export function RetryButton({ index, onOutcome }: { index: string; onOutcome: (outcome: RetryOutcome) => void }) {
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      onOutcome({ index, answer: await retryIndex(index) });
    } catch (error) {
      onOutcome({ index, error });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="retry" onClick={retry} disabled={busy} aria-label={`Retry ${index}`}>
      {busy ? 'Retrying…' : 'Retry'}
    </button>
  );
}

export function RetryOutcomeMessage({ outcome }: { outcome: RetryOutcome | undefined }) {
  if (!outcome) return null;
  if ('error' in outcome) {
    return <ErrorAlert error={outcome.error}>Retry of {outcome.index} refused:</ErrorAlert>;
  }
  return (
    <p role="status" className="notice">
      Retry of {outcome.index}: the server answered <code>{JSON.stringify(outcome.answer)}</code>. The failed step runs again; the view below shows where the index went.
    </p>
  );
}
