/** A destructive button that asks once more, in place, before it acts. */
import { useState, type ReactNode } from 'react';

export function ConfirmButton({
  label,
  children,
  question,
  confirmLabel,
  onConfirm,
  disabled,
}: {
  /** The button's accessible name, e.g. `Delete grid Tasks`. */
  label: string;
  /** What the button shows (defaults to `label`). */
  children?: ReactNode;
  question: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="danger" aria-label={label} onClick={() => setAsking(true)} disabled={disabled}>
        {children ?? label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={`Confirm: ${label}`}>
      <span>{question}</span>{' '}
      <button
        type="button"
        className="danger"
        autoFocus
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>{' '}
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
