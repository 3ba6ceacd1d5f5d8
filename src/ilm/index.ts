/** @module The ILM module's public surface. */
export { PolicyService, type InUseBy } from './policy/policy-service.js';
export { serializePolicy } from './policy/lifecycle-policy.js';
export { javaIsoInstant, stepRunnerOf, type PolicyMetadata, type StepRunner } from './policy/policy-metadata.js';
export { LifecycleRunner } from './runner/lifecycle-runner.js';
export { PollScheduler } from './runner/poll-scheduler.js';
export { explainIndex, includeInExplain } from './explain.js';
export { INDEX_LIST_SORTS, listIndices, type IndexListPage, type IndexListQuery, type IndexListRow, type IndexListSort } from './index-list.js';
export { retry, removePolicy, moveToStepRequest } from './lifecycle-operations.js';
export { lifecycleMetadata, lifecyclePolicy, type OperationMode } from './policy/lifecycle-metadata.js';
export { VirtualNowStore } from './store/virtual-now-store.js';
export { ilmMigrations } from './store/ilm-migrations.js';
export type { LintEnvironment, LintProblem } from './lint/index.js';
export type { Forecast, SimulationEnvironment, SimulationPool } from './simulate/index.js';

// Lint and forecasts load on first use, so a server that never lints or forecasts starts without them.
export const loadLint = () => import('./lint/index.js');
export const loadSimulation = () => import('./simulate/index.js');
export const loadImport = () => import('./import/index.js');
