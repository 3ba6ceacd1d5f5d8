/**
 * One policy: its facts, and its body as JSON to edit and save (`PUT /_ilm/policy/<name>`). The server's refusal
 * is shown as it said it. Also the form for a new policy, and deletion (refused by the server while in use).
 * Beside it, what lint finds in the saved version; and for the text, saved or not, a check and a simulation.
 */
import { useState, type FormEvent } from 'react';
import { es, EsError } from '../../api/es.ts';
import { ErrorAlert } from '../../error-alert.tsx';
import { href } from '../../route.ts';
import { instantText } from '../../units.ts';
import { useLoad } from '../../use-load.ts';
import { fetchPolicy } from './lifecycle-types.ts';
import { lintPolicyBody } from './lint-types.ts';
import { leaveNotice, takeNotice } from './notice.ts';
import { CheckResult, StoredPolicyLint, type CheckOutcome } from './policy-lint.tsx';
import { PolicySimulation } from './policy-simulation.tsx';
import { requestBody } from './policy-text.ts';

const NEW_POLICY = {
  phases: {
    hot: { actions: { rollover: { max_age: '30d', max_primary_shard_size: '50gb' } } },
    delete: { min_age: '90d', actions: { delete: {} } },
  },
};

type Outcome = { readonly saved: string } | { readonly error: unknown; readonly context: string };

export function PolicyEditor({ name }: { name: string | undefined }) {
  const creating = name === undefined;
  const policy = useLoad(() => (name === undefined ? Promise.resolve(undefined) : fetchPolicy(name)), [name]);
  const [newName, setNewName] = useState('');
  const [text, setText] = useState(creating ? JSON.stringify(NEW_POLICY, null, 2) : '');
  const [shownVersion, setShownVersion] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const [confirming, setConfirming] = useState(false);
  const [check, setCheck] = useState<CheckOutcome>();
  const [notice] = useState(takeNotice);

  // Each version the server reports replaces the text: after loading, and after a save (in its stored form). Set
  // during render, so the text never shows empty or stale next to the version it belongs to.
  if (policy.data && policy.data.version !== shownVersion) {
    setText(JSON.stringify(policy.data.policy, null, 2));
    setShownVersion(policy.data.version);
  }

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(undefined);
    const target = creating ? newName.trim() : name;
    setBusy(true);
    try {
      if (!target) throw new Error('Give the policy a name.');
      const body = requestBody(text);
      const answer = await es('PUT', `/_ilm/policy/${encodeURIComponent(target)}`, body);
      const stored = await fetchPolicy(target);
      const message = `${creating ? 'Created' : 'Saved'} policy ${target}: version ${stored.version}. The server answered ${JSON.stringify(answer)}.`;
      if (creating) {
        leaveNotice(message);
        window.location.hash = href('lifecycle', 'policies', target);
      } else {
        setText(JSON.stringify(stored.policy, null, 2));
        setShownVersion(stored.version);
        setOutcome({ saved: message });
        policy.reload();
      }
    } catch (error) {
      setOutcome({ error, context: error instanceof EsError ? 'The server refused the policy:' : 'Not saved:' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setOutcome(undefined);
    setBusy(true);
    try {
      const answer = await es('DELETE', `/_ilm/policy/${encodeURIComponent(name!)}`);
      leaveNotice(`Deleted policy ${name}. The server answered ${JSON.stringify(answer)}.`);
      window.location.hash = href('lifecycle', 'policies');
    } catch (error) {
      setOutcome({ error, context: 'The server refused to delete the policy:' });
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  const runCheck = async () => {
    setBusy(true);
    setCheck(undefined);
    const checked = text;
    try {
      setCheck({ text: checked, problems: await lintPolicyBody(requestBody(checked).policy) });
    } catch (error) {
      setCheck({ error });
    } finally {
      setBusy(false);
    }
  };

  const entry = policy.data;
  // What the text is called while it is only text: its name, or for a new policy the name typed so far.
  const policyName = name ?? (newName.trim() || 'new-policy');
  return (
    <section aria-labelledby="policy-title" className="policy-editor">
      <p className="back">
        <a href={href('lifecycle', 'policies')}>← Lifecycle policies</a>
      </p>
      <h2 id="policy-title">{creating ? 'New policy' : `Policy ${name}`}</h2>
      {notice && !outcome && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      {policy.error !== undefined && <ErrorAlert error={policy.error}>The policy could not be read:</ErrorAlert>}
      {entry && (
        <dl className="facts">
          <dt>Version</dt>
          <dd className="policy-version">{entry.version}</dd>
          <dt>Modified</dt>
          <dd>
            <time dateTime={entry.modified_date}>{instantText(entry.modified_date)}</time>
          </dd>
          <dt>In use by</dt>
          <dd>
            {entry.in_use_by.indices.length === 0
              ? 'no index'
              : entry.in_use_by.indices.map((index, i) => (
                  <span key={index}>
                    {i > 0 && ', '}
                    <a href={href('lifecycle', 'index', index)}>{index}</a>
                  </span>
                ))}
          </dd>
        </dl>
      )}
      {entry && name !== undefined && <StoredPolicyLint name={name} version={entry.version} indices={entry.in_use_by.indices} />}
      {(creating || entry) && (
        <form onSubmit={save} aria-label={creating ? 'New policy' : `Edit policy ${name}`}>
          {creating && (
            <label className="field">
              Policy name
              <input name="name" value={newName} onChange={(e) => setNewName(e.target.value)} required autoComplete="off" spellCheck={false} />
            </label>
          )}
          <label className="field">
            Policy JSON
            <textarea name="policy" value={text} onChange={(e) => setText(e.target.value)} rows={22} spellCheck={false} className="policy-json" />
          </label>
          <p className="hint">
            The policy as <code>PUT /_ilm/policy/&lt;name&gt;</code> takes it inside <code>"policy"</code>: its <code>phases</code> (hot, warm, cold, frozen,
            delete), each with a <code>min_age</code> and <code>actions</code>, and an optional <code>_meta</code>.
          </p>
          <div className="buttons">
            <button type="submit" disabled={busy}>
              {creating ? 'Create policy' : 'Save policy'}
            </button>
            <button type="button" onClick={runCheck} disabled={busy} title="Lint the text as it is now, before saving it">
              Check
            </button>
            {!creating && entry && (
              <button type="button" onClick={() => setText(JSON.stringify(entry.policy, null, 2))} disabled={busy}>
                Discard changes
              </button>
            )}
            {!creating && entry && !confirming && (
              <button type="button" className="danger" onClick={() => setConfirming(true)} disabled={busy}>
                Delete policy
              </button>
            )}
          </div>
          {confirming && (
            <div role="group" aria-label="Confirm deletion" className="confirm">
              <p>Delete policy {name}? The server refuses while an index uses it.</p>
              <button type="button" className="danger" onClick={remove} disabled={busy}>
                Confirm delete
              </button>{' '}
              <button type="button" onClick={() => setConfirming(false)} disabled={busy}>
                Cancel
              </button>
            </div>
          )}
        </form>
      )}
      {outcome && 'saved' in outcome && (
        <p role="status" className="notice">
          {outcome.saved}
        </p>
      )}
      {outcome && 'error' in outcome && <ErrorAlert error={outcome.error}>{outcome.context}</ErrorAlert>}
      {check && <CheckResult outcome={check} text={text} />}
      {(creating || entry) && <PolicySimulation policyName={policyName} text={text} defaultIndex={`${policyName.toLowerCase()}-000001`} />}
    </section>
  );
}
