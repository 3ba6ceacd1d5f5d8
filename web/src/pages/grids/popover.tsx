/**
 * A dialog anchored under a control (a column header): it takes focus when it opens, keeps Tab inside itself,
 * closes on Escape or a press outside it, and gives focus back to its anchor when it closes.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';
const MARGIN = 8;
const MIN_HEIGHT = 260;

export function Popover({
  anchor,
  label,
  onClose,
  className,
  children,
}: {
  /** Finds the anchor (it may re-render while the popover is open). */
  anchor: () => HTMLElement | null;
  label: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number; maxHeight: number }>();
  const anchorRef = useRef(anchor);
  anchorRef.current = anchor;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useLayoutEffect(() => {
    const position = () => {
      // Under the whole header cell, not only its button: the cell's other controls stay reachable.
      const anchor = anchorRef.current();
      const box = (anchor?.closest('th, td') ?? anchor)?.getBoundingClientRect();
      const own = ref.current?.getBoundingClientRect();
      if (!box || !own) return;
      const left = Math.max(MARGIN, Math.min(box.left, window.innerWidth - own.width - MARGIN));
      // It scrolls inside itself, in the room left under the header (some room at least, moved up if need be).
      const top = Math.max(MARGIN, Math.min(box.bottom + 4, window.innerHeight - MIN_HEIGHT - MARGIN));
      setPlace({ top, left, maxHeight: window.innerHeight - top - MARGIN });
    };
    position();
    window.addEventListener('resize', position);
    window.addEventListener('scroll', position, true);
    return () => {
      window.removeEventListener('resize', position);
      window.removeEventListener('scroll', position, true);
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    const first = dialog?.querySelector<HTMLElement>('input, select, textarea') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (dialog?.contains(target) || anchorRef.current()?.contains(target)) return;
      closeRef.current();
    };
    document.addEventListener('pointerdown', outside, true);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      const active = document.activeElement;
      // Back to the opener, unless the press that closed it put focus somewhere else on purpose.
      if (!active || active === document.body || dialog?.contains(active)) anchorRef.current()?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeRef.current();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => e.offsetParent !== null);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      ref={ref}
      role="dialog"
      aria-label={label}
      className={`popover ${className ?? ''}`}
      // Transparent, not hidden, until placed: a hidden element cannot take the focus it is given on opening.
      style={place ?? { opacity: 0 }}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}
