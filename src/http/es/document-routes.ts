/** @module Documents: `_doc`, `_create`, `_update`, `_mget`, `_bulk`, `_count`, `_refresh` and `_stats`. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  checkBlocks,
  checkBreakers,
  checkIfPrimaryTerm,
  checkIfSeqNo,
  ClusterError,
  ClusterErrors,
  ClusterState,
  IndexMetadata,
  fetchSourceOf,
  parseUpdateBody,
  parseVersionType,
  scriptRefusal,
  resolveDateMathName,
  resolveIndices,
  type GetOptions,
  type UpdateSpec,
  type WriteOptions,
  type WriteConditions,
  type WriteOp,
  type WriteRequest,
  type WriteResult,
} from '../../cluster/index.js';
import { autoCreateCheck, indexActionCheck } from './es-authorization.js';
import { activeShardsParam, booleanParam, fetchSourceParams, refreshParam, storedFieldsRefusal, withForcedRefresh, type RefreshPolicy } from './document-params.js';
import { esErrorBody } from './es-envelope.js';
import { parseMultiGet } from './mget-request.js';
import { checkCountsEverything } from './count-query.js';
import type { EsContext } from './es-context.js';
import { checkNestingDepth, decodeUtf8Body, DEFAULT_MAX_CONTENT_LENGTH } from './es-content.js';
import { esSend } from './es-reply.js';
import { indicesOptionsOf } from './indices-options.js';
import { xContentBoolean, xContentToken } from '../../platform/xcontent.js';

type Query = Record<string, string | undefined>;

function sendWrite(req: FastifyRequest, reply: FastifyReply, result: WriteResult): FastifyReply {
  const { status, ...body } = result;
  return esSend(req, reply, body, status);
}

function errorBody(error: ClusterError): Record<string, unknown> {
  return { type: error.type, reason: error.reason, ...error.metadata };
}

const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** RestRequest.paramAsLong: Long.parseLong's syntax (an optional sign, then digits) and range. */
function longParam(query: Query, key: string): bigint | undefined {
  const text = query[key];
  if (text === undefined) return undefined;
  const value = /^[+-]?\d+$/.test(text) ? BigInt(text) : undefined;
  if (value === undefined || value < LONG_MIN || value > LONG_MAX) {
    throw ClusterErrors.illegalArgument(`Failed to parse long parameter [${key}] with value [${text}]`);
  }
  return value;
}

/** RestRequest.paramAsInt. */
function intParam(query: Query, key: string): number | undefined {
  const text = query[key];
  if (text === undefined) return undefined;
  const value = /^[+-]?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < -(2 ** 31) || value >= 2 ** 31) throw ClusterErrors.illegalArgument(`Failed to parse int parameter [${key}] with value [${text}]`);
  return value;
}

/**
 * An `_update` request's parameters and body, read in RestUpdateAction's order: refresh, doc_as_upsert, _source,
 * retry_on_conflict, the refusal of versioning, if_seq_no and if_primary_term, require_alias, then the body.
 */
function updateRequest(query: Query, body: unknown): { spec: UpdateSpec; conditions: WriteConditions; requireAlias: boolean } {
  let docAsUpsert = booleanParam(query, 'doc_as_upsert', false);
  let fetchSource = query._source === undefined ? false : fetchSourceOf(query._source, 'the parameter [_source]');
  for (const key of ['_source_includes', '_source_excludes']) {
    if (query[key] !== undefined) throw ClusterErrors.illegalArgument(`Tessera's update returns the whole updated source or none: [${key}] is not supported, use _source=true`);
  }
  const retryOnConflict = intParam(query, 'retry_on_conflict') ?? 0;
  if (query.version !== undefined || query.version_type !== undefined) {
    throw ClusterErrors.validation(['internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead']);
  }
  let ifSeqNo = longParam(query, 'if_seq_no');
  if (ifSeqNo !== undefined) checkIfSeqNo(ifSeqNo);
  let ifPrimaryTerm = longParam(query, 'if_primary_term');
  if (ifPrimaryTerm !== undefined) checkIfPrimaryTerm(ifPrimaryTerm);
  const requireAlias = booleanParam(query, 'require_alias', false);
  const parsed = parseUpdateBody(body);
  docAsUpsert = parsed.docAsUpsert ?? docAsUpsert;
  fetchSource = parsed.fetchSource ?? fetchSource;
  ifSeqNo = parsed.ifSeqNo ?? ifSeqNo;
  ifPrimaryTerm = parsed.ifPrimaryTerm ?? ifPrimaryTerm;
  const spec: UpdateSpec = {
    ...(parsed.doc && { doc: parsed.doc }),
    ...(parsed.upsert && { upsert: parsed.upsert }),
    docAsUpsert,
    detectNoop: parsed.detectNoop ?? true,
    fetchSource,
    retryOnConflict,
  };
  return { spec, conditions: { ...(ifSeqNo !== undefined && { ifSeqNo }), ...(ifPrimaryTerm !== undefined && { ifPrimaryTerm }) }, requireAlias };
}

