/**
 * @module Documents: index, create, update, get and delete, one at a time or in bulk. Writes go through aliases to
 * their write index, respect write blocks, auto-create missing indices (templates apply), and are committed
 * before they are acknowledged. Per-index counts and sizes are kept in memory for rollover conditions and stats.
 */
import type { Clock } from '../../platform/clock.js';
import { randomId } from '../../platform/ids.js';
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import type { ClusterService } from '../cluster-service.js';
import { ClusterState } from '../cluster-state.js';
import { DataStream, DataStreams } from '../data-stream.js';
import { IndexMetadata } from '../index-metadata.js';
import type { IndexStats } from '../operations/rollover.js';
import { VersionedCopy, type Versioned } from '../../platform/versioned-copy.js';
import { loadStats, type DocumentRepository, type DocumentWrite, type IndexDocStats, type StoredDocument } from './document-repository.js';
import { mergeSource } from './update-request.js';
import { checkConditions } from './write-conditions.js';
import { resolveDateMathName } from '../date-math-name.js';
import { unmetActiveShards } from './active-shards.js';
import { aliasRouting } from './routing.js';
import { getDocument, multiGet } from './document-reads.js';
import { followIndices } from './derived-index-stats.js';
import { PRIMARY_TERM, type ActiveShardsWait, type AutoCreateCheck, type GetOptions, type GetResult, type MultiGetFailure, type MultiGetItem, type WriteOptions, type WriteRequest, type WriteResult } from './document-requests.js';
import { checkId, checkWritable, failShortOfCopies, requireAliasMissing, validateConditions, versionConflict, type Target } from './write-checks.js';
import { writeTarget } from './write-target.js';
import { timestampRefusal } from './data-stream-writes.js';
import { mapWrites } from './document-mapping.js';
import { maxTimestampOf } from './max-timestamp.js';
import { indexDocument, NESTED_OBJECTS_LIMIT, type IndexedDocument } from '../search/document-indexer.js';
import type { JsonObject, RootMapping } from '../mappings/mapping-model.js';

const ID_LENGTH = 20;
function shards(index: IndexMetadata) {
  return { total: 1 + IndexMetadata.replicas(index), successful: 1, failed: 0 };
}

export class DocumentService {
  /** Written in place by this instance's batches (which pass through the copy's serialiser), replaced on a reload. */
  readonly #copy: VersionedCopy<Map<string, IndexDocStats>>;

