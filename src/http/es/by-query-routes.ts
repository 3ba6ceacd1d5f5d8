/**
 * @module `_delete_by_query`, `_update_by_query` and `_reindex` (RestDeleteByQueryAction, RestUpdateByQueryAction,
 * RestReindexAction): parsed and validated before anything runs; then run to the end and answered
 * (BulkByScrollResponse, with the status of its worst failure), or, under `wait_for_completion=false`, started as a
 * task whose id is answered at once (GET /_tasks/<id> reads it, task-routes.ts). As in ES the inner search and the
 * writes run as the caller: the search needs `read` on the indices it reads, each write `write` on its index (a
 * refused write fails as its bulk item would).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ClusterError, ClusterErrors, ClusterState, DataStream, DataStreams, checkBlocks, resolveDateMathName, resolveIndices, writeIndexOf, type DocumentService, type ResolveOptions, type SearchService } from '../../cluster/index.js';
import { parseByQueryRequest, type BulkByScrollOptions } from '../../cluster/search/by-query/by-query-request.js';
import { parseReindexRequest } from '../../cluster/search/by-query/reindex-request.js';
import { runBulkByScroll, type BulkByScrollWork } from '../../cluster/search/by-query/bulk-by-scroll.js';
import { newCounts, responseJson, responseStatus, type CountFields } from '../../cluster/search/by-query/bulk-by-scroll-status.js';
import { deleteWrite, indicesText, reindexInPlaceWrite, reindexWrite } from '../../cluster/search/by-query/by-query-writes.js';
import { TaskRegistry, waitForClock } from '../../cluster/search/by-query/task-registry.js';
import type { Query } from '../../cluster/search/query.js';
import type { WriteRequest } from '../../cluster/documents/document-requests.js';
import { requireAliasMissing } from '../../cluster/documents/write-checks.js';
import type { ScanHit } from '../../cluster/search/search-service.js';
import type { EsContext } from './es-context.js';
import { esSend, flag } from './es-reply.js';
import { autoCreateCheck, indexActionCheck } from './es-authorization.js';
import { readableExpression } from './by-query-authorization.js';
import { cause } from './es-envelope.js';
import { writeParams } from './document-params.js';
import { indicesOptionsOf } from './indices-options.js';
import { esRoute, onPath } from './es-actions.js';
import { INDICES_OPTIONS } from './es-params.js';
import { parseTimeValue } from '../../platform/units/index.js';
import { NODE_ID } from './local-node.js';
import { taskRoutes } from './task-routes.js';
import { taskListRoutes } from './task-list-routes.js';

type Params = Record<string, string | undefined>;

const QUERY_STRING = ['q', 'df', 'analyzer', 'analyze_wildcard', 'default_operator', 'lenient'];
const TASK_PARAMS = ['wait_for_completion', 'refresh', 'timeout', 'wait_for_active_shards', 'requests_per_second', 'slices', 'scroll', 'max_docs'];
const BY_QUERY_PARAMS = [...QUERY_STRING, ...TASK_PARAMS, 'conflicts', 'scroll_size', 'search_timeout', 'routing', 'preference', ...INDICES_OPTIONS];

const DELETE_BY_QUERY = esRoute(onPath('indices:data/write/delete/byquery'), BY_QUERY_PARAMS, { body: true });
const UPDATE_BY_QUERY = esRoute(onPath('indices:data/write/update/byquery'), BY_QUERY_PARAMS, { body: true });
const REINDEX = esRoute({ action: 'indices:data/write/reindex', indices: 'reindex-body' }, [...TASK_PARAMS, 'require_alias'], { body: true });

/** Which counts each answer shows (AbstractBaseReindexRestHandler's includeCreated/includeUpdated). */
const FIELDS: Record<'delete' | 'update' | 'reindex', CountFields> = {
  delete: { created: false, updated: false },
  update: { created: false, updated: true },
  reindex: { created: true, updated: true },
};

