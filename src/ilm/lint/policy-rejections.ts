/** @module What `PUT /_ilm/policy` would refuse in a policy not stored yet, in its own words: one problem per validation message. */
import type { ClusterState } from '../../cluster/index.js';
import { IlmErrors } from '../ilm-error.js';
import { policyValidationErrors, type LifecyclePolicy } from '../policy/lifecycle-policy.js';
import { problem, type LintProblem } from './lint-problem.js';
import { diagnoseRequest } from '../remedies/index.js';

export function policyRejections(policy: LifecyclePolicy, name: string, state: ClusterState): LintProblem[] {
  const request = `PUT /_ilm/policy/${name}`;
  return policyValidationErrors(policy).map((found) => {
    // Each as PUT words it once the ones before it are fixed: as its only (first) validation failure.
    const error = IlmErrors.invalidPolicy(found);
    return problem({ ...diagnoseRequest(request, error, { state }), outcome: 'rejected', request, type: error.type, message: error.reason });
  });
}
