/** @module Percentiles, number formats and Markdown tables, so every benchmark prints figures the same way. */
import { readFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';

/** Nearest-rank percentile of `sorted` (ascending); NaN when empty. */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

export function sortedCopy(values: ArrayLike<number>): Float64Array {
  return Float64Array.from(values).sort();
}

export function median(values: readonly number[]): number {
  return percentile(sortedCopy(values), 0.5);
}

/** Milliseconds with a precision that suits their size. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '–';
  const size = Math.abs(value);
  if (size >= 100) return value.toFixed(0);
  if (size >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

export function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)}`;
}

/** Signed MiB, so a shrinking figure reads as one. */
export function mibDelta(bytes: number): string {
  const text = mib(bytes);
  return bytes >= 0 ? `+${text}` : text;
}

export function ratio(value: number, ceiling: number): string {
  return ceiling > 0 ? `${((value / ceiling) * 100).toFixed(0)} %` : '–';
}

/** A GitHub-flavoured Markdown table: what is printed can be pasted into BENCHMARKS.md as it is. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

export function heading(title: string): void {
  console.log(`\n## ${title}\n`);
}

export function machineLine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, node ${process.version}, ${process.platform}/${process.arch}`;
}

export function sleep(millis: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, millis));
}

/** Resident memory of a process from /proc (Linux); the only figure that counts native and V8 memory alike. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** `BENCH_QUICK=1`: smaller sizes and shorter cases, to try a change to a benchmark itself; figures are not comparable. */
export const QUICK = process.env.BENCH_QUICK === '1';