/** RestActions.parseVersion: the `version` parameter, else an `If-Match` header read as a bare Long.parseLong. */
function requestVersion(query: Query, ifMatch: string | string[] | undefined): bigint | undefined {
  if (query.version !== undefined || ifMatch === undefined) return longParam(query, 'version');
  const text = String(ifMatch);
  const value = /^[+-]?\d+$/.test(text) ? BigInt(text) : undefined;
  if (value === undefined || value < LONG_MIN || value > LONG_MAX) throw new ClusterError('number_format_exception', 400, `For input string: "${text}"`);
  return value;
}

/** The concurrency parameters of a single-document write, read in RestIndexAction's and RestDeleteAction's order. */
function queryConditions(query: Query, ifMatch: string | string[] | undefined): WriteConditions {
  const version = requestVersion(query, ifMatch);
  const versionType = query.version_type === undefined ? undefined : parseVersionType(query.version_type);
  const ifSeqNo = longParam(query, 'if_seq_no');
  if (ifSeqNo !== undefined) checkIfSeqNo(ifSeqNo);
  const ifPrimaryTerm = longParam(query, 'if_primary_term');
  if (ifPrimaryTerm !== undefined) checkIfPrimaryTerm(ifPrimaryTerm);
  return { ...(version !== undefined && { version }), ...(versionType && { versionType }), ...(ifSeqNo !== undefined && { ifSeqNo }), ...(ifPrimaryTerm !== undefined && { ifPrimaryTerm }) };
}

/** The operation `op_type` makes of a write to `_doc` (IndexRequest.opType) or `_create` (CreateHandler.validateOpType). */
function effectiveOp(route: 'index' | 'create', opType: string | undefined): 'index' | 'create' {
  if (opType === undefined) return route;
  const lower = opType.toLowerCase();
  if (route === 'create') {
    if (lower !== 'create') throw ClusterErrors.illegalArgument(`opType must be 'create', found: [${opType}]`);
    return 'create';
  }
  if (lower !== 'create' && lower !== 'index') throw ClusterErrors.illegalArgument(`opType must be 'create' or 'index', found: [${opType}]`);
  return lower;
}

/**
 * The metadata BulkRequestParser reads. Tessera acts on each: `routing` is stored, `pipeline` names a pipeline Tessera
 * does not have (only `_none` passes), `require_alias` and `require_data_stream` are checked, `retry_on_conflict` is
 * never needed (writes are serialised), `list_executed_pipelines` has none to list, and `dynamic_templates` name
 * mapping templates a dynamic field would use.
 */
const BULK_METADATA = new Set([
  '_index', '_id', 'routing', 'op_type', 'version', 'version_type', 'if_seq_no', 'if_primary_term', 'retry_on_conflict', 'pipeline', '_source',
  'require_alias', 'require_data_stream', 'list_executed_pipelines', 'dynamic_templates',
]);

