/**
 * @module Optimistic concurrency control on document writes, as Elasticsearch 8 has it: `if_seq_no` with
 * `if_primary_term` (compare and write), and `version` with `version_type` (internal, external, external_gte).
 * The request checks are DocWriteRequest.validateSeqNoBasedCASParams and IndexRequest.validate; the checks against
 * the stored document are InternalEngine's planIndexingAsPrimary / planDeletionAsPrimary with VersionType's rules.
 * Numbers are bigints because ES takes any Java long, and its messages repeat them exactly.
 */
import { ClusterErrors } from '../cluster-error.js';

/** ES's VersionType names as `version_type` spells them (`external_gt` is read as `external`). */
export type VersionType = 'internal' | 'external' | 'external_gte';

/** What a write asks of the document it replaces; an absent field is ES's "unassigned" default. */
export interface WriteConditions {
  readonly version?: bigint;
  readonly versionType?: VersionType;
  readonly ifSeqNo?: bigint;
  readonly ifPrimaryTerm?: bigint;
}

/** The stored document a write is checked against, or undefined when there is none. */
export interface CurrentDocument {
  readonly version: number;
  readonly seqNo: number;
}

// ES's sentinels (Versions, SequenceNumbers): a client may send them too, and then means what ES means by them.
const MATCH_ANY = -3n;
const MATCH_DELETED = -4n;
const NOT_FOUND = -1n;
const UNASSIGNED_SEQ_NO = -2n;
const UNASSIGNED_PRIMARY_TERM = 0n;

/** The largest version Tessera stores and answers exactly (a JS number); ES's own limit is Long.MAX_VALUE. */
const MAX_STORED_VERSION = BigInt(Number.MAX_SAFE_INTEGER);

/** VersionType.fromString. */
export function parseVersionType(text: string): VersionType {
  if (text === 'internal' || text === 'external' || text === 'external_gte') return text;
  if (text === 'external_gt') return 'external';
  throw ClusterErrors.illegalArgument(`No version type match [${text}]`);
}

/** IndexRequest/DeleteRequest.setIfSeqNo: negative numbers other than "unassigned" are refused as they are set. */
export function checkIfSeqNo(seqNo: bigint): bigint {
  if (seqNo < 0n && seqNo !== UNASSIGNED_SEQ_NO) throw ClusterErrors.illegalArgument(`sequence numbers must be non negative. got [${seqNo}].`);
  return seqNo;
}

/** IndexRequest/DeleteRequest.setIfPrimaryTerm. */
export function checkIfPrimaryTerm(term: bigint): bigint {
  if (term < 0n) throw ClusterErrors.illegalArgument(`primary term must be non negative. got [${term}]`);
  return term;
}

interface Resolved {
  readonly version: bigint;
  readonly versionType: VersionType;
  readonly ifSeqNo: bigint;
  readonly ifPrimaryTerm: bigint;
}

/** The conditions with ES's defaults; a create with no version means "must not exist" (resolveVersionDefaults). */
function resolve(op: 'index' | 'create' | 'delete', c: WriteConditions | undefined): Resolved {
  const version = c?.version ?? MATCH_ANY;
  return {
    version: op === 'create' && version === MATCH_ANY ? MATCH_DELETED : version,
    versionType: c?.versionType ?? 'internal',
    ifSeqNo: c?.ifSeqNo ?? UNASSIGNED_SEQ_NO,
    ifPrimaryTerm: c?.ifPrimaryTerm ?? UNASSIGNED_PRIMARY_TERM,
  };
}

/** VersionType.validateVersionForWrites. */
function validVersionForWrites(type: VersionType, version: bigint): boolean {
  return type === 'internal' ? version > 0n || version === MATCH_ANY || version === MATCH_DELETED : version >= 0n;
}

/** IndexRequest.validate's create checks: the first that fails is the only message (ES returns early). */
function createProblem(r: Resolved): string | undefined {
  if (r.versionType !== 'internal') return 'create operations only support internal versioning. use index instead';
  if (r.version !== MATCH_DELETED) return 'create operations do not support explicit versions. use index instead';
  if (r.ifSeqNo !== UNASSIGNED_SEQ_NO || r.ifPrimaryTerm !== UNASSIGNED_PRIMARY_TERM) return 'create operations do not support compare and set. use index instead';
  return undefined;
}

