/** @module What lint reads from the running server: the cluster, the stored policies, the time and, with security, the users. */
import type { ClusterError, ClusterState } from '../../cluster/index.js';
import type { PolicyMetadata, StepRunner } from '../policy/policy-metadata.js';
import { problem, type LintProblem } from './lint-problem.js';

type StepAuthorizer = (action: string, index: string) => ClusterError | undefined;

export interface LintEnvironment {
  readonly state: ClusterState;
  readonly policy: (name: string) => PolicyMetadata | undefined;
  readonly now: number;
  /** The user asking, who becomes a policy's last modifier by PUTting it. */
  readonly caller?: string;
  /** How steps are authorized as `runner`; absent without security, where steps run unchecked. */
  readonly authorizeAs?: (runner: StepRunner) => StepAuthorizer;
  /**
   * Whether the caller may learn what `user` may do. Where not, lint runs without checking the steps' privileges
   * (and says so) rather than refuse: absent, every user's privileges are checked (or the caller refused by authorizeAs).
   */
  readonly mayReadPrivilegesOf?: (user: string) => boolean;
}

/** The warning in place of the privilege problems lint could not look for. */
function privilegesUnchecked(user: string): LintProblem {
  return problem({
    row: null,
    outcome: 'warning',
    message: `privileges of [${user}] not checked: reading them needs the read_security cluster privilege`,
    remedy: `Ask someone with the read_security (or manage_security) cluster privilege to lint this policy, so the steps are checked against the privileges of [${user}], the user they run as.`,
  });
}

/**
 * Steps run as the policy's last modifier, so privileges are checked only for a policy that has one, and only where
 * the caller may read them.
 */
export function stepAuthorizer(env: LintEnvironment, runner: StepRunner | undefined): StepAuthorizer | undefined {
  if (runner === undefined || env.mayReadPrivilegesOf?.(runner.username) === false) return undefined;
  return env.authorizeAs?.(runner);
}

/** The warning, as a list of one, where stepAuthorizer leaves out privileges the caller may not read; else none. */
export function uncheckedPrivileges(env: LintEnvironment, runner: StepRunner | undefined): LintProblem[] {
  return runner !== undefined && env.authorizeAs && env.mayReadPrivilegesOf?.(runner.username) === false ? [privilegesUnchecked(runner.username)] : [];
}
