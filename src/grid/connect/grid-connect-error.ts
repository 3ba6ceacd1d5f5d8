/** @module Maps GridError to a ConnectError with a `GridError` detail; anything else becomes Internal. */
import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { GridErrorSchema } from '../../gen/tessera/grid/v1/grid_service_pb.js';
import type { ConnectCodeString } from '../grid-error-codes.js';
import { GridError } from '../grid-error.js';

const CODES: Readonly<Record<ConnectCodeString, Code>> = Object.freeze({
  invalid_argument: Code.InvalidArgument,
  not_found: Code.NotFound,
  already_exists: Code.AlreadyExists,
  failed_precondition: Code.FailedPrecondition,
  out_of_range: Code.OutOfRange,
  resource_exhausted: Code.ResourceExhausted,
  unauthenticated: Code.Unauthenticated,
  permission_denied: Code.PermissionDenied,
  unavailable: Code.Unavailable,
});

/**
 * Replaces lone UTF-16 surrogates (a JSON request can carry them as escapes, and messages quote the request):
 * connect-es percent-encodes `grpc-message` with encodeURIComponent, which throws on them, and the answer never went out.
 */
function wellFormed(message: string): string {
  return message.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

export function toConnectError(error: unknown): ConnectError {
  if (error instanceof GridError) {
    return new ConnectError(wellFormed(error.message), CODES[error.kind.code], undefined, [
      { desc: GridErrorSchema, value: create(GridErrorSchema, { code: error.kind.number }) },
    ]);
  }
  if (error instanceof ConnectError) return error;
  return new ConnectError('internal error', Code.Internal, undefined, undefined, error);
}
