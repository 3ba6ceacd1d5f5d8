/**
 * @module Who an imported cluster's policies run their steps as (LifecyclePolicySecurityClient runs them with the
 * policy's stored headers): the user each policy's `_xpack_security_authentication` header names, with the role names
 * it carries, as Elasticsearch authorizes them; and those roles as GET /_security/role answers them. Where either is
 * out of reach, the policy's steps run unchecked and the report says so, rather than guess.
 */
import { ClusterError } from '../../cluster/index.js';
import { authorizeIndices } from '../../security/privileges.js';
import { BUILT_IN_ROLES, type Role, type User } from '../../security/security-model.js';
import type { StepRunner } from '../policy/policy-metadata.js';
import { AUTHENTICATION_HEADER, decodeAuthentication } from './security-header.js';

export const ROLES_FILE = 'commercial/security_roles.json';

export interface ImportedSecurity {
  /** The cluster's roles, reserved ones included, as GET /_security/role answers them. */
  readonly roles: ReadonlyMap<string, Role>;
}

export interface PolicyRunners {
  /** The user each checked policy's steps run as, with the role names its header carries (stored with the policy). */
  readonly modifiedBy: ReadonlyMap<string, Required<StepRunner>>;
  readonly security: ImportedSecurity | undefined;
  /** What could not be checked, and why: the report's not-seen lines. */
  readonly notes: readonly string[];
}

const unchecked = 'its steps are not checked for privileges (row 9)';

/**
 * `headers`: each policy's headers as the cluster state keeps them; `roles`: the roles file's, undefined without it.
 * A policy with no authentication header runs unchecked; a security-less cluster keeps none.
 */
export function policyRunners(headers: ReadonlyMap<string, Readonly<Record<string, unknown>> | undefined>, roles: ReadonlyMap<string, Role> | undefined): PolicyRunners {
  const modifiedBy = new Map<string, Required<StepRunner>>();
  const notes: string[] = [];
  for (const [policy, policyHeaders] of headers) {
    const header = policyHeaders?.[AUTHENTICATION_HEADER];
    if (typeof header !== 'string') {
      // Only a cluster with security answers GET /_security/role: there, a policy without the header is worth a word.
      if (roles) notes.push(`policy [${policy}]: cluster_state.json keeps no ${AUTHENTICATION_HEADER} header for it, so the user its steps run as is not known: ${unchecked}`);
      continue;
    }
    const runner = decodeAuthentication(header);
    if (runner.kind === 'unknown') {
      notes.push(`policy [${policy}]: the user its steps run as is not known: ${runner.why}; ${unchecked}`);
      continue;
    }
    if (!roles) continue;
    const unknown = runner.roles.filter((name) => !roles.has(name) && !BUILT_IN_ROLES.has(name));
    if (unknown.length > 0) {
      notes.push(
        `policy [${policy}]: its steps run as user [${runner.username}], whose roles [${unknown.join(',')}] are not in ${ROLES_FILE} (roles of a roles.yml file, which no API shows, or since deleted): ${unchecked}`,
      );
      continue;
    }
    modifiedBy.set(policy, { username: runner.username, roles: runner.roles });
  }
  return { modifiedBy, security: roles && { roles }, notes };
}

/** Steps authorized as ES authorizes them: the roles the policy's header names, each resolved in the cluster's roles. */
export function importedAuthorizer(security: ImportedSecurity): (runner: StepRunner) => (action: string, index: string) => ClusterError | undefined {
  const lookup = (name: string) => security.roles.get(name) ?? BUILT_IN_ROLES.get(name);
  return ({ username, roles }) => {
    const user: User = { username, roles: roles ?? [], full_name: null, email: null, metadata: {}, enabled: true, passwordHash: '' };
    return (action, index) => {
      const denied = authorizeIndices(user, lookup, action, [index]);
      // As the runner records it: the step's failure is a cluster error with the denial's type and reason.
      return denied && ClusterError.from(denied);
    };
  };
}
