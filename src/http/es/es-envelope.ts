/** @module Renders errors in Elasticsearch's envelope: `{"error":{"root_cause":[…],"type","reason",…},"status":N}`. */
import { ClusterError } from '../../cluster/index.js';

export interface EsErrorBody {
  readonly error: Record<string, unknown>;
  readonly status: number;
}

/** ES prints a Java stack trace under `error_trace=true`; Tessera prints where the error was raised in its own code. */
function stackTrace(error: ClusterError): string {
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [`${error.type}: ${error.reason}`, ...frames.map((line) => `\t${line.trim()}`)].join('\n');
}

/** An error as ES writes one (generateThrowableXContent): its type, reason, metadata and causes. */
export function cause(error: ClusterError, trace: boolean): Record<string, unknown> {
  return {
    type: error.type,
    reason: error.reason,
    ...error.metadata,
    ...(trace && { stack_trace: stackTrace(error) }),
    ...(error.causedBy && { caused_by: cause(error.causedBy, trace) }),
  };
}

/** Java's own exceptions, which ES's guessRootCauses does not look through: the root cause is the exception itself. */
const JAVA_EXCEPTIONS = new Set(['illegal_argument_exception', 'illegal_state_exception', 'number_format_exception']);

/**
 * guessRootCauses descends only through ElasticsearchExceptions: a Java cause leaves the error its own root (a
 * document_parsing_exception over its illegal_argument_exception). x_content_parse_exception keeps Tessera's earlier
 * rendering, with its cause as the root (test/es/bad-input-findings.test.ts pins it).
 */
function rootCause(error: ClusterError): ClusterError {
  if (!error.causedBy || JAVA_EXCEPTIONS.has(error.type) || error.java) return error;
  if ((JAVA_EXCEPTIONS.has(error.causedBy.type) || error.causedBy.java) && error.type !== 'x_content_parse_exception') return error;
  return rootCause(error.causedBy);
}

/** With `trace` (the `error_trace` parameter), each error carries its `stack_trace`, as ES's do. */
export function esErrorBody(error: ClusterError, trace = false): EsErrorBody {
  const roots = error.rootCauses ? error.rootCauses.map(rootCause) : [rootCause(error)];
  const rootEntries = roots.map((root) => ({ type: root.type, reason: root.reason, ...root.metadata, ...(trace && { stack_trace: stackTrace(root) }) }));
  return {
    error: { root_cause: rootEntries, ...cause(error, trace) },
    status: error.status,
  };
}

/** Anything that is not an ES error becomes a 500 `exception`, with no internals revealed. */
export function toClusterError(error: unknown): ClusterError {
  if (error instanceof ClusterError) return error;
  return new ClusterError('exception', 500, 'internal error; the server log has the details');
}
