/**
 * A cluster's forecast in the order `tessera ilm forecast` prints it: what the bundle lacked, what is in ERROR now,
 * then each data stream, alias or index with its dated findings, lint's, and its timeline drawn; the summary first
 * and last, as a reader skims it.
 */
import { formatInstant } from '../../units.ts';
import type { ClusterFinding, ClusterForecastReport, ForecastTarget, InError } from './cluster-forecast-types.ts';
import { ForecastChart } from './forecast-chart.tsx';
import { ForecastEvents } from './forecast-events.tsx';

const KIND = { data_stream: 'Data stream', alias: 'Alias', index: 'Index' } as const;

function place(parts: readonly (string | undefined)[]): string {
  return parts.filter((part) => part !== undefined).join(' / ');
}

function SpecRow({ row }: { row: number | null }) {
  return <span className="spec-row">{row !== null ? ` · spec error row ${row}` : ' · not in the spec’s error table'}</span>;
}

export function ClusterForecastReportView({ report }: { report: ClusterForecastReport }) {
  return (
    <div className="cluster-forecast-report">
      <p className="forecast-summary cluster-summary">{report.summary.text}</p>
      <p className="hint">
        Cluster <strong>{report.cluster_name}</strong> (Elasticsearch {report.version}), {report.horizon} from {formatInstant(report.start_millis)}.
      </p>
      {report.not_seen.length > 0 && (
        <section aria-labelledby="not-seen-title">
          <h2 id="not-seen-title">Not in the bundle, so not seen</h2>
          <ul className="not-seen">
            {report.not_seen.map((missing) => (
              <li key={missing}>{missing}</li>
            ))}
          </ul>
        </section>
      )}
      {report.in_error.length > 0 && (
        <section aria-labelledby="in-error-title">
          <h2 id="in-error-title">In ERROR now</h2>
          <ol className="lint-problems" aria-label="In ERROR now">
            {report.in_error.map((e) => (
              <InErrorItem key={e.index} error={e} />
            ))}
          </ol>
        </section>
      )}
      {report.disk && (
        <section aria-labelledby="disk-title">
          <h2 id="disk-title">The disk, filled by every stream written</h2>
          <div className="problem problem-stuck" aria-label="Disk flood stage">
            <p className="problem-what">
              Flood stage at <time dateTime={report.disk.time}>{formatInstant(report.disk.time_millis)}</time> (+{report.disk.elapsed}): {report.disk.message}
            </p>
            <p className="problem-remedy">{report.disk.remedy}</p>
          </div>
        </section>
      )}
      {report.disk_writers.length > 0 && (
        <section aria-labelledby="disk-writers-title">
          <h2 id="disk-writers-title">Written to, but managed by no policy</h2>
          <p className="hint">Their documents fill the disk too; nothing else of them is forecast.</p>
          <ul className="disk-writers" aria-label="Written to, but managed by no policy">
            {report.disk_writers.map((w) => (
              <li key={`${w.kind}:${w.name}`}>
                {KIND[w.kind]} <code>{w.name}</code>, write index <code>{w.write_index}</code>, {rateText(w.documents)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {report.targets.map((target) => (
        <TargetSection key={`${target.kind}:${target.name}`} target={target} />
      ))}
    </div>
  );
}

function InErrorItem({ error }: { error: InError }) {
  const info = error.step_info ?? {};
  return (
    <li className="problem problem-error in-error" aria-label={`${error.index} in ERROR`}>
      <p className="problem-what">
        <code>{error.index}</code> at <code>{place([error.phase, error.action, error.failed_step])}</code> under policy <code>{error.policy}</code>
        {typeof info.type === 'string' && (
          <>
            {' '}
            with <code className="step-info-type">{info.type}</code>
          </>
        )}
        <SpecRow row={error.row} />
      </p>
      <p className="step-info-reason">{String(info.reason ?? info.message ?? '')}</p>
      <p className="remedy">
        <strong>Remedy: </strong>
        <span className="remedy-text">{error.remedy}</span>
      </p>
    </li>
  );
}

function rateText(documents: ForecastTarget['documents']): string {
  const { per_day: perDay, rate } = documents;
  if (perDay > 0) return `${perDay.toLocaleString('en')} documents a day (${rate})`;
  return rate === 'not written to' ? 'not written to' : `no documents (${rate})`;
}

function TargetSection({ target }: { target: ForecastTarget }) {
  const id = `target-${target.kind}-${target.name}`;
  const findings = [...target.forecast, ...target.lint];
  return (
    <section className="forecast-target" aria-labelledby={id}>
      <h2 id={id}>
        {KIND[target.kind]} {target.name}
      </h2>
      <p className="target-facts">
        {target.kind !== 'index' && (
          <>
            Write index <code>{target.write_index}</code>,{' '}
          </>
        )}
        policy <code>{target.policy}</code>, {rateText(target.documents)}.
      </p>
      {findings.length > 0 ? (
        <ol className="lint-problems" aria-label={`Findings for ${target.name}`}>
          {findings.map((f, i) => (
            <FindingItem key={i} finding={f} />
          ))}
        </ol>
      ) : (
        <p className="forecast-clean">Nothing fails, gets stuck or fills the disk up to the horizon.</p>
      )}
      {target.timeline && (
        <>
          <ForecastChart forecast={target.timeline} {...(target.phase !== undefined && { initialPhase: target.phase })} />
          <details className="forecast-target-events">
            <summary>What happens, in order</summary>
            <ForecastEvents forecast={target.timeline} {...(target.phase !== undefined && { initialPhase: target.phase })} />
          </details>
        </>
      )}
    </section>
  );
}

const OUTCOME_WORDS = { error: 'error', stuck: 'stuck', disk: 'disk flood stage' } as const;

function FindingItem({ finding: f }: { finding: ClusterFinding }) {
  const dated = f.time_millis !== undefined;
  const where = place([f.phase, f.action, f.step]);
  return (
    <li className={`problem lint-problem lint-${f.outcome === 'disk' ? 'stuck' : f.outcome} finding`}>
      <p className="problem-what">
        <span className="finding-when">{dated ? `+${f.elapsed} (${f.time})` : 'lint'}</span>{' '}
        <span className={`badge badge-lint badge-${f.outcome === 'disk' ? 'stuck' : f.outcome} finding-outcome`}>{OUTCOME_WORDS[f.outcome]}</span>
        {f.index !== undefined && (
          <>
            {' '}
            {f.outcome === 'disk' ? 'on' : 'at'} <code className="finding-index">{f.index}</code>
          </>
        )}
        {where !== '' && (
          <>
            {' '}
            <code className="finding-step">{where}</code>
          </>
        )}
        <SpecRow row={f.row} />
      </p>
      <p className="step-info-reason">
        {f.type !== undefined && <code className="step-info-type">{f.type}</code>}
        {f.type !== undefined && ': '}
        {f.message}
      </p>
      {f.also && (
        <p className="finding-also">
          Also waiting there:{' '}
          {f.also.map((name, i) => (
            <span key={name}>
              {i > 0 && ', '}
              <code>{name}</code>
            </span>
          ))}
        </p>
      )}
      <p className="remedy">
        <strong>Remedy: </strong>
        <span className="remedy-text">{f.remedy}</span>
      </p>
    </li>
  );
}
