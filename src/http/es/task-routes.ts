/**
 * @module `GET /_tasks/<task_id>` (RestGetTaskAction, TransportGetTaskAction) for the tasks this instance started
 * (by-query-routes.ts): a running one's status, a finished one's answer or error (TaskResult). Tasks live in this
 * instance's memory (task-registry.ts); ES keeps finished ones in `.tasks`. Listing (`GET /_tasks`) and cancelling
 * are not served.
 */
import type { FastifyInstance } from 'fastify';
import { ClusterError, ClusterErrors } from '../../cluster/index.js';
import { ALL_COUNTS, responseJson } from '../../cluster/search/by-query/bulk-by-scroll-status.js';
import type { TaskRecord, TaskRegistry } from '../../cluster/search/by-query/task-registry.js';
import { parseTimeValue } from '../../platform/units/index.js';
import { esSend, flag } from './es-reply.js';
import { cause, toClusterError } from './es-envelope.js';
import { cluster, esRoute } from './es-actions.js';

type Params = Record<string, string | undefined>;

/** GetTaskRequest's default wait (DEFAULT_WAIT_FOR_COMPLETION_TIMEOUT). */
const DEFAULT_WAIT_MILLIS = 30_000;

const notFound = (reason: string) => new ClusterError('resource_not_found_exception', 404, reason);

/** TaskId(String): `node:number`, split at the first colon. */
function parseTaskId(text: string): { node: string; id: number } {
  const colon = text.indexOf(':');
  const number = colon < 0 ? '' : text.slice(colon + 1);
  if (colon < 0 || !/^[+-]?\d+$/.test(number) || !Number.isSafeInteger(Number(number))) throw ClusterErrors.illegalArgument(`malformed task id ${text}`);
  return { node: text.slice(0, colon), id: Number(number) };
}

/** Waits for the task to finish, for at most `millis` of real time. */
async function waitFor(record: TaskRecord, millis: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), millis)));
  const done = await Promise.race([record.done.then(() => true as const), timeout]);
  clearTimeout(timer);
  return done;
}

export function taskRoutes(app: FastifyInstance, tasks: TaskRegistry): void {
  app.get<{ Params: { task_id: string }; Querystring: Params }>('/_tasks/:task_id', esRoute(cluster('cluster:monitor/task/get'), ['wait_for_completion', 'timeout']), async (req, reply) => {
    const text = req.params.task_id;
    const wait = flag(req.query, 'wait_for_completion', false);
    const timeoutMillis = req.query.timeout === undefined ? DEFAULT_WAIT_MILLIS : parseTimeValue(req.query.timeout, 'timeout');
    const { node, id } = parseTaskId(text);
    if (node !== tasks.nodeId) throw notFound(`task [${text}] belongs to the node [${node}] which isn't part of the cluster and there is no record of the task`);
    const record = tasks.get(id);
    if (!record) throw notFound(`task [${text}] isn't running and hasn't stored its results`);
    if (wait && !record.outcome && !(await waitFor(record, timeoutMillis))) {
      throw new ClusterError('timeout_exception', 408, `Timed out waiting for completion of task [${text}]`);
    }
    const outcome = record.outcome;
    const human = flag(req.query, 'human');
    return esSend(req, reply, {
      completed: outcome !== undefined,
      task: tasks.infoJson(record, human),
      ...(outcome && 'error' in outcome && { error: cause(toClusterError(outcome.error), false) }),
      ...(outcome && 'response' in outcome && { response: responseJson(outcome.response, ALL_COUNTS, (e) => cause(e, false), human) }),
    });
  });
}
