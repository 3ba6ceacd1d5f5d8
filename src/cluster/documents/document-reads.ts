/** @module Reading documents as ES's GET and _mget do: through an alias to its one index, with routing, blocks and versions checked. */
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import { blockedAt, checkOpen } from '../cluster-errors-blocks.js';
import { ClusterState } from '../cluster-state.js';
import type { IndexMetadata } from '../index-metadata.js';
import type { GetOptions, GetResult, MultiGetFailure, MultiGetItem } from './document-requests.js';
import { PRIMARY_TERM } from './document-requests.js';
import type { DocumentRepository } from './document-repository.js';
import { aliasRouting } from './routing.js';
import { FETCH_WHOLE_SOURCE, filterSource } from './source-filter.js';
import { versionConflict } from './write-checks.js';

/** The index a read of `name` reaches: the index itself, or an alias's one index. */
function readIndex(state: ClusterState, name: string): { index: IndexMetadata; alias?: string } {
  const index = state.indices.get(name);
  if (index) return { index };
  const aliased = ClusterState.indicesOfAlias(state, name);
  if (aliased.length === 0) throw ClusterErrors.indexNotFound(name);
  if (aliased.length > 1) {
    throw ClusterErrors.illegalArgument(`alias [${name}] has more than one index associated with it [${aliased.map((i) => i.name).sort().join(', ')}], can't execute a single index op`);
  }
  return { index: aliased[0]!, alias: name };
}

/** One document (ES's GET) of `name`, a resolved index or alias name. */
export async function getDocument(repository: DocumentRepository, state: ClusterState, name: string, id: string, options: GetOptions = {}): Promise<GetResult> {
  const { index, alias } = readIndex(state, name);
  aliasRouting(options.routing, alias ?? index.name, alias === undefined ? undefined : index.aliases[alias]);
  // TransportSingleShardAction resolves the index (closed ones refused) before it checks the read block.
  checkOpen(index);
  const blocked = blockedAt(index, 'read');
  if (blocked) throw blocked;
  const doc = await repository.get(index.name, id);
  if (!doc) return { _index: index.name, _id: id, found: false };
  // VersionType.isVersionConflictForReads: every version type asks for exactly the version given.
  if (options.version !== undefined && options.version !== -3n && BigInt(doc.version) !== options.version) {
    throw versionConflict(index, `[${id}]: version conflict, current version [${doc.version}] is different than the one provided [${options.version}]`);
  }
  const fetch = options.fetch ?? FETCH_WHOLE_SOURCE;
  return {
    _index: index.name,
    _id: id,
    _version: doc.version,
    _seq_no: doc.seqNo,
    _primary_term: PRIMARY_TERM,
    ...(doc.routing !== undefined && { _routing: doc.routing }),
    found: true,
    ...(fetch.fetch && { _source: filterSource(JSON.parse(doc.source), fetch) }),
  };
}

/** Several documents (ES's _mget): each its own answer, or its own failure (a missing index fails only its items). */
export async function multiGet(items: readonly MultiGetItem[], get: (item: MultiGetItem) => Promise<GetResult>): Promise<(GetResult | MultiGetFailure)[]> {
  const results: (GetResult | MultiGetFailure)[] = [];
  for (const item of items) {
    try {
      results.push(await get(item));
    } catch (error) {
      if (!(error instanceof ClusterError)) throw error;
      results.push({ _index: item.index, _id: item.id, error });
    }
  }
  return results;
}
