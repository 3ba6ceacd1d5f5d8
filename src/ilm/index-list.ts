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
import { lifecycleMetadata, lifecyclePolicy } from './policy/lifecycle-metadata.js';
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

/**
 * What filtering, counting and sorting read of an index, and no more: at 10,000 indices the full row (its age in
 * words, its step_info parsed) costs ten times as much, and only a page of rows is answered.
 */
interface Facts extends Pick<IndexListRow, 'index' | 'managed' | 'policy' | 'phase' | 'action' | 'step' | 'failed_step' | 'data_stream' | 'age_millis'> {
  readonly metadata: IndexMetadata;
  /** step_info's type, read for indices in ERROR only. */
  readonly error_type?: string;
}

function factsOf(state: ClusterState, index: IndexMetadata, now: number, policyExists: (name: string) => boolean): Facts {
  // Assigned member by member: spreading optional members makes objects the collector then spends as long on.
  const facts: { -readonly [K in keyof Facts]: Facts[K] } = { metadata: index, index: index.name, managed: false };
  const stream = DataStreams.ofIndex(state, index.name)?.name;
  if (stream !== undefined) facts.data_stream = stream;
  const policy = index.settings['index.lifecycle.name'];
  if (!policy) return facts;
  const execution = readExecution(index);
  facts.managed = true;
  facts.policy = policy;
  if (execution.phase !== undefined) facts.phase = execution.phase;
  if (execution.action !== undefined) facts.action = execution.action;
  const step = policyExists(policy) ? execution.step : ERROR_STEP;
  if (step !== undefined) facts.step = step;
  if (execution.failed_step) facts.failed_step = execution.failed_step;
  const date = lifecycleDateOf(index);
  if (date !== undefined) facts.age_millis = now - date;
  if (step === ERROR_STEP) {
    const type = stepInfoOf(execution.step_info)?.type;
    if (type !== undefined) facts.error_type = type;
  }
  return facts;
}

export const isInError = (row: Pick<IndexListRow, 'step'>) => row.step === ERROR_STEP;

/** An ERROR with no step_info (a missing policy) has the type explain would report for it. */
const errorType = (row: Facts) => row.error_type ?? (row.failed_step === undefined ? 'policy_missing' : 'unknown');
const causeStep = (row: Facts) => row.failed_step ?? row.step ?? '';

type Facet = 'policy' | 'phase' | 'step' | 'data_stream' | 'errors';
const FACETS: readonly Facet[] = ['policy', 'phase', 'step', 'data_stream', 'errors'];

const BIT: Readonly<Record<Facet, number>> = { policy: 1, phase: 2, step: 4, data_stream: 8, errors: 16 };

/** Which of the query's filters the row fails, one bit each; the others (name, managed) narrow every count alike. */
function failedFacets(row: Facts, query: IndexListQuery): number {
  let failed = 0;
  if (query.policy !== undefined && row.policy !== query.policy) failed |= BIT.policy;
  if (query.phase !== undefined && row.phase !== query.phase) failed |= BIT.phase;
  if (query.step !== undefined && row.step !== query.step && row.failed_step !== query.step) failed |= BIT.step;
  if (query.dataStream !== undefined && row.data_stream !== query.dataStream) failed |= BIT.data_stream;
  const cause = query.failedStep !== undefined || query.errorType !== undefined;
  if ((query.onlyErrors || cause) && !isInError(row)) failed |= BIT.errors;
  else if (query.failedStep !== undefined && causeStep(row) !== query.failedStep) failed |= BIT.errors;
  else if (query.errorType !== undefined && errorType(row) !== query.errorType) failed |= BIT.errors;
  return failed;
}

