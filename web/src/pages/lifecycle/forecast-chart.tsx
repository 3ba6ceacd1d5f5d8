/**
 * A forecast on a time axis: one lane per index with the phases it goes through, where it fails into ERROR and
 * where it is deleted; under them the disk's use against its watermarks. The events table says the same in words.
 */
import { formatBytes, formatDuration, formatPercent } from '../../units.ts';
import { chartPercent, counts, lanes, watermarkPercent, type Lane } from './forecast-model.ts';
import type { Forecast } from './forecast-types.ts';

/** More lanes than this would push the disk and the events off the screen; the table lists every index anyway. */
const MAX_LANES = 12;

/** What a lane's segment shows when the events name no phase for it. */
function unnamed(lane: Lane): string {
  return lane.unmanaged ? 'not managed' : 'unknown phase';
}

function laneDescription(lane: Lane): string {
  const phases = lane.segments.map((s) => `${s.phase ?? unnamed(lane)} from +${formatDuration(s.startMs)}`);
  const errors = lane.errorsMs.length > 0 ? `, ERROR at +${formatDuration(lane.errorsMs[0]!)}` : '';
  return `${lane.index}: ${phases.join(', ')}${errors}${lane.deleted ? `, deleted at +${formatDuration(lane.endMs)}` : ''}`;
}

export function ForecastChart({ forecast, initialPhase }: { forecast: Forecast; initialPhase?: string }) {
  const all = lanes(forecast, initialPhase);
  const shown = all.slice(0, MAX_LANES);
  const span = forecast.end_millis - forecast.start_millis;
  const at = (ms: number) => `${chartPercent(forecast, ms)}%`;
  return (
    <figure className="forecast-chart" aria-label={`Forecast chart of ${forecast.index}`}>
      <ul className="lanes" aria-label="Indices on the forecast’s time axis">
        {shown.map((lane) => (
          <li key={lane.index} className="lane" aria-label={laneDescription(lane)}>
            <span className="lane-name">{lane.index}</span>
            <div className="lane-track">
              {lane.segments.map((segment) => (
                <div
                  key={segment.startMs}
                  className={`lane-segment phase-${segment.phase ?? 'unknown'}`}
                  style={{ left: at(segment.startMs), width: `${Math.max(0, chartPercent(forecast, segment.endMs) - chartPercent(forecast, segment.startMs))}%` }}
                  title={`${segment.phase ?? unnamed(lane)}: +${formatDuration(segment.startMs)} to +${formatDuration(segment.endMs)}`}
                >
                  {segment.phase ?? (lane.unmanaged && 'not managed')}
                </div>
              ))}
              {lane.errorsMs.map((ms) => (
                <span key={ms} className="lane-error" style={{ left: at(ms) }} title={`ERROR at +${formatDuration(ms)}`}>
                  !
                </span>
              ))}
              {lane.deleted && (
                <span className="lane-deleted" style={{ left: at(lane.endMs) }} title={`deleted at +${formatDuration(lane.endMs)}`}>
                  ✕
                </span>
              )}
            </div>
          </li>
        ))}
      </ul>
      {all.length > shown.length && (
        <p className="hint">
          … and {all.length - shown.length} more {all.length - shown.length === 1 ? 'index' : 'indices'}, listed in the events below.
        </p>
      )}
      <DiskChart forecast={forecast} />
      <div className="axis-scale" aria-hidden="true">
        <span>now</span>
        <span>+{formatDuration(span)}</span>
      </div>
    </figure>
  );
}

function DiskChart({ forecast }: { forecast: Forecast }) {
  const { samples, capacity_in_bytes: capacity, watermarks } = forecast.disk;
  const { peakPercent } = counts(forecast);
  const points = samples.map((s) => `${chartPercent(forecast, s.time_millis - forecast.start_millis) * 10},${100 - s.used_percent}`).join(' ');
  const levels = (['low', 'high', 'flood_stage'] as const).map((level) => ({ level, percent: watermarkPercent(watermarks[level]) }));
  const label = `Disk use over the forecast: peaks at ${formatPercent(peakPercent)} of ${formatBytes(capacity)}; watermarks ${levels.map(({ level }) => `${level} ${watermarks[level]}`).join(', ')}`;
  return (
    <div className="lane disk-lane">
      <span className="lane-name">disk</span>
      <svg className="disk-chart" viewBox="0 0 1000 100" preserveAspectRatio="none" role="img" aria-label={label}>
        {levels.map(({ level, percent }) =>
          percent === undefined ? null : <line key={level} className={`watermark watermark-${level}`} x1={0} x2={1000} y1={100 - percent} y2={100 - percent} vectorEffect="non-scaling-stroke" />,
        )}
        <polyline className="disk-used" points={points} vectorEffect="non-scaling-stroke" />
      </svg>
    </div>
  );
}
