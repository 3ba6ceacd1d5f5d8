/** @module A rollover request and its answer, and the evaluation of its conditions, shared by alias and data stream rollover. */
import { parseByteSize, parseTimeValue } from '../../platform/units/index.js';
import { ClusterErrors } from '../cluster-error.js';
import { IndexMetadata } from '../index-metadata.js';

export interface IndexStats {
  readonly docs: number;
  readonly sizeBytes: number;
}

/** Each condition's ES label (`[max_age: 7d]`) and whether it is met. */
export function evaluateConditions(index: IndexMetadata, conditions: Readonly<Record<string, unknown>>, stats: IndexStats, now: number): Record<string, boolean> {
  const shards = IndexMetadata.primaryShards(index);
  const measured: Record<string, number> = {
    age: now - index.creationDate,
    docs: stats.docs,
    size: stats.sizeBytes,
    primary_shard_size: Math.ceil(stats.sizeBytes / shards),
    primary_shard_docs: Math.ceil(stats.docs / shards),
  };
  const out: Record<string, boolean> = {};
  for (const [name, raw] of Object.entries(conditions)) {
    const [bound, metric] = [name.slice(0, 3), name.slice(4)];
    const value = String(raw);
    const threshold = metric === 'age' ? parseTimeValue(value, name) : metric.endsWith('docs') ? Number(value) : parseByteSize(value, name, ClusterErrors.illegalArgument);
    const actual = measured[metric] ?? 0;
    out[`[${name}: ${value}]`] = bound === 'max' ? actual >= threshold : actual >= threshold;
  }
  return out;
}

/** Rolls over when every min_* condition and at least one max_* condition holds; no conditions: always. */
export function conditionsMet(conditions: Readonly<Record<string, unknown>>, results: Record<string, boolean>): boolean {
  const entries = Object.keys(conditions).map((name) => [name, results[`[${name}: ${String(conditions[name])}]`]!] as const);
  if (entries.length === 0) return true;
  const max = entries.filter(([n]) => n.startsWith('max_'));
  const min = entries.filter(([n]) => n.startsWith('min_'));
  return min.every(([, met]) => met) && (max.length === 0 || max.some(([, met]) => met));
}

export interface RolloverRequest {
  readonly alias: string;
  readonly newIndexName?: string;
  readonly conditions: Readonly<Record<string, unknown>>;
  readonly dryRun: boolean;
  /** Mark a data stream to roll over on its next write instead of now (`lazy`). */
  readonly lazy?: boolean;
  readonly createBody?: unknown;
  readonly now: number;
  readonly uuid: string;
  readonly stats: (index: string) => IndexStats;
}

export interface RolloverResult {
  readonly acknowledged: boolean;
  readonly shards_acknowledged: boolean;
  readonly old_index: string;
  readonly new_index: string;
  readonly rolled_over: boolean;
  readonly dry_run: boolean;
  readonly lazy: boolean;
  readonly conditions: Record<string, boolean>;
}
