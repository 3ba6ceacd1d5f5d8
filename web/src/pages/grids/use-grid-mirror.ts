/** The open grid's mirror for a component: watched while the component is mounted, closed when it leaves. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { GridMirror, type GridState } from './grid-mirror.ts';

export function useGridMirror(gridId: string): [GridState, GridMirror] {
  const [mirror, setMirror] = useState(() => new GridMirror(gridId));
  if (mirror.gridId !== gridId) setMirror(new GridMirror(gridId));
  useEffect(() => {
    if (mirror.gridId !== gridId) return;
    mirror.start();
    return () => mirror.stop();
  }, [mirror, gridId]);
  const state = useSyncExternalStore(mirror.subscribe, mirror.snapshot);
  return [state, mirror];
}
