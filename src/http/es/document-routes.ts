/** @module Documents: `_doc`, `_create`, `_update`, `_mget`, `_bulk`, `_refresh` and `_stats`. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  checkBlocks,
  checkBreakers,
  ClusterError,
  ClusterErrors,
  ClusterState,
  IndexMetadata,
  resolveDateMathName,
  resolveIndices,
  type WriteRequest,
  type WriteResult,
} from '../../cluster/index.js';
import { autoCreateCheck, indexActionCheck } from './es-authorization.js';
import { effectiveOp, fetchSourceParams, getParams, queryConditions, updateRequest, withForcedRefresh, writeParams } from './document-params.js';
import { bulkRequestsOf } from './bulk-request.js';
import { cause, esErrorBody } from './es-envelope.js';
import { parseMultiGet } from './mget-request.js';
import type { EsContext } from './es-context.js';
import { decodeUtf8Body, DEFAULT_MAX_CONTENT_LENGTH } from './es-content.js';
import { esSend, flag } from './es-reply.js';
import { esRoute, onPath } from './es-actions.js';
import { WRITE_CONDITIONS, WRITE_SHARDS, INDEXING, SOURCE, DOC_READ, BULK, INDICES_OPTIONS } from './es-params.js';
import { indicesOptionsOf } from './indices-options.js';

const INDEX_DOC = esRoute(onPath('indices:data/write/index'), INDEXING, { body: true });
const MGET = esRoute({ action: 'indices:data/read/mget', indices: 'mget-body' }, DOC_READ, { body: true });
const BULK_WRITE = esRoute({ action: 'indices:data/write/bulk', indices: 'bulk-body' }, BULK, { body: true });
const REFRESH = esRoute(onPath('indices:admin/refresh'), []);
const STATS = esRoute(onPath('indices:monitor/stats'), ['level', 'forbid_closed_indices', ...INDICES_OPTIONS]);
const DELETE_DOC = esRoute(onPath('indices:data/write/delete'), [...WRITE_SHARDS, ...WRITE_CONDITIONS]);
const UPDATE_DOC = esRoute(onPath('indices:data/write/update'), ['doc_as_upsert', 'retry_on_conflict', 'require_alias', ...SOURCE, ...WRITE_SHARDS, ...WRITE_CONDITIONS], { body: true });

type Query = Record<string, string | undefined>;

function sendWrite(req: FastifyRequest, reply: FastifyReply, result: WriteResult): FastifyReply {
  const { status, ...body } = result;
  return esSend(req, reply, body, status);
}

/** A bulk item's failure, written whole as BulkItemResponse.Failure writes it, causes and all. */
function errorBody(error: ClusterError): Record<string, unknown> {
  return cause(error, false);
}


/** Shard copies of the named indices: all of them, and the ones one node holds (the primaries). */
function shardCounts(state: ClusterState, names: readonly string[]): { total: number; successful: number } {
  let total = 0;
  let successful = 0;
  for (const name of names) {
    const index = state.indices.get(name)!;
    const primaries = IndexMetadata.primaryShards(index);
    total += primaries * (1 + IndexMetadata.replicas(index));
    successful += primaries;
  }
  return { total, successful };
}

/**
 * ClusterStatsLevel.of: `cluster` answers the totals alone. `shards` is refused: Tessera keeps an index's documents
 * together, not in shards, so it has no per-shard figures to give, and made-up ones would mislead.
 */
function statsLevel(level: string | undefined): 'cluster' | 'indices' {
  const name = level ?? 'indices';
  if (name.toLowerCase() === 'cluster' || name.toLowerCase() === 'indices') return name.toLowerCase() as 'cluster' | 'indices';
  if (name.toLowerCase() === 'shards') throw ClusterErrors.illegalArgument('level [shards] is not supported: Tessera keeps each index\'s documents together, not in shards, so it has no per-shard statistics; use level=indices');
  throw ClusterErrors.illegalArgument(`level parameter must be one of [cluster] or [indices] or [shards] but was [${name}]`);
}