  private constructor(
    private readonly repository: DocumentRepository,
    private readonly cluster: ClusterService,
    private readonly clock: Clock,
    private readonly newUuid: () => string,
    stats: Versioned<Map<string, IndexDocStats>>,
  ) {
    const source = repository.shared ? { generation: () => repository.generation(), load: () => loadStats(repository) } : undefined;
    this.#copy = new VersionedCopy(source, stats);
    cluster.onChange((after, before) => followIndices(this.#stats, after, before));
  }

  static async open(repository: DocumentRepository, cluster: ClusterService, clock: Clock, newUuid: () => string): Promise<DocumentService> {
    return new DocumentService(repository, cluster, clock, newUuid, await loadStats(repository));
  }

  get #stats(): Map<string, IndexDocStats> {
    return this.#copy.value;
  }

  readonly #writeListeners = new Set<() => Promise<void>>();

  /** Awaited after every committed batch of writes, before the writes are answered (the disk monitor re-measures). */
  onWrite(listener: () => Promise<void>): () => void {
    this.#writeListeners.add(listener);
    return () => this.#writeListeners.delete(listener);
  }

  /** The store size of every index in `state` together: the node's disk usage. */
  totalBytes(state: ClusterState = this.cluster.state): number {
    let total = 0;
    for (const [index, stats] of this.#stats) if (state.indices.has(index)) total += stats.sizeBytes;
    return total;
  }

  stats(index: string): IndexStats {
    const stats = this.#stats.get(index);
    return { docs: stats?.docs ?? 0, sizeBytes: stats?.sizeBytes ?? 0 };
  }

  /** One write; throws the ES error for a refused one. */
  async write(request: WriteRequest, mayCreate?: AutoCreateCheck, options: WriteOptions = {}): Promise<WriteResult> {
    const [result] = await this.bulk([request], mayCreate, options);
    if (result instanceof ClusterError) throw result;
    return result!;
  }

  /**
   * Waits (outside the write queue, as ES waits per shard) until every existing target can meet `wait`'s count, the
   * cluster changes so that it can, or the timeout passes; the writes then fail on the indices still short of copies.
   */
  async #awaitActiveShards(requests: readonly WriteRequest[], wait: ActiveShardsWait): Promise<void> {
    const unmet = () =>
      requests.some((r) => {
        const state = this.cluster.state;
        const dataStream = DataStreams.get(state, r.target);
        const index = dataStream
          ? state.indices.get(DataStream.writeIndex(dataStream))
          : (state.indices.get(r.target) ?? ClusterState.indicesOfAlias(state, r.target).find((i) => i.aliases[r.target]!.is_write_index !== false));
        return index !== undefined && unmetActiveShards(index, wait.count) !== undefined;
      });
    if (!unmet() || wait.timeoutMillis <= 0) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      };
      const timer = setTimeout(done, wait.timeoutMillis);
      const unsubscribe = this.cluster.onChange(() => {
        if (!unmet()) done();
      });
    });
  }

  /** Several writes, committed together; each gets its result or its error, in order (ES's _bulk). */
  async bulk(requests: readonly WriteRequest[], mayCreate?: AutoCreateCheck, options: WriteOptions = {}): Promise<(WriteResult | ClusterError)[]> {
    return (await this.bulkItems(requests, mayCreate, options)).map((item) => item.result);
  }

  /**
   * As bulk, with each item's id: a failure after the write reached its index (a mapping or version error) has the
   * id drawn for it, as ES's shard-level failures report it; one refused before has only the id it asked for.
   */
  async bulkItems(requests: readonly WriteRequest[], mayCreate?: AutoCreateCheck, options: WriteOptions = {}): Promise<{ result: WriteResult | ClusterError; id: string | undefined }[]> {
    if (options.activeShards) await this.#awaitActiveShards(requests, options.activeShards);
    // One batch at a time, in turn with reloads, so sequence numbers and versions never interleave.
    return this.#copy.change(async (current) => {
      validateConditions(requests);
      const now = this.clock.now();
      // Targets are resolved (and missing indices created) first: a cluster change cannot run inside the documents' transaction.
      const targets: (Target | ClusterError)[] = [];
      // Each missing name is created once for the batch, or fails once for every item that names it.
      const creating = { cluster: this.cluster, now, newUuid: this.newUuid, stats: (i: string) => this.stats(i), failedCreates: new Map<string, ClusterError>() };
      for (const request of requests) {
        try {
          if (request.refusal) throw request.refusal;
          // ES's order: ingest pipelines first, then require_alias, then the index itself.
          if (request.pipeline !== undefined && request.pipeline !== '_none' && (request.op === 'index' || request.op === 'create' || request.update?.upsert)) {
            throw ClusterErrors.illegalArgument(`pipeline with id [${request.pipeline}] does not exist`);
          }
          if (request.requireAlias && !ClusterState.aliasExists(this.cluster.state, request.target)) throw requireAliasMissing(request.target);
          const name = resolveDateMathName(request.target, now);
          const index = await writeTarget(creating, name, request, mayCreate);
          const routing = aliasRouting(request.routing, name, index.name === name ? undefined : index.aliases[name]);
          checkWritable(index, request.op);
          // Only ids the client chose are checked; generated ones may well start with '_' (base64url).
          if (request.id !== undefined) checkId(request.id);
          targets.push({ index, id: request.id ?? randomId(ID_LENGTH), ...(routing !== undefined && { routing }) });
        } catch (error) {
          if (!(error instanceof ClusterError)) throw error;
          targets.push(error);
        }
      }
      const ids = targets.map((t, i) => (t instanceof ClusterError ? requests[i]!.id : t.id));
      await mapWrites(this.cluster, requests, targets);
      if (options.activeShards) failShortOfCopies(requests, targets, options.activeShards);
      const committed = await this.repository.transaction(async (tx) => {
        const stats = await tx.lockStats(targets.flatMap((t) => (t instanceof ClusterError ? [] : [t.index.name])));
        const results: (WriteResult | ClusterError | undefined)[] = targets.map((t) => (t instanceof ClusterError ? t : undefined));
        const writes: DocumentWrite[] = [];
        const pending = new Map<string, StoredDocument | null>();
        const idsByIndex = new Map<string, string[]>();
        for (const target of targets) {
          if (target instanceof ClusterError) continue;
          let ids = idsByIndex.get(target.index.name);
          if (!ids) idsByIndex.set(target.index.name, (ids = []));
          ids.push(target.id);
        }
        const stored = new Map<string, Map<string, StoredDocument>>();
        for (const [index, ids] of idsByIndex) stored.set(index, await tx.getMany(index, ids));
        for (const [i, request] of requests.entries()) {
          const target = targets[i]!;
          if (target instanceof ClusterError) continue;
          const { index, id, routing } = target;
          const key = `${index.name}\u0000${id}`;
          const existing = pending.has(key) ? pending.get(key)! : stored.get(index.name)!.get(id);
          const outcome = this.#apply(request, index, stats, id, routing, existing ?? undefined);
          results[i] = outcome.result;
          if (outcome.write) {
            writes.push(outcome.write);
            pending.set(key, outcome.write.source === undefined ? null : { id, version: outcome.write.version, seqNo: outcome.write.seqNo, source: outcome.write.source, ...(outcome.write.routing !== undefined && { routing: outcome.write.routing }) });
          }
        }
        await tx.write(writes, stats);
        return { results, stats, written: writes.length > 0 };
      });
      const { results, stats, written } = committed.result;
      for (const [index, s] of stats) if (this.cluster.state.indices.has(index)) this.#stats.set(index, s);
      // Only a batch that directly follows what the copy holds keeps it current; after any other, the next sync reloads.
      if (committed.generation === current.generation + 1) this.#copy.adopt({ value: current.value, generation: committed.generation });
      if (written) for (const listener of this.#writeListeners) await listener();
      return results.map((result, i) => ({ result: result!, id: ids[i] }));
    });
  }

  /** One request against `stats` (advanced in place): its result, and the row to write if any. */
  #apply(
    request: WriteRequest,
    index: IndexMetadata,
    stats: Map<string, IndexDocStats>,
    id: string,
    routing: string | undefined,
    existing: StoredDocument | undefined,
  ): { result: WriteResult | ClusterError; write?: DocumentWrite } {
    const before = stats.get(index.name) ?? { docs: 0, sizeBytes: 0, nextSeqNo: 0 };
    const seqNo = before.nextSeqNo;
    const reply = (version: number, result: WriteResult['result'], status: number): WriteResult => ({
      _index: index.name, _id: id, _version: version, result, _shards: shards(index), _seq_no: seqNo, _primary_term: PRIMARY_TERM, status,
    });
    if (request.op === 'update') return this.#update(request, index, stats, id, routing, existing, reply);
    if (request.op !== 'delete' && (request.source === null || typeof request.source !== 'object' || Array.isArray(request.source))) {
      return { result: ClusterErrors.parse('request body is required') };
    }
    // The document is parsed before the engine looks for the stored one.
    const unstamped = request.op === 'delete' ? undefined : timestampRefusal(index, request.source as Record<string, unknown>);
    if (unstamped) return { result: unstamped };
    const outcome = checkConditions(request.op, id, request.conditions, existing, PRIMARY_TERM);
    // A refused write changes nothing, not even the sequence counter (ES plans it as skipped before one is assigned).
    if ('conflict' in outcome) return { result: versionConflict(index, outcome.conflict) };
    const { version } = outcome;
    if (request.op === 'delete') {
      if (!existing) {
        stats.set(index.name, { ...before, nextSeqNo: seqNo + 1 });
        return { result: reply(version, 'not_found', 404) };
      }
      stats.set(index.name, { docs: before.docs - 1, sizeBytes: before.sizeBytes - Buffer.byteLength(existing.source), nextSeqNo: seqNo + 1 });
      return { result: reply(version, 'deleted', 200), write: { index: index.name, id, source: undefined, seqNo, version } };
    }
    const indexed = this.#indexed(index.name, request.source as JsonObject);
    if (indexed instanceof ClusterError) return { result: indexed };
    const source = JSON.stringify(request.source);
    const sizeDelta = Buffer.byteLength(source) - (existing ? Buffer.byteLength(existing.source) : 0);
    stats.set(index.name, { docs: before.docs + (existing ? 0 : 1), sizeBytes: before.sizeBytes + sizeDelta, nextSeqNo: seqNo + 1 });
    return { result: reply(version, existing ? 'updated' : 'created', existing ? 200 : 201), write: { index: index.name, id, source, seqNo, version, indexed, ...(routing !== undefined && { routing }) } };
  }

  /**
   * An update (UpdateHelper.prepare): `doc` merged into the stored source, or the upsert stored when there is none;
   * a merge that changes nothing is a noop that writes nothing and takes no sequence number.
   */
  #update(
    request: WriteRequest,
    index: IndexMetadata,
    stats: Map<string, IndexDocStats>,
    id: string,
    routing: string | undefined,
    existing: StoredDocument | undefined,
    reply: (version: number, result: WriteResult['result'], status: number) => WriteResult,
  ): { result: WriteResult | ClusterError; write?: DocumentWrite } {
    const spec = request.update!;
    const before = stats.get(index.name) ?? { docs: 0, sizeBytes: 0, nextSeqNo: 0 };
    const seqNo = before.nextSeqNo;
    // The document is read with the request's if_seq_no/if_primary_term: a stale pair conflicts, a missing one is missing.
    if (existing && request.conditions?.ifSeqNo !== undefined) {
      const outcome = checkConditions('index', id, request.conditions, existing, PRIMARY_TERM);
      if ('conflict' in outcome) return { result: versionConflict(index, outcome.conflict) };
    }
    const withGet = (result: WriteResult, source: unknown): WriteResult =>
      spec.fetchSource ? { ...result, get: { _seq_no: result._seq_no, _primary_term: PRIMARY_TERM, found: true, _source: source } } : result;
    let document: Record<string, unknown>;
    if (!existing) {
      const upsert = spec.docAsUpsert ? spec.doc : spec.upsert;
      if (!upsert) return { result: new ClusterError('document_missing_exception', 404, `[${id}]: document missing`, { index_uuid: index.uuid, shard: '0', index: index.name }) };
      document = upsert;
    } else {
      document = JSON.parse(existing.source) as Record<string, unknown>;
      const changed = mergeSource(document, spec.doc ?? {}, spec.detectNoop);
      if (spec.detectNoop && !changed) {
        const noop: WriteResult = {
          _index: index.name, _id: id, _version: existing.version, result: 'noop', _shards: { total: 0, successful: 0, failed: 0 },
          _seq_no: existing.seqNo, _primary_term: PRIMARY_TERM, status: 200,
        };
        return { result: withGet(noop, document) };
      }
    }
    const unstamped = timestampRefusal(index, document);
    if (unstamped) return { result: unstamped };
    const indexed = this.#indexed(index.name, document as JsonObject);
    if (indexed instanceof ClusterError) return { result: indexed };
    const source = JSON.stringify(document);
    const version = existing ? existing.version + 1 : 1;
    const sizeDelta = Buffer.byteLength(source) - (existing ? Buffer.byteLength(existing.source) : 0);
    stats.set(index.name, { docs: before.docs + (existing ? 0 : 1), sizeBytes: before.sizeBytes + sizeDelta, nextSeqNo: seqNo + 1 });
    const result = reply(version, existing ? 'updated' : 'created', existing ? 200 : 201);
    // UpdateHelper keeps the stored document's routing; an upsert takes the request's.
    const kept = existing ? existing.routing : routing;
    return { result: withGet(result, document), write: { index: index.name, id, source, seqNo, version, indexed, ...(kept !== undefined && { routing: kept }) } };
  }

  /**
   * What `source` puts in the search index, read with the mapping as the batch's own new fields left it; the error of
   * a document the index refuses (more nested objects than `index.mapping.nested_objects.limit`).
   */
  #indexed(index: string, source: JsonObject): IndexedDocument | ClusterError {
    const metadata = this.cluster.state.indices.get(index);
    const limit = Number(metadata?.settings['index.mapping.nested_objects.limit'] ?? NESTED_OBJECTS_LIMIT);
    try {
      return indexDocument((metadata?.mappings ?? {}) as RootMapping, source, limit);
    } catch (error) {
      if (error instanceof ClusterError) return error;
      throw error;
    }
  }

  /**
   * Catches up with the counts and sizes other instances' writes changed; a no-op on a store this instance owns.
   * `stored`: the stored generation, when the caller has already read it.
   */
  sync(stored?: number): Promise<void> {
    return this.#copy.sync(stored);
  }

  /** The newest `@timestamp` of `index`'s documents in epoch milliseconds, 0 when it has none (DataStreamsStatsAction). */
  async maxTimestamp(index: string): Promise<number> {
    return maxTimestampOf(await this.repository.sources(index));
  }

  /** One document (ES's GET), its source filtered as `options.fetch` asks. */
  async get(target: string, id: string, options: GetOptions = {}): Promise<GetResult> {
    return getDocument(this.repository, this.cluster.state, resolveDateMathName(target, this.clock.now()), id, options);
  }

  /** Several documents (ES's _mget): each its own answer, or its own failure (a missing index fails only its items). */
  async mget(items: readonly MultiGetItem[]): Promise<(GetResult | MultiGetFailure)[]> {
    return multiGet(items, (item) => this.get(item.index, item.id, item));
  }
}
