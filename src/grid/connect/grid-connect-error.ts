/** @module Maps GridError to a ConnectError with a `GridError` detail; anything else becomes Internal. */
import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { GridErrorSchema } from '../../gen/tessera/grid/v1/grid_service_pb.js';
import { wellFormedMessage } from '../../http/connect-compat/well-formed-message.js';
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

export function toConnectError(error: unknown): ConnectError {
  if (error instanceof GridError) {
    return new ConnectError(wellFormedMessage(error.message), CODES[error.kind.code], undefined, [
      { desc: GridErrorSchema, value: create(GridErrorSchema, { code: error.kind.number }) },
    ]);
  }
  if (error instanceof ConnectError) return error;
  return new ConnectError('internal error', Code.Internal, undefined, undefined, error);
}
