/** @module The cluster module's public surface. */
export { ClusterError, ClusterErrors } from './cluster-error.js';
export { ClusterService, type ClusterChange, type ClusterListener } from './cluster-service.js';
export { ClusterState } from './cluster-state.js';
export { IndexMetadata, type AliasMetadata, type RolloverInfo } from './index-metadata.js';
export type { ComposableTemplate } from './index-template.js';
export { resolveIndices, isAllExpression, type ResolveOptions } from './index-expression.js';
export { nestSettings, flattenSettings, type FlatSettings } from './settings.js';
export { createIndex, ES_VERSION, ES_VERSION_ID } from './operations/create-index.js';
export { updateIndexSettings } from './operations/update-settings.js';
export { parseAliasActions, applyAliasActions, type AliasAction, type AliasActionOutcome } from './operations/update-aliases.js';
export { parseTemplate, putTemplate, deleteTemplates } from './operations/index-templates.js';
export { KyselyClusterRepository } from './store/kysely-cluster-repository.js';
export { clusterMigrations } from './store/cluster-migrations.js';
export { matchesPattern } from './patterns.js';
export { rollover, generateRolloverIndexName, writeIndexOf, evaluateConditions, conditionsMet, type IndexStats, type RolloverResult } from './operations/rollover.js';
export { parseAliasMetadata } from './alias-rules.js';
export { applySettingChanges, CLUSTER_SETTING_DEFAULTS, normalizeClusterSettings } from './cluster-settings.js';
export { putRepository, deleteRepository, addSnapshot, removeSnapshot, repositoryMissing, type SnapshotRepository, type SnapshotInfo } from './snapshot-repository.js';
