/**
 * @module Circuit breakers (ES's HierarchyCircuitBreakerService, simplified): an operation that would need more
 * memory than `indices.breaker.request.limit`, or than the parent `indices.breaker.total.limit`, is refused with
 * a 429 `circuit_breaking_exception`. Percent limits are shares of this process's heap limit.
 */
import { getHeapStatistics } from 'node:v8';
import { clusterCode, ClusterError, ClusterErrors } from './cluster-error.js';
import type { ClusterState } from './cluster-state.js';
import { clusterSetting, setting, type DefaultedSetting } from './setting.js';
import { byteSizeText, parseByteSize, readPercent } from '../platform/units/index.js';

const DEFAULTS = { request: '60%', total: '95%' } as const;

export type Breaker = keyof typeof DEFAULTS;

/** ES's limit on the bytes of all HTTP requests being received or handled at once. */
export const IN_FLIGHT_REQUESTS_SETTING = 'network.breaker.inflight_requests.limit';

/** A limit as set: a share of the heap, measured when read (a worker's heap stands in for the server's), or bytes. */
type BreakerLimit = { readonly heapPercent: number } | { readonly bytes: number };

/** ES's memorySizeSetting: a percentage of the heap, or a byte size. */
function breakerLimitValue(value: string, key: string): BreakerLimit {
  const heapPercent = readPercent(value);
  if (heapPercent !== undefined) return { heapPercent };
  return { bytes: parseByteSize(value, key, ClusterErrors.illegalArgument) };
}

const LIMITS: Readonly<Record<Breaker, DefaultedSetting<BreakerLimit>>> = {
  request: setting('indices.breaker.request.limit', 'cluster', breakerLimitValue, { default: DEFAULTS.request }),
  total: setting('indices.breaker.total.limit', 'cluster', breakerLimitValue, { default: DEFAULTS.total }),
};
const IN_FLIGHT_REQUESTS = setting(IN_FLIGHT_REQUESTS_SETTING, 'cluster', breakerLimitValue, { default: '100%' });

/** The breaker limits, in the order `_cluster/settings?include_defaults` reports their defaults. */
export const BREAKER_SETTINGS: readonly DefaultedSetting<BreakerLimit>[] = [LIMITS.request, LIMITS.total, IN_FLIGHT_REQUESTS];

let heapLimit = (): number => getHeapStatistics().heap_size_limit;

/**
 * Measures percent limits against `bytes` rather than this thread's heap: a worker thread that runs the server's
 * lifecycle steps (a forecast, simulation-worker.ts) has a heap of its own, but its steps must see the server's limits.
 */
export function assumeHeapLimit(bytes: number): void {
  heapLimit = () => bytes;
}

function limitBytes(limit: BreakerLimit): number {
  return 'bytes' in limit ? limit.bytes : Math.floor((limit.heapPercent / 100) * heapLimit());
}

export function breakerLimit(state: ClusterState, breaker: Breaker): number {
  return limitBytes(clusterSetting(state, LIMITS[breaker]));
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
  return limitBytes(clusterSetting(state, IN_FLIGHT_REQUESTS));
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
