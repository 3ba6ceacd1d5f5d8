/** @module Renders errors in Elasticsearch's envelope: `{"error":{"root_cause":[…],"type","reason",…},"status":N}`. */
import { ClusterError } from '../../cluster/index.js';

export interface EsErrorBody {
  readonly error: Record<string, unknown>;
  readonly status: number;
}

function cause(error: ClusterError): Record<string, unknown> {
  return {
    type: error.type,
    reason: error.reason,
    ...error.metadata,
    ...(error.causedBy && { caused_by: cause(error.causedBy) }),
  };
}

/** Java's own exceptions, which ES's guessRootCauses does not look through: the root cause is the exception itself. */
const JAVA_EXCEPTIONS = new Set(['illegal_argument_exception', 'illegal_state_exception']);

function rootCause(error: ClusterError): ClusterError {
  return error.causedBy && !JAVA_EXCEPTIONS.has(error.type) ? rootCause(error.causedBy) : error;
}

export function esErrorBody(error: ClusterError): EsErrorBody {
  const root = rootCause(error);
  return {
    error: { root_cause: [{ type: root.type, reason: root.reason, ...root.metadata }], ...cause(error) },
    status: error.status,
  };
}

/** Anything that is not an ES error becomes a 500 `exception`, with no internals revealed. */
export function toClusterError(error: unknown): ClusterError {
  if (error instanceof ClusterError) return error;
  return new ClusterError('exception', 500, 'internal error; the server log has the details');
}
