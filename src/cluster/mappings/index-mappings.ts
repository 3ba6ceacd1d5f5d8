/** @module An index's mapping changed as ES's MapperService.merge changes it, with the checks of the merged whole. */
import { ClusterErrors } from '../cluster-error.js';
import { IndexMetadata } from '../index-metadata.js';
import { isJsonObject, propertiesOf, type RootMapping } from './mapping-model.js';
import { readMappings } from './parse-mappings.js';
import { checkAliases, checkDepthLimit, checkFieldLimit, DEPTH_LIMIT, mergeMappings, TOTAL_FIELDS_LIMIT, type MergeReason } from './merge-mappings.js';

const DEFAULT_FIELDS_LIMIT = 1000;
const DEFAULT_DEPTH_LIMIT = 20;

export function fieldsLimitOf(settings: Readonly<Record<string, string>>): number {
  const value = settings[TOTAL_FIELDS_LIMIT];
  return value === undefined ? DEFAULT_FIELDS_LIMIT : Number(value);
}

/** The mapping `index` has after `incoming` (already parsed) is merged in; throws ES's conflict or limit error. */
export function mergedMapping(
  current: RootMapping,
  incoming: RootMapping,
  settings: Readonly<Record<string, string>>,
  reason: MergeReason = 'update',
  newFields?: number,
): RootMapping {
  const merged = mergeMappings(current, incoming, reason);
  checkFieldLimit(merged, fieldsLimitOf(settings), newFields);
  checkDepthLimit(merged, settings[DEPTH_LIMIT] === undefined ? DEFAULT_DEPTH_LIMIT : Number(settings[DEPTH_LIMIT]));
  checkAliases(merged);
  checkDataStreamTimestamp(merged);
  return merged;
}

export function withMapping(index: IndexMetadata, mapping: RootMapping): IndexMetadata {
  return IndexMetadata.with(index, { mappings: Object.freeze(mapping) });
}

/**
 * The mapping of a new index: each source (a template's mappings, then the request's) read and merged over the ones
 * before it, as MetadataCreateIndexService has MapperService merge them (INDEX_TEMPLATE).
 */
export function composeMappings(sources: readonly unknown[], settings: Readonly<Record<string, string>>): RootMapping {
  let mapping: RootMapping = {};
  for (const source of sources) mapping = mergeMappings(mapping, readMappings(source), 'template');
  return mergedMapping({}, mapping, settings, 'template');
}

/** DataStreamTimestampFieldMapper.validate: a backing index's `@timestamp` is an indexed date with doc values, no fallback. */
function checkDataStreamTimestamp(mapping: RootMapping): void {
  const meta = mapping._data_stream_timestamp;
  if (!isJsonObject(meta) || meta.enabled !== true) return;
  const fail = (why: string): never => {
    throw ClusterErrors.illegalArgument(`data stream timestamp field [@timestamp] ${why}`);
  };
  const field = propertiesOf(mapping)['@timestamp'];
  if (field === undefined) fail('does not exist');
  const type = typeof field!.type === 'string' ? field!.type : 'object';
  if (type !== 'date' && type !== 'date_nanos') fail(`is of type [${type}], but [date,date_nanos] is expected`);
  if (field!.index === false) fail('is not indexed');
  if (field!.doc_values === false) fail("doesn't have doc values");
  if (field!.null_value !== undefined && field!.null_value !== null) fail('has disallowed [null_value] attribute specified');
  if (field!.ignore_malformed === true) fail('has disallowed [ignore_malformed] attribute specified');
}
