/**
 * @module Authorizing an index action as a stored user rather than the caller: an ILM policy's last modifier,
 * whose authority the policy's steps run with.
 */
import { authorizeIndices, type RoleLookup } from './privileges.js';
import type { SecurityError } from './security-error.js';
import type { User } from './security-model.js';

/** Undefined when `username` may perform `action` on `index`; a user since deleted holds no role. */
export function authorizeAsUser(lookupUser: (name: string) => User | undefined, lookupRole: RoleLookup, username: string, action: string, index: string): SecurityError | undefined {
  const user = lookupUser(username) ?? { username, roles: [], full_name: null, email: null, metadata: {}, enabled: false, passwordHash: '' };
  return authorizeIndices(user, lookupRole, action, [index]);
}
