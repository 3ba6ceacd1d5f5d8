/** @module The closed catalogue of security error codes. */
import { UNCLASSIFIED } from '../platform/errors.js';

export const SecurityErrorCodes = Object.freeze([
  UNCLASSIFIED,
  'missing_credentials',
  'bad_credentials',
  'api_key_refused',
  'validation',
  'illegal_argument',
  'parse',
  /** An action the user (or API key) holds no privilege for: the spec's row 9 when an ILM step meets it. */
  'action_unauthorized',
] as const);

export type SecurityErrorCode = (typeof SecurityErrorCodes)[number];
