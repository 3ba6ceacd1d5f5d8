/** @module The security module's public surface. */
export { openSecurity, type Security } from './security.js';
export type { Authentication } from './authentication.js';
export type { Permissions } from './native-roles-store.js';
export { SecurityError, SecurityErrors } from './security-error.js';
export { publicUser, type Role, type User } from './security-model.js';
export { KyselySecurityRepository } from './store/kysely-security-repository.js';
export { securityMigrations } from './store/security-migrations.js';
export { authorizeAsUser, type StoredPrincipal } from './authorize-as-user.js';
export { rolesOf, authorizeCluster, clusterDenial, authorizeIndexActionAnywhere, authorizeIndices, hasApplicationPrivilege, holdsClusterPrivilege, type RoleLookup } from './privileges.js';
export { checkPrivileges, listUserPrivileges, validatePrivilegeNames, type ApplicationCheck, type HasPrivilegesAnswer, type IndexCheck, type PrivilegesToCheck } from './has-privileges.js';
