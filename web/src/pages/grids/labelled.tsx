/** A control with a `<label for>`: a wrapping label would add a select's chosen option to the control's name. */
import { useId, type ReactNode } from 'react';

export function Labelled({ label, children }: { label: ReactNode; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <span className="labelled">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </span>
  );
}
