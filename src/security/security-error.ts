/** @module The security domain's error: an Elasticsearch error type, status, reason and response headers. */
import { TesseraError } from '../platform/errors.js';

export class SecurityError extends TesseraError {
  readonly domain = 'security';

  constructor(
    readonly type: string,
    readonly status: number,
    reason: string,
    /** Sent as HTTP headers and, as ES does, listed under `header` in the error body. */
    readonly headers: Readonly<Record<string, readonly string[]>> = {},
  ) {
    super(reason);
    this.name = 'SecurityError';
  }
}

export const AUTHENTICATE_HEADER = { 'WWW-Authenticate': ['Basic realm="security", charset="UTF-8"', 'ApiKey'] };

export const SecurityErrors = Object.freeze({
  missingCredentials: (path: string) => new SecurityError('security_exception', 401, `missing authentication credentials for REST request [${path}]`, AUTHENTICATE_HEADER),
  badCredentials: (user: string, path: string) => new SecurityError('security_exception', 401, `unable to authenticate user [${user}] for REST request [${path}]`, AUTHENTICATE_HEADER),
  validation: (messages: readonly string[]) =>
    new SecurityError('action_request_validation_exception', 400, `Validation Failed: ${messages.map((m, i) => `${i + 1}: ${m};`).join('')}`),
  illegalArgument: (reason: string) => new SecurityError('illegal_argument_exception', 400, reason),
  parse: (reason: string) => new SecurityError('parse_exception', 400, reason),
});
