/** @module The one error class of the cluster domain, carrying Elasticsearch's error `type`, HTTP status and extra fields. */
import { TesseraError } from '../platform/errors.js';

export type ErrorMetadata = Readonly<Record<string, unknown>>;

export class ClusterError extends TesseraError {
  readonly domain = 'cluster';

  constructor(
    readonly type: string,
    readonly status: number,
    reason: string,
    readonly metadata: ErrorMetadata = {},
    readonly causedBy?: ClusterError,
  ) {
    super(reason);
    this.name = 'ClusterError';
  }

  get reason(): string {
    return this.message;
  }
}

/** The catalogue of Elasticsearch errors the cluster raises, with ES's exact reasons. */
export const ClusterErrors = Object.freeze({
  indexNotFound: (index: string) =>
    new ClusterError('index_not_found_exception', 404, `no such index [${index}]`, {
      'resource.type': 'index_or_alias',
      'resource.id': index,
      index_uuid: '_na_',
      index,
    }),
  indexAlreadyExists: (index: string, uuid: string) =>
    new ClusterError('resource_already_exists_exception', 400, `index [${index}/${uuid}] already exists`, { index_uuid: uuid, index }),
  invalidIndexName: (index: string, why: string) =>
    new ClusterError('invalid_index_name_exception', 400, `Invalid index name [${index}], ${why}`, { index_uuid: '_na_', index }),
  illegalArgument: (reason: string) => new ClusterError('illegal_argument_exception', 400, reason),
  illegalState: (reason: string) => new ClusterError('illegal_state_exception', 500, reason),
  aliasesNotFound: (names: readonly string[]) =>
    new ClusterError('aliases_not_found_exception', 404, `aliases [${names.join(',')}] missing`, {
      'resource.type': 'aliases',
      'resource.id': names.join(','),
    }),
  templateNotFound: (name: string) => new ClusterError('resource_not_found_exception', 404, `index template matching [${name}] not found`),
  parse: (reason: string) => new ClusterError('parse_exception', 400, reason),
  xContentParse: (reason: string) => new ClusterError('x_content_parse_exception', 400, reason),
  validation: (messages: readonly string[]) =>
    new ClusterError('action_request_validation_exception', 400, `Validation Failed: ${messages.map((m, i) => `${i + 1}: ${m};`).join('')}`),
});
