/** Advancing the virtual clock: a time value (`1d`, `20m`) and a button; the answer (new time, ticks run) or the refusal. */
import { useState, type FormEvent } from 'react';
import { advanceClock, type ClockAdvance } from '../../clock.ts';
import { ErrorAlert } from '../../error-alert.tsx';
import { formatInstant } from '../../units.ts';

export function ClockControl({ onAdvanced }: { onAdvanced?: (answer: ClockAdvance) => void }) {
  const [by, setBy] = useState('1d');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ by: string; answer: ClockAdvance } | { error: unknown }>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(undefined);
    try {
      const answer = await advanceClock(by.trim());
      setOutcome({ by: by.trim(), answer });
      onAdvanced?.(answer);
    } catch (error) {
      setOutcome({ error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="clock-control" onSubmit={submit} aria-label="Advance the virtual clock">
      <label>
        Advance by
        <input name="by" value={by} onChange={(e) => setBy(e.target.value)} placeholder="1d" size={8} required />
      </label>
      <button type="submit" disabled={busy}>
        {busy ? 'Advancing…' : 'Advance clock'}
      </button>
      {outcome && 'answer' in outcome && (
        <p role="status" className="notice">
          Advanced by {outcome.by}: now {formatInstant(outcome.answer.now_millis)}; {outcome.answer.ticks} poll {outcome.answer.ticks === 1 ? 'tick' : 'ticks'} ran.
        </p>
      )}
      {outcome && 'error' in outcome && <ErrorAlert error={outcome.error}>The clock did not move:</ErrorAlert>}
    </form>
  );
}
