/**
 * @module Circuit breakers (ES's HierarchyCircuitBreakerService, simplified): an operation that would need more
 * memory than `indices.breaker.request.limit`, or than the parent `indices.breaker.total.limit`, is refused with
 * a 429 `circuit_breaking_exception`. Percent limits are shares of this process's heap limit.
 */
import { getHeapStatistics } from 'node:v8';
import { clusterCode, ClusterError } from './cluster-error.js';
import { byteSizeText } from './byte-size.js';
import { ClusterState } from './cluster-state.js';
import { parseByteSize } from './operations/rollover.js';

const DEFAULTS = { request: '60%', total: '95%' } as const;

export type Breaker = keyof typeof DEFAULTS;

/** ES's limit on the bytes of all HTTP requests being received or handled at once. */
export const IN_FLIGHT_REQUESTS_SETTING = 'network.breaker.inflight_requests.limit';
const IN_FLIGHT_REQUESTS_DEFAULT = '100%';

function settingName(breaker: Breaker): string {
  return `indices.breaker.${breaker}.limit`;
}

/** The breaker limits' defaults by setting name, as `_cluster/settings?include_defaults` reports them. */
export const BREAKER_SETTING_DEFAULTS: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries((Object.keys(DEFAULTS) as Breaker[]).map((breaker) => [settingName(breaker), DEFAULTS[breaker]])),
  [IN_FLIGHT_REQUESTS_SETTING]: IN_FLIGHT_REQUESTS_DEFAULT,
});

let heapLimit = (): number => getHeapStatistics().heap_size_limit;

/**
 * Measures percent limits against `bytes` rather than this thread's heap: a worker thread that runs the server's
 * lifecycle steps (a forecast, simulation-worker.ts) has a heap of its own, but its steps must see the server's limits.
 */
export function assumeHeapLimit(bytes: number): void {
  heapLimit = () => bytes;
}

/** A limit in bytes: a percentage of the heap, or a byte size. */
export function parseBreakerLimit(name: string, value: string, heap = heapLimit()): number {
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(value.trim());
  if (percent) return Math.floor((Number(percent[1]) / 100) * heap);
  try {
    return parseByteSize(value, name);
  } catch {
    throw new ClusterError('illegal_argument_exception', 400, `failed to parse setting [${name}] with value [${value}] as a size in bytes: unit is missing or unrecognized`);
  }
}

export function breakerLimit(state: ClusterState, breaker: Breaker): number {
  const name = settingName(breaker);
  return parseBreakerLimit(name, ClusterState.setting(state, name) ?? DEFAULTS[breaker]);
}

/** ES's ChildMemoryCircuitBreaker refusal: `bytes` is what the breaker would hold with the new data. */
function circuitBreak(name: string, label: string, bytes: number, limit: number): ClusterError {
  return new ClusterError(
    'circuit_breaking_exception',
    429,
    `[${name}] Data too large, data for [${label}] would be [${bytes}/${byteSizeText(bytes)}], which is larger than the limit of [${limit}/${byteSizeText(limit)}]`,
    { bytes_wanted: bytes, bytes_limit: limit, durability: 'TRANSIENT' },
    undefined,
    clusterCode('circuit_breaking', { breaker: name }),
  );
}

/** Refuses an operation needing `bytes` of memory, naming it `label` as ES does (`<bulk_request>`). */
export function checkBreakers(state: ClusterState, label: string, bytes: number): void {
  for (const breaker of ['request', 'total'] as const) {
    const limit = breakerLimit(state, breaker);
    if (bytes > limit) throw circuitBreak(breaker === 'total' ? 'parent' : breaker, label, bytes, limit);
  }
}

export function inFlightRequestsLimit(state: ClusterState): number {
  return parseBreakerLimit(IN_FLIGHT_REQUESTS_SETTING, ClusterState.setting(state, IN_FLIGHT_REQUESTS_SETTING) ?? IN_FLIGHT_REQUESTS_DEFAULT);
}

/**
 * Refuses request bytes that would take what all requests in flight hold together to `bytes`, beyond the
 * `in_flight_requests` breaker's limit or the parent's (ES counts each request's content against both).
 */
export function checkInFlightRequests(state: ClusterState, bytes: number): void {
  const limit = inFlightRequestsLimit(state);
  if (bytes > limit) throw circuitBreak('in_flight_requests', '<http_request>', bytes, limit);
  const parent = breakerLimit(state, 'total');
  if (bytes > parent) throw circuitBreak('parent', '<http_request>', bytes, parent);
}
