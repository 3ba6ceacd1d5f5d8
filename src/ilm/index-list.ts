/**
 * @module One page of the cluster's indices, managed or not, with where each stands in its policy (explain's facts),
 * filtered, sorted and counted on the server: the console's index list, which must stay fast at tens of thousands
 * of indices, asks for the rows on screen and the counts its filters offer, never for every index.
 */
import { DataStreams, IndexMetadata, type ClusterState } from '../cluster/index.js';
import { compareStrings } from '../platform/ids.js';
import { runInTurns, sortInTurns } from '../platform/turns.js';
import { humanDuration } from '../platform/units/index.js';
import { readExecution } from './execution-state.js';
import { lifecyclePolicy } from './policy/lifecycle-metadata.js';
import { lifecycleDateOf } from './runner/run-index.js';
import { ERROR_STEP } from './step-key.js';
import { INDEX_LIST_SORTS, type ErrorCause, type IndexListPage, type IndexListQuery, type IndexListRow, type IndexListSort } from './index-list-types.js';

export { INDEX_LIST_SORTS, type ErrorCause, type IndexListPage, type IndexListQuery, type IndexListRow, type IndexListSort };

/** How many indices are examined between two turns of the event loop. */
const ROWS_PER_TURN = 2_000;

const PHASE_RANK: Readonly<Record<string, number>> = { new: 0, hot: 1, warm: 2, cold: 3, frozen: 4, delete: 5 };

function stepInfoOf(raw: string | undefined): IndexListRow['step_info'] {
  if (!raw) return undefined;
  const info = JSON.parse(raw) as Record<string, unknown>;
  const text = (key: string) => (typeof info[key] === 'string' ? { [key]: info[key] as string } : {});
  return { ...text('type'), ...text('reason'), ...text('message') };
}

/** Explain's facts for one index (see explain.ts): a missing policy shows as ERROR, as explain shows it. */
export function indexListRow(state: ClusterState, index: IndexMetadata, now: number): IndexListRow {
  const stream = DataStreams.ofIndex(state, index.name)?.name;
  const base = { index: index.name, status: IndexMetadata.isClosed(index) ? ('close' as const) : ('open' as const), hidden: IndexMetadata.isHidden(index), ...(stream !== undefined && { data_stream: stream }) };
  const policy = index.settings['index.lifecycle.name'];
  if (!policy) return { ...base, managed: false };
  const execution = readExecution(index);
  const policyExists = lifecyclePolicy(state, policy) !== undefined;
  const date = lifecycleDateOf(index);
  const info = stepInfoOf(execution.step_info);
  const step = policyExists ? execution.step : ERROR_STEP;
  return {
    ...base,
    managed: true,
    policy,
    ...(execution.phase !== undefined && { phase: execution.phase }),
    ...(execution.action !== undefined && { action: execution.action }),
    ...(step !== undefined && { step }),
    ...(execution.failed_step && { failed_step: execution.failed_step }),
    ...(info && { step_info: info }),
    ...(date !== undefined && { age: humanDuration(now - date), age_millis: now - date }),
    ...(execution.is_auto_retryable_error !== undefined && { is_auto_retryable_error: execution.is_auto_retryable_error === 'true' }),
    ...(execution.failed_step_retry_count !== undefined && { failed_step_retry_count: Number(execution.failed_step_retry_count) }),
  };
}

export const isInError = (row: IndexListRow) => row.step === ERROR_STEP;

/** An ERROR with no step_info (a missing policy) has the type explain would report for it. */
const errorType = (row: IndexListRow) => row.step_info?.type ?? (row.failed_step === undefined ? 'policy_missing' : 'unknown');
const causeStep = (row: IndexListRow) => row.failed_step ?? row.step ?? '';

type Facet = 'policy' | 'phase' | 'step' | 'data_stream' | 'errors';
const FACETS: readonly Facet[] = ['policy', 'phase', 'step', 'data_stream', 'errors'];

