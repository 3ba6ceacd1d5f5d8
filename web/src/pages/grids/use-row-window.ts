/**
 * Windowing for a long list of fixed-height rows: only the rows in view, plus a few either side, are rendered, in a
 * scroll container as tall as every row, so 10,000 rows cost what 30 do.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

const OVERSCAN = 8;

export function useRowWindow(count: number, rowHeight: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight));
    observer.observe(element);
    setViewport(element.clientHeight);
    return () => observer.disconnect();
  }, []);

  const onScroll = useCallback(() => setScrollTop(ref.current?.scrollTop ?? 0), []);
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const end = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + OVERSCAN);
  const scrollToEnd = useCallback(() => {
    const element = ref.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);
  return { ref, onScroll, start, end, totalHeight: count * rowHeight, scrollToEnd };
}
