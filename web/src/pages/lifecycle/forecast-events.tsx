/**
 * A forecast's events in words, in time order: the phases each index enters with their actions (the steps on
 * expand), rollovers and other new indices, deletions, errors, watermark crossings and refused writes.
 */
import { formatBytes, formatInstant, formatPercent } from '../../units.ts';
import { milestones, type Milestone } from './forecast-model.ts';
import type { Forecast, ForecastEvent, StepEvent } from './forecast-types.ts';

type OtherEvent = Exclude<ForecastEvent, StepEvent>;

/** The row's class: errors stand out, rollovers and deletions are tinted. */
function rowClass(milestone: Milestone): string {
  if (milestone.kind === 'phase') return `forecast-phase phase-row-${milestone.phase}`;
  const event = milestone.event;
  return event.kind === 'created' ? `forecast-created forecast-${event.cause}` : `forecast-${event.kind.replace('_', '-')}`;
}

export function ForecastEvents({ forecast, initialPhase }: { forecast: Forecast; initialPhase?: string }) {
  const rows = milestones(forecast.events, { index: forecast.index, phase: initialPhase });
  if (rows.length === 0) return <p className="forecast-quiet">Nothing happens up to the horizon: no step, no new index, no deletion.</p>;
  return (
    <table className="forecast-events">
      <caption>
        What happens, in order ({rows.length} {rows.length === 1 ? 'event' : 'events'})
      </caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">After</th>
          <th scope="col">Index</th>
          <th scope="col">What</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((milestone, i) => {
          const time = milestone.kind === 'phase' ? milestone : milestone.event;
          return (
            <tr key={i} className={rowClass(milestone)}>
              <td className="when">{formatInstant(time.time_millis)}</td>
              <td className="after">+{time.elapsed}</td>
              <td className="index">{milestone.kind === 'phase' ? milestone.index : 'index' in milestone.event ? milestone.event.index : ''}</td>
              <td className="what">{milestone.kind === 'phase' ? <PhaseText milestone={milestone} /> : <EventText event={milestone.event} watermarks={forecast.disk.watermarks} />}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function PhaseText({ milestone }: { milestone: Extract<Milestone, { kind: 'phase' }> }) {
  const steps = milestone.actions.flatMap((a) => a.steps);
  return (
    <>
      {milestone.continued ? 'goes on in' : 'enters'} <strong>{milestone.phase}</strong>:{' '}
      {milestone.actions.map((run, i) => (
        <span key={i}>
          {i > 0 && ' → '}
          {run.action}
          {run.elapsed !== milestone.elapsed && <span className="action-time"> (+{run.elapsed})</span>}
        </span>
      ))}
      <details className="steps">
        <summary>
          {steps.length} {steps.length === 1 ? 'step' : 'steps'}
        </summary>
        <ol>
          {steps.map((step, i) => (
            <li key={i}>
              +{step.elapsed} {step.action} / <code>{step.step}</code>
            </li>
          ))}
        </ol>
      </details>
    </>
  );
}

function EventText({ event, watermarks }: { event: OtherEvent; watermarks: Forecast['disk']['watermarks'] }) {
  switch (event.kind) {
    case 'error':
      return (
        <>
          <span className="badge badge-error">ERROR</span> at step <code>{event.failed_step}</code> of {event.phase} / {event.action}:{' '}
          <code>{event.step_info.type}</code> {event.step_info.reason ?? event.step_info.message}
          {event.auto_retries > 0 && (
            <span className="retries">
              {' '}
              · {event.auto_retries} automatic {event.auto_retries === 1 ? 'retry fails' : 'retries fail'} the same way up to the horizon
            </span>
          )}
        </>
      );
    case 'created':
      if (event.cause === 'rollover') {
        return (
          <>
            created by <strong>rollover</strong> of {event.from}
            {event.alias && <> (alias {event.alias})</>}
          </>
        );
      }
      if (event.cause === 'copy') {
        return (
          <>
            created from {event.from}
            {event.action && <> by its {event.action} action</>}
          </>
        );
      }
      return <>created</>;
    case 'deleted':
      return <strong>deleted</strong>;
    case 'watermark':
      return (
        <>
          disk use {event.exceeded ? 'rises past' : 'falls back below'} the <strong>{event.level}</strong> watermark ({watermarks[event.level]}): {formatPercent(event.used_percent)} used (
          {formatBytes(event.used_in_bytes)})
        </>
      );
    case 'writes_refused':
      return (
        <>
          writes refused: <code>{event.block}</code>
        </>
      );
    case 'writes_resumed':
      return <>writes accepted again</>;
  }
}
