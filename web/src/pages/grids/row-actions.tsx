/** A row's own buttons: move up and down (grid order only), duplicate, and delete after a confirmation. */
import { ConfirmButton } from './confirm-button.tsx';

export function RowActions({
  index,
  count,
  canMove,
  busy,
  onMove,
  onDuplicate,
  onDelete,
}: {
  index: number;
  count: number;
  /** False while a filter or sort is applied: an index then is not the row's place in the grid. */
  canMove: boolean;
  busy: boolean;
  onMove: (delta: -1 | 1) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const n = index + 1;
  return (
    <span className="row-actions">
      <button type="button" aria-label={`Move row ${n} up`} title="Move up" disabled={busy || !canMove || index === 0} onClick={() => onMove(-1)}>
        ↑
      </button>
      <button type="button" aria-label={`Move row ${n} down`} title="Move down" disabled={busy || !canMove || index === count - 1} onClick={() => onMove(1)}>
        ↓
      </button>
      <button type="button" aria-label={`Duplicate row ${n}`} title="Duplicate" disabled={busy} onClick={onDuplicate}>
        Copy
      </button>
      <ConfirmButton label={`Delete row ${n}`} question="Delete?" confirmLabel="Delete" onConfirm={onDelete} disabled={busy}>
        Delete
      </ConfirmButton>
    </span>
  );
}
