/**
 * An index's failure (step ERROR) or wait message, with the remedy the server gives for it (lint's
 * `step_info_diagnosis`, chosen by the error's code), and the Retry button with its answer: when the step runs
 * again and whether lint still sees the cause.
 */
import { useState, type ReactNode } from 'react';
import { ErrorAlert } from '../../error-alert.tsx';
import type { ClockInfo } from '../../clock.ts';
import { formatDuration, formatInstant } from '../../units.ts';
import { isError, retryIndex, type ExplainRecord } from './lifecycle-types.ts';
import type { Advice, LintProblem } from './lint-types.ts';
import { followUpRetry, predictedFailure, type RetryFollowUp } from './retry-follow-up.ts';

/** What the server answered to a retry, and (for one that was acknowledged) what the server shows right after it. */
export type RetryOutcome =
  | { readonly index: string; readonly answer: unknown; readonly followUp?: RetryFollowUp }
  | { readonly index: string; readonly error: unknown };

/**
 * `diagnosis` is absent until lint answers (or when it cannot run): the failure is shown without its remedy.
 * `children`: the forms that carry out the remedy, shown under it.
 */
export function ProblemDetails({ record, diagnosis, children }: { record: ExplainRecord; diagnosis: Advice | undefined; children?: ReactNode }) {
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
          {children}
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

/**
 * `unfixed`: the failure lint still predicts at the failed step; the button then asks before retrying, since the
 * step would only fail again.
 */
export function RetryButton({ index, unfixed, onOutcome }: { index: string; unfixed?: LintProblem; onOutcome: (outcome: RetryOutcome) => void }) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const retry = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const answer = await retryIndex(index);
      onOutcome({ index, answer, followUp: await followUpRetry(index) });
    } catch (error) {
      onOutcome({ index, error });
    } finally {
      setBusy(false);
    }
  };
  if (asking && unfixed) {
    return (
      <span role="group" aria-label={`Confirm retry of ${index}`} className="retry-confirm">
        The cause is not fixed: lint predicts <q className="predicted-message">{unfixed.message}</q>. Retry anyway?{' '}
        <button type="button" onClick={retry}>
          Retry anyway
        </button>{' '}
        <button type="button" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </span>
    );
  }
  return (
    <button type="button" className="retry" onClick={() => (unfixed ? setAsking(true) : void retry())} disabled={busy} aria-label={`Retry ${index}`}>
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
    <div role="status" className="notice retry-outcome">
      <p>
        Retry of {outcome.index} acknowledged (the server answered <code>{JSON.stringify(outcome.answer)}</code>).
      </p>
      {outcome.followUp ? <FollowUp followUp={outcome.followUp} /> : <p>The failed step runs again; the view below shows where the index went.</p>}
    </div>
  );
}

/** When the step runs again, and what lint says it will find. */
function FollowUp({ followUp: { record, clock, lint } }: { followUp: RetryFollowUp }) {
  const predicted = record && predictedFailure(record, lint);
  return (
    <>
      {record && <p className="retry-when">{whenText(record, clock)}</p>}
      {record && lint && (
        <p className="retry-prediction">
          {predicted ? (
            <>
              Lint predicts it will fail again: {predicted.message} — {predicted.remedy}
            </>
          ) : (
            `Lint finds nothing in the way of ${record.phase} / ${record.action}.`
          )}
        </p>
      )}
    </>
  );
}

function whenText(record: ExplainRecord, clock: ClockInfo | undefined): string {
  const at = `${record.phase} / ${record.action} / ${record.step}`;
  if (isError(record)) return `The step ran again at once and failed: ${record.step_info?.reason ?? record.step_info?.message ?? record.step_info?.type ?? 'see below'}.`;
  const interval = clock?.poll_interval_millis;
  if (!clock || interval === undefined) return `The index is now at ${at}; a step that waits runs again at the next poll.`;
  const virtual = clock.mode === 'virtual' ? ' of the virtual clock, which moves only when advanced' : '';
  const poll = `the next poll (indices.lifecycle.poll_interval ${formatDuration(interval)})`;
  if (clock.next_poll_millis !== undefined) {
    return `The index is now at ${at}. A step that waits runs again at ${poll}: about ${formatInstant(clock.next_poll_millis)}, in ${formatDuration(clock.next_poll_millis - clock.now_millis)}${virtual}.`;
  }
  // Another instance runs the runner: its ticks are not known here, only that the next is at most one interval away.
  return `The index is now at ${at}. A step that waits runs again at ${poll}: at the latest about ${formatInstant(clock.now_millis + interval)}, within ${formatDuration(interval)}${virtual}.`;
}
