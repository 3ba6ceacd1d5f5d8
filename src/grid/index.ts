/** @module The grid fields module's public surface. */
export { GridService, DEFAULT_HISTORY_RETENTION, type GridServiceOptions } from './grid-service.js';
export { GridError } from './grid-error.js';
export { GridErrorKinds, type GridErrorKind } from './grid-error-codes.js';
export type { GridEvent } from './grid-events.js';
export { KyselyGridRepository } from './store/kysely-grid-repository.js';
export { relayGridSignals } from './store/grid-signals.js';
export { gridMigrations } from './store/grid-migrations.js';
export { gridRpc, type GridRpc, type GridRoutesOptions } from './connect/grid-routes.js';
export { CLIENT_ADDRESS, type GridAccess, type GridPrincipal, type GridPrivilege } from './connect/grid-access.js';