/** The search a by-query action or a reindex runs: strictExpandOpenAndForbidClosed unless the URL says otherwise. */
function searchOptions(query: Params): ResolveOptions {
  return indicesOptionsOf(query, { forbidClosed: true });
}

/** The index a write to `name` lands in, if it exists now (an index, an alias's write index, a data stream's). */
function concreteWriteIndex(state: ClusterState, name: string): string | undefined {
  if (state.indices.has(name)) return name;
  const dataStream = DataStreams.get(state, name);
  if (dataStream) return DataStream.writeIndex(dataStream);
  try {
    return ClusterState.indicesOfAlias(state, name).length > 0 ? writeIndexOf(state, name).name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `refresh` (a boolean here, AbstractBaseReindexRestHandler's paramAsBoolean, not a write's refresh policy), then
 * `timeout` and `wait_for_active_shards` of each bulk. Every write is committed before it is acknowledged, so there
 * is nothing left to refresh.
 */
function shardParams(query: Params) {
  flag(query, 'refresh', false);
  return writeParams(query, false, true);
}

/** A date math name resolved; one that does not parse is authorized as written (its writes fail on the parse error). */
function dateMathOrRaw(name: string, now: number): string {
  try {
    return resolveDateMathName(name, now);
  } catch {
    return name;
  }
}

/** The three actions and `GET /_tasks/<id>`, sharing this instance's tasks (none without search or documents). */
export function byQueryAndTaskRoutes(app: FastifyInstance, ctx: EsContext): void {
  const tasks = new TaskRegistry(ctx.clock, NODE_ID);
  if (ctx.search && ctx.documents) byQueryRoutes(app, ctx, ctx.search, ctx.documents, tasks);
  taskRoutes(app, tasks);
  taskListRoutes(app, ctx, tasks);
}

export function byQueryRoutes(app: FastifyInstance, ctx: EsContext, search: SearchService, documents: DocumentService, tasks: TaskRegistry): void {
  app.addHook('onClose', async () => tasks.close());

  const deps = {
    bulk: documents.bulkItems.bind(documents),
    clock: ctx.clock,
    waitUntil: (until: number) => waitForClock(ctx.clock, until, () => tasks.closing),
    stopping: () => tasks.closing,
  };

  /**
   * Runs the work, or starts it as a task and answers its id. Everything but the request's own validation happens
   * inside the work, so under `wait_for_completion=false` a missing index is the task's error, as in ES.
   */
  const execute = async (req: FastifyRequest, reply: FastifyReply, kind: 'delete' | 'update' | 'reindex', action: string, description: string, options: BulkByScrollOptions, prepare: () => Promise<BulkByScrollWork>) => {
    const query = req.query as Params;
    const waitForCompletion = flag(query, 'wait_for_completion', true);
    // The scroll's keep-alive and the search's timeout: one node answers each page at once, but a bad value fails as in ES.
    for (const name of ['scroll', 'search_timeout']) if (query[name] !== undefined) parseTimeValue(query[name]!, name);
    const counts = newCounts(options.requestsPerSecond);
    const run = async () => runBulkByScroll(await prepare(), deps, counts);
    if (waitForCompletion) {
      const result = await run();
      return esSend(req, reply, responseJson(result, FIELDS[kind], (e) => cause(e, false), flag(query, 'human')), responseStatus(result));
    }
    // A background task has no request left to log an unexpected failure; its GET answers a 500 without internals.
    const logged = () =>
      run().catch((error: unknown) => {
        if (!(error instanceof ClusterError)) req.log.error({ err: error }, `task [${action}] failed`);
        throw error;
      });
    const task = tasks.start(action, description, counts, logged);
    return esSend(req, reply, { task: `${tasks.nodeId}:${task.id}` });
  };

  const byQuery = (kind: 'delete' | 'update') => async (req: FastifyRequest<{ Params: { index: string }; Querystring: Params }>, reply: FastifyReply) => {
    const api = kind === 'delete' ? 'delete_by_query' : 'update_by_query';
    const request = parseByQueryRequest(req.body ?? undefined, req.query, req.url.split('?')[0]!, api);
    const { activeShards } = shardParams(req.query);
    const expression = req.params.index;
    const action = kind === 'delete' ? 'indices:data/write/delete/byquery' : 'indices:data/write/update/byquery';
    const description = `${kind}-by-query ${indicesText(expression.split(','))}`;
    const writeAction = kind === 'delete' ? 'indices:data/write/delete' : 'indices:data/write/index';
    const allowedWrite = indexActionCheck(req, ctx.security, writeAction);
    return execute(req, reply, kind, action, description, request.options, async () => {
      const scan = await openScan(req, expression, request.query, req.query);
      return {
        scan,
        write: kind === 'delete' ? deleteWrite : reindexInPlaceWrite,
        options: request.options,
        ...(allowedWrite && { authorize: allowedWrite }),
        // The indices were read a moment ago; one deleted since is not created again by a write to it.
        mayCreate: (name: string) => ClusterErrors.indexNotFound(name),
        writeOptions: activeShards,
        nodeId: tasks.nodeId,
      };
    });
  };

  /** Opens the scan as the caller: read blocks first, then the expression narrowed to what the caller may read. */
  const openScan = async (req: FastifyRequest, expression: string, query: Query | undefined, params: Params) => {
    const options = searchOptions(params);
    const state = ctx.cluster.state;
    checkBlocks(resolveIndices(state, expression, options).map((name) => state.indices.get(name)!), 'read');
    return search.openScan(readableExpression(req, ctx.security, state, expression, options, ctx.clock.now()), query, options);
  };

  app.post('/:index/_delete_by_query', DELETE_BY_QUERY, byQuery('delete'));
  app.post('/:index/_update_by_query', UPDATE_BY_QUERY, byQuery('update'));

  app.post<{ Querystring: Params }>('/_reindex', REINDEX, async (req, reply) => {
    const request = parseReindexRequest(req.body ?? undefined, req.query);
    const { activeShards } = shardParams(req.query);
    const source = request.sourceIndices.join(',');
    const description = `reindex from ${indicesText(request.sourceIndices)} to [${request.dest.index}]`;
    const allowedWrite = indexActionCheck(req, ctx.security, 'indices:data/write/index');
    const mayCreate = autoCreateCheck(req, ctx.security);
    const requireAlias = flag(req.query, 'require_alias', false);
    return execute(req, reply, 'reindex', 'indices:data/write/reindex', description, request.options, async () => {
      const state = ctx.cluster.state;
      if (requireAlias && !ClusterState.aliasExists(state, request.dest.index)) throw requireAliasMissing(request.dest.index);
      // ReindexValidator.validateAgainstAliases: never into an index the reindex reads.
      const target = concreteWriteIndex(state, dateMathOrRaw(request.dest.index, ctx.clock.now()));
      if (target !== undefined && resolveIndices(state, source, searchOptions(req.query)).includes(target)) {
        throw ClusterErrors.validation([`reindex cannot write into an index its reading from [${target}]`]);
      }
      const scan = await openScan(req, source, request.query, req.query);
      const copy = reindexWrite(request.dest);
      const write: (hit: ScanHit) => WriteRequest = requireAlias ? (hit) => ({ ...copy(hit), requireAlias }) : copy;
      // The destination is authorized by the name it stands for now, as `_bulk` authorizes a date math name.
      const authorize = allowedWrite && ((name: string) => allowedWrite(dateMathOrRaw(name, ctx.clock.now())));
      return {
        scan,
        write,
        options: request.options,
        ...(authorize && { authorize }),
        ...(mayCreate && { mayCreate }),
        writeOptions: activeShards,
        nodeId: tasks.nodeId,
      };
    });
  });
}
