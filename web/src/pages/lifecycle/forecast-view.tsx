/**
 * One forecast, shown: what was simulated, the first predicted error with its remedy (or that there is none), the
 * chart, the events in words, and where each index stands at the end.
 */
import { formatBytes, formatDuration, formatInstant, formatPercent } from '../../units.ts';
import { ForecastChart } from './forecast-chart.tsx';
import { ForecastEvents } from './forecast-events.tsx';
import { counts } from './forecast-model.ts';
import type { FirstError, Forecast } from './forecast-types.ts';

/** `initialPhase`: the phase the forecast's index is in now (explain's), for an index that exists. */
export function ForecastView({ forecast, initialPhase }: { forecast: Forecast; initialPhase?: string }) {
  const span = `+${formatDuration(forecast.end_millis - forecast.start_millis)}`;
  const { rollovers, deletions, peakPercent, peakBytes } = counts(forecast);
  const perDay = forecast.documents.per_day;
  return (
    <div className="forecast">
      <p className="forecast-summary">
        {forecast.index} under policy {forecast.policy}, from {formatInstant(forecast.start_millis)} to {formatInstant(forecast.end_millis)} ({span}),{' '}
        {perDay === 0 ? 'with no documents written' : `with ${perDay.toLocaleString('en')} documents a day of ${formatBytes(forecast.documents.size_in_bytes)}`}:{' '}
        {rollovers} {rollovers === 1 ? 'rollover' : 'rollovers'}, {deletions} {deletions === 1 ? 'deletion' : 'deletions'}; disk use peaks at {formatPercent(peakPercent)} (
        {formatBytes(peakBytes)} of {formatBytes(forecast.disk.capacity_in_bytes)}).
      </p>
      {forecast.truncated && (
        <p className="notice">The simulation stopped early, at {span}, after too many events: nothing past that point is forecast. Try a shorter horizon.</p>
      )}
      {perDay === 0 && waitsToRollOver(forecast) && (
        <p className="hint">
          An index waits at rollover with no documents written: rollover skips an empty index (the cluster setting{' '}
          <code>indices.lifecycle.rollover.only_if_has_documents</code>). Give a number of documents per day to see it roll over.
        </p>
      )}
      {forecast.first_error ? <FirstErrorPanel error={forecast.first_error} /> : <p className="forecast-clean">No error predicted up to {span}.</p>}
      <ForecastChart forecast={forecast} {...(initialPhase !== undefined && { initialPhase })} />
      <ForecastEvents forecast={forecast} {...(initialPhase !== undefined && { initialPhase })} />
      <EndState forecast={forecast} span={span} />
    </div>
  );
}

/** Whether an index ends the forecast still waiting to roll over (and so, with no documents, perhaps never will). */
function waitsToRollOver(forecast: Forecast): boolean {
  return Object.values(forecast.indices).some((index) => index.action === 'rollover' && index.step === 'check-rollover-ready' && index.docs_count === 0);
}

function FirstErrorPanel({ error }: { error: FirstError }) {
  return (
    <div role="group" aria-label="First predicted error" className="problem problem-error forecast-first-error">
      <p className="problem-what">
        <strong>First predicted error</strong> at {formatInstant(error.time_millis)} (+{error.elapsed}): <code>{error.index}</code> fails at step{' '}
        <code>{error.failed_step}</code> of {error.phase} / {error.action} with <code className="step-info-type">{error.step_info.type}</code>
        <span className="spec-row">{error.row !== null ? ` · spec error row ${error.row}` : ''}</span>
      </p>
      <p className="step-info-reason">{error.step_info.reason ?? error.step_info.message}</p>
      <p className="remedy">
        <strong>Remedy: </strong>
        <span className="remedy-text">{error.remedy}</span>
      </p>
      <p className="retry-facts">
        {error.is_auto_retryable_error
          ? `Auto-retryable: each poll runs the step again${error.auto_retries > 0 ? `, and ${error.auto_retries} automatic ${error.auto_retries === 1 ? 'retry fails' : 'retries fail'} the same way up to the horizon` : ''}.`
          : 'Not auto-retryable: the index stays in ERROR until the cause is fixed and it is retried.'}
      </p>
    </div>
  );
}

function EndState({ forecast, span }: { forecast: Forecast; span: string }) {
  const entries = Object.entries(forecast.indices);
  return (
    <details className="forecast-end">
      <summary>
        Where each index stands at {span} ({entries.length} {entries.length === 1 ? 'index' : 'indices'}; deleted ones are gone)
      </summary>
      <table>
        <thead>
          <tr>
            <th scope="col">Index</th>
            <th scope="col">Policy</th>
            <th scope="col">Phase / action / step</th>
            <th scope="col">Documents</th>
            <th scope="col">Size</th>
          </tr>
        </thead>
        <tbody>
          {entries.map(([name, index]) => (
            <tr key={name} className={index.step === 'ERROR' ? 'forecast-error' : undefined}>
              <td>{name}</td>
              <td>{index.policy ?? 'not managed'}</td>
              <td>
                {index.phase !== undefined && `${index.phase} / ${index.action} / ${index.step}`}
                {index.failed_step && ` (failed step: ${index.failed_step})`}
              </td>
              <td>{index.docs_count.toLocaleString('en')}</td>
              <td>{formatBytes(index.size_in_bytes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
