/** @module The cluster module's public surface. */
export { ClusterError, ClusterErrors } from './cluster-error.js';
export { ClusterService, type ClusterChange, type ClusterListener } from './cluster-service.js';
export { ClusterState } from './cluster-state.js';
export { IndexMetadata, type AliasMetadata, type RolloverInfo } from './index-metadata.js';
export type { ComposableTemplate, DataStreamTemplate } from './index-template.js';
export { resolveIndices, resolveIndicesInTurns, isAllExpression, parseExpandWildcards, type ResolveOptions } from './index-expression.js';
export { nestSettings, flattenSettings, type FlatSettings } from './settings.js';
export { createIndex, ES_VERSION, ES_VERSION_ID } from './operations/create-index.js';
export { updateIndexSettings } from './operations/update-settings.js';
export { deleteIndices, type DeleteIndexOptions } from './operations/delete-index.js';
export { clusterHealth, parseHealthStatus, waitForHealth, type ClusterHealth, type HealthRequest, type HealthStatus } from './cluster-health.js';
export { parseClusterSettingsUpdate, updateClusterSettings, type ClusterSettingsUpdate } from './operations/update-cluster-settings.js';
export { parseAliasActions, applyAliasActions, type AliasAction, type AliasActionOutcome } from './operations/update-aliases.js';
export { parseTemplate, putTemplate, addTemplate, deleteTemplates, checkComposition, deprecatedComponentWarnings } from './operations/index-templates.js';
export { parseComponentTemplate, putComponentTemplate, deleteComponentTemplates, findComponentTemplates } from './operations/component-templates.js';
export type { ComponentTemplate, TemplateBody } from './component-template.js';
export { resolveTemplate, resolveSettings, templateForIndex, type ResolvedTemplate } from './template-composition.js';
export { findTemplate } from './index-template.js';
export { simulateIndex, simulateTemplate, type SimulatedTemplate, type AddedTemplate } from './operations/simulate-templates.js';
export { DataStream, DataStreams, BACKING_INDEX_PREFIX, DATA_STREAM_METADATA, DEFAULT_TIMESTAMP_FIELD, type BackingIndex } from './data-stream.js';
export { resolveDataStreamNames, type DataStreamNameOptions } from './data-stream-names.js';
export { dataStreamInfo, type DataStreamInfo, type BackingIndexInfo, type ManagedBy } from './data-stream-info.js';
export { modifyDataStreams, parseDataStreamActions, type DataStreamAction } from './operations/data-stream-modify.js';
export { migrateToDataStream } from './operations/data-stream-migrate.js';
export { createDataStream, deleteDataStreams, templateForDataStream, checkDataStreamNameFree, type CreateDataStreamRequest } from './operations/data-streams.js';
export { KyselyClusterRepository } from './store/kysely-cluster-repository.js';
export { clusterMigrations } from './store/cluster-migrations.js';
export { rollover, generateRolloverIndexName, rolloverIndexName, writeIndexOf, evaluateConditions, conditionsMet, type IndexStats, type RolloverResult } from './operations/rollover.js';
export { parseAliasMetadata } from './alias-rules.js';
export {
  applySettingChanges,
  CLUSTER_SETTING_DEFAULTS,
  FORECAST_TIMEOUT,
  FORECAST_TIMEOUT_SETTING,
  normalizeClusterSettings,
  POLL_INTERVAL,
  ROLLOVER_ONLY_IF_HAS_DOCUMENTS,
} from './cluster-settings.js';
export { LIFECYCLE_ORIGINATION_DATE } from './index-settings.js';
export { clusterSetting, Setting, type DefaultedSetting, type SettingScope } from './setting.js';
export { putRepository, deleteRepository, addSnapshot, removeSnapshot, repositoryMissing } from './operations/snapshot-repositories.js';
export type { SnapshotRepository, SnapshotInfo } from './snapshot-repository.js';
export { DocumentService } from './documents/document-service.js';
export { followIndices } from './documents/derived-index-stats.js';
export type {
  ActiveShardsWait,
  AutoCreateCheck,
  GetOptions,
  GetResult,
  MultiGetFailure,
  MultiGetItem,
  WriteOptions,
  WriteRequest,
  WriteResult,
  WriteOp,
} from './documents/document-requests.js';
export { FETCH_WHOLE_SOURCE, type FetchSource } from './documents/source-filter.js';
export { checkIfPrimaryTerm, checkIfSeqNo, parseVersionType, type VersionType, type WriteConditions } from './documents/write-conditions.js';
export { fetchSourceOf, parseUpdateBody, scriptRefusal, type ParsedUpdateBody, type UpdateSpec } from './documents/update-request.js';
export { parseBulk, type BulkDefaults } from './documents/bulk-parser.js';
export { checkNestingDepth, lineAndColumn, MAX_NESTING_DEPTH } from './xcontent-limits.js';
export { KyselyDocumentRepository } from './store/kysely-document-repository.js';
export { documentMigrations } from './store/document-migrations.js';
export { searchMigrations } from './store/search-migrations.js';
export { KyselySearchRepository } from './store/kysely-search-repository.js';
export { SearchService } from './search/search-service.js';
export { SearchContextService, parseKeepAlive } from './search/search-context-service.js';
export { KyselySearchContextRepository } from './store/kysely-search-context-repository.js';
export { DiskMonitor, type StoredBytes } from './disk/disk-monitor.js';
export { MemoryClusterRepository } from './memory-cluster-repository.js';
export { DEFAULT_DISK_CAPACITY, NODE_NAME, checkWatermarkOrder, diskCapacity, diskUsage, isExceeded, parseWatermark, watermark, type DiskUsage, type WatermarkLevel } from './disk/disk-usage.js';
export { API_BLOCKS, blockedAt, checkBlocks, checkOpen, floodStageBlock, indexClosed, type ApiBlock, type BlockLevel } from './cluster-errors-blocks.js';
export { failDestructive } from './destructive-operations.js';
export { checkCloseEnabled, closeIndices, openIndices, VERIFIED_BEFORE_CLOSE } from './operations/index-state.js';
export { addIndexBlock, parseApiBlock } from './operations/add-index-block.js';
export { assumeHeapLimit, breakerLimit, checkBreakers, checkInFlightRequests, inFlightRequestsLimit } from './breakers.js';
export { isDateMathName, resolveDateMathExpression, resolveDateMathName } from './date-math-name.js';
export { putMapping } from './operations/put-mapping.js';
export { fieldMappings } from './mappings/field-mappings.js';
export type { LegacyTemplate } from './legacy-template.js';
export { findLegacyTemplates } from './legacy-template.js';
export { parseLegacyTemplate, putLegacyTemplate, deleteLegacyTemplates, selectLegacyTemplates, LEGACY_TEMPLATE_DEPRECATION } from './operations/legacy-templates.js';
