/**
 * Another Elasticsearch cluster's forecast, from its support-diagnostics bundle (`POST /_tessera/ilm/forecast`, the
 * report `tessera ilm forecast --json` prints), with each target's timeline so the console can draw it.
 */
import { es, esBytes } from '../../api/es.ts';
import type { Forecast } from './forecast-types.ts';
import type { StepInfo } from './lifecycle-types.ts';
import type { ClusterForecastReport as ServerReport, Finding, InError as ServerInError, TargetReport } from '../../../../src/ilm/import/cluster-forecast.ts';

// The report's shape is the server's own; the console only narrows what it draws (the timeline, step_info).
export type ClusterFinding = Finding;
export type InError = Omit<ServerInError, 'step_info'> & { readonly step_info?: StepInfo };
export type ForecastTarget = Omit<TargetReport, 'timeline'> & { readonly timeline?: Forecast };
export type ClusterForecastReport = Omit<ServerReport, 'in_error' | 'targets'> & { readonly in_error: readonly InError[]; readonly targets: readonly ForecastTarget[] };

/** The bundle as the console sends it: the zip as it is, or a folder's files already parsed. */
export type Bundle = { readonly zip: Blob } | { readonly files: Readonly<Record<string, unknown>> };

export interface ClusterForecastSettings {
  readonly horizon: string;
  /** `<pattern>=<documents a day>`, one a line. */
  readonly rates: string;
}

export const DEFAULT_CLUSTER_FORECAST_SETTINGS: ClusterForecastSettings = { horizon: '30d', rates: '' };

export function forecastCluster(bundle: Bundle, settings: ClusterForecastSettings): Promise<ClusterForecastReport> {
  const rates = settings.rates
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const query = new URLSearchParams({ horizon: settings.horizon.trim(), timelines: 'true' });
  if (rates.length > 0) query.set('rate', rates.join(','));
  const path = `/_tessera/ilm/forecast?${query}`;
  return 'zip' in bundle ? esBytes('POST', path, bundle.zip, 'application/zip') : es('POST', path, { files: bundle.files });
}
