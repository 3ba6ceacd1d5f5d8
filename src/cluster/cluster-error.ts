/** @module The one error class of the cluster domain, carrying Elasticsearch's error `type`, HTTP status and extra fields. */
import { EsDomainError, UNCLASSIFIED, type Coded, type ErrorParams } from '../platform/errors.js';
import type { ClusterErrorCode } from './cluster-error-codes.js';

export type ErrorMetadata = Readonly<Record<string, unknown>>;

/**
 * The code is a string here because ILM raises ClusterErrors with its own catalogue's codes (IlmErrorCode), which
 * the cluster may not know; each factory types its own.
 */
export class ClusterError extends EsDomainError<string> {
  readonly domain = 'cluster';
  /** The failures an error stands for, whose roots ES reports as its own (a search's shard failures). */
  rootCauses?: readonly ClusterError[];
  /**
   * A Java exception ES renders by its class name although its type matches no JAVA set (Lucene's ParseException is
   * `parse_exception`, like ElasticsearchParseException): guessRootCauses stops above it.
   */
  java?: boolean;

  constructor(
    type: string,
    status: number,
    reason: string,
    readonly metadata: ErrorMetadata = {},
    readonly causedBy?: ClusterError,
    coded: Coded = { code: UNCLASSIFIED, params: {} },
  ) {
    super(type, status, reason, coded.code, coded.params);
    this.name = 'ClusterError';
  }

  /** Another domain's Elasticsearch error (a security denial) as the cluster sends or records it, code and all. */
  static from(error: EsDomainError, metadata: ErrorMetadata = {}): ClusterError {
    return new ClusterError(error.type, error.status, error.reason, metadata, undefined, { code: error.code, params: error.params });
  }
}

/** `code` and its values, as the last argument of ClusterError's constructor. */
export function clusterCode(code: ClusterErrorCode, params: ErrorParams = {}): Coded<ClusterErrorCode> {
  return { code, params };
}

const validationReason = (messages: readonly string[]) => `Validation Failed: ${messages.map((m, i) => `${i + 1}: ${m};`).join('')}`;

/** The catalogue of Elasticsearch errors the cluster raises, with ES's exact reasons. */
export const ClusterErrors = Object.freeze({
  indexNotFound: (index: string) =>
    new ClusterError(
      'index_not_found_exception',
      404,
      `no such index [${index}]`,
      { 'resource.type': 'index_or_alias', 'resource.id': index, index_uuid: '_na_', index },
      undefined,
      clusterCode('index_not_found', { index }),
    ),
  indexAlreadyExists: (index: string, uuid: string) =>
    new ClusterError('resource_already_exists_exception', 400, `index [${index}/${uuid}] already exists`, { index_uuid: uuid, index }, undefined, clusterCode('index_already_exists', { index })),
  invalidIndexName: (index: string, why: string) =>
    new ClusterError('invalid_index_name_exception', 400, `Invalid index name [${index}], ${why}`, { index_uuid: '_na_', index }, undefined, clusterCode('invalid_index_name', { index })),
  illegalArgument: (reason: string) => new ClusterError('illegal_argument_exception', 400, reason, {}, undefined, clusterCode('illegal_argument')),
  illegalState: (reason: string) => new ClusterError('illegal_state_exception', 500, reason, {}, undefined, clusterCode('illegal_state')),
  aliasesNotFound: (names: readonly string[]) =>
    new ClusterError('aliases_not_found_exception', 404, `aliases [${names.join(',')}] missing`, { 'resource.type': 'aliases', 'resource.id': names.join(',') }, undefined, clusterCode('aliases_not_found')),
  templateNotFound: (name: string) =>
    new ClusterError('resource_not_found_exception', 404, `index template matching [${name}] not found`, {}, undefined, clusterCode('template_not_found', { template: name })),
  parse: (reason: string) => new ClusterError('parse_exception', 400, reason, {}, undefined, clusterCode('parse')),
  xContentParse: (reason: string) => new ClusterError('x_content_parse_exception', 400, reason, {}, undefined, clusterCode('x_content_parse')),
  validation: (messages: readonly string[]) => new ClusterError('action_request_validation_exception', 400, validationReason(messages), {}, undefined, clusterCode('validation')),
  /** Rollover's refusal of an alias that every index of a template would get (the spec's row 2). */
  rolloverAliasInTemplate: (alias: string, templateAliases: readonly string[], template: string) =>
    new ClusterError(
      'illegal_argument_exception',
      400,
      `Rollover alias [${alias}] can point to multiple indices, found duplicated alias [[${templateAliases.join(', ')}]] in index template [${template}]`,
      {},
      undefined,
      clusterCode('rollover_alias_in_template', { alias, template }),
    ),
  /** The spec's row 5. */
  multipleWriteIndices: (alias: string, indices: readonly string[]) =>
    new ClusterError('illegal_state_exception', 500, `alias [${alias}] has more than one write index [${[...indices].sort().join(',')}]`, {}, undefined, clusterCode('multiple_write_indices', { alias, indices: [...indices].sort().join(',') })),
  /** The spec's row 6: rollover cannot name the next index. */
  rolloverNameWithoutSuffix: (index: string) =>
    new ClusterError('illegal_argument_exception', 400, `index name [${index}] does not match pattern '^.*-\\d+$'`, {}, undefined, clusterCode('rollover_name_without_suffix', { index })),
  rolloverTargetWithoutWriteIndex: (alias: string) =>
    new ClusterError('illegal_argument_exception', 400, `rollover target [${alias}] does not point to a write index`, {}, undefined, clusterCode('rollover_target_without_write_index', { alias })),
});

export { validationReason };
