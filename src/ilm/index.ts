/** @module The ILM module's public surface. */
export { PolicyService, type InUseBy } from './policy/policy-service.js';
export { serializePolicy } from './policy/lifecycle-policy.js';
export { javaIsoInstant, type PolicyMetadata } from './policy/policy-metadata.js';
export { LifecycleRunner } from './runner/lifecycle-runner.js';
export { PollScheduler } from './runner/poll-scheduler.js';
export { explainIndex, includeInExplain } from './explain.js';
export { retry, removePolicy, moveToStepRequest } from './lifecycle-operations.js';
export { lifecycleMetadata, lifecyclePolicy, type OperationMode } from './policy/lifecycle-metadata.js';
export { VirtualNowStore } from './store/virtual-now-store.js';
export { ilmMigrations } from './store/ilm-migrations.js';
export { lintManagedIndices, lintPolicy, parseLintRequest, type LintEnvironment, type LintProblem } from './lint/index.js';
export { indexTimeline, parseDocumentRate, parseHorizon, parseSimulateRequest, simulatePolicy, DEFAULT_DOCUMENT_SIZE, DEFAULT_HORIZON, type Forecast, type SimulationEnvironment } from './simulate/index.js';
