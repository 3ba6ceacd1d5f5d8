/**
 * @module The checks a write meets before it runs, as ES makes them: an open, writable index, a valid id, valid
 * conditions, `require_alias` and `require_data_stream`, enough active shard copies; and the words ES's errors use
 * for them (version conflicts, shard-level requests).
 */
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import { blockedAt, checkOpen } from '../cluster-errors-blocks.js';
import type { IndexMetadata } from '../index-metadata.js';
import { activeShardsFailure, unmetActiveShards } from './active-shards.js';
import type { ActiveShardsWait, WriteOp, WriteRequest } from './document-requests.js';
import { updateProblems } from './update-request.js';
import { checkStorableVersion, conditionProblems } from './write-conditions.js';

/**
 * ES's refusal of a write to a closed or write-blocked index; a delete passes the flood-stage block, which exists to
 * let space be freed.
 */
export function checkWritable(index: IndexMetadata, op: WriteOp): void {
  checkOpen(index);
  const blocked = blockedAt(index, 'write', (b) => op === 'delete' && b.name === 'read_only_allow_delete');
  if (blocked) throw blocked;
}

export function checkId(id: string): void {
  // IndexRouting.process: an empty id is not "no id" (which draws one).
  if (id === '') throw ClusterErrors.illegalArgument('if _id is specified it must not be empty');
  if (Buffer.byteLength(id) > 512) {
    throw ClusterErrors.validation([`id [${id}] is too long, must be no longer than 512 bytes but was: ${Buffer.byteLength(id)}`]);
  }
  if (id.startsWith('_')) throw ClusterErrors.validation([`id [${id}] cannot start with '_'`]);
  // PostgreSQL text cannot hold U+0000, so no store takes it.
  if (id.includes('\u0000')) throw ClusterErrors.validation([`id [${id.replaceAll('\u0000', '\\u0000')}] must not contain the null character`]);
}

/** A version conflict as ES reports it, with the index it happened in. */
export function versionConflict(index: IndexMetadata, reason: string): ClusterError {
  return new ClusterError('version_conflict_engine_exception', 409, reason, { index_uuid: index.uuid, shard: '0', index: index.name });
}

/**
 * Validates every request's conditions before anything runs, as BulkRequest.validate does: one invalid item refuses
 * the whole request with all items' messages, and no index is created for it.
 */
export function validateConditions(requests: readonly WriteRequest[]): void {
  const problems = requests.flatMap((r) =>
    r.refusal ? [] : r.op === 'update' ? updateProblems(r.id !== undefined && r.id !== '', r.conditions, r.update!) : conditionProblems(r.op, r.id !== undefined, r.conditions),
  );
  if (problems.length > 0) throw ClusterErrors.validation(problems);
  for (const request of requests) checkStorableVersion(request.conditions);
}

/** A write's resolved target: the concrete index, the document's id (drawn when the request has none) and its routing. */
export interface Target {
  readonly index: IndexMetadata;
  readonly id: string;
  readonly routing?: string;
}

/** ES's refusal of a `require_alias` write to a name that is no alias. */
export function requireAliasMissing(target: string): ClusterError {
  return new ClusterError('index_not_found_exception', 404, `no such index [${target}] and [require_alias] request flag is [true] and [${target}] is not an alias`, {
    index_uuid: '_na_',
    index: target,
  });
}

/** Fails, as one shard request each, the writes to indices that cannot meet `wait`'s count of active copies. */
export function failShortOfCopies(requests: readonly WriteRequest[], targets: (Target | ClusterError)[], wait: ActiveShardsWait): void {
  const byIndex = new Map<string, number[]>();
  for (const [i, target] of targets.entries()) {
    if (target instanceof ClusterError || unmetActiveShards(target.index, wait.count) === undefined) continue;
    byIndex.set(target.index.name, [...(byIndex.get(target.index.name) ?? []), i]);
  }
  for (const positions of byIndex.values()) {
    const { index } = targets[positions[0]!] as Target;
    const items = positions.map((i) => describeRequest(requests[i]!, index.name, (targets[i] as Target).id));
    const refresh = wait.refresh === 'true' ? ' and a refresh' : wait.refresh === 'wait_for' ? ' blocking until refresh' : '';
    const shardRequest = `BulkShardRequest [[${index.name}][0]] containing [${items.length > 1 ? `${items.length}] requests` : `${items[0]}]`}${refresh}`;
    const failure = activeShardsFailure(index, unmetActiveShards(index, wait.count)!, wait.timeoutText, shardRequest);
    for (const i of positions) targets[i] = failure;
  }
}

/** ES's IndexRequest.toString's source: the JSON, or its size when longer than 2 KiB. */
export function describeSource(source: unknown): string {
  const json = JSON.stringify(source);
  const length = Buffer.byteLength(json);
  const size = (bytes: number) => (bytes >= 1024 ? `${Number((Math.round((bytes / 1024) * 10) / 10).toFixed(1))}kb` : `${bytes}b`);
  return length > 2048 ? `n/a, actual length: [${size(length)}], max length: ${size(2048)}` : json;
}

/** A shard-level write as ES's IndexRequest, DeleteRequest and UpdateRequest print themselves in error reasons. */
export function describeRequest(request: WriteRequest, index: string, id: string): string {
  if (request.op === 'delete') return `delete {[${index}][${id}]}`;
  if (request.op !== 'update') return `index {[${index}][${id}], source[${describeSource(request.source)}]}`;
  const spec = request.update!;
  const doc = spec.doc === undefined ? '' : `, doc[index {[null][null], source[${describeSource(spec.doc)}]}]`;
  const upsert = spec.upsert === undefined ? '' : `, upsert[index {[null][null], source[${describeSource(spec.upsert)}]}]`;
  return `update {[${index}][${id}], doc_as_upsert[${spec.docAsUpsert}]${doc}${upsert}, scripted_upsert[false], detect_noop[${spec.detectNoop}]}`;
}
