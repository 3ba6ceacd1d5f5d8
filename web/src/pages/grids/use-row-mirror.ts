/** The open grid's rows for a component: loaded and watched while it is mounted, the stream closed when it leaves. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { RowMirror, type RowsState } from './row-mirror.ts';

export function useRowMirror(gridId: string): [RowsState, RowMirror] {
  const [mirror, setMirror] = useState(() => new RowMirror(gridId));
  if (mirror.gridId !== gridId) setMirror(new RowMirror(gridId));
  useEffect(() => {
    if (mirror.gridId !== gridId) return;
    mirror.start();
    return () => mirror.stop();
  }, [mirror, gridId]);
  const state = useSyncExternalStore(mirror.subscribe, mirror.snapshot);
  return [state, mirror];
}
