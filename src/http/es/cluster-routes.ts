/** @module `GET /_cluster/health` (with `wait_for_status`) and `GET/PUT /_cluster/settings`. */
import type { FastifyInstance } from 'fastify';
import { applySettingChanges, checkWatermarkOrder, CLUSTER_SETTING_DEFAULTS, ClusterErrors, ClusterState, IndexMetadata, nestSettings, normalizeClusterSettings, resolveIndices } from '../../cluster/index.js';
import { humanDuration, parseTimeValue } from '../../platform/units/index.js';
import type { EsContext } from './es-context.js';
import { esSend, flag } from './es-reply.js';

type Status = 'green' | 'yellow' | 'red';
const RANK: Record<Status, number> = { green: 0, yellow: 1, red: 2 };

/** One node: primaries are always assigned, replicas never are. */
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
  const status: Status = missing ? 'red' : unassigned > 0 ? 'yellow' : 'green';
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

/** ClusterHealthResponse under `human`: each readable field just before its raw one (humanReadableField, percentageField). */
function humanHealth(result: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(result)) {
    if (key === 'task_max_waiting_in_queue_millis') out.task_max_waiting_in_queue = humanDuration(value as number);
    if (key === 'active_shards_percent_as_number') out.active_shards_percent = `${(value as number).toFixed(1)}%`;
    out[key] = value;
  }
  return out;
}

export function clusterRoutes(app: FastifyInstance, ctx: EsContext): void {
  const healthHandler = async (req: { params: { index?: string }; query: unknown }, wanted: Status | undefined, timeoutMs: number) => {
    const compute = () => {
      const state = ctx.cluster.state;
      // Closed indices keep their (replicated) shards, so they count as open ones do.
      const names = resolveIndices(state, req.params.index, { allowNoIndices: true, ignoreUnavailable: true, expandClosed: true });
      const missing = (req.params.index ?? '').split(',').some((p) => p !== '' && !p.includes('*') && p !== '_all' && resolveIndices(state, p, { ignoreUnavailable: true }).length === 0);
      return { ...clusterHealth(state, names, ctx.clusterName, missing), missing };
    };
    // Indices named but missing are waited for, as is the wanted status.
    const satisfied = (r: ReturnType<typeof compute>) => !r.missing && (wanted === undefined || RANK[r.status] <= RANK[wanted]);
    const strip = ({ missing: _missing, ...body }: ReturnType<typeof compute>) => body;
    let result = compute();
    if (satisfied(result)) return { result: strip(result), status: 200 };
    // Waits for the cluster to change until the status is good enough or the timeout passes.
    result = await new Promise<ReturnType<typeof compute>>((resolve) => {
      const timer = setTimeout(() => {
        unsubscribe();
        resolve({ ...compute(), timed_out: true });
      }, timeoutMs);
      const unsubscribe = ctx.cluster.onChange(() => {
        const now = compute();
        if (satisfied(now)) {
          clearTimeout(timer);
          unsubscribe();
          resolve(now);
        }
      });
    });
    return { result: strip(result), status: result.timed_out ? 408 : 200 };
  };

  for (const path of ['/_cluster/health', '/_cluster/health/:index']) {
    app.get<{ Params: { index?: string }; Querystring: Record<string, string | undefined> }>(path, async (req, reply) => {
      const wanted = req.query.wait_for_status?.toLowerCase() as Status | undefined;
      if (wanted !== undefined && !(wanted in RANK)) {
        throw ClusterErrors.illegalArgument(`No enum constant org.elasticsearch.cluster.health.ClusterHealthStatus.${req.query.wait_for_status!.toUpperCase()}`);
      }
      const timeoutMs = req.query.timeout ? parseTimeValue(req.query.timeout, 'timeout') : 30_000;
      const { result, status } = await healthHandler(req, wanted, timeoutMs);
      return esSend(req, reply, flag(req.query, 'human') ? humanHealth(result) : result, status);
    });
  }

  app.get<{ Querystring: Record<string, string | undefined> }>('/_cluster/settings', async (req, reply) => {
    const state = ctx.cluster.state;
    const render = (settings: Record<string, string>) => (flag(req.query, 'flat_settings') ? settings : nestSettings(settings));
    const body: Record<string, unknown> = { persistent: render(state.persistentSettings), transient: render(state.transientSettings) };
    if (flag(req.query, 'include_defaults')) body.defaults = render({ ...CLUSTER_SETTING_DEFAULTS });
    return esSend(req, reply, body);
  });

  app.put<{ Body: unknown; Querystring: Record<string, string | undefined> }>('/_cluster/settings', async (req, reply) => {
    const body = req.body as { persistent?: unknown; transient?: unknown } | undefined;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw ClusterErrors.parse('request body is required');
    for (const key of Object.keys(body)) {
      if (key !== 'persistent' && key !== 'transient') throw ClusterErrors.illegalArgument(`request [/_cluster/settings] contains unrecognized key [${key}]`);
    }
    const persistent = normalizeClusterSettings('persistent', body.persistent);
    const transient = normalizeClusterSettings('transient', body.transient);
    await ctx.cluster.update((state) => {
      const next = Object.freeze({
        ...state,
        persistentSettings: applySettingChanges(state.persistentSettings, persistent),
        transientSettings: applySettingChanges(state.transientSettings, transient),
      });
      checkWatermarkOrder(next);
      return { state: next, result: undefined };
    });
    const shown = (changes: Record<string, string | null>) => {
      const set = Object.fromEntries(Object.entries(changes).filter((e): e is [string, string] => e[1] !== null));
      return flag(req.query, 'flat_settings') ? set : nestSettings(set);
    };
    return esSend(req, reply, { acknowledged: true, persistent: shown(persistent), transient: shown(transient) });
  });
}
