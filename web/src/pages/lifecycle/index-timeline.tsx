/**
 * One index's lifecycle: where it stands (explain), and the policy's phases on a time axis from the lifecycle date,
 * each at its min_age, with a marker where the index is now; then what lint predicts for it, and its forecast.
 */
import { useState } from 'react';
import { fetchClock } from '../../clock.ts';
import { ErrorAlert } from '../../error-alert.tsx';
import { usePrivileges } from '../../privileges.ts';
import { href } from '../../route.ts';
import { formatDuration, formatInstant } from '../../units.ts';
import { useLoad } from '../../use-load.ts';
import { ClockControl } from '../cluster/clock-control.tsx';
import { IndexForecast } from './index-forecast.tsx';
import { IndexLint } from './index-lint.tsx';
import { explain, fetchPolicy, isError, type ExplainRecord, type PhaseDefinition } from './lifecycle-types.ts';
import { lintIndices } from './lint-types.ts';
import { IndexActions, IndexFactsError, RemedyForms, useIndexFacts } from './index-actions.tsx';
import { ProblemDetails, RetryButton, RetryOutcomeMessage, type RetryOutcome } from './problem-details.tsx';
import { predictedFailure } from './retry-follow-up.ts';
import { axisPercent, buildTimeline, describeNow, type Timeline } from './timeline-model.ts';

export function IndexTimelineView({ name }: { name: string }) {
  const records = useLoad(() => explain(name), [name]);
  const clock = useLoad(fetchClock, [name]);
  const [outcome, setOutcome] = useState<RetryOutcome>();
  // What the last action of the index's forms did: it stays in view even when the form it came from goes.
  const [done, setDone] = useState<string>();
  // Counts reloads, so each one also reads the policy again (it may have been edited meanwhile).
  const [generation, setGeneration] = useState(0);
  const reload = () => {
    records.reload();
    clock.reload();
    setGeneration((g) => g + 1);
  };

  return (
    <section aria-labelledby="index-title">
      <p className="back">
        <a href={href('lifecycle')}>← Managed indices</a>
      </p>
      <h2 id="index-title">Index {name}</h2>
      <div className="toolbar">
        {clock.data && (
          <span className="as-of">
            As of <time dateTime={clock.data.now}>{formatInstant(clock.data.now_millis)}</time> ({clock.data.mode} clock)
          </span>
        )}
        <button type="button" onClick={reload} disabled={records.loading}>
          Refresh
        </button>
        {clock.data?.mode === 'virtual' && <ClockControl onAdvanced={reload} />}
      </div>
      <RetryOutcomeMessage outcome={outcome} />
      {done && (
        <p role="status" className="notice" aria-label="Last action">
          {done}
        </p>
      )}
      {records.error !== undefined && <ErrorAlert error={records.error}>The index could not be explained:</ErrorAlert>}
      {clock.error !== undefined && <ErrorAlert error={clock.error}>The clock could not be read:</ErrorAlert>}
      {records.data?.length === 0 && <p>No index matches [{name}].</p>}
      {records.data &&
        clock.data &&
        records.data.map((record) => (
          <IndexLifecycle
            key={record.index}
            asked={name}
            record={record}
            nowMillis={clock.data!.now_millis}
            generation={generation}
            onOutcome={(o) => {
              setOutcome(o);
              setDone(undefined);
              reload();
            }}
            onChanged={(text) => {
              setDone(text);
              setOutcome(undefined);
              reload();
            }}
          />
        ))}
    </section>
  );
}

interface IndexLifecycleProps {
  readonly asked: string;
  readonly record: ExplainRecord;
  readonly nowMillis: number;
  readonly generation: number;
  readonly onOutcome: (o: RetryOutcome) => void;
  readonly onChanged: (done: string) => void;
}

