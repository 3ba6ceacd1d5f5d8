/** @module How `tessera ilm lint` and `tessera ilm simulate` print their findings for people (`--json` prints the API's answer). */
import type { LintProblem } from '../ilm/index.js';

interface EventReport {
  readonly time_millis: number;
  readonly elapsed: string;
  readonly kind: string;
  readonly index?: string;
  readonly phase?: string;
  readonly action?: string;
  readonly step?: string;
  readonly failed_step?: string;
  readonly step_info?: { type?: string; reason?: string };
  readonly auto_retries?: number;
  readonly cause?: string;
  readonly from?: string;
  readonly alias?: string;
  readonly data_stream?: string;
  readonly level?: string;
  readonly exceeded?: boolean;
  readonly used_percent?: number;
  readonly block?: string;
}

export interface ForecastReport {
  readonly index: string;
  readonly policy: string;
  readonly start: string;
  readonly horizon: string;
  readonly documents: { per_day: number; size_in_bytes: number };
  readonly truncated: boolean;
  readonly first_error: (EventReport & { row: number | null; remedy: string }) | null;
  readonly events: readonly EventReport[];
  readonly indices: Readonly<Record<string, { data_stream?: string; phase?: string; action?: string; step?: string; step_info?: Record<string, unknown> }>>;
  readonly data_streams?: Readonly<Record<string, { write_index: string }>>;
}

function where(p: { phase?: string; action?: string; step?: string }): string {
  return [p.phase, p.action, p.step].filter((part) => part !== undefined).join('/');
}

export function formatProblems(index: string, problems: readonly LintProblem[]): string {
  if (problems.length === 0) return `${index}: no problems found\n`;
  const lines = [`${index}: ${problems.length} problem${problems.length === 1 ? '' : 's'}`];
  for (const p of problems) {
    const row = p.row === null ? '' : ` (row ${p.row})`;
    const at = p.request ?? where(p);
    lines.push(`  ${p.outcome}${row}${at ? ` at ${at}` : ''}`, `    ${p.type ? `${p.type}: ` : ''}${p.message}`, `    remedy: ${p.remedy}`);
  }
  return `${lines.join('\n')}\n`;
}

function describe(event: EventReport): string | undefined {
  switch (event.kind) {
    case 'step':
      return `${event.index}  ${where(event)}`;
    case 'error': {
      const retries = event.auto_retries ? ` (retried ${event.auto_retries} times, failing the same way)` : '';
      return `${event.index}  ERROR at ${event.phase}/${event.action}/${event.failed_step}: ${event.step_info?.type}: ${event.step_info?.reason}${retries}`;
    }
    case 'created':
      if (event.cause !== 'rollover') return `${event.index}  created${event.from ? ` from ${event.from}` : ''}`;
      return `${event.from}  rolled over: ${event.index} is the write index of ${event.data_stream !== undefined ? `data stream [${event.data_stream}]` : `[${event.alias}]`}`;
    case 'deleted':
      return `${event.index}  deleted`;
    case 'watermark':
      return `disk  ${event.exceeded ? 'above' : 'back below'} the ${event.level} watermark (${event.used_percent}% used)`;
    case 'writes_refused':
      return `${event.index}  writes refused: ${event.block}`;
    case 'writes_resumed':
      return `${event.index}  writes accepted again`;
    default:
      return undefined;
  }
}

/** Phase moves only, unless `steps`: an index's first step in a phase stands for the phase. */
export function formatForecast(forecast: ForecastReport, steps: boolean): string {
  const perDay = forecast.documents.per_day;
  const lines = [
    `${forecast.index} under policy [${forecast.policy}], ${forecast.horizon} from ${forecast.start}${perDay > 0 ? `, ${perDay} documents a day` : ''}:`,
  ];
  const phaseOf = new Map<string, string>();
  for (const event of forecast.events) {
    if (event.kind === 'step' && !steps) {
      if (phaseOf.get(event.index!) === event.phase) continue;
      phaseOf.set(event.index!, event.phase!);
      if (event.phase === 'new') continue;
      lines.push(`  +${event.elapsed.padEnd(7)} ${event.index}  enters ${event.phase}`);
      continue;
    }
    const text = describe(event);
    if (text !== undefined) lines.push(`  +${event.elapsed.padEnd(7)} ${text}`);
  }
  if (forecast.truncated) lines.push('  (stopped early: too many events)');
  lines.push('At the end:');
  for (const [name, index] of Object.entries(forecast.indices)) {
    const info = index.step_info?.message ?? index.step_info?.reason;
    const stream = index.data_stream;
    const writes = stream !== undefined && forecast.data_streams?.[stream]?.write_index === name ? `, the write index of data stream [${stream}]` : '';
    lines.push(`  ${name}  ${index.phase ? where(index) : 'not managed'}${info ? ` (${String(info)})` : ''}${writes}`);
  }
  if (perDay === 0 && Object.values(forecast.indices).some((i) => i.step === 'check-rollover-ready')) {
    lines.push('No documents were written (--docs-per-day): a rollover waits for its first document unless indices.lifecycle.rollover.only_if_has_documents is false.');
  }
  const error = forecast.first_error;
  if (error) {
    const row = error.row === null ? '' : ` (row ${error.row})`;
    lines.push(
      `First predicted error${row}, after ${error.elapsed}: ${error.index} at ${error.phase}/${error.action}/${error.failed_step}`,
      `  ${error.step_info?.type}: ${error.step_info?.reason}`,
      `  remedy: ${error.remedy}`,
    );
  } else {
    lines.push('No error predicted.');
  }
  return `${lines.join('\n')}\n`;
}
