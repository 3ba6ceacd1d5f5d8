/**
 * `#/lifecycle/forecast`: another Elasticsearch cluster forecast from its support-diagnostics bundle, as
 * `tessera ilm forecast` does it, by the server (`POST /_tessera/ilm/forecast`); nothing of the bundle is kept.
 */
import { useRef, useState } from 'react';
import { ErrorAlert } from '../../error-alert.tsx';
import { usePrivileges } from '../../privileges.ts';
import { ClusterForecastForm } from './cluster-forecast-form.tsx';
import { ClusterForecastReportView } from './cluster-forecast-report.tsx';
import { DEFAULT_CLUSTER_FORECAST_SETTINGS, forecastCluster, type Bundle, type ClusterForecastReport, type ClusterForecastSettings } from './cluster-forecast-types.ts';

/** The action of `POST /_tessera/ilm/forecast`, which the cluster privilege `monitor` grants. */
const SIMULATE = 'cluster:monitor/tessera/ilm/simulate';

type Outcome = { readonly report: ClusterForecastReport } | { readonly error: unknown } | { readonly unreadable: string };

export function ClusterForecastView() {
  const privileges = usePrivileges({ cluster: [SIMULATE] });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  // Only the last Forecast pressed is shown: an earlier answer arriving late is dropped.
  const run = useRef(0);
  const submit = (bundle: Bundle, settings: ClusterForecastSettings) => {
    const mine = ++run.current;
    setBusy(true);
    forecastCluster(bundle, settings).then(
      (report) => mine === run.current && setOutcome({ report }),
      (error: unknown) => mine === run.current && setOutcome({ error }),
    ).finally(() => mine === run.current && setBusy(false));
  };
  const unreadable = (reason: string) => {
    run.current++;
    setBusy(false);
    setOutcome({ unreadable: reason });
  };
  return (
    <section className="cluster-forecast" aria-labelledby="cluster-forecast-title">
      <h2 id="cluster-forecast-title">Forecast a cluster</h2>
      <p className="hint">
        Which indices and data streams of an Elasticsearch cluster will land in ERROR, wait for good or fill the disk, from its support-diagnostics bundle
        (<code>diagnostics.sh --type api</code>): its zip, or the folder it unzips to. The server forecasts it in memory and keeps nothing.
      </p>
      {!privileges.known ? null : !privileges.cluster(SIMULATE) ? (
        <p className="notice">You cannot forecast a cluster: that needs the cluster privilege monitor, which your roles do not grant.</p>
      ) : (
        <>
          <ClusterForecastForm busy={busy} initial={DEFAULT_CLUSTER_FORECAST_SETTINGS} onSubmit={submit} onUnreadable={unreadable} />
          {outcome && 'unreadable' in outcome && (
            <div role="alert" className="error error-alert">
              <p className="error-context">Nothing was sent: the folder cannot be read as a bundle.</p>
              <p className="error-reason">{outcome.unreadable}</p>
            </div>
          )}
          {outcome && 'error' in outcome && <ErrorAlert error={outcome.error}>The forecast could not be made:</ErrorAlert>}
          {outcome && 'report' in outcome && (
            <div aria-busy={busy}>
              <ClusterForecastReportView report={outcome.report} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
