/** A refused or failed API call, shown as the server said it: its reason verbatim, then the `caused_by` chain. */
import type { ReactNode } from 'react';
import { EsError } from './api/es.ts';

interface Cause {
  readonly type?: string;
  readonly reason?: string;
  readonly caused_by?: Cause;
}

/** The server's reason for an EsError, or the message of any other failure. */
export function errorReason(error: unknown): string {
  if (error instanceof EsError) return error.reason;
  return error instanceof Error ? error.message : String(error);
}

/** The `caused_by` chain of an ES error envelope, outermost first, as `type: reason`. */
export function errorCauses(error: unknown): string[] {
  if (!(error instanceof EsError)) return [];
  const causes: string[] = [];
  let cause = (error.body as { error?: Cause } | undefined)?.error?.caused_by;
  while (cause && causes.length < 10) {
    causes.push(`${cause.type ?? 'error'}: ${cause.reason ?? ''}`);
    cause = cause.caused_by;
  }
  return causes;
}

export function ErrorAlert({ error, children }: { error: unknown; children?: ReactNode }) {
  const type = error instanceof EsError ? error.type : undefined;
  return (
    <div role="alert" className="error error-alert">
      {children && <p className="error-context">{children}</p>}
      <p className="error-reason">{errorReason(error)}</p>
      {type && type !== 'error' && <p className="error-type">{type}{error instanceof EsError ? ` (HTTP ${error.status})` : ''}</p>}
      {errorCauses(error).map((cause, i) => (
        <p key={i} className="error-cause">
          Caused by {cause}
        </p>
      ))}
    </div>
  );
}
