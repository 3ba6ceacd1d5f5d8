/**
 * @module The update API's request, as Elasticsearch 8 reads and validates it: the body members of UpdateRequest's
 * ObjectParser (`doc`, `upsert`, `doc_as_upsert`, `detect_noop`, `_source`, `if_seq_no`, `if_primary_term`), the checks
 * of UpdateRequest.validate, and XContentHelper.update's recursive merge of `doc` into the stored source.
 * Tessera has no scripting, so `script` and `scripted_upsert` are refused rather than ignored.
 */
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import { checkIfPrimaryTerm, checkIfSeqNo, conditionProblems, type WriteConditions } from './write-conditions.js';
import { unknownFieldMessage, xContentToken } from '../../platform/xcontent.js';

type JsonObject = Record<string, unknown>;

/** What an update asks besides its target, id and conditions. */
export interface UpdateSpec {
  /** The partial document merged into the stored one. */
  readonly doc?: JsonObject;
  /** The document stored as is when none exists. */
  readonly upsert?: JsonObject;
  readonly docAsUpsert: boolean;
  readonly detectNoop: boolean;
  /** Whether the response carries the updated source in `get`. */
  readonly fetchSource: boolean;
  /** `retry_on_conflict`; writes are serialised, so a retry is never needed, but ES validates it. */
  readonly retryOnConflict: number;
}

const PARSER = 'UpdateRequest';
const FIELDS = ['script', 'scripted_upsert', 'upsert', 'doc', 'doc_as_upsert', 'detect_noop', '_source', 'if_seq_no', 'if_primary_term'];

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function unsupportedType(field: string, value: unknown): ClusterError {
  return ClusterErrors.xContentParse(`[${PARSER}] ${field} doesn't support values of type: ${xContentToken(value)}`);
}

/** ObjectParser's declareBoolean: a JSON boolean, or the strings "true" and "false" (parser.booleanValue()). */
function booleanField(field: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  if (typeof value === 'string' || typeof value === 'number') throw ClusterErrors.xContentParse(`[${PARSER}] failed to parse field [${field}]`);
  throw unsupportedType(field, value);
}

/** ObjectParser's declareLong: a number or numeric string, a fraction truncated. */
function longField(field: string, value: unknown): bigint {
  if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 2 ** 63) return BigInt(Math.trunc(value));
  if (typeof value === 'string' && /^[+-]?\d+$/.test(value)) {
    const exact = BigInt(value);
    if (exact >= -(2n ** 63n) && exact < 2n ** 63n) return exact;
  }
  if (typeof value === 'string' || typeof value === 'number') throw ClusterErrors.xContentParse(`[${PARSER}] failed to parse field [${field}]`);
  throw unsupportedType(field, value);
}

/** `_source` as Tessera supports it on updates: the whole updated source or none, never a filtered one. */
export function fetchSourceOf(value: unknown, where: string): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw ClusterErrors.illegalArgument(
    `Tessera's update returns the whole updated source or none: ${where} takes true or false, not source filtering [${typeof value === 'string' ? value : JSON.stringify(value)}]`,
  );
}

/** The refusal of a scripted update: Tessera runs no scripts, and says what it does instead. */
export function scriptRefusal(field: string): ClusterError {
  return ClusterErrors.illegalArgument(
    `[${PARSER}] [${field}] is not supported: Tessera has no scripting. Update with [doc] (merged into the stored document), [upsert], [doc_as_upsert] and [detect_noop]`,
  );
}

export interface ParsedUpdateBody {
  readonly doc?: JsonObject;
  readonly upsert?: JsonObject;
  readonly docAsUpsert?: boolean;
  readonly detectNoop?: boolean;
  readonly fetchSource?: boolean;
  readonly ifSeqNo?: bigint;
  readonly ifPrimaryTerm?: bigint;
}

/**
 * UpdateRequest.fromXContent on a parsed JSON body: unknown members refused as its ObjectParser refuses them, members
 * of the wrong type with its messages, and scripts refused. A later duplicate member wins, as in ES.
 */
export function parseUpdateBody(body: unknown): ParsedUpdateBody {
  // RestRequest.applyContentParser parses nothing without a body: validation then finds no doc.
  if (body === undefined) return {};
  if (!isObject(body)) throw ClusterErrors.xContentParse(`[${PARSER}] Expected START_OBJECT but was: ${xContentToken(body)}`);
  const parsed: { -readonly [K in keyof ParsedUpdateBody]: ParsedUpdateBody[K] } = {};
  for (const [field, value] of Object.entries(body)) {
    switch (field) {
      case 'script':
      case 'scripted_upsert':
        throw scriptRefusal(field);
      case 'doc':
      case 'upsert':
        if (!isObject(value)) throw unsupportedType(field, value);
        parsed[field] = value;
        break;
      case 'doc_as_upsert':
        parsed.docAsUpsert = booleanField(field, value);
        break;
      case 'detect_noop':
        parsed.detectNoop = booleanField(field, value);
        break;
      case '_source':
        parsed.fetchSource = fetchSourceOf(value, 'the body member [_source]');
        break;
      case 'if_seq_no':
        parsed.ifSeqNo = checkIfSeqNo(longField(field, value));
        break;
      case 'if_primary_term':
        parsed.ifPrimaryTerm = checkIfPrimaryTerm(longField(field, value));
        break;
      default:
        throw ClusterErrors.xContentParse(unknownFieldMessage(PARSER, field, FIELDS));
    }
  }
  return parsed;
}

/** UpdateRequest.validate's messages (after the id and CAS checks shared with index requests), in ES's order. */
export function updateProblems(hasId: boolean, conditions: WriteConditions | undefined, spec: UpdateSpec): string[] {
  const problems: string[] = [];
  if (!hasId) problems.push('id is missing');
  problems.push(...conditionProblems('index', true, conditions));
  if (conditions?.ifSeqNo !== undefined && conditions.ifSeqNo !== -2n) {
    if (spec.retryOnConflict > 0) problems.push('compare and write operations can not be retried');
    if (spec.docAsUpsert) problems.push('compare and write operations can not be used with upsert');
    if (spec.upsert) problems.push("upsert requests don't support `if_seq_no` and `if_primary_term`");
  }
  if (!spec.doc) problems.push('script or doc is missing');
  if (!spec.doc && spec.docAsUpsert) problems.push('doc must be specified if doc_as_upsert is enabled');
  return problems;
}

/** Java's Objects.equals on parsed JSON: deep, order-sensitive for arrays, not for object members. */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
}

/** Sets an own member, even one named `__proto__` (JSON.parse makes those own members too). */
function put(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * XContentHelper.update: merges `changes` into `source` in place (objects merged recursively, other values replaced)
 * and says whether anything changed; with `checkUnequal` false every change counts as one.
 */
export function mergeSource(source: JsonObject, changes: JsonObject, checkUnequal: boolean): boolean {
  let modified = false;
  for (const [key, value] of Object.entries(changes)) {
    if (!Object.hasOwn(source, key)) {
      put(source, key, value);
      modified = true;
      continue;
    }
    const old = source[key];
    if (isObject(old) && isObject(value)) {
      modified = mergeSource(old, value, checkUnequal && !modified) || modified;
      continue;
    }
    put(source, key, value);
    if (modified) continue;
    modified = !checkUnequal || !deepEqual(old, value);
  }
  return modified;
}
