/**
 * The forms that carry out a remedy on one index: set the rollover alias or indexing_complete, add or move an alias,
 * attach or remove a policy, move to a step. Each calls the API a user would call by hand, and shows what the server
 * answered: its acknowledgement, or its refusal verbatim.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorAlert } from '../../error-alert.tsx';
import { useLoad } from '../../use-load.ts';
import { addAlias, moveToStep, putIndexSettings, removeIndexPolicy, type StepTarget } from './index-actions-api.ts';
import { fetchPolicies, PHASE_ORDER, type ExplainRecord, type PhaseDefinition } from './lifecycle-types.ts';

type Outcome = { readonly done: string; readonly answer: unknown } | { readonly error: unknown };

/** Runs one call at a time and keeps its outcome; `onDone` tells the page to read the index again. */
function useAction(onDone: (done: string) => void) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const run = async (done: string, call: () => Promise<unknown>) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const answer = await call();
      setOutcome({ done, answer });
      onDone(done);
    } catch (error) {
      setOutcome({ error });
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, run };
}

function OutcomeLine({ outcome, refused }: { outcome: Outcome | undefined; refused: string }) {
  if (!outcome) return null;
  if ('error' in outcome) return <ErrorAlert error={outcome.error}>{refused}</ErrorAlert>;
  return (
    <p role="status" className="notice action-outcome">
      {outcome.done} The server answered <code>{JSON.stringify(outcome.answer)}</code>.
    </p>
  );
}

function ActionForm({ label, onSubmit, children, outcome, refused }: { label: string; onSubmit: () => void; children: ReactNode; outcome: Outcome | undefined; refused: string }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="remedy-form" aria-label={label} onSubmit={submit}>
      <div className="remedy-fields">{children}</div>
      <OutcomeLine outcome={outcome} refused={refused} />
    </form>
  );
}

interface IndexFormProps {
  readonly index: string;
  readonly onDone: (done: string) => void;
}

export function RolloverAliasForm({ index, initial, onDone }: IndexFormProps & { initial: string }) {
  const [alias, setAlias] = useState(initial);
  const action = useAction(onDone);
  return (
    <ActionForm
      label={`Rollover alias of ${index}`}
      outcome={action.outcome}
      refused="The setting was refused:"
      onSubmit={() => void action.run(`index.lifecycle.rollover_alias of ${index} is now [${alias}].`, () => putIndexSettings(index, { 'index.lifecycle.rollover_alias': alias }))}
    >
      <label>
        index.lifecycle.rollover_alias <input value={alias} onChange={(e) => setAlias(e.target.value)} required />
      </label>
      <button type="submit" disabled={action.busy}>
        Set rollover alias
      </button>
    </ActionForm>
  );
}

export function IndexingCompleteForm({ index, current, onDone }: IndexFormProps & { current: boolean }) {
  const action = useAction(onDone);
  const next = !current;
  return (
    <ActionForm
      label={`Indexing complete of ${index}`}
      outcome={action.outcome}
      refused="The setting was refused:"
      onSubmit={() => void action.run(`index.lifecycle.indexing_complete of ${index} is now ${next}.`, () => putIndexSettings(index, { 'index.lifecycle.indexing_complete': next }))}
    >
      <span>
        index.lifecycle.indexing_complete is <code>{String(current)}</code>
        {next && ': rollover then completes without rolling the index over.'}
      </span>
      <button type="submit" disabled={action.busy}>
        Set indexing_complete to {String(next)}
      </button>
    </ActionForm>
  );
}

export function AliasForm({ index, initialAlias, initialWrite, onDone }: IndexFormProps & { initialAlias: string; initialWrite: boolean }) {
  const [alias, setAlias] = useState(initialAlias);
  const [write, setWrite] = useState(initialWrite);
  const action = useAction(onDone);
  return (
    <ActionForm
      label={`Alias of ${index}`}
      outcome={action.outcome}
      refused="The alias change was refused:"
      onSubmit={() => void action.run(write ? `${index} is now the write index of [${alias}].` : `${index} now has alias [${alias}].`, () => addAlias(index, alias, write))}
    >
      <label>
        Alias <input value={alias} onChange={(e) => setAlias(e.target.value)} required />
      </label>
      <label>
        <input type="checkbox" checked={write} onChange={(e) => setWrite(e.target.checked)} /> as its write index (moved from the index that has it, in the same request)
      </label>
      <button type="submit" disabled={action.busy}>
        {write ? 'Make write index' : 'Add alias'}
      </button>
    </ActionForm>
  );
}

