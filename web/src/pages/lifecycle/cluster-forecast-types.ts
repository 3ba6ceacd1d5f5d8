/**
 * Another Elasticsearch cluster's forecast, from its support-diagnostics bundle (`POST /_tessera/ilm/forecast`, the
 * report `tessera ilm forecast --json` prints), with each target's timeline so the console can draw it.
 */
import { es, esBytes } from '../../api/es.ts';
import type { Forecast } from './forecast-types.ts';
import type { StepInfo } from './lifecycle-types.ts';

/** A dated finding of a target's timeline, or (without a time) one of lint's. */
export interface ClusterFinding {
  readonly outcome: 'error' | 'stuck' | 'disk';
  readonly index?: string;
  readonly time?: string;
  readonly time_millis?: number;
  readonly elapsed?: string;
  readonly phase?: string;
  readonly action?: string;
  readonly step?: string;
  readonly type?: string;
  readonly message: string;
  readonly row: number | null;
  readonly remedy: string;
}

export interface ForecastTarget {
  readonly name: string;
  readonly kind: 'data_stream' | 'alias' | 'index';
  readonly write_index: string;
  readonly policy: string;
  /** The write index's phase when the bundle was taken. */
  readonly phase?: string;
  readonly documents: { readonly per_day: number; readonly size_in_bytes: number; readonly rate: string };
  readonly forecast: readonly ClusterFinding[];
  readonly lint: readonly ClusterFinding[];
  readonly timeline?: Forecast;
}

export interface InError {
  readonly index: string;
  readonly policy: string;
  readonly phase?: string;
  readonly action?: string;
  readonly failed_step?: string;
  readonly step_info?: StepInfo;
  readonly row: number | null;
  readonly cause: string;
  readonly remedy: string;
}

export interface ClusterForecastReport {
  readonly cluster_name: string;
  readonly version: string;
  readonly start: string;
  readonly start_millis: number;
  readonly horizon: string;
  readonly not_seen: readonly string[];
  readonly in_error: readonly InError[];
  /** When the disk, filled by every stream written, reaches the flood stage within the horizon. */
  readonly disk: { readonly time: string; readonly time_millis: number; readonly elapsed: string; readonly message: string; readonly remedy: string } | null;
  readonly targets: readonly ForecastTarget[];
  readonly summary: { readonly managed_indices: number; readonly forecast: number; readonly failing: number; readonly in_error: number; readonly text: string };
}

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