/** An action's metadata object, checked as BulkRequestParser does: simple values of the parameters it knows. */
function bulkMetadata(meta: unknown, line: number): Record<string, unknown> {
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) {
    throw ClusterErrors.illegalArgument(`Malformed action/metadata line [${line}], expected START_OBJECT or END_OBJECT but found [${xContentToken(meta)}]`);
  }
  for (const [key, value] of Object.entries(meta)) {
    const objectAllowed = key === '_source' || key === 'dynamic_templates';
    if (Array.isArray(value) || (value !== null && typeof value === 'object' && !objectAllowed)) {
      throw ClusterErrors.illegalArgument(`Malformed action/metadata line [${line}], expected a simple value for field [${key}] but found [${xContentToken(value)}]`);
    }
    if (!BULK_METADATA.has(key)) throw ClusterErrors.illegalArgument(`Action/metadata line [${line}] contains an unknown parameter [${key}]`);
  }
  return meta as Record<string, unknown>;
}

/** A simple metadata value as text, as XContentParser.text() reads a string, number or boolean; null is absent. */
function metadataText(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : String(value);
}

/**
 * A numeric metadata value as XContentParser.longValue() reads it (coercing): a number or numeric string, a
 * fraction truncated. JSON numbers beyond 2^53 arrive already rounded by JSON.parse.
 */
function metadataLong(value: unknown): bigint | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value);
  // A string must be a Java BigDecimal (no blanks, no hex); a boolean is no number at all.
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(number)) throw ClusterErrors.illegalArgument(`For input string: "${text}"`);
  if (/^[+-]?\d+$/.test(text)) {
    const exact = BigInt(text);
    if (exact >= LONG_MIN && exact <= LONG_MAX) return exact;
  }
  if (number >= 2 ** 63 || number < -(2 ** 63)) throw ClusterErrors.illegalArgument(`Value [${text}] is out of range for a long`);
  return BigInt(Math.trunc(number));
}

/** The concurrency metadata of a bulk action, read as BulkRequestParser reads and sets it. */
function metadataConditions(meta: Record<string, unknown>): WriteConditions {
  const version = metadataLong(meta.version);
  const versionTypeText = metadataText(meta.version_type);
  const versionType = versionTypeText === undefined ? undefined : parseVersionType(versionTypeText);
  const ifSeqNo = metadataLong(meta.if_seq_no);
  const ifPrimaryTerm = metadataLong(meta.if_primary_term);
  // BulkRequestParser reads retry_on_conflict as a number whatever the action, so a malformed one fails the request.
  metadataLong(meta.retry_on_conflict);
  if (ifSeqNo !== undefined) checkIfSeqNo(ifSeqNo);
  if (ifPrimaryTerm !== undefined) checkIfPrimaryTerm(ifPrimaryTerm);
  return { ...(version !== undefined && { version }), ...(versionType && { versionType }), ...(ifSeqNo !== undefined && { ifSeqNo }), ...(ifPrimaryTerm !== undefined && { ifPrimaryTerm }) };
}

/** BulkRequestParser's refusals of an update action's metadata: versioning, and dynamic templates. */
function checkBulkUpdateMetadata(meta: Record<string, unknown>, conditions: WriteConditions, line: number): void {
  if (conditions.version !== undefined || (conditions.versionType !== undefined && conditions.versionType !== 'internal')) {
    throw ClusterErrors.illegalArgument('Update requests do not support versioning. Please use `if_seq_no` and `if_primary_term` instead');
  }
  const templates = meta.dynamic_templates;
  if (templates !== null && typeof templates === 'object' && Object.keys(templates).length > 0) {
    throw ClusterErrors.illegalArgument(`Update request in line [${line}] does not accept dynamic_templates`);
  }
}

/** A boolean metadata value as XContentParser.booleanValue reads it; null is absent. */
function metadataBoolean(value: unknown): boolean | undefined {
  if (value === null || value === undefined) return undefined;
  const flag = xContentBoolean(value);
  if (flag === undefined) throw ClusterErrors.illegalArgument(`Failed to parse value [${String(value)}] as only [true] or [false] are allowed.`);
  return flag;
}

/** What the URL of a `_bulk` request gives every action that does not say otherwise (RestBulkAction). */
interface BulkDefaults {
  readonly index?: string;
  readonly routing?: string;
  readonly pipeline?: string;
  readonly requireAlias: boolean;
  readonly requireDataStream: boolean;
  readonly fetchSource?: boolean;
}