/** Attach a policy (`index.lifecycle.name`), or, for a managed index, remove it. */
export function PolicyForm({ index, current, canAttach, canRemove, onDone }: IndexFormProps & { current: string | undefined; canAttach: boolean; canRemove: boolean }) {
  const policies = useLoad(() => (canAttach ? fetchPolicies() : Promise.resolve({})), [canAttach]);
  const names = Object.keys(policies.data ?? {}).sort();
  const [chosen, setChosen] = useState('');
  const picked = chosen || (current ?? names[0] ?? '');
  const attach = useAction(onDone);
  const remove = useAction(onDone);
  return (
    <>
      {canAttach && (
      <ActionForm
        label={`Policy of ${index}`}
        outcome={attach.outcome}
        refused="The policy was not attached:"
        onSubmit={() => void attach.run(`${index} is now managed by policy [${picked}].`, () => putIndexSettings(index, { 'index.lifecycle.name': picked }))}
      >
        <label>
          index.lifecycle.name{' '}
          <select value={picked} onChange={(e) => setChosen(e.target.value)} required>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={attach.busy || picked === ''}>
          {current ? 'Change policy' : 'Attach policy'}
        </button>
        {policies.error !== undefined && <ErrorAlert error={policies.error}>The policies could not be listed:</ErrorAlert>}
      </ActionForm>
      )}
      {current && canRemove && (
        <ActionForm
          label={`Remove policy of ${index}`}
          outcome={remove.outcome}
          refused="The policy was not removed:"
          onSubmit={() => void remove.run(`${index} is no longer managed.`, () => removeIndexPolicy(index))}
        >
          <span>Stops managing {index}: its lifecycle settings and state are dropped (POST /{index}/_ilm/remove).</span>
          <button type="submit" className="danger" disabled={remove.busy}>
            Remove policy {current}
          </button>
        </ActionForm>
      )}
    </>
  );
}

/** The targets a move can name: each phase (its first step), and each action of it, as the server resolves them. */
export function stepTargets(phases: Readonly<Record<string, PhaseDefinition>>): StepTarget[] {
  const ordered = PHASE_ORDER.filter((phase) => phases[phase] !== undefined);
  return ordered.flatMap((phase) => [{ phase }, ...Object.keys(phases[phase]!.actions ?? {}).map((action) => ({ phase, action }))]);
}

const targetLabel = (t: StepTarget) => (t.action ? `${t.phase} / ${t.action}` : `${t.phase} (start of phase)`);

export function MoveStepForm({ record, phases, onDone }: { record: ExplainRecord; phases: Readonly<Record<string, PhaseDefinition>>; onDone: (done: string) => void }) {
  const targets = stepTargets(phases);
  const [chosen, setChosen] = useState(0);
  const action = useAction(onDone);
  const target = targets[chosen];
  const current = { phase: record.phase ?? '', action: record.action ?? '', name: record.step ?? '' };
  return (
    <ActionForm
      label={`Move ${record.index} to a step`}
      outcome={action.outcome}
      refused="The move was refused:"
      onSubmit={() => target && void action.run(`${record.index} moved to ${targetLabel(target)}.`, () => moveToStep(record.index, current, target))}
    >
      <span>
        From <code>{`${current.phase} / ${current.action} / ${current.name}`}</code> to
      </span>
      <label>
        Next step{' '}
        <select value={chosen} onChange={(e) => setChosen(Number(e.target.value))}>
          {targets.map((t, i) => (
            <option key={targetLabel(t)} value={i}>
              {targetLabel(t)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={action.busy || !target}>
        Move
      </button>
    </ActionForm>
  );
}