export function documentRoutes(app: FastifyInstance, ctx: EsContext): void {
  const documents = ctx.documents;
  if (!documents) return;
  // RestBulkAction takes a JSON content type too (the Python client sends one): its lines are read as NDJSON either way.
  const bulkRoutes = new Set(['/_bulk', '/:index/_bulk']);
  app.addHook('onRequest', async (req) => {
    const type = req.headers['content-type'];
    if (type === undefined || !bulkRoutes.has(req.routeOptions.url ?? '')) return;
    req.headers['content-type'] = type.replace(/^\s*application\/(vnd\.elasticsearch\+)?json\b/i, (_match, vendor: string | undefined) => `application/${vendor ?? ''}x-ndjson`);
  });
  app.addContentTypeParser(['application/x-ndjson', 'application/vnd.elasticsearch+x-ndjson'], { parseAs: 'buffer', bodyLimit: ctx.maxContentLength ?? DEFAULT_MAX_CONTENT_LENGTH }, (_req, body, done) => {
    try {
      done(null, decodeUtf8Body(body as Buffer));
    } catch (error) {
      done(error as Error);
    }
  });

  const write = (route: 'index' | 'create') => async (req: FastifyRequest<{ Params: { index: string; id?: string }; Body: unknown; Querystring: Query }>, reply: FastifyReply) => {
    // CreateHandler checks op_type before it reads anything else; RestIndexAction reads it last.
    const createOp = route === 'create' ? effectiveOp(route, req.query.op_type) : undefined;
    const { refresh, options, activeShards } = writeParams(req.query, true);
    const conditions = queryConditions(req.query, req.headers['if-match']);
    // AutoIdHandler: a document without an id is an append unless op_type says otherwise (what data streams take).
    const op = createOp ?? effectiveOp(route, req.query.op_type ?? (req.params.id === undefined ? 'create' : undefined));
    const request: WriteRequest = { op, target: req.params.index, ...(req.params.id !== undefined && { id: req.params.id }), source: req.body, conditions, ...options };
    const result = await documents.write(request, autoCreateCheck(req, ctx.security), activeShards);
    return sendWrite(req, reply, withForcedRefresh(result, refresh));
  };
  app.post('/:index/_doc', INDEX_DOC, write('index'));
  app.put('/:index/_doc/:id', INDEX_DOC, write('index'));
  app.post('/:index/_doc/:id', INDEX_DOC, write('index'));
  app.put('/:index/_create/:id', INDEX_DOC, write('create'));
  app.post('/:index/_create/:id', INDEX_DOC, write('create'));
  app.delete<{ Params: { index: string; id: string }; Querystring: Query }>('/:index/_doc/:id', DELETE_DOC, async (req, reply) => {
    const { refresh, options, activeShards } = writeParams(req.query, false);
    const request: WriteRequest = { op: 'delete', target: req.params.index, id: req.params.id, conditions: queryConditions(req.query, req.headers['if-match']), ...options };
    return sendWrite(req, reply, withForcedRefresh(await documents.write(request, undefined, activeShards), refresh));
  });
  app.post<{ Params: { index: string; id: string }; Body: unknown; Querystring: Query }>('/:index/_update/:id', UPDATE_DOC, async (req, reply) => {
    const { refresh, options, activeShards } = writeParams(req.query, false);
    const { spec, conditions, requireAlias } = updateRequest(req.query, req.body);
    const request: WriteRequest = { op: 'update', target: req.params.index, id: req.params.id, conditions, update: spec, ...options, ...(requireAlias && { requireAlias }), singleUpdate: true };
    const result = await documents.write(request, autoCreateCheck(req, ctx.security), activeShards);
    // A noop writes nothing, so nothing is refreshed (TransportUpdateAction answers it before any write).
    return sendWrite(req, reply, result.result === 'noop' ? result : withForcedRefresh(result, refresh));
  });
  app.get<{ Params: { index: string; id: string }; Querystring: Query }>('/:index/_doc/:id', esRoute(onPath('indices:data/read/get'), ['version', 'version_type', ...DOC_READ]), async (req, reply) => {
    const options = getParams(req.query, req.headers['if-match']);
    const doc = await documents.get(req.params.index, req.params.id, options);
    return esSend(req, reply, doc, doc.found ? 200 : 404);
  });

  const mget = async (req: FastifyRequest<{ Params: { index?: string }; Body: unknown; Querystring: Query }>, reply: FastifyReply) => {
    const query = req.query;
    // RestMultiGetAction's order: refresh, preference, realtime, fields, stored_fields, _source, then the body.
    flag(query, 'refresh', false);
    flag(query, 'realtime', true);
    if (query.fields !== undefined) {
      throw ClusterErrors.illegalArgument('The parameter [fields] is no longer supported, please use [stored_fields] to retrieve stored fields or _source filtering if the field is not stored');
    }
    const storedFields = query.stored_fields === undefined ? undefined : query.stored_fields.split(',').filter(Boolean);
    const fetch = fetchSourceParams(query);
    const items = parseMultiGet(req.body, {
      ...(req.params.index !== undefined && { index: req.params.index }),
      ...(query.routing !== undefined && { routing: query.routing }),
      ...(fetch && { fetch }),
      ...(storedFields && { storedFields }),
    });
    const allowed = indexActionCheck(req, ctx.security, 'indices:data/read/mget[shard]');
    const now = ctx.clock.now();
    // Each document is authorized on the index it names, as ES authorizes each shard request: a denied one fails alone.
    const denied = items.map((item) => {
      if (!allowed) return undefined;
      try {
        return allowed(resolveDateMathName(item.index, now));
      } catch {
        return undefined; // The read reports a malformed name.
      }
    });
    const permitted = items.filter((_, i) => denied[i] === undefined);
    const answers = await documents.mget(permitted);
    let next = 0;
    const docs = items.map((item, i) => {
      const refused = denied[i];
      const answer = refused ? { _index: item.index, _id: item.id, error: refused } : answers[next++]!;
      return 'error' in answer ? { _index: answer._index, _id: answer._id, error: esErrorBody(answer.error).error } : answer;
    });
    return esSend(req, reply, { docs });
  };
  for (const method of ['get', 'post'] as const) {
    app[method]('/_mget', MGET, mget);
    app[method]('/:index/_mget', MGET, mget);
  }

  const bulk = async (req: FastifyRequest<{ Params: { index?: string }; Body: unknown; Querystring: Query }>, reply: FastifyReply) => {
    const started = performance.now();
    const { refresh, activeShards } = writeParams(req.query, false, true);
    const text = typeof req.body === 'string' ? req.body : '';
    if (text.trim() === '') throw ClusterErrors.validation(['no requests added']);
    // A bulk request holds its whole body in memory while it runs.
    checkBreakers(ctx.cluster.state, '<bulk_request>', Buffer.byteLength(text));
    const requests = bulkRequestsOf(req);
    const answers = await documents.bulkItems(requests, autoCreateCheck(req, ctx.security), activeShards);
    const results = answers.map((answer) => answer.result);
    const items = answers.map(({ result, id }, i) => {
      const op = requests[i]!.op;
      // BulkItemResponse.Failure names the index as the request did (an alias, a data stream), not where it landed.
      if (result instanceof ClusterError) return { [op]: { _index: requests[i]!.target, _id: id ?? null, status: result.status, error: errorBody(result) } };
      const { status, ...rest } = withForcedRefresh(result, refresh);
      return { [op]: { ...rest, status } };
    });
    return esSend(req, reply, { errors: results.some((r) => r instanceof ClusterError), took: Math.round(performance.now() - started), items });
  };
  app.post('/_bulk', BULK_WRITE, bulk);
  app.put('/_bulk', BULK_WRITE, bulk);
  app.post('/:index/_bulk', BULK_WRITE, bulk);
  app.put('/:index/_bulk', BULK_WRITE, bulk);

  const refresh = async (req: FastifyRequest<{ Params: { index?: string } }>, reply: FastifyReply) => {
    const { total, successful } = shardCounts(ctx.cluster.state, resolveIndices(ctx.cluster.state, req.params.index, { forbidClosed: true }));
    // Documents are searchable as soon as they are committed, so a refresh has nothing left to do.
    return esSend(req, reply, { _shards: { total, successful, failed: 0 } });
  };
  for (const method of ['get', 'post'] as const) {
    app[method]('/_refresh', REFRESH, refresh);
    app[method]('/:index/_refresh', REFRESH, refresh);
  }

  const stats = async (req: FastifyRequest<{ Params: { index?: string }; Querystring: Query }>, reply: FastifyReply) => {
    const level = statsLevel(req.query.level);
    // RestIndicesStatsAction: strictExpandOpenAndForbidClosed, or strictExpandOpen with forbid_closed_indices=false.
    const forbidClosed = flag(req.query, 'forbid_closed_indices', true);
    const options = indicesOptionsOf(req.query, { forbidClosed });
    await documents.sync();
    const state = ctx.cluster.state;
    const names = resolveIndices(state, req.params.index, options);
    checkBlocks(names.map((name) => state.indices.get(name)!), 'metadata_read');
    const section = (docs: number, bytes: number) => ({
      docs: { count: docs, deleted: 0, total_size_in_bytes: bytes },
      store: { size_in_bytes: bytes, total_data_set_size_in_bytes: bytes, reserved_in_bytes: 0 },
    });
    let allDocs = 0;
    let allBytes = 0;
    const indices: Record<string, unknown> = {};
    for (const name of names) {
      const index = state.indices.get(name)!;
      const { docs, sizeBytes } = documents.stats(name);
      allDocs += docs;
      allBytes += sizeBytes;
      // One node holds no replica, so the total is the primaries.
      indices[name] = {
        uuid: index.uuid,
        health: IndexMetadata.replicas(index) > 0 ? 'yellow' : 'green',
        status: IndexMetadata.isClosed(index) ? 'close' : 'open',
        primaries: section(docs, sizeBytes),
        total: section(docs, sizeBytes),
      };
    }
    const { total, successful } = shardCounts(state, names);
    return esSend(req, reply, {
      _shards: { total, successful, failed: 0 },
      _all: { primaries: section(allDocs, allBytes), total: section(allDocs, allBytes) },
      ...(level === 'indices' && { indices }),
    });
  };
  app.get('/_stats', STATS, stats);
  app.get('/:index/_stats', STATS, stats);
}
