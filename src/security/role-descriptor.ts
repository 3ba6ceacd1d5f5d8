/** @module Reading a role from a request body, as ES's RoleDescriptor.parse does: for `_security/role` and an API key's `role_descriptors`. */
import { isObject, strings } from './request-values.js';
import { SecurityErrors } from './security-error.js';
import type { ApplicationPrivileges, IndicesPrivileges, Role } from './security-model.js';

export function parseRoleDescriptor(name: string, body: unknown): Role {
  if (!isObject(body)) throw SecurityErrors.illegalArgument(`failed to parse role [${name}]`);
  const indices: IndicesPrivileges[] = (Array.isArray(body.indices) ? body.indices : []).map((entry: unknown) => {
    if (!isObject(entry)) throw SecurityErrors.illegalArgument(`failed to parse indices privileges for role [${name}]`);
    return { names: typeof entry.names === 'string' ? [entry.names] : strings(entry.names, 'names'), privileges: strings(entry.privileges, 'privileges') };
  });
  const applications: ApplicationPrivileges[] = (Array.isArray(body.applications) ? body.applications : []).map((entry: unknown) => {
    if (!isObject(entry) || typeof entry.application !== 'string') throw SecurityErrors.illegalArgument(`failed to parse application privileges for role [${name}]`);
    return { application: entry.application, privileges: strings(entry.privileges, 'privileges'), resources: strings(entry.resources, 'resources') };
  });
  return {
    name,
    cluster: strings(body.cluster, 'cluster'),
    indices,
    applications,
    run_as: strings(body.run_as, 'run_as'),
    metadata: isObject(body.metadata) ? body.metadata : {},
  };
}

/** ES's RoleDescriptor.isEmpty: no privilege of any kind (metadata grants nothing). */
export function grantsNothing(role: Role): boolean {
  return role.cluster.length === 0 && role.indices.length === 0 && role.applications.length === 0 && role.run_as.length === 0;
}
