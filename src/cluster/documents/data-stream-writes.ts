/**
 * @module The rules of writing to a data stream, as ES's BulkOperation and DataStreamTimestampFieldMapper apply them:
 * a data stream takes only appends (op_type create) through its name, with custom routing only when its template
 * allows it; its backing indices take updates and deletes but no appends; and every document it holds has one
 * `@timestamp`.
 */
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import { DataStream, DEFAULT_TIMESTAMP_FIELD } from '../data-stream.js';
import type { IndexMetadata } from '../index-metadata.js';
import { locationOf } from '../mappings/json-location.js';
import { MappingErrors } from '../mappings/mapping-errors.js';
import type { WriteRequest } from './document-requests.js';

/** BulkOperation.validateWriteIndex, then TransportBulkAction.prohibitCustomRoutingOnDataStream: the stream's write index. */
export function dataStreamWriteIndex(dataStream: DataStream, request: WriteRequest): string {
  if (request.op !== 'create') throw ClusterErrors.illegalArgument('only write ops with an op_type of create are allowed in data streams');
  // IndexRequest.routing keeps an empty routing as none.
  if (request.routing !== undefined && request.routing !== '' && !dataStream.allow_custom_routing) {
    throw ClusterErrors.illegalArgument(
      `index request targeting data stream [${dataStream.name}] specifies a custom routing but the [allow_custom_routing] setting was not enabled in the data stream's template.`,
    );
  }
  return DataStream.writeIndex(dataStream);
}

/**
 * TransportBulkAction.prohibitAppendWritesInBackingIndices: an append names the stream, not a backing index. An index
 * with if_seq_no/if_primary_term replaces a document it read, which is allowed, as updates and deletes are.
 */
export function checkBackingIndexWrite(dataStream: DataStream, request: WriteRequest): void {
  if (request.op === 'create') {
    throw ClusterErrors.illegalArgument(`index request with op_type=create targeting backing indices is disallowed, target corresponding data stream [${dataStream.name}] instead`);
  }
  if (request.op === 'index' && request.conditions?.ifSeqNo === undefined && request.conditions?.ifPrimaryTerm === undefined) {
    throw ClusterErrors.illegalArgument(
      `index request with op_type=index and no if_primary_term and if_seq_no set targeting backing indices is disallowed, target corresponding data stream [${dataStream.name}] instead`,
    );
  }
}

/** The values a field is indexed with: null and empty arrays index nothing. */
function indexedValues(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value.flatMap(indexedValues) : [value];
}

/**
 * DataStreamTimestampFieldMapper.postParse, which runs once the document is parsed (so a malformed date has already
 * failed as the date field's own error): the document of a backing index needs exactly one `@timestamp`. Undefined
 * when `document` may be written to `index`; DocumentParser wraps the refusal with where the parser stopped, the
 * document's end.
 */
export function timestampRefusal(index: IndexMetadata, document: Record<string, unknown>): ClusterError | undefined {
  const meta = (index.mappings as { _data_stream_timestamp?: { enabled?: unknown } })._data_stream_timestamp;
  if (meta?.enabled !== true) return undefined;
  const values = indexedValues(document[DEFAULT_TIMESTAMP_FIELD]);
  if (values.length === 1) return undefined;
  const reason = `data stream timestamp field [${DEFAULT_TIMESTAMP_FIELD}] ${values.length === 0 ? 'is missing' : 'encountered multiple values'}`;
  return MappingErrors.document(`[${locationOf(document as never, [], true)}] failed to parse: ${reason}`, ClusterErrors.illegalArgument(reason));
}
