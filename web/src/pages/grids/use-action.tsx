/** A server call started by a control, with its failure shown in plain words next to that control. */
import { useCallback, useRef, useState } from 'react';
import { errorText } from './grid-mirror.ts';

export interface Action {
  /** Runs `work`; true when it succeeded. A failure is kept in `error` until the next run or `clear()`. */
  run(work: () => Promise<unknown>): Promise<boolean>;
  readonly error: string | undefined;
  readonly busy: boolean;
  clear(): void;
}

export function useAction(): Action {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);
  const run = useCallback(async (work: () => Promise<unknown>) => {
    const call = ++latest.current;
    setBusy(true);
    setError(undefined);
    try {
      await work();
      return true;
    } catch (e) {
      if (call === latest.current) setError(errorText(e));
      return false;
    } finally {
      if (call === latest.current) setBusy(false);
    }
  }, []);
  const clear = useCallback(() => setError(undefined), []);
  return { run, error, busy, clear };
}

/** The server's message for a failed call, announced to screen readers. */
export function ErrorNote({ error, id }: { error: string | undefined; id?: string }) {
  if (!error) return null;
  return (
    <p className="error grids-error" role="alert" id={id}>
      {error}
    </p>
  );
}
