/**
 * A refused or failed API call, shown as the server said it: its reason verbatim, then the `caused_by` chain. A
 * refusal for want of a privilege (403) first says so in plain words.
 */
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

/** What the console's own calls do, in words, by Elasticsearch action; any other action is named as it is. */
const ACTION_WORDS: Readonly<Record<string, string>> = {
  'cluster:admin/ilm/put': 'create or change lifecycle policies',
  'cluster:admin/ilm/delete': 'delete lifecycle policies',
  'cluster:admin/ilm/get': 'read lifecycle policies',
  'cluster:admin/ilm/start': 'start ILM',
  'cluster:admin/ilm/stop': 'stop ILM',
  'indices:admin/ilm/retry': 'retry a failed lifecycle step',
  'indices:admin/ilm/move_to_step': 'move an index to another lifecycle step',
  'indices:admin/ilm/remove_policy': "remove an index's lifecycle policy",
  'indices:admin/settings/update': 'change index settings',
  'indices:admin/aliases': 'change aliases',
  'indices:admin/create': 'create indices',
  'indices:admin/delete': 'delete indices',
  'indices:admin/rollover': 'roll over',
  'cluster:admin/settings/update': 'change cluster settings',
  'cluster:admin/tessera/clock/advance': 'advance the clock',
  'cluster:monitor/tessera/ilm/simulate': 'run lifecycle forecasts',
  'cluster:admin/xpack/security/user/get': 'read users',
};

/** "You lack the privilege to …" for a 403 `security_exception`, from the action its reason names. */
export function privilegeWords(error: unknown): string | undefined {
  if (!(error instanceof EsError) || error.status !== 403) return undefined;
  const action = /^action \[([^\]]+)\] is unauthorized/.exec(error.reason)?.[1];
  if (action === undefined) return 'You lack the privilege for this.';
  return `You lack the privilege to ${ACTION_WORDS[action] ?? `perform [${action}]`}:`;
}

export function ErrorAlert({ error, children }: { error: unknown; children?: ReactNode }) {
  const type = error instanceof EsError ? error.type : undefined;
  const lacking = privilegeWords(error);
  return (
    <div role="alert" className="error error-alert">
      {children && <p className="error-context">{children}</p>}
      {lacking && <p className="error-privilege">{lacking}</p>}
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
