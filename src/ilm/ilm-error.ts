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

/** CheckNotDataStreamWriteIndexStep's wait (and ReplaceDataStreamBackingIndexStep's failure): the words are ES's. */
export function dataStreamWriteIndexPause(index: string, dataStream: string, policy: string): CodedMessage<IlmErrorCode> {
  return ilmMessage(
    'data_stream_write_index',
    `index [${index}] is the write index for data stream [${dataStream}], pausing ILM execution of lifecycle [${policy}] until this index is no longer the write index for the data stream via manual or automated rollover`,
    { index, data_stream: dataStream, policy },
  );
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
  /** DeleteStep: a data stream always keeps a write index. */
  dataStreamWriteIndexNotDeletable: (index: string, dataStream: string, policy: string) =>
    ilmError(
      'illegal_state_exception',
      500,
      `index [${index}] is the write index for data stream [${dataStream}]. stopping execution of lifecycle [${policy}] as a data stream's write index cannot be deleted. manually rolling over the index will resume the execution of the policy as the index will not be the data stream's write index anymore`,
      'data_stream_write_index_not_deletable',
      { index, data_stream: dataStream, policy },
    ),
  /** ReplaceDataStreamBackingIndexStep, on an index the stream still writes to. */
  dataStreamWriteIndexNotReplaceable: (index: string, dataStream: string, policy: string) =>
    ilmError('illegal_state_exception', 500, dataStreamWriteIndexPause(index, dataStream, policy).message, 'data_stream_write_index', { index, data_stream: dataStream, policy }),
  /** ReplaceDataStreamBackingIndexStep, on an index that left its data stream after the branch chose the data stream path. */
  notInDataStream: (index: string, policy: string) =>
    ilmError(
      'illegal_state_exception',
      500,
      `index [${index}] is not part of a data stream. stopping execution of lifecycle [${policy}] until the index is added to a data stream`,
      'not_in_data_stream',
      { index, policy },
    ),
  /** The shrunken or mounted index that is to take the source's place is gone (ReplaceDataStreamBackingIndexStep, SwapAliasesAndDeleteSourceIndexStep). */
  targetIndexMissing: (target: string, policy: string, index: string) =>
    ilmError('illegal_state_exception', 500, `target index [${target}] doesn't exist. stopping execution of lifecycle [${policy}] for index [${index}]`, 'target_index_missing', {
      target,
      policy,
      index,
    }),
  rolloverNotWriteIndex: (index: string, alias: string) =>
    ilmError('illegal_argument_exception', 400, `index [${index}] is not the write index for alias [${alias}]`, 'rollover_not_write_index', { index, alias }),
});
