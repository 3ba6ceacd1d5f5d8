/**
 * @module Authorizing an index action as a stored user rather than the caller: an ILM policy's last modifier,
 * whose authority the policy's steps run with.
 */
import { authorizeIndices, type RoleLookup } from './privileges.js';
import type { SecurityError } from './security-error.js';
import type { User } from './security-model.js';

/** Who an action is authorized as: a user name and, where stored with it, the role names it runs with. */
export interface StoredPrincipal {
  readonly username: string;
  readonly roles?: readonly string[];
}

/**
 * Undefined when `principal` may perform `action` on `index`. Stored roles are used as they are, each resolved now,
 * whatever the user has become since (ES's stored authentication); without them, the user's roles now, and a user
 * since deleted holds none.
 */
export function authorizeAsUser(lookupUser: (name: string) => User | undefined, lookupRole: RoleLookup, principal: StoredPrincipal, action: string, index: string): SecurityError | undefined {
  const { username } = principal;
  const roles = principal.roles ?? lookupUser(username)?.roles ?? [];
  const user: User = { username, roles, full_name: null, email: null, metadata: {}, enabled: true, passwordHash: '' };
  return authorizeIndices(user, lookupRole, action, [index]);
}