function IndexLifecycle({ asked, record, nowMillis, generation, onOutcome, onChanged }: IndexLifecycleProps) {
  const policyName = record.policy;
  const policy = useLoad(() => (policyName ? fetchPolicy(policyName) : Promise.resolve(undefined)), [policyName, generation]);
  // Lint answers for every managed index at once; it is a dry run over the state in memory, so asking for one costs little more.
  const lint = useLoad(() => lintIndices([record.index]), [record.index, generation]);
  const facts = useIndexFacts(record.index, generation);
  const privileges = usePrivileges({ cluster: ['manage_ilm'], index: [{ names: [record.index], privileges: ['manage', 'manage_ilm'] }] });
  const execution = record.phase_execution;

  if (!record.managed) {
    return (
      <article className="index-lifecycle" aria-label={`Lifecycle of ${record.index}`}>
        {record.index !== asked && <h3>{record.index}</h3>}
        <p>[{record.index}] is not managed by a lifecycle policy.</p>
        {facts.data && <IndexActions record={record} facts={facts.data} privileges={privileges} phases={undefined} onDone={onChanged} />}
        {facts.error !== undefined && <IndexFactsError error={facts.error} />}
      </article>
    );
  }

  // Without the policy (deleted, or not readable), the phase the index runs is all there is to draw.
  const phases: Readonly<Record<string, PhaseDefinition>> | undefined =
    policy.data?.policy.phases ?? (policy.error !== undefined && execution?.phase_definition && record.phase ? { [record.phase]: execution.phase_definition } : undefined);
  const timeline = phases ? buildTimeline(phases, record, nowMillis) : undefined;
  const diagnosis = lint.data?.[record.index]?.step_info_diagnosis;

  return (
    <article className="index-lifecycle" aria-label={`Lifecycle of ${record.index}`}>
      {record.index !== asked && (
        <p className="notice">
          [{asked}] now points to index [{record.index}] (for example after a shrink), so this is that index.
        </p>
      )}
      {record.index !== asked && <h3>{record.index}</h3>}
      <dl className="facts">
        <dt>Policy</dt>
        <dd>{policyName && <a href={href('lifecycle', 'policies', policyName)}>{policyName}</a>}</dd>
        <dt>Phase / action / step</dt>
        <dd className={isError(record) ? 'step-error' : undefined}>
          {record.phase} / {record.action} / {record.step}
          {record.failed_step && ` (failed step: ${record.failed_step})`}
        </dd>
        <dt>Lifecycle date</dt>
        <dd>{record.lifecycle_date_millis !== undefined && formatInstant(record.lifecycle_date_millis)}</dd>
        <dt>Age</dt>
        <dd>{record.age}</dd>
        {record.phase_time_millis !== undefined && (
          <>
            <dt>In this phase since</dt>
            <dd>{formatInstant(record.phase_time_millis)}</dd>
          </>
        )}
        {record.step_time_millis !== undefined && (
          <>
            <dt>In this step since</dt>
            <dd>{formatInstant(record.step_time_millis)}</dd>
          </>
        )}
        {execution && (
          <>
            <dt>Runs policy version</dt>
            <dd>
              {execution.version}
              {policy.data && policy.data.version !== execution.version && ` (the policy is now at version ${policy.data.version})`}
            </dd>
          </>
        )}
      </dl>
      {isError(record) && privileges.index(record.index, 'manage_ilm') && (
        <p>
          <RetryButton index={record.index} unfixed={predictedFailure(record, lint.data?.[record.index])} onOutcome={onOutcome} />
        </p>
      )}
      <ProblemDetails record={record} diagnosis={diagnosis}>
        {isError(record) && facts.data && <RemedyForms row={diagnosis?.row} record={record} facts={facts.data} privileges={privileges} onDone={onChanged} />}
      </ProblemDetails>
      {facts.data && <IndexActions record={record} facts={facts.data} privileges={privileges} phases={phases} onDone={onChanged} />}
      {facts.error !== undefined && <IndexFactsError error={facts.error} />}
      <IndexLint index={record.index} lint={lint} />
      {policy.error !== undefined && <ErrorAlert error={policy.error}>Policy [{policyName}] could not be read:</ErrorAlert>}
      {timeline && <TimelineChart record={record} timeline={timeline} />}
      {execution?.phase_definition && (
        <details className="phase-definition">
          <summary>Definition of the running phase ({record.phase}), as the index caches it</summary>
          <pre>{JSON.stringify(execution.phase_definition, null, 2)}</pre>
        </details>
      )}
      <IndexForecast index={record.index} phase={record.phase} generation={generation} />
    </article>
  );
}

function TimelineChart({ record, timeline }: { record: ExplainRecord; timeline: Timeline }) {
  const captionId = `timeline-${record.index}`;
  const nowLeft = axisPercent(timeline, timeline.ageMs);
  const ageText = formatDuration(timeline.ageMs);
  const start = record.lifecycle_date_millis;
  return (
    <figure className="timeline" aria-labelledby={captionId}>
      <figcaption id={captionId}>
        Timeline of {record.index}: the phases of policy {record.policy} from the lifecycle date{start !== undefined && ` (${formatInstant(start)})`}
      </figcaption>
      <div className="axis">
        <div role="list" aria-label="Phases on the time axis" className="segments">
          {timeline.phases.map((phase) => {
            const left = axisPercent(timeline, phase.startMs);
            const right = phase.endMs === undefined ? 100 : axisPercent(timeline, phase.endMs);
            return (
              <div
                key={phase.name}
                role="listitem"
                aria-label={`${phase.name} starts at ${phase.minAge}`}
                aria-current={phase.current ? 'step' : undefined}
                className={`segment phase-${phase.name}${phase.current ? ' current' : ''}${phase.due ? ' due' : ''}`}
                style={{ left: `${left}%`, width: `${Math.max(0, right - left)}%` }}
              >
                <span className="segment-name">{phase.name}</span>
                <span className="segment-start">{phase.minAge}</span>
              </div>
            );
          })}
        </div>
        <div
          className="now-marker"
          role="img"
          aria-label={`Now: age ${ageText}, in ${record.phase} / ${record.action} / ${record.step}`}
          style={{ left: `${nowLeft}%` }}
        >
          <span>now · {ageText}</span>
        </div>
      </div>
      <div className="axis-scale" aria-hidden="true">
        <span>0</span>
        <span>{formatDuration(timeline.axisEndMs)}</span>
      </div>
      <p className="now-description">
        {describeNow(timeline)} The index is in {record.phase} / {record.action} / {record.step}.
      </p>
      <ol className="phase-list" aria-label="Phases in order">
        {timeline.phases.map((phase) => (
          <li key={phase.name} aria-current={phase.current ? 'step' : undefined}>
            <strong>{phase.name}</strong> from min_age {phase.minAge}
            {phase.dueAtMillis !== undefined && <> (due {formatInstant(phase.dueAtMillis)})</>}
            {phase.actions.length > 0 && <> · actions: {phase.actions.join(', ')}</>}
            {' · '}
            <em>{phase.current ? 'current phase' : phase.due ? 'min_age passed' : 'not yet due'}</em>
          </li>
        ))}
      </ol>
    </figure>
  );
}
