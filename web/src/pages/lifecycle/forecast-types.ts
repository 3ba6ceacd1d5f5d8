/**
 * Tessera's lifecycle forecasts: `GET /_tessera/ilm/timeline/<index>` (an existing index from where it stands) and
 * `POST /_tessera/ilm/simulate` (a policy on an index before either exists). The server runs the real runner on a
 * copy of the cluster under a private clock; nothing changes on the server.
 */
import { es } from '../../api/es.ts';
import type { StepInfo } from './lifecycle-types.ts';

/** When something happens: the instant, and how long after the forecast's start (`1.5d`). */
interface At {
  readonly time: string;
  readonly time_millis: number;
  readonly elapsed: string;
}

export interface StepEvent extends At {
  readonly kind: 'step';
  readonly index: string;
  readonly phase: string;
  readonly action: string;
  readonly step: string;
}

export interface ErrorEvent extends At {
  readonly kind: 'error';
  readonly index: string;
  readonly phase: string;
  readonly action: string;
  readonly step: 'ERROR';
  readonly failed_step: string;
  readonly is_auto_retryable_error: boolean;
  /** Automatic retries after this error that failed the same way, up to the horizon. */
  readonly auto_retries: number;
  readonly step_info: StepInfo;
}

export interface CreatedEvent extends At {
  readonly kind: 'created';
  readonly index: string;
  /** `rollover`: the next index of an alias; `copy`: made from `from` by its `action` (a shrink, for example). */
  readonly cause: 'rollover' | 'copy' | 'other';
  readonly from?: string;
  readonly alias?: string;
  readonly action?: string;
}

export interface DeletedEvent extends At {
  readonly kind: 'deleted';
  readonly index: string;
}

export interface WatermarkEvent extends At {
  readonly kind: 'watermark';
  readonly level: 'low' | 'high' | 'flood_stage';
  /** True when disk use rises past the watermark, false when it falls back below it. */
  readonly exceeded: boolean;
  readonly used_in_bytes: number;
  readonly used_percent: number;
}

export interface WritesRefusedEvent extends At {
  readonly kind: 'writes_refused';
  readonly index: string;
  readonly block: string;
}

export interface WritesResumedEvent extends At {
  readonly kind: 'writes_resumed';
  readonly index: string;
}

export type ForecastEvent = StepEvent | ErrorEvent | CreatedEvent | DeletedEvent | WatermarkEvent | WritesRefusedEvent | WritesResumedEvent;

export interface FirstError extends ErrorEvent {
  readonly row: number | null;
  readonly remedy: string;
}

/** Where an index stands at the end of the forecast (indices deleted before then are absent). */
export interface ForecastIndex {
  readonly policy?: string;
  readonly phase?: string;
  readonly action?: string;
  readonly step?: string;
  readonly step_time_millis?: number;
  readonly failed_step?: string;
  readonly failed_step_retry_count?: number;
  readonly step_info?: StepInfo;
  readonly docs_count: number;
  readonly size_in_bytes: number;
}

export interface DiskSample extends At {
  readonly used_in_bytes: number;
  readonly used_percent: number;
}

export interface Forecast {
  readonly index: string;
  readonly policy: string;
  readonly start: string;
  readonly start_millis: number;
  readonly end: string;
  readonly end_millis: number;
  readonly horizon: string;
  readonly documents: { readonly per_day: number; readonly size_in_bytes: number };
  readonly ticks: number;
  /** The simulation stopped before the horizon (too many events); `end` is where it stopped. */
  readonly truncated: boolean;
  readonly first_error: FirstError | null;
  readonly events: readonly ForecastEvent[];
  readonly indices: Readonly<Record<string, ForecastIndex>>;
  readonly disk: {
    readonly capacity_in_bytes: number;
    readonly watermarks: Readonly<Record<'low' | 'high' | 'flood_stage', string>>;
    readonly samples: readonly DiskSample[];
  };
}

/** How far to look and how busy the indices are, as the forms hold them: ES units (`90d`, `1kb`) and a count. */
export interface ForecastSettings {
  readonly horizon: string;
  readonly docsPerDay: string;
  readonly docSize: string;
}

/** The server's defaults: 90 days, no documents, documents of a kilobyte. */
export const DEFAULT_FORECAST_SETTINGS: ForecastSettings = { horizon: '90d', docsPerDay: '0', docSize: '1kb' };

export function fetchIndexForecast(index: string, settings: ForecastSettings): Promise<Forecast> {
  const query = new URLSearchParams({ horizon: settings.horizon.trim(), docs_per_day: settings.docsPerDay.trim(), doc_size: settings.docSize.trim() });
  return es<Forecast>('GET', `/_tessera/ilm/timeline/${encodeURIComponent(index)}?${query}`);
}

/** The index a simulation creates, as `PUT /<name>` would take it; matching index templates apply too. */
export interface SimulatedIndex {
  readonly name: string;
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly aliases?: Readonly<Record<string, unknown>>;
}

export function simulatePolicy(policy: unknown, index: SimulatedIndex, settings: ForecastSettings): Promise<Forecast> {
  return es<Forecast>('POST', '/_tessera/ilm/simulate', {
    policy,
    index,
    horizon: settings.horizon.trim(),
    // A number, as the API takes it; text that is not one goes as it is, so the server names the field it refuses.
    documents: { per_day: numberOrText(settings.docsPerDay), size: settings.docSize.trim() },
  });
}

function numberOrText(text: string): number | string {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) ? value : text;
}
