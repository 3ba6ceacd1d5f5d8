/** @module The security domain's error: an Elasticsearch error type, status, reason and response headers. */
import { EsDomainError, type ErrorParams } from '../platform/errors.js';
import type { SecurityErrorCode } from './security-error-codes.js';

export class SecurityError extends EsDomainError<SecurityErrorCode> {
  readonly domain = 'security';

  constructor(
    type: string,
    status: number,
    reason: string,
    code: SecurityErrorCode,
    params: ErrorParams = {},
    /** Sent as HTTP headers and, as ES does, listed under `header` in the error body. */
    readonly headers: Readonly<Record<string, readonly string[]>> = {},
  ) {
    super(type, status, reason, code, params);
    this.name = 'SecurityError';
  }
}

export const AUTHENTICATE_HEADER = { 'WWW-Authenticate': ['Basic realm="security", charset="UTF-8"', 'ApiKey'] };

const validationReason = (messages: readonly string[]) => `Validation Failed: ${messages.map((m, i) => `${i + 1}: ${m};`).join('')}`;

export const SecurityErrors = Object.freeze({
  missingCredentials: (path: string) =>
    new SecurityError('security_exception', 401, `missing authentication credentials for REST request [${path}]`, 'missing_credentials', {}, AUTHENTICATE_HEADER),
  badCredentials: (user: string, path: string) =>
    new SecurityError('security_exception', 401, `unable to authenticate user [${user}] for REST request [${path}]`, 'bad_credentials', { user }, AUTHENTICATE_HEADER),
  apiKeyRefused: () =>
    new SecurityError('security_exception', 401, 'unable to authenticate with provided credentials and anonymous access is not allowed for this request', 'api_key_refused', {}, AUTHENTICATE_HEADER),
  validation: (messages: readonly string[]) => new SecurityError('action_request_validation_exception', 400, validationReason(messages), 'validation'),
  illegalArgument: (reason: string) => new SecurityError('illegal_argument_exception', 400, reason, 'illegal_argument'),
  parse: (reason: string) => new SecurityError('parse_exception', 400, reason, 'parse'),
  /** `principal` is `user [u] with roles [r]` or `API key id [k] of user [u]`; `granted` ES's privileges clause, or empty. */
  actionUnauthorized: (action: string, principal: string, context: string, granted: string, params: ErrorParams) =>
    new SecurityError('security_exception', 403, `action [${action}] is unauthorized for ${principal}${context}${granted}`, 'action_unauthorized', { action, ...params }),
});
