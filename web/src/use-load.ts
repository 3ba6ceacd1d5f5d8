/** Loads data for a view and reloads it on demand; results that arrive after the view moved on are dropped. */
import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  /** True from the first request until an answer (or failure) arrives, and again during each reload. */
  readonly loading: boolean;
  readonly reload: () => void;
}

export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (error: unknown) => live && setState({ error, loading: false }),
    );
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; `deps` says when it asks for something else.
  }, [...deps, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
