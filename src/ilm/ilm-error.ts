/** @module ILM's errors: Elasticsearch error types with their statuses and exact reasons. */
import { ClusterError } from '../cluster/index.js';

export const IlmErrors = Object.freeze({
  policyNotFound: (name: string) => new ClusterError('resource_not_found_exception', 404, `Lifecycle policy not found: ${name}`),
  /** Why the runner leaves an index alone whose `index.lifecycle.name` names no stored policy (its step_info). */
  policyMissing: (name: string) => new ClusterError('illegal_argument_exception', 400, `policy [${name}] does not exist`),
  illegalArgument: (reason: string) => new ClusterError('illegal_argument_exception', 400, reason),
  validation: (messages: readonly string[]) =>
    new ClusterError('action_request_validation_exception', 400, `Validation Failed: ${messages.map((m, i) => `${i + 1}: ${m};`).join('')}`),
  parse: (parser: string, reason: string, cause?: ClusterError) => new ClusterError('x_content_parse_exception', 400, `[${parser}] ${reason}`, {}, cause),
  bodyRequired: () => new ClusterError('parse_exception', 400, 'request body is required'),
});