/** The routing, pipeline and require_* options of an action: its metadata over the URL's defaults. */
function actionOptions(meta: Record<string, unknown>, defaults: BulkDefaults): Pick<WriteRequest, 'routing' | 'pipeline' | 'requireAlias' | 'requireDataStream'> {
  const routing = metadataText(meta.routing) ?? defaults.routing;
  const pipeline = metadataText(meta.pipeline) ?? defaults.pipeline;
  const requireAlias = metadataBoolean(meta.require_alias) ?? defaults.requireAlias;
  const requireDataStream = metadataBoolean(meta.require_data_stream) ?? defaults.requireDataStream;
  return { ...(routing !== undefined && { routing }), ...(pipeline !== undefined && { pipeline }), ...(requireAlias && { requireAlias }), ...(requireDataStream && { requireDataStream }) };
}

/**
 * A bulk update item: its source line read as UpdateRequest.fromXContent reads it (a malformed one fails the whole
 * request, as in ES); a script, which ES would run on the shard, fails the item alone.
 */
function bulkUpdate(target: string, id: string | undefined, metaConditions: WriteConditions, meta: Record<string, unknown>, source: unknown, defaults: BulkDefaults): WriteRequest {
  const retry = metadataLong(meta.retry_on_conflict);
  const metaSource = meta._source === undefined || meta._source === null ? defaults.fetchSource : fetchSourceOf(meta._source, 'the metadata [_source]');
  let parsed: ReturnType<typeof parseUpdateBody>;
  let refusal: ClusterError | undefined;
  const scripted = source !== null && typeof source === 'object' && !Array.isArray(source) && ('script' in source || 'scripted_upsert' in source);
  if (scripted) {
    const { script: _script, scripted_upsert: _upsert, ...rest } = source as Record<string, unknown>;
    parsed = parseUpdateBody(rest);
    refusal = scriptRefusal('script' in source ? 'script' : 'scripted_upsert');
  } else {
    parsed = parseUpdateBody(source ?? {});
  }
  const ifSeqNo = parsed.ifSeqNo ?? metaConditions.ifSeqNo;
  const ifPrimaryTerm = parsed.ifPrimaryTerm ?? metaConditions.ifPrimaryTerm;
  const update: UpdateSpec = {
    ...(parsed.doc && { doc: parsed.doc }),
    ...(parsed.upsert && { upsert: parsed.upsert }),
    docAsUpsert: parsed.docAsUpsert ?? false,
    detectNoop: parsed.detectNoop ?? true,
    fetchSource: metaSource ?? parsed.fetchSource ?? false,
    retryOnConflict: retry === undefined ? 0 : Number(retry),
  };
  return {
    op: 'update',
    target,
    ...(id !== undefined && { id }),
    conditions: { ...(ifSeqNo !== undefined && { ifSeqNo }), ...(ifPrimaryTerm !== undefined && { ifPrimaryTerm }) },
    update,
    ...(refusal && { refusal }),
    ...actionOptions(meta, defaults),
  };
}

const parsedBulks = new WeakMap<FastifyRequest, WriteRequest[] | Error>();

/**
 * A bulk request's body parsed once, for authorization (the indices it names) and for the handler alike; a body that
 * does not parse throws its error each time it is asked for.
 */
export function bulkRequestsOf(req: FastifyRequest): WriteRequest[] {
  let parsed = parsedBulks.get(req);
  if (parsed === undefined) {
    try {
      parsed = parseBulk(typeof req.body === 'string' ? req.body : '', bulkDefaults(req));
    } catch (error) {
      parsed = error as Error;
    }
    parsedBulks.set(req, parsed);
  }
  if (parsed instanceof Error) throw parsed;
  return parsed;
}