/** Which of the query's filters the row fails; the others (name, managed) narrow every count alike. */
function failedFacets(row: IndexListRow, query: IndexListQuery): Set<Facet> {
  const failed = new Set<Facet>();
  if (query.policy !== undefined && row.policy !== query.policy) failed.add('policy');
  if (query.phase !== undefined && row.phase !== query.phase) failed.add('phase');
  if (query.step !== undefined && row.step !== query.step && row.failed_step !== query.step) failed.add('step');
  if (query.dataStream !== undefined && row.data_stream !== query.dataStream) failed.add('data_stream');
  const cause = query.failedStep !== undefined || query.errorType !== undefined;
  if ((query.onlyErrors || cause) && !isInError(row)) failed.add('errors');
  else if (query.failedStep !== undefined && causeStep(row) !== query.failedStep) failed.add('errors');
  else if (query.errorType !== undefined && errorType(row) !== query.errorType) failed.add('errors');
  return failed;
}

function compareBy(sort: IndexListSort, order: IndexListQuery['order']): (a: IndexListRow, b: IndexListRow) => number {
  const sign = order === 'asc' ? 1 : -1;
  const byName = (a: IndexListRow, b: IndexListRow) => sign * compareStrings(a.index, b.index);
  // Rows without the value (unmanaged indices, no data stream) come last whichever way the column sorts.
  const by = <T>(value: (row: IndexListRow) => T | undefined, compare: (a: T, b: T) => number) => (a: IndexListRow, b: IndexListRow) => {
    const x = value(a);
    const y = value(b);
    if (x === undefined || y === undefined) return x === y ? byName(a, b) : x === undefined ? 1 : -1;
    return sign * compare(x, y) || byName(a, b);
  };
  switch (sort) {
    case 'index':
      return byName;
    case 'age':
      return by((r) => r.age_millis, (x, y) => x - y);
    case 'phase':
      return by((r) => r.phase, (x, y) => (PHASE_RANK[x] ?? 9) - (PHASE_RANK[y] ?? 9) || compareStrings(x, y));
    default:
      return by((r) => r[sort], compareStrings);
  }
}

const count = (counts: Record<string, number>, key: string | undefined) => {
  if (key !== undefined) counts[key] = (counts[key] ?? 0) + 1;
};

/**
 * The page `query` asks for, over the indices `visible` lets the caller see (all without security). Every index is
 * examined, a few thousand a turn, but only the matching ones are sorted and only a page of them answered.
 */
export async function listIndices(state: ClusterState, query: IndexListQuery, now: number, visible?: (name: string) => boolean, sortedPerTurn?: number): Promise<IndexListPage> {
  const needle = query.q?.toLowerCase();
  const counts = { indices: 0, managed: 0, unmanaged: 0, errors: 0 };
  const facets = { policy: {}, phase: {}, step: {}, data_stream: {} } as Record<Exclude<Facet, 'errors'>, Record<string, number>>;
  const causes = new Map<string, ErrorCause>();
  const matching = await runInTurns(
    (function* (): Generator<void, IndexListRow[]> {
      const out: IndexListRow[] = [];
      let examined = 0;
      for (const index of state.indices.values()) {
        if (++examined % ROWS_PER_TURN === 0) yield;
        if (visible && !visible(index.name)) continue;
        const row = indexListRow(state, index, now);
        counts.indices++;
        counts[row.managed ? 'managed' : 'unmanaged']++;
        if (isInError(row)) counts.errors++;
        if (query.managed !== undefined && row.managed !== query.managed) continue;
        if (needle !== undefined && !row.index.toLowerCase().includes(needle)) continue;
        const failed = failedFacets(row, query);
        if (failed.size === 0) out.push(row);
        if (failed.size > 1) continue;
        const [only] = failed;
        for (const facet of FACETS) {
          if (only !== undefined && only !== facet) continue;
          if (facet === 'errors') {
            if (!isInError(row)) continue;
            const key = `${causeStep(row)}\u0000${errorType(row)}`;
            const cause = causes.get(key);
            causes.set(key, { failed_step: causeStep(row), type: errorType(row), count: (cause?.count ?? 0) + 1 });
          } else if (facet === 'step') {
            count(facets.step, row.step);
          } else {
            count(facets[facet], row[facet]);
          }
        }
      }
      return out;
    })(),
  );
  const sorted = await sortInTurns(matching, compareBy(query.sort, query.order), sortedPerTurn);
  return {
    total: matching.length,
    counts,
    facets,
    error_causes: [...causes.values()].sort((a, b) => b.count - a.count || compareStrings(a.failed_step, b.failed_step) || compareStrings(a.type, b.type)),
    indices: sorted.slice(query.from, query.from + query.size),
  };
}