function compareBy(sort: IndexListSort, order: IndexListQuery['order']): (a: Facts, b: Facts) => number {
  const sign = order === 'asc' ? 1 : -1;
  const byName = (a: Facts, b: Facts) => sign * compareStrings(a.index, b.index);
  // Rows without the value (unmanaged indices, no data stream) come last whichever way the column sorts.
  const by = <T>(value: (row: Facts) => T | undefined, compare: (a: T, b: T) => number) => (a: Facts, b: Facts) => {
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

/** Up to this many first rows are picked without sorting every match (a console's pages); deeper pages sort them all. */
const MAX_SELECTED = 1_000;

/**
 * The first `k` of `items` in `compare`'s order, kept sorted as they are met: each item is one comparison with the
 * last kept when it does not belong (most of them), so a page costs n comparisons rather than n log n.
 */
function firstOf<T>(items: readonly T[], k: number, compare: (a: T, b: T) => number): T[] {
  const kept: T[] = [];
  if (k === 0) return kept;
  for (const item of items) {
    if (kept.length === k && compare(item, kept[k - 1]!) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(item, kept[mid]!) < 0) high = mid;
      else low = mid + 1;
    }
    kept.splice(low, 0, item);
    if (kept.length > k) kept.pop();
  }
  return kept;
}

const count = (counts: Record<string, number>, key: string | undefined) => {
  if (key !== undefined) counts[key] = (counts[key] ?? 0) + 1;
};

/**
 * The page `query` asks for, over the indices `visible` lets the caller see (all without security). Every index is
 * examined, a few thousand a turn, but only the matching ones are sorted and only a page of them made into rows.
 */
export async function listIndices(state: ClusterState, query: IndexListQuery, now: number, visible?: (name: string) => boolean, sortedPerTurn?: number): Promise<IndexListPage> {
  const needle = query.q?.toLowerCase();
  const counts = { indices: 0, managed: 0, unmanaged: 0, errors: 0 };
  const facets = { policy: {}, phase: {}, step: {}, data_stream: {} } as Record<Exclude<Facet, 'errors'>, Record<string, number>>;
  const causes = new Map<string, ErrorCause>();
  const policies = lifecycleMetadata(state).policies;
  const policyExists = (name: string) => policies.has(name);
  const matching = await runInTurns(
    (function* (): Generator<void, Facts[]> {
      const out: Facts[] = [];
      let examined = 0;
      for (const index of state.indices.values()) {
        if (++examined % ROWS_PER_TURN === 0) yield;
        if (visible && !visible(index.name)) continue;
        const row = factsOf(state, index, now, policyExists);
        counts.indices++;
        counts[row.managed ? 'managed' : 'unmanaged']++;
        if (isInError(row)) counts.errors++;
        if (query.managed !== undefined && row.managed !== query.managed) continue;
        if (needle !== undefined && !row.index.toLowerCase().includes(needle)) continue;
        const failed = failedFacets(row, query);
        if (failed === 0) out.push(row);
        // A row failing two filters counts in no facet: each facet ignores its own filter only.
        if ((failed & (failed - 1)) !== 0) continue;
        for (const facet of FACETS) {
          if (failed !== 0 && failed !== BIT[facet]) continue;
          if (facet === 'errors') {
            if (!isInError(row)) continue;
            const key = `${causeStep(row)}\u0000${errorType(row)}`;
            const cause = causes.get(key);
            causes.set(key, { failed_step: causeStep(row), type: errorType(row), count: (cause?.count ?? 0) + 1 });
          } else {
            count(facets[facet], row[facet]);
          }
        }
      }
      return out;
    })(),
  );
  const compare = compareBy(query.sort, query.order);
  const end = query.from + query.size;
  const sorted = end <= MAX_SELECTED ? firstOf(matching, end, compare) : await sortInTurns(matching, compare, sortedPerTurn);
  return {
    total: matching.length,
    counts,
    facets,
    error_causes: [...causes.values()].sort((a, b) => b.count - a.count || compareStrings(a.failed_step, b.failed_step) || compareStrings(a.type, b.type)),
    indices: sorted.slice(query.from, end).map((facts) => indexListRow(state, facts.metadata, now)),
  };
}