/** RestBulkAction's defaults from the URL. */
function bulkDefaults(req: FastifyRequest): BulkDefaults {
  const query = req.query as Query;
  const index = (req.params as { index?: string }).index;
  for (const key of ['_source_includes', '_source_excludes']) {
    if (query[key] !== undefined) throw ClusterErrors.illegalArgument(`Tessera's update returns the whole updated source or none: [${key}] is not supported, use _source=true`);
  }
  const fetchSource = query._source === undefined ? undefined : fetchSourceOf(query._source, 'the parameter [_source]');
  return {
    ...(index !== undefined && { index }),
    ...(query.routing !== undefined && { routing: query.routing }),
    ...(query.pipeline !== undefined && { pipeline: query.pipeline }),
    requireAlias: booleanParam(query, 'require_alias', false),
    requireDataStream: booleanParam(query, 'require_data_stream', false),
    ...(fetchSource !== undefined && { fetchSource }),
  };
}

/** Splits an NDJSON bulk body into write requests (ES's BulkRequestParser, for index, create, delete and update). */
function parseBulk(text: string, defaults: BulkDefaults): WriteRequest[] {
  const defaultIndex = defaults.index;
  const lines = text.split('\n');
  const requests: WriteRequest[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    let action: unknown;
    checkNestingDepth(line, i + 1);
    try {
      action = JSON.parse(line);
    } catch {
      throw ClusterErrors.illegalArgument(`Malformed action/metadata line [${i + 1}], expected START_OBJECT or END_OBJECT but found [VALUE_STRING]`);
    }
    if (!action || typeof action !== 'object' || Array.isArray(action) || Object.keys(action).length !== 1) {
      throw ClusterErrors.illegalArgument(`Malformed action/metadata line [${i + 1}], expected START_OBJECT but found [${Array.isArray(action) ? 'START_ARRAY' : 'VALUE'}]`);
    }
    const [op, rawMeta] = Object.entries(action as Record<string, unknown>)[0]!;
    if (op !== 'index' && op !== 'create' && op !== 'delete' && op !== 'update') {
      throw ClusterErrors.illegalArgument(`Malformed action/metadata line [${i + 1}], expected field [create], [delete], [index] or [update] but found [${op}]`);
    }
    const meta = bulkMetadata(rawMeta, i + 1);
    const target = metadataText(meta._index) ?? defaultIndex;
    if (!target) throw ClusterErrors.validation(['index is missing']);
    const id = metadataText(meta._id);
    const conditions = metadataConditions(meta);
    if (op === 'update') checkBulkUpdateMetadata(meta, conditions, i + 1);
    if (op === 'delete') {
      if (id === undefined) throw ClusterErrors.validation(['id is missing']);
      // A delete takes no pipeline and no require_* flag (DeleteRequest), only its routing.
      const routing = actionOptions(meta, defaults).routing;
      requests.push({ op, target, id, conditions, ...(routing !== undefined && { routing }) });
      continue;
    }
    const sourceLine = lines[++i];
    if (sourceLine === undefined || sourceLine.trim() === '') throw ClusterErrors.illegalArgument('The bulk request must be terminated by a newline [\\n]');
    let source: unknown;
    checkNestingDepth(sourceLine, i + 1);
    try {
      source = JSON.parse(sourceLine);
    } catch (error) {
      throw new ClusterError('x_content_parse_exception', 400, `[${i + 1}:1] ${(error as Error).message}`);
    }
    if (op === 'update') {
      requests.push(bulkUpdate(target, id, conditions, meta, source, defaults));
      continue;
    }
    // An index action with op_type "create" is a create; any other op_type leaves it an index (BulkRequestParser).
    const effective: WriteOp = op === 'index' && metadataText(meta.op_type) === 'create' ? 'create' : (op as WriteOp);
    requests.push({ op: effective, target, ...(id !== undefined && { id }), source, conditions, ...actionOptions(meta, defaults) });
  }
  return requests;
}

/**
 * The parameters every write shares, read as RestIndexAction, RestDeleteAction, RestUpdateAction and RestBulkAction
 * read them: `routing`, `timeout`, `refresh`, `wait_for_active_shards`, and for index and create `pipeline`,
 * `require_alias` and `require_data_stream` (bulk reads those as defaults for its lines instead).
 */
