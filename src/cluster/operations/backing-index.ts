/**
 * @module An existing index made a backing index (MetadataMigrateToDataStreamService.prepareBackingIndex), as
 * `_modify` adds one and `_migrate` turns an alias's indices into them: hidden, and its mapping given
 * `_data_stream_timestamp`, which requires `@timestamp` mapped as a date.
 */
import { ClusterErrors } from '../cluster-error.js';
import { IndexMetadata } from '../index-metadata.js';
import { mergedMapping } from '../mappings/index-mappings.js';
import type { RootMapping } from '../mappings/mapping-model.js';
import { readMappings } from '../mappings/parse-mappings.js';

const TIMESTAMP_META = Object.freeze({ _data_stream_timestamp: { enabled: true } });

/** The index as a backing index; `removeAlias`: the alias a migration turns into the stream. */
export function prepareBackingIndex(index: IndexMetadata, removeAlias?: string): IndexMetadata {
  if (Object.keys(index.mappings).length === 0) throw ClusterErrors.illegalArgument(`backing index [${index.name}] must have mappings for a timestamp field`);
  const mappings = mergedMapping(index.mappings as RootMapping, readMappings(TIMESTAMP_META), index.settings);
  const aliases = { ...index.aliases };
  if (removeAlias !== undefined) delete aliases[removeAlias];
  return IndexMetadata.with(index, { mappings: Object.freeze(mappings), aliases, settings: { ...index.settings, 'index.hidden': 'true' } });
}
