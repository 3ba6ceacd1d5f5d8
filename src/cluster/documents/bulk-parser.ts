/**
 * @module A `_bulk` body as ES's BulkRequestParser reads it: NDJSON action and source lines, each action's metadata
 * checked and applied over the defaults the URL gives.
 */
import { LONG_MAX, LONG_MIN } from '../../platform/units/index.js';
import { xContentBoolean, xContentToken } from '../../platform/xcontent.js';
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import { checkNestingDepth } from '../xcontent-limits.js';
import type { WriteOp, WriteRequest } from './document-requests.js';
import { fetchSourceOf, parseUpdateBody, scriptRefusal, type UpdateSpec } from './update-request.js';
import { checkIfPrimaryTerm, checkIfSeqNo, parseVersionType, type WriteConditions } from './write-conditions.js';

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
export interface BulkDefaults {
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

/** Splits an NDJSON bulk body into write requests (ES's BulkRequestParser, for index, create, delete and update). */
export function parseBulk(text: string, defaults: BulkDefaults): WriteRequest[] {
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
    const templates = meta.dynamic_templates;
    const dynamicTemplates = templates !== null && typeof templates === 'object' ? Object.fromEntries(Object.entries(templates).map(([k, v]) => [k, String(v)])) : undefined;
    requests.push({ op: effective, target, ...(id !== undefined && { id }), source, conditions, ...actionOptions(meta, defaults), ...(dynamicTemplates && { dynamicTemplates }) });
  }
  return requests;
}