function writeParams(query: Query, indexing: boolean, bulk = false): { refresh: RefreshPolicy; options: Partial<WriteRequest>; activeShards: WriteOptions } {
  const refresh = refreshParam(query);
  const activeShards = activeShardsParam(query, refresh);
  const options: Partial<WriteRequest> = {};
  if (!bulk) {
    if (query.routing !== undefined && query.routing !== '') Object.assign(options, { routing: query.routing });
    if (indexing) {
      if (query.pipeline !== undefined) Object.assign(options, { pipeline: query.pipeline });
      if (booleanParam(query, 'require_alias', false)) Object.assign(options, { requireAlias: true });
      if (booleanParam(query, 'require_data_stream', false)) Object.assign(options, { requireDataStream: true });
    }
  }
  return { refresh, options, activeShards: activeShards ? { activeShards } : {} };
}

/**
 * A get's parameters as RestGetAction reads them: `refresh`, `routing`, `preference` and `realtime` (one node that
 * answers from what is committed meets them all), `fields` refused, `stored_fields` refused (no field is stored apart
 * from `_source`), the version, and `_source` filtering.
 */
function getParams(query: Query, ifMatch: string | string[] | undefined): GetOptions {
  booleanParam(query, 'refresh', false);
  booleanParam(query, 'realtime', true);
  if (query.fields !== undefined) {
    throw ClusterErrors.illegalArgument('the parameter [fields] is no longer supported, please use [stored_fields] to retrieve stored fields or [_source] to load the field from _source');
  }
  if (query.stored_fields !== undefined) throw storedFieldsRefusal('the parameter [stored_fields]');
  const version = requestVersion(query, ifMatch);
  const versionType = query.version_type === undefined ? undefined : parseVersionType(query.version_type);
  const fetch = fetchSourceParams(query);
  return {
    ...(query.routing !== undefined && { routing: query.routing }),
    ...(fetch && { fetch }),
    ...(version !== undefined && { version }),
    ...(versionType && { versionType }),
  };
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
    const op = createOp ?? effectiveOp(route, req.query.op_type);
    const request: WriteRequest = { op, target: req.params.index, ...(req.params.id !== undefined && { id: req.params.id }), source: req.body, conditions, ...options };
    const result = await documents.write(request, autoCreateCheck(req, ctx.security), activeShards);
    return sendWrite(req, reply, withForcedRefresh(result, refresh));
  };
  app.post('/:index/_doc', write('index'));
  app.put('/:index/_doc/:id', write('index'));
  app.post('/:index/_doc/:id', write('index'));
  app.put('/:index/_create/:id', write('create'));
  app.post('/:index/_create/:id', write('create'));
  app.delete<{ Params: { index: string; id: string }; Querystring: Query }>('/:index/_doc/:id', async (req, reply) => {
    const { refresh, options, activeShards } = writeParams(req.query, false);
    const request: WriteRequest = { op: 'delete', target: req.params.index, id: req.params.id, conditions: queryConditions(req.query, req.headers['if-match']), ...options };
    return sendWrite(req, reply, withForcedRefresh(await documents.write(request, undefined, activeShards), refresh));
  });
  app.post<{ Params: { index: string; id: string }; Body: unknown; Querystring: Query }>('/:index/_update/:id', async (req, reply) => {
    const { refresh, options, activeShards } = writeParams(req.query, false);
    const { spec, conditions, requireAlias } = updateRequest(req.query, req.body);
    const request: WriteRequest = { op: 'update', target: req.params.index, id: req.params.id, conditions, update: spec, ...options, ...(requireAlias && { requireAlias }) };
    const result = await documents.write(request, autoCreateCheck(req, ctx.security), activeShards);
    // A noop writes nothing, so nothing is refreshed (TransportUpdateAction answers it before any write).
    return sendWrite(req, reply, result.result === 'noop' ? result : withForcedRefresh(result, refresh));
  });
  app.get<{ Params: { index: string; id: string }; Querystring: Query }>('/:index/_doc/:id', async (req, reply) => {
    const options = getParams(req.query, req.headers['if-match']);
    const doc = await documents.get(req.params.index, req.params.id, options);
    return esSend(req, reply, doc, doc.found ? 200 : 404);
  });

  const mget = async (req: FastifyRequest<{ Params: { index?: string }; Body: unknown; Querystring: Query }>, reply: FastifyReply) => {
    const query = req.query;
    // RestMultiGetAction's order: refresh, preference, realtime, fields, stored_fields, _source, then the body.
    booleanParam(query, 'refresh', false);
    booleanParam(query, 'realtime', true);
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
    app[method]('/_mget', mget);
    app[method]('/:index/_mget', mget);
  }

  const bulk = async (req: FastifyRequest<{ Params: { index?: string }; Body: unknown; Querystring: Query }>, reply: FastifyReply) => {
    const started = performance.now();
    const { refresh, activeShards } = writeParams(req.query, false, true);
    const text = typeof req.body === 'string' ? req.body : '';
    if (text.trim() === '') throw ClusterErrors.validation(['no requests added']);
    // A bulk request holds its whole body in memory while it runs.
    checkBreakers(ctx.cluster.state, '<bulk_request>', Buffer.byteLength(text));
    const requests = bulkRequestsOf(req);
    const results = await documents.bulk(requests, autoCreateCheck(req, ctx.security), activeShards);
    const items = results.map((result, i) => {
      const op = requests[i]!.op;
      if (result instanceof ClusterError) {
        return { [op]: { _index: requests[i]!.target, _id: requests[i]!.id ?? null, status: result.status, error: errorBody(result) } };
      }
      const { status, ...rest } = withForcedRefresh(result, refresh);
      return { [op]: { ...rest, status } };
    });
    return esSend(req, reply, { errors: results.some((r) => r instanceof ClusterError), took: Math.round(performance.now() - started), items });
  };
  app.post('/_bulk', bulk);
  app.put('/_bulk', bulk);
  app.post('/:index/_bulk', bulk);
  app.put('/:index/_bulk', bulk);

  const count = async (req: FastifyRequest<{ Params: { index?: string }; Querystring: Query }>, reply: FastifyReply) => {
    checkCountsEverything(req.body, req.query);
    await documents.sync();
    const state = ctx.cluster.state;
    // SearchRequest's strictExpandOpenAndForbidClosed: a closed index named outright fails, wildcards pass it by.
    const names = resolveIndices(state, req.params.index, indicesOptionsOf(req.query, { forbidClosed: true }));
    checkBlocks(names.map((name) => state.indices.get(name)!), 'read');
    const shards = names.reduce((n, name) => n + IndexMetadata.primaryShards(state.indices.get(name)!), 0);
    const total = names.reduce((n, name) => n + documents.stats(name).docs, 0);
    return esSend(req, reply, { count: total, _shards: { total: shards, successful: shards, skipped: 0, failed: 0 } });
  };
  for (const method of ['get', 'post'] as const) {
    app[method]('/_count', count);
    app[method]('/:index/_count', count);
  }

  const refresh = async (req: FastifyRequest<{ Params: { index?: string } }>, reply: FastifyReply) => {
    const { total, successful } = shardCounts(ctx.cluster.state, resolveIndices(ctx.cluster.state, req.params.index, { forbidClosed: true }));
    // Documents are searchable as soon as they are committed, so a refresh has nothing left to do.
    return esSend(req, reply, { _shards: { total, successful, failed: 0 } });
  };
  for (const method of ['get', 'post'] as const) {
    app[method]('/_refresh', refresh);
    app[method]('/:index/_refresh', refresh);
  }

  const stats = async (req: FastifyRequest<{ Params: { index?: string } }>, reply: FastifyReply) => {
    await documents.sync();
    const state = ctx.cluster.state;
    const names = resolveIndices(state, req.params.index, { forbidClosed: true });
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
        status: 'open',
        primaries: section(docs, sizeBytes),
        total: section(docs, sizeBytes),
      };
    }
    const { total, successful } = shardCounts(state, names);
    return esSend(req, reply, {
      _shards: { total, successful, failed: 0 },
      _all: { primaries: section(allDocs, allBytes), total: section(allDocs, allBytes) },
      indices,
    });
  };
  app.get('/_stats', stats);
  app.get('/:index/_stats', stats);
}
