/** @module How `tessera ilm forecast` prints a cluster's forecast for people (`--json` prints the report itself). */
import type { ClusterForecastReport } from '../ilm/import/index.js';

type Finding = ClusterForecastReport['targets'][number]['forecast'][number];

function where(f: { phase?: string; action?: string; step?: string }): string {
  return [f.phase, f.action, f.step].filter((part) => part !== undefined).join('/');
}

function finding(f: Finding, timed: boolean): string[] {
  const row = f.row === null ? '' : ` (row ${f.row})`;
  // Lint runs the policy to its end from where each index stands, without a clock: its findings have no time.
  const when = timed ? `+${f.elapsed} (${f.time}) ` : 'lint: ';
  const what = f.outcome === 'disk' ? 'disk flood stage' : f.outcome;
  const at = f.outcome === 'disk' ? (f.index ? ` on ${f.index}` : '') : ` at ${[f.index, where(f)].filter(Boolean).join(' ')}`;
  const also = f.also ? [`    also waiting there: ${f.also.join(', ')}`] : [];
  return [`  ${when}${what}${row}${at}`, `    ${f.type ? `${f.type}: ` : ''}${f.message}`, ...also, `    remedy: ${f.remedy}`];
}

function rateText(documents: ClusterForecastReport['targets'][number]['documents']): string {
  if (documents.per_day > 0) return `${documents.per_day} documents a day (${documents.rate})`;
  return documents.rate === 'not written to' ? 'not written to' : `no documents (${documents.rate})`;
}

const KIND = { data_stream: 'data stream', alias: 'alias', index: 'index' } as const;

export function formatClusterForecast(report: ClusterForecastReport, notSeenHeading: string): string {
  const lines = [`Cluster [${report.cluster_name}] (Elasticsearch ${report.version}), ${report.horizon} from ${report.start}`];
  if (report.not_seen.length > 0) {
    lines.push(notSeenHeading);
    for (const missing of report.not_seen) lines.push(`  ${missing}`);
  }
  if (report.in_error.length > 0) {
    lines.push('In ERROR now:');
    for (const e of report.in_error) {
      const row = e.row === null ? '' : ` (row ${e.row})`;
      const info = e.step_info ?? {};
      lines.push(`  ${e.index}${row} at ${where({ ...e, step: e.failed_step })} under policy [${e.policy}]`);
      lines.push(`    ${typeof info.type === 'string' ? `${info.type}: ` : ''}${String(info.reason ?? info.message ?? '')}`, `    remedy: ${e.remedy}`);
    }
  }
  if (report.disk) {
    lines.push('The disk, filled by every stream written:', `  +${report.disk.elapsed} (${report.disk.time}) flood stage`, `    ${report.disk.message}`, `    remedy: ${report.disk.remedy}`);
  }
  if (report.disk_writers.length > 0) {
    lines.push('Written to, but managed by no policy (their documents fill the disk too):');
    for (const w of report.disk_writers) lines.push(`  ${KIND[w.kind]} [${w.name}] (write index ${w.write_index}), ${rateText(w.documents)}`);
  }
  for (const t of report.targets) {
    const rate = rateText(t.documents);
    const head = t.kind === 'index' ? `index [${t.name}]` : `${KIND[t.kind]} [${t.name}] (write index ${t.write_index})`;
    lines.push(`${head} under policy [${t.policy}], ${rate}:`);
    for (const f of t.forecast) lines.push(...finding(f, true));
    for (const f of t.lint) lines.push(...finding(f, false));
  }
  lines.push(report.summary.text);
  return `${lines.join('\n')}\n`;
}
