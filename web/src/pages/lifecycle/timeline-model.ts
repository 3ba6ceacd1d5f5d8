/**
 * The per-index timeline, computed: the policy's phases in order on a time axis measured from the index's lifecycle
 * date (each phase starts at its `min_age`), and where the index stands now.
 */
import { formatDuration, parseTimeValue } from '../../units.ts';
import { PHASE_ORDER, type ExplainRecord, type PhaseDefinition } from './lifecycle-types.ts';

export interface TimelinePhase {
  readonly name: string;
  /** `min_age` as the policy writes it (`0ms` when absent). */
  readonly minAge: string;
  readonly startMs: number;
  /** Where the next phase starts, or undefined for the last phase. */
  readonly endMs: number | undefined;
  /** The instant the phase is due: lifecycle date + min_age. */
  readonly dueAtMillis: number | undefined;
  readonly actions: readonly string[];
  /** The phase the index is in. */
  readonly current: boolean;
  /** Whether its min_age has passed. */
  readonly due: boolean;
}

export interface Timeline {
  readonly phases: readonly TimelinePhase[];
  /** The index's age in milliseconds (now − lifecycle date). */
  readonly ageMs: number;
  /** The axis runs from 0 to this many milliseconds after the lifecycle date. */
  readonly axisEndMs: number;
  /** The last phase whose min_age has passed, and the next one, around the "now" marker. */
  readonly after: TimelinePhase | undefined;
  readonly before: TimelinePhase | undefined;
}

const DAY = 86_400_000;

/** Builds the timeline from the policy's phases, the index's explain record and the clock's now. */
export function buildTimeline(phases: Readonly<Record<string, PhaseDefinition>>, record: ExplainRecord, nowMillis: number): Timeline {
  const lifecycleDate = record.lifecycle_date_millis;
  const ageMs = lifecycleDate !== undefined ? Math.max(0, nowMillis - lifecycleDate) : (parseTimeValue(record.age ?? '') ?? 0);
  const present = PHASE_ORDER.filter((name) => phases[name] !== undefined);
  const starts = present.map((name) => parseTimeValue(phases[name]!.min_age ?? '0ms') ?? 0);
  const result: TimelinePhase[] = present.map((name, i) => ({
    name,
    minAge: phases[name]!.min_age ?? '0ms',
    startMs: starts[i]!,
    endMs: starts[i + 1],
    dueAtMillis: lifecycleDate !== undefined ? lifecycleDate + starts[i]! : undefined,
    actions: Object.keys(phases[name]!.actions ?? {}),
    current: record.phase === name,
    due: starts[i]! <= ageMs,
  }));
  const lastStart = Math.max(0, ...starts);
  const axisEndMs = Math.max(lastStart * 1.15, ageMs * 1.1, lastStart + DAY, DAY);
  const after = [...result].reverse().find((p) => p.due);
  const before = result.find((p) => !p.due);
  return { phases: result, ageMs, axisEndMs, after, before };
}

/** Where a duration sits on the axis, in percent of its width. */
export function axisPercent(timeline: Timeline, ms: number): number {
  return Math.min(100, Math.max(0, (ms / timeline.axisEndMs) * 100));
}

/** The "now" marker in words: the age, and the phase starts on either side of it. */
export function describeNow(timeline: Timeline): string {
  const age = formatDuration(timeline.ageMs);
  const { after, before } = timeline;
  const parts: string[] = [];
  if (after) parts.push(`after the start of ${after.name} (${after.minAge})`);
  if (before) parts.push(`${formatDuration(before.startMs - timeline.ageMs)} before the start of ${before.name} (${before.minAge})`);
  if (!after && !before) return `Now: age ${age}; the policy has no phases.`;
  return `Now: age ${age}, ${parts.join(' and ')}.`;
}
