/** Cluster: disk against the watermarks, breaker limits, the ILM operation mode, and the clock (advanced here when virtual). */
import { es } from '../../api/es.ts';
import { fetchClock } from '../../clock.ts';
import { ErrorAlert } from '../../error-alert.tsx';
import { usePrivileges } from '../../privileges.ts';
import { formatDuration, formatInstant } from '../../units.ts';
import { useLoad } from '../../use-load.ts';
import { BreakerLimits } from './breaker-limits.tsx';
import { ClockControl } from './clock-control.tsx';
import './cluster.css';
import { describeSource, effectiveSetting, fetchClusterSettings } from './cluster-settings.ts';
import { DiskSection, fetchAllocation, fetchNodesFs } from './disk-usage.tsx';

/** The action of `POST /_tessera/clock/_advance`, which `manage` and `all` grant. */
const ADVANCE_CLOCK = 'cluster:admin/tessera/clock/advance';

export function ClusterPage() {
  const settings = useLoad(fetchClusterSettings, []);
  const nodes = useLoad(fetchNodesFs, []);
  const allocation = useLoad(fetchAllocation, []);
  const ilm = useLoad(() => es<{ operation_mode: string }>('GET', '/_ilm/status'), []);
  const clock = useLoad(fetchClock, []);
  const all = [settings, nodes, allocation, ilm, clock];
  const reload = () => all.forEach((l) => l.reload());
  const pollInterval = settings.data && effectiveSetting(settings.data, 'indices.lifecycle.poll_interval');
  const privileges = usePrivileges({ cluster: [ADVANCE_CLOCK] });

  return (
    <section className="cluster">
      <h1>Cluster</h1>
      <div className="toolbar">
        <button type="button" onClick={reload} disabled={all.some((l) => l.loading)}>
          Refresh
        </button>
      </div>

      <section aria-labelledby="disk-title">
        <h2 id="disk-title">Disk and watermarks</h2>
        {nodes.error !== undefined && <ErrorAlert error={nodes.error}>The node stats could not be read:</ErrorAlert>}
        {allocation.error !== undefined && <ErrorAlert error={allocation.error}>The allocation could not be read:</ErrorAlert>}
        {settings.error !== undefined && <ErrorAlert error={settings.error}>The cluster settings could not be read:</ErrorAlert>}
        {nodes.data?.map((node) => (
          <DiskSection key={node.name} node={node} allocation={allocation.data?.find((row) => row.node === node.name)} settings={settings.data} />
        ))}
      </section>

      <section aria-labelledby="breakers-title">
        <h2 id="breakers-title">Circuit breakers</h2>
        {settings.data && <BreakerLimits settings={settings.data} />}
      </section>

      <section aria-labelledby="ilm-title">
        <h2 id="ilm-title">Index lifecycle management</h2>
        {ilm.error !== undefined && <ErrorAlert error={ilm.error}>The ILM status could not be read:</ErrorAlert>}
        <dl className="facts">
          <dt>Operation mode</dt>
          <dd className="ilm-mode">{ilm.data?.operation_mode}</dd>
          {pollInterval && (
            <>
              <dt>Poll interval</dt>
              <dd>
                {pollInterval.value} ({describeSource(pollInterval.source)})
              </dd>
            </>
          )}
        </dl>
      </section>

      <section aria-labelledby="clock-title">
        <h2 id="clock-title">Clock</h2>
        {clock.error !== undefined && <ErrorAlert error={clock.error}>The clock could not be read:</ErrorAlert>}
        {clock.data && (
          <>
            <dl className="facts">
              <dt>Mode</dt>
              <dd className="clock-mode">{clock.data.mode}</dd>
              <dt>Now</dt>
              <dd className="clock-now">
                <time dateTime={clock.data.now}>{clock.data.now}</time> ({formatInstant(clock.data.now_millis)})
              </dd>
              {clock.data.poll_interval_millis !== undefined && (
                <>
                  <dt>Poll ticks every</dt>
                  <dd>{formatDuration(clock.data.poll_interval_millis)}</dd>
                </>
              )}
            </dl>
            {clock.data.mode === 'virtual' ? (
              privileges.cluster(ADVANCE_CLOCK) ? (
                <ClockControl onAdvanced={reload} />
              ) : (
                privileges.known && <p className="muted">Advancing the clock needs the manage cluster privilege.</p>
              )
            ) : (
              <p>The system clock moves by itself; only a server started with --clock virtual can be advanced.</p>
            )}
          </>
        )}
      </section>
    </section>
  );
}
