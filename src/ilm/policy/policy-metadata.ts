/** @module A stored policy: its definition, version and modification time (LifecyclePolicyMetadata). */
import type { LifecyclePolicy } from './lifecycle-policy.js';

export interface PolicyMetadata {
  readonly name: string;
  readonly policy: LifecyclePolicy;
  readonly version: number;
  readonly modifiedDate: number;
  /** The user who last modified the policy (with security on); its steps run with this user's authority. */
  readonly modifiedBy?: string;
  /**
   * The roles `modifiedBy` held when it PUT the policy: the steps run with these, each resolved when the step runs.
   * Absent in policies stored before Tessera kept them, whose steps run with the roles the user holds at the time.
   */
  readonly modifiedByRoles?: readonly string[];
}

/**
 * Whose authority a policy's steps run with. Elasticsearch stores the modifier's authentication in the policy's
 * headers at PUT (`_xpack_security_authentication`, TransportPutLifecycleAction) and runs each step with those headers
 * (LifecyclePolicySecurityClient → ClientHelper.executeWithHeadersAsync); the authentication's User carries role
 * NAMES, which authorization resolves when the step runs (x-pack core
 * security/authc/Subject.java: getRoleReferenceIntersection → buildRoleReferencesForUser, a
 * RoleReference.NamedRoleReference of `user.roles()`). So a role's privileges are read live, but the user's role
 * list, and whether the user still exists or is enabled, are those of the PUT until the policy is PUT again.
 */
export interface StepRunner {
  readonly username: string;
  /** The role names the steps run with; absent: the user's roles now (a user since deleted holds none). */
  readonly roles?: readonly string[];
}

/** The runner of a stored policy's steps; undefined without security, where steps run unchecked. */
export function stepRunnerOf(policy: PolicyMetadata): StepRunner | undefined {
  if (policy.modifiedBy === undefined) return undefined;
  return { username: policy.modifiedBy, ...(policy.modifiedByRoles && { roles: policy.modifiedByRoles }) };
}

/** java.time's ZonedDateTime.toString in UTC: seconds and millis are left out when zero. */
export function javaIsoInstant(millis: number): string {
  const iso = new Date(millis).toISOString();
  if (iso.endsWith(':00.000Z')) return iso.replace(':00.000Z', 'Z');
  if (iso.endsWith('.000Z')) return iso.replace('.000Z', 'Z');
  return iso;
}
