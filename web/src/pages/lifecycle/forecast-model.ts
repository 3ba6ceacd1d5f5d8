/**
 * A forecast made readable: its step events collapsed into one milestone per phase an index enters (the actions
 * in it, each with its steps), its other events kept as they are, and one lane per index for the chart, with
 * the phases it goes through between its creation and its deletion (or the horizon).
 */
import type { Forecast, ForecastEvent, StepEvent } from './forecast-types.ts';

/** One action of a phase as the index runs it: when it started, and the steps it took (on expand). */
export interface ActionRun {
  readonly action: string;
  readonly time_millis: number;
  readonly elapsed: string;
  readonly steps: StepEvent[];
}

export type Milestone =
  | {
      readonly kind: 'phase';
      readonly index: string;
      readonly phase: string;
      readonly time_millis: number;
      readonly elapsed: string;
      /** The index was in this phase already when the forecast started: it goes on in it rather than entering it. */
      readonly continued: boolean;
      readonly actions: ActionRun[];
    }
  | { readonly kind: 'event'; readonly event: Exclude<ForecastEvent, StepEvent> };

/**
 * Milestones in time order. Step events join the phase the index is in; a new phase starts a new milestone. The
 * `new` phase is left out: every index passes through it as it is created, which its `created` event already says.
 */
export function milestones(events: readonly ForecastEvent[], initial?: { readonly index: string; readonly phase: string | undefined }): Milestone[] {
  const result: Milestone[] = [];
  const open = new Map<string, Extract<Milestone, { kind: 'phase' }>>();
  const seen = new Set<string>();
  for (const event of events) {
    if (event.kind !== 'step') {
      result.push({ kind: 'event', event });
      if (event.kind === 'deleted') open.delete(event.index);
      continue;
    }
    if (event.phase === 'new') continue;
    let phase = open.get(event.index);
    if (!phase || phase.phase !== event.phase) {
      const continued = !seen.has(event.index) && initial?.index === event.index && initial.phase === event.phase;
      seen.add(event.index);
      phase = { kind: 'phase', index: event.index, phase: event.phase, time_millis: event.time_millis, elapsed: event.elapsed, continued, actions: [] };
      open.set(event.index, phase);
      result.push(phase);
    }
    const last = phase.actions.at(-1);
    if (last && last.action === event.action) last.steps.push(event);
    else phase.actions.push({ action: event.action, time_millis: event.time_millis, elapsed: event.elapsed, steps: [event] });
  }
  return result;
}

export interface LaneSegment {
  /** A phase name, or undefined while the phase is not known (before the forecast's first step for the index). */
  readonly phase: string | undefined;
  readonly startMs: number;
  readonly endMs: number;
}

/** One index on the chart, in milliseconds since the forecast's start. */
export interface Lane {
  readonly index: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly deleted: boolean;
  /** No policy manages it (a rolled-over index that no template gives one): it has no phases to show. */
  readonly unmanaged: boolean;
  readonly segments: readonly LaneSegment[];
  /** When the index fails into ERROR. */
  readonly errorsMs: readonly number[];
}

/**
 * The lanes, the forecast's own index first, then each index in the order it appears. `initialPhase` is the phase
 * the forecast's index is in at the start (from explain), which the events only say once the index moves on.
 */
export function lanes(forecast: Forecast, initialPhase?: string): Lane[] {
  const start = forecast.start_millis;
  const end = forecast.end_millis - start;
  const byIndex = new Map<string, { startMs: number; endMs: number; deleted: boolean; changes: { phase: string; atMs: number }[]; errorsMs: number[] }>();
  const lane = (index: string, atMs: number) => {
    let entry = byIndex.get(index);
    if (!entry) byIndex.set(index, (entry = { startMs: atMs, endMs: end, deleted: false, changes: [], errorsMs: [] }));
    return entry;
  };
  if (initialPhase !== undefined) lane(forecast.index, 0).changes.push({ phase: initialPhase, atMs: 0 });
  else lane(forecast.index, 0);
  for (const event of forecast.events) {
    if (!('index' in event)) continue;
    const atMs = event.time_millis - start;
    const entry = lane(event.index, atMs);
    if (event.kind === 'deleted') {
      entry.endMs = atMs;
      entry.deleted = true;
    } else if (event.kind === 'error') {
      entry.errorsMs.push(atMs);
    } else if (event.kind === 'step' && event.phase !== 'new' && entry.changes.at(-1)?.phase !== event.phase) {
      entry.changes.push({ phase: event.phase, atMs });
    }
  }
  return [...byIndex].map(([index, entry]) => {
    const segments: LaneSegment[] = [];
    const first = entry.changes[0];
    if (!first || first.atMs > entry.startMs) segments.push({ phase: undefined, startMs: entry.startMs, endMs: first?.atMs ?? entry.endMs });
    entry.changes.forEach((change, i) => segments.push({ phase: change.phase, startMs: change.atMs, endMs: entry.changes[i + 1]?.atMs ?? entry.endMs }));
    const atEnd = forecast.indices[index];
    return { index, startMs: entry.startMs, endMs: entry.endMs, deleted: entry.deleted, unmanaged: atEnd !== undefined && atEnd.policy === undefined, segments, errorsMs: entry.errorsMs };
  });
}

/** Counts for the summary line. */
export interface ForecastCounts {
  readonly rollovers: number;
  readonly deletions: number;
  readonly peakPercent: number;
  readonly peakBytes: number;
}

export function counts(forecast: Forecast): ForecastCounts {
  const events = forecast.events;
  // By bytes: the server rounds percentages to two decimals, so a small use reads as 0 there.
  const peakBytes = forecast.disk.samples.reduce((max, s) => Math.max(max, s.used_in_bytes), 0);
  const capacity = forecast.disk.capacity_in_bytes;
  return {
    rollovers: events.filter((e) => e.kind === 'created' && e.cause === 'rollover').length,
    deletions: events.filter((e) => e.kind === 'deleted').length,
    peakPercent: capacity > 0 ? (peakBytes / capacity) * 100 : 0,
    peakBytes,
  };
}

/** A watermark as a percentage of the disk, or undefined when it is an absolute amount of free space (`10gb`). */
export function watermarkPercent(value: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)%$/.exec(value.trim());
  if (match) return Number(match[1]);
  // Ratios (`0.85`) are percentages too.
  const ratio = Number(value);
  return value.trim() !== '' && Number.isFinite(ratio) && ratio <= 1 ? ratio * 100 : undefined;
}

/** Where a time since the start sits on the chart, in percent of its width. */
export function chartPercent(forecast: Forecast, ms: number): number {
  const span = forecast.end_millis - forecast.start_millis;
  return span <= 0 ? 0 : Math.min(100, Math.max(0, (ms / span) * 100));
}