/** DocWriteRequest.validateSeqNoBasedCASParams, every message in ES's order. */
function casProblems(r: Resolved): string[] {
  const problems: string[] = [];
  if (!validVersionForWrites(r.versionType, r.version)) problems.push(`illegal version value [${r.version}] for version type [${r.versionType.toUpperCase()}]`);
  if (r.versionType === 'internal' && r.version !== MATCH_ANY && r.version !== MATCH_DELETED) {
    problems.push('internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead');
  }
  if (r.ifSeqNo !== UNASSIGNED_SEQ_NO && (r.versionType !== 'internal' || r.version !== MATCH_ANY)) problems.push('compare and write operations can not use versioning');
  if (r.ifPrimaryTerm === UNASSIGNED_PRIMARY_TERM && r.ifSeqNo !== UNASSIGNED_SEQ_NO) problems.push('ifSeqNo is set, but primary term is [0]');
  if (r.ifPrimaryTerm !== UNASSIGNED_PRIMARY_TERM && r.ifSeqNo === UNASSIGNED_SEQ_NO) problems.push(`ifSeqNo is unassigned, but primary term is [${r.ifPrimaryTerm}]`);
  return problems;
}

/**
 * The validation messages of one write's conditions (IndexRequest.validate or DeleteRequest.validate), empty when
 * it is valid. `hasId` is false for an index request whose id is to be generated.
 */
export function conditionProblems(op: 'index' | 'create' | 'delete', hasId: boolean, conditions: WriteConditions | undefined): string[] {
  const r = resolve(op, conditions);
  if (op === 'create') {
    const problem = createProblem(r);
    if (problem) return [problem];
  }
  const problems: string[] = [];
  if (!hasId && (r.versionType !== 'internal' || (r.version !== MATCH_DELETED && r.version !== MATCH_ANY))) {
    problems.push('an id must be provided if version type or value are set');
  }
  return [...problems, ...casProblems(r)];
}

/** Refuses an external version Tessera could not store exactly, rather than storing a different one. */
export function checkStorableVersion(conditions: WriteConditions | undefined): void {
  const version = conditions?.version;
  if (conditions?.versionType !== undefined && conditions.versionType !== 'internal' && version !== undefined && version > MAX_STORED_VERSION) {
    throw ClusterErrors.illegalArgument(`version [${version}] is above ${MAX_STORED_VERSION}, the largest version Tessera stores exactly`);
  }
}

/** VersionType.isVersionConflictForWrites. */
function versionConflict(type: VersionType, current: bigint, expected: bigint, deleted: boolean): boolean {
  if (type === 'internal') {
    if (expected === MATCH_ANY) return false;
    if (expected === MATCH_DELETED) return !deleted;
    return current !== expected;
  }
  if (current === NOT_FOUND) return false;
  if (expected === MATCH_ANY) return true;
  return type === 'external' ? current >= expected : current > expected;
}

/** VersionType.explainConflictForWrites. */
function explainVersionConflict(type: VersionType, current: bigint, expected: bigint): string {
  if (type === 'external') return `current version [${current}] is higher or equal to the one provided [${expected}]`;
  if (type === 'external_gte') return `current version [${current}] is higher than the one provided [${expected}]`;
  if (expected === MATCH_DELETED) return `document already exists (current version [${current}])`;
  if (current === NOT_FOUND) return `document does not exist (expected version [${expected}])`;
  return `current version [${current}] is different than the one provided [${expected}]`;
}

export type ConditionOutcome = { readonly conflict: string } | { readonly version: number };

/**
 * Checks a validated write against the document it would replace (`primaryTerm` is the index's): the reason of
 * ES's version_conflict_engine_exception, or the version the write gives the document.
 */
export function checkConditions(
  op: 'index' | 'create' | 'delete',
  id: string,
  conditions: WriteConditions | undefined,
  current: CurrentDocument | undefined,
  primaryTerm: number,
): ConditionOutcome {
  const r = resolve(op, conditions);
  const conflict = (why: string) => ({ conflict: `[${id}]: version conflict, ${why}` });
  if (r.ifSeqNo !== UNASSIGNED_SEQ_NO) {
    const required = `required seqNo [${r.ifSeqNo}], primary term [${r.ifPrimaryTerm}]. `;
    if (!current) return conflict(`${required}but no document was found`);
    if (BigInt(current.seqNo) !== r.ifSeqNo || BigInt(primaryTerm) !== r.ifPrimaryTerm) {
      return conflict(`${required}current document has seqNo [${current.seqNo}] and primary term [${primaryTerm}]`);
    }
  }
  const currentVersion = current ? BigInt(current.version) : NOT_FOUND;
  if (versionConflict(r.versionType, currentVersion, r.version, !current)) return conflict(explainVersionConflict(r.versionType, currentVersion, r.version));
  // VersionType.updateVersion: internal counts on from the current version, external takes the one given.
  if (r.versionType !== 'internal') return { version: Number(r.version) };
  return { version: current ? current.version + 1 : 1 };
}
