/**
 * @module `GET /_tasks` (RestListTasksAction, ListTasksResponse) over the tasks this instance runs: the running
 * by-query and reindex tasks, filtered by `actions`, `nodes` and `parent_task_id`, with their status and description
 * under `detailed`, grouped by node (the default), by parent, or not at all. ES lists the listing's own tasks
 * (`cluster:monitor/tasks/lists` and its `[n]` child) too; Tessera does not invent them, so a listing with no
 * running task has no node.
 */
import type { FastifyInstance } from 'fastify';
import { ClusterError, ClusterErrors } from '../../cluster/index.js';
import type { TaskRecord, TaskRegistry } from '../../cluster/search/by-query/task-registry.js';
import { matchesPattern, parseTimeValue } from '../../platform/units/index.js';
import type { EsContext } from './es-context.js';
import { esSend, flag } from './es-reply.js';
import { cluster, esRoute } from './es-actions.js';
import { NODE_HOST, NODE_ROLES, selectsLocalNode, TRANSPORT_ADDRESS } from './local-node.js';

type Params = Record<string, string | undefined>;

const DEFAULT_WAIT_MILLIS = 30_000;
const commaList = (text: string | undefined) => (text ?? '').split(',').map((p) => p.trim()).filter((p) => p !== '');

/** TaskId(String) for `parent_task_id`: unset when absent, empty or "unset". */
function parentFilter(text: string | undefined): string | undefined {
  if (text === undefined || text === '' || text === 'unset') return undefined;
  const colon = text.indexOf(':');
  if (colon < 0 || !/^[+-]?\d+$/.test(text.slice(colon + 1))) throw ClusterErrors.illegalArgument(`malformed task id ${text}`);
  return text;
}

/** Resolves once every task is done, or false after `millis` of real time. */
async function allDone(records: readonly TaskRecord[], millis: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), millis)));
  const done = await Promise.race([Promise.all(records.map((r) => r.done)).then(() => true as const), timeout]);
  clearTimeout(timer);
  return done;
}

export function taskListRoutes(app: FastifyInstance, ctx: EsContext, tasks: TaskRegistry): void {
  const route = esRoute(cluster('cluster:monitor/tasks/lists'), ['nodes', 'actions', 'detailed', 'parent_task_id', 'wait_for_completion', 'timeout', 'group_by']);
  app.get<{ Querystring: Params }>('/_tasks', route, async (req, reply) => {
    const query = req.query;
    const detailed = flag(query, 'detailed', false);
    const wait = flag(query, 'wait_for_completion', false);
    const timeoutMillis = query.timeout === undefined ? DEFAULT_WAIT_MILLIS : parseTimeValue(query.timeout, 'timeout');
    const parent = parentFilter(query.parent_task_id);
    const groupBy = query.group_by ?? 'nodes';
    if (groupBy !== 'nodes' && groupBy !== 'parents' && groupBy !== 'none') throw ClusterErrors.illegalArgument(`[group_by] must be one of [nodes], [parents] or [none] but was [${groupBy}]`);
    const actions = commaList(query.actions);
    const onThisNode = selectsLocalNode(commaList(query.nodes), ctx.nodeName);
    // ListTasksRequest.match: the action patterns, and the parent (none of Tessera's tasks has one).
    const matching = onThisNode && parent === undefined ? tasks.running().filter((t) => actions.length === 0 || actions.some((a) => matchesPattern(a, t.action))) : [];
    // With wait_for_completion, the tasks running now are waited for and listed as they ended (TransportListTasksAction).
    if (wait && matching.length > 0 && !(await allDone(matching, timeoutMillis))) {
      throw new ClusterError('timeout_exception', 408, `Timed out waiting for completion of tasks [${matching.map((t) => `${tasks.nodeId}:${t.id}`).join(', ')}]`);
    }
    const infos = matching.map((t) => tasks.infoJson(t, flag(query, 'human'), detailed));
    const key = (info: Record<string, unknown>) => `${info.node as string}:${info.id as number}`;
    if (groupBy === 'none') return esSend(req, reply, { tasks: infos });
    if (groupBy === 'parents') return esSend(req, reply, { tasks: Object.fromEntries(infos.map((i) => [key(i), i])) });
    const nodes =
      infos.length === 0
        ? {}
        : {
            [tasks.nodeId]: {
              name: ctx.nodeName,
              transport_address: TRANSPORT_ADDRESS,
              host: NODE_HOST,
              ip: TRANSPORT_ADDRESS,
              roles: NODE_ROLES,
              tasks: Object.fromEntries(infos.map((i) => [key(i), i])),
            },
          };
    return esSend(req, reply, { nodes });
  });
}
