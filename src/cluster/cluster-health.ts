/**
 * @module Cluster health on one node (ClusterHealthResponse): primaries are always assigned, replicas never are; and
 * the wait for a status (`wait_for_status`) or for the indices a request names.
 */
import { ClusterErrors } from './cluster-error.js';
import type { ClusterService } from './cluster-service.js';
import type { ClusterState } from './cluster-state.js';
import { resolveIndices } from './index-expression.js';
import { IndexMetadata } from './index-metadata.js';

export type HealthStatus = 'green' | 'yellow' | 'red';
const RANK: Readonly<Record<HealthStatus, number>> = { green: 0, yellow: 1, red: 2 };

/** ClusterHealthStatus.fromString, case-insensitively; undefined where none is asked for. */
export function parseHealthStatus(value: string | undefined): HealthStatus | undefined {
  const status = value?.toLowerCase();
  if (status !== undefined && !(status in RANK)) throw ClusterErrors.illegalArgument(`No enum constant org.elasticsearch.cluster.health.ClusterHealthStatus.${value!.toUpperCase()}`);
  return status as HealthStatus | undefined;
}

export function clusterHealth(state: ClusterState, names: readonly string[], clusterName: string, missing: boolean) {
  let primaries = 0;
  let unassigned = 0;
  for (const name of names) {
    const index = state.indices.get(name)!;
    const shards = IndexMetadata.primaryShards(index);
    primaries += shards;
    unassigned += shards * IndexMetadata.replicas(index);
  }
  // An index asked for by name that does not exist makes the cluster red for this request, as in ES.
  const status: HealthStatus = missing ? 'red' : unassigned > 0 ? 'yellow' : 'green';
  const total = primaries + unassigned;
  return {
    cluster_name: clusterName,
    status,
    timed_out: false,
    number_of_nodes: 1,
    number_of_data_nodes: 1,
    active_primary_shards: primaries,
    active_shards: primaries,
    relocating_shards: 0,
    initializing_shards: 0,
    unassigned_shards: unassigned,
    unassigned_primary_shards: 0,
    delayed_unassigned_shards: 0,
    number_of_pending_tasks: 0,
    number_of_in_flight_fetch: 0,
    task_max_waiting_in_queue_millis: 0,
    active_shards_percent_as_number: total === 0 ? 100 : (primaries / total) * 100,
  };
}

export type ClusterHealth = ReturnType<typeof clusterHealth>;

export interface HealthRequest {
  /** The indices asked about (`GET /_cluster/health/<index>`); all of them when absent. */
  readonly expression: string | undefined;
  readonly clusterName: string;
  /** The status to wait for; indices named but missing are waited for too. */
  readonly wanted: HealthStatus | undefined;
  readonly timeoutMillis: number;
}

/**
 * The health of the indices asked about, once it meets what the request waits for, or as it stands when the timeout
 * passes (`timed_out` set).
 */
export async function waitForHealth(cluster: Pick<ClusterService, 'state' | 'onChange'>, request: HealthRequest): Promise<ClusterHealth> {
  const compute = () => {
    const state = cluster.state;
    // Closed indices keep their (replicated) shards, so they count as open ones do.
    const names = resolveIndices(state, request.expression, { allowNoIndices: true, ignoreUnavailable: true, expandClosed: true });
    const missing = (request.expression ?? '').split(',').some((p) => p !== '' && !p.includes('*') && p !== '_all' && resolveIndices(state, p, { ignoreUnavailable: true }).length === 0);
    return { ...clusterHealth(state, names, request.clusterName, missing), missing };
  };
  const satisfied = (r: ReturnType<typeof compute>) => !r.missing && (request.wanted === undefined || RANK[r.status] <= RANK[request.wanted]);
  const strip = ({ missing: _missing, ...body }: ReturnType<typeof compute>): ClusterHealth => body;
  const result = compute();
  if (satisfied(result)) return strip(result);
  // Waits for the cluster to change until the status is good enough or the timeout passes.
  return new Promise<ClusterHealth>((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(strip({ ...compute(), timed_out: true }));
    }, request.timeoutMillis);
    const unsubscribe = cluster.onChange(() => {
      const now = compute();
      if (satisfied(now)) {
        clearTimeout(timer);
        unsubscribe();
        resolve(strip(now));
      }
    });
  });
}
