/**
 * @module `GET /_tessera/ilm/indices`: one page of the indices the caller may see, managed or not, with where each
 * stands in its policy and the counts the console's filters offer (see src/ilm/index-list.ts). Authorized as
 * explain is: an index is listed when the caller may explain it, and the others are left out.
 */
import type { FastifyInstance } from 'fastify';
import { ClusterErrors } from '../../cluster/index.js';
import { INDEX_LIST_SORTS, listIndices, type IndexListQuery, type IndexListSort } from '../../ilm/index.js';
import { indexActionCheck } from './es-authorization.js';
import type { EsContext } from './es-context.js';
import { intParam } from './document-params.js';
import { esSend, flag } from './es-reply.js';
import { esRoute, onEachIndex } from './es-actions.js';

type Query = Record<string, string | undefined>;

/** A page holds at most this many indices: a console page shows far fewer, and a script pages on. */
export const MAX_INDEX_LIST_SIZE = 1_000;
const DEFAULT_SIZE = 50;

const FILTERS = ['q', 'policy', 'phase', 'step', 'data_stream', 'failed_step', 'error_type'] as const;
const PARAMS = ['from', 'size', 'managed', 'only_errors', 'sort', 'order', ...FILTERS];

const LIST = esRoute(onEachIndex('indices:admin/ilm/explain'), PARAMS);

function oneOf<T extends string>(query: Query, key: string, allowed: readonly T[], fallback: T): T {
  const value = query[key];
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw ClusterErrors.illegalArgument(`[${key}] must be one of [${allowed.join(', ')}], found [${value}]`);
  return value as T;
}

/** The query's parameters, refused as ES's search refuses a negative `from` or `size`, and a size over the bound. */
export function parseIndexListQuery(query: Query): IndexListQuery {
  const from = intParam(query, 'from') ?? 0;
  const size = intParam(query, 'size') ?? DEFAULT_SIZE;
  if (from < 0) throw ClusterErrors.illegalArgument(`[from] parameter cannot be negative, found [${from}]`);
  if (size < 0) throw ClusterErrors.illegalArgument(`[size] parameter cannot be negative, found [${size}]`);
  if (size > MAX_INDEX_LIST_SIZE) throw ClusterErrors.illegalArgument(`[size] parameter cannot be greater than [${MAX_INDEX_LIST_SIZE}], found [${size}]`);
  const text = (key: (typeof FILTERS)[number]) => (query[key] === undefined || query[key] === '' ? undefined : query[key]);
  const q = text('q');
  const policy = text('policy');
  const phase = text('phase');
  const step = text('step');
  const dataStream = text('data_stream');
  const failedStep = text('failed_step');
  const errorType = text('error_type');
  return {
    from,
    size,
    ...(q !== undefined && { q }),
    ...(policy !== undefined && { policy }),
    ...(phase !== undefined && { phase }),
    ...(step !== undefined && { step }),
    ...(query.managed !== undefined && { managed: flag(query, 'managed') }),
    onlyErrors: flag(query, 'only_errors'),
    ...(dataStream !== undefined && { dataStream }),
    ...(failedStep !== undefined && { failedStep }),
    ...(errorType !== undefined && { errorType }),
    sort: oneOf<IndexListSort>(query, 'sort', INDEX_LIST_SORTS, 'index'),
    order: oneOf(query, 'order', ['asc', 'desc'] as const, 'asc'),
  };
}

export function consoleIndexListRoutes(app: FastifyInstance, ctx: EsContext): void {
  const { ilm } = ctx;
  if (!ilm) return;
  app.get<{ Querystring: Query }>('/_tessera/ilm/indices', LIST, async (req, reply) => {
    const query = parseIndexListQuery(req.query);
    await ilm.runner.settle();
    const denied = indexActionCheck(req, ctx.security, 'indices:admin/ilm/explain');
    const page = await listIndices(ctx.cluster.state, query, ctx.clock.now(), denied && ((name) => denied(name) === undefined), ctx.sortedPerTurn);
    return esSend(req, reply, page);
  });
}
