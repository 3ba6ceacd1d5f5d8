/** @module What lint reads from the running server: the cluster, the stored policies, the time and, with security, the users. */
import type { ClusterError, ClusterState } from '../../cluster/index.js';
import type { PolicyMetadata } from '../policy/policy-metadata.js';

export interface LintEnvironment {
  readonly state: ClusterState;
  readonly policy: (name: string) => PolicyMetadata | undefined;
  readonly now: number;
  /** The user asking, who becomes a policy's last modifier by PUTting it. */
  readonly caller?: string;
  /** How steps are authorized as `user`; absent without security, where steps run unchecked. */
  readonly authorizeAs?: (user: string) => (action: string, index: string) => ClusterError | undefined;
}

/** Steps run as the policy's last modifier, so privileges are checked only for a policy that has one. */
export function stepAuthorizer(env: LintEnvironment, user: string | undefined): ((action: string, index: string) => ClusterError | undefined) | undefined {
  return user === undefined ? undefined : env.authorizeAs?.(user);
}
