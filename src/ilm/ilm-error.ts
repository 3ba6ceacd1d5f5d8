/** @module ILM's errors: Elasticsearch error types with their statuses and exact reasons, each with its code. */
import { ClusterError } from '../cluster/index.js';
import type { CodedMessage, ErrorParams } from '../platform/errors.js';
import type { IlmErrorCode } from './ilm-error-codes.js';

/** A ClusterError whose code is ILM's. */
export function ilmError(type: string, status: number, reason: string, code: IlmErrorCode, params: ErrorParams = {}, cause?: ClusterError): ClusterError {
  return new ClusterError(type, status, reason, {}, cause, { code, params });
}

/** A message with its ILM code: a step's wait report (explain's step_info `{"message"}`), or a policy's validation problem. */
export function ilmMessage(code: IlmErrorCode, message: string, params: ErrorParams = {}): CodedMessage<IlmErrorCode> {
  return { code, params, message };
}

const validationReason = (messages: readonly string[]) => `Validation Failed: ${messages.map((m, i) => `${i + 1}: ${m};`).join('')}`;

export const IlmErrors = Object.freeze({
  policyNotFound: (name: string) => ilmError('resource_not_found_exception', 404, `Lifecycle policy not found: ${name}`, 'policy_not_found', { policy: name }),
  /** Why the runner leaves an index alone whose `index.lifecycle.name` names no stored policy (its step_info). */
  policyMissing: (name: string) => ilmError('illegal_argument_exception', 400, `policy [${name}] does not exist`, 'policy_missing', { policy: name }),
  illegalArgument: (reason: string) => ilmError('illegal_argument_exception', 400, reason, 'illegal_argument'),
  validation: (messages: readonly string[]) => ilmError('action_request_validation_exception', 400, validationReason(messages), 'validation'),
  /** PUT /_ilm/policy's refusal of a policy, with the code of the problem it names. */
  invalidPolicy: (problem: CodedMessage<IlmErrorCode>) => ilmError('action_request_validation_exception', 400, validationReason([problem.message]), problem.code, problem.params),
  parse: (parser: string, reason: string, cause?: ClusterError) => ilmError('x_content_parse_exception', 400, `[${parser}] ${reason}`, 'x_content_parse', {}, cause),
  bodyRequired: () => ilmError('parse_exception', 400, 'request body is required', 'body_required'),
  initializeFailed: (policy: string, index: string, cause: ClusterError) =>
    ilmError('initialize_policy_exception', 500, `unable to initialize policy [${policy}] for index [${index}]`, 'initialize_policy_failed', { policy }, cause),
  stepNotRecognized: (step: string, index: string, policy: string) =>
    ilmError('illegal_argument_exception', 400, `current step [${step}] for index [${index}] with policy [${policy}] is not recognized`, 'step_not_recognized'),
  /** `index.lifecycle.parse_origination_date` on a name without a date; `why` is ES's words for what is wrong. */
  originationDateUnparseable: (index: string, why: string) => ilmError('illegal_argument_exception', 400, `index name [${index}] ${why}`, 'origination_date_unparseable', { index }),
  shrinkTargetNotSmaller: (target: number, source: number) =>
    ilmError('illegal_argument_exception', 400, `the number of target shards [${target}] must be less than the number of source shards [${source}]`, 'shrink_target_not_smaller', { target, source }),
  shrinkSourceNotMultiple: (source: number, target: number) =>
    ilmError('illegal_argument_exception', 400, `the number of source shards [${source}] must be a multiple of [${target}]`, 'shrink_source_not_multiple', { target, source }),
  /** The spec's row 3. */
  rolloverAliasNotPointing: (alias: string, index: string) =>
    ilmError('illegal_argument_exception', 400, `index.lifecycle.rollover_alias [${alias}] does not point to index [${index}]`, 'rollover_alias_not_pointing', { alias, index }),
  /** The spec's row 4; `suffix` is the step's own addition to ES's words, if any. */
  rolloverAliasUnset: (index: string, suffix: string) =>
    ilmError('illegal_argument_exception', 400, `setting [index.lifecycle.rollover_alias] for index [${index}] is empty or not defined${suffix}`, 'rollover_alias_unset', { index }),
  snapshotRepositoryMissing: (repository: string, policy: string, index: string) =>
    ilmError(
      'illegal_state_exception',
      500,
      `repository [${repository}] is missing. [${policy}] policy for index [${index}] cannot continue until the repository is created or the policy is changed`,
      'snapshot_repository_missing',
      { repository },
    ),
  rolloverNotWriteIndex: (index: string, alias: string) =>
    ilmError('illegal_argument_exception', 400, `index [${index}] is not the write index for alias [${alias}]`, 'rollover_not_write_index', { index, alias }),
});
