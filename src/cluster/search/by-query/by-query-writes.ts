/**
 * @module The write each action makes of a document its scan read: `_delete_by_query` deletes it, `_update_by_query`
 * indexes its source again (a new version, as with no script), both naming the sequence number read
 * (if_seq_no/if_primary_term) so a change since is a version conflict; `_reindex` indexes it into `dest` with its
 * routing as `dest.routing` says, and with `version_type: external` its version (ReindexRequest's semantics).
 */
import { PRIMARY_TERM, type WriteRequest } from '../../documents/document-requests.js';
import type { ScanHit } from '../search-service.js';
import type { ReindexRequest } from './reindex-request.js';

const readAt = (hit: ScanHit) => ({ ifSeqNo: BigInt(hit.seqNo), ifPrimaryTerm: BigInt(PRIMARY_TERM) });

export function deleteWrite(hit: ScanHit): WriteRequest {
  return { op: 'delete', target: hit.index, id: hit.id, conditions: readAt(hit), ...(hit.routing !== undefined && { routing: hit.routing }) };
}

export function reindexInPlaceWrite(hit: ScanHit): WriteRequest {
  return { op: 'index', target: hit.index, id: hit.id, source: JSON.parse(hit.source), conditions: readAt(hit), ...(hit.routing !== undefined && { routing: hit.routing }) };
}

export function reindexWrite(dest: ReindexRequest['dest']): (hit: ScanHit) => WriteRequest {
  return (hit) => {
    const routing = dest.routing.kind === 'keep' ? hit.routing : dest.routing.kind === 'set' ? dest.routing.value : undefined;
    return {
      op: dest.opType,
      target: dest.index,
      id: hit.id,
      source: JSON.parse(hit.source),
      ...(routing !== undefined && { routing }),
      ...(dest.versionType !== 'internal' && { conditions: { version: BigInt(hit.version), versionType: dest.versionType } }),
      ...(dest.pipeline !== undefined && { pipeline: dest.pipeline }),
    };
  };
}

/** AbstractBulkByScrollRequest.searchToString: the indices as `Arrays.toString` writes them. */
export function indicesText(indices: readonly string[]): string {
  return indices.length === 0 ? '[all indices]' : `[${indices.join(', ')}]`;
}
