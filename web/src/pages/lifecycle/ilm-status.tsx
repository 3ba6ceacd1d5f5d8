/**
 * ILM's operation mode (`GET /_ilm/status`) in the lifecycle page's header, with Stop or Start for a user who holds
 * the cluster privilege `manage_ilm`. Stopped, no index moves on: a remedy that waits for a poll waits for Start.
 */
import { useState } from 'react';
import { EsError } from '../../api/es.ts';
import { ErrorAlert } from '../../error-alert.tsx';
import { usePrivileges } from '../../privileges.ts';
import { useLoad } from '../../use-load.ts';
import { ilmStatus, startIlm, stopIlm } from './index-actions-api.ts';

const MANAGE_ILM = { cluster: ['manage_ilm'] };

export function IlmStatus() {
  const status = useLoad(ilmStatus, []);
  const privileges = usePrivileges(MANAGE_ILM);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const mode = status.data;
  const change = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await call();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
      status.reload();
    }
  };
  return (
    <div className="ilm-status" role="group" aria-label="ILM status">
      {mode && (
        <span>
          ILM is <strong className={`ilm-mode ilm-${mode.toLowerCase()}`}>{mode}</strong>
        </span>
      )}
      {mode && privileges.cluster('manage_ilm') && (
        <button type="button" disabled={busy} onClick={() => void change(mode === 'RUNNING' ? stopIlm : startIlm)}>
          {mode === 'RUNNING' ? 'Stop ILM' : 'Start ILM'}
        </button>
      )}
      {/* A user who may not read the mode is shown nothing here, not a refusal on every page. */}
      {status.error !== undefined && !(status.error instanceof EsError && status.error.status === 403) && <ErrorAlert error={status.error}>The ILM status could not be read:</ErrorAlert>}
      {error !== undefined && <ErrorAlert error={error}>The server refused:</ErrorAlert>}
    </div>
  );
}
