/** @module `GET /_cluster/health` (with `wait_for_status`) and `GET/PUT /_cluster/settings`. */
import type { FastifyInstance } from 'fastify';
import { CLUSTER_SETTING_DEFAULTS, nestSettings, parseClusterSettingsUpdate, parseHealthStatus, updateClusterSettings, waitForHealth } from '../../cluster/index.js';
import { humanDuration, parseTimeValue } from '../../platform/units/index.js';
import type { EsContext } from './es-context.js';
import { esSend, flag } from './es-reply.js';
import { esRoute, cluster } from './es-actions.js';
import { ACKED, MASTER_READ } from './es-params.js';

const HEALTH = esRoute(cluster('cluster:monitor/health'), ['wait_for_status', 'timeout', 'master_timeout', 'local', 'wait_for_no_relocating_shards', 'wait_for_no_initializing_shards']);
const GET_CLUSTER_SETTINGS = esRoute(cluster('cluster:monitor/settings'), ['flat_settings', 'include_defaults', ...MASTER_READ]);
const PUT_CLUSTER_SETTINGS = esRoute(cluster('cluster:admin/settings/update'), ['flat_settings', ...ACKED], { body: true });

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
  for (const path of ['/_cluster/health', '/_cluster/health/:index']) {
    app.get<{ Params: { index?: string }; Querystring: Record<string, string | undefined> }>(path, HEALTH, async (req, reply) => {
      const wanted = parseHealthStatus(req.query.wait_for_status);
      const timeoutMillis = req.query.timeout ? parseTimeValue(req.query.timeout, 'timeout') : 30_000;
      const result = await waitForHealth(ctx.cluster, { expression: req.params.index, clusterName: ctx.clusterName, wanted, timeoutMillis });
      const status = result.timed_out ? 408 : 200;
      return esSend(req, reply, flag(req.query, 'human') ? humanHealth(result) : result, status);
    });
  }

  app.get<{ Querystring: Record<string, string | undefined> }>('/_cluster/settings', GET_CLUSTER_SETTINGS, async (req, reply) => {
    const state = ctx.cluster.state;
    const render = (settings: Record<string, string>) => (flag(req.query, 'flat_settings') ? settings : nestSettings(settings));
    const body: Record<string, unknown> = { persistent: render(state.persistentSettings), transient: render(state.transientSettings) };
    if (flag(req.query, 'include_defaults')) body.defaults = render({ ...CLUSTER_SETTING_DEFAULTS });
    return esSend(req, reply, body);
  });

  app.put<{ Body: unknown; Querystring: Record<string, string | undefined> }>('/_cluster/settings', PUT_CLUSTER_SETTINGS, async (req, reply) => {
    const update = parseClusterSettingsUpdate(req.body);
    await ctx.cluster.update((state) => ({ state: updateClusterSettings(state, update), result: undefined }));
    // The answer shows what was set; a reset setting is left out.
    const shown = (changes: Readonly<Record<string, string | null>>) => {
      const set = Object.fromEntries(Object.entries(changes).filter((e): e is [string, string] => e[1] !== null));
      return flag(req.query, 'flat_settings') ? set : nestSettings(set);
    };
    return esSend(req, reply, { acknowledged: true, persistent: shown(update.persistent), transient: shown(update.transient) });
  });
}
