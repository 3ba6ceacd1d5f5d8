/**
 * One policy: its facts, and its body as JSON to edit and save (`PUT /_ilm/policy/<name>`). The server's refusal
 * is shown as it said it. Also the form for a new policy (which refuses a name already taken, as PUT would replace
 * that policy), and deletion (refused by the server while in use). Saving a policy that indices or templates use
 * asks first, saying how many. Beside it, what lint finds in the saved version; and for the text, saved or not, a
 * check (on what uses the policy too) and a simulation. Changing buttons show only to users with manage_ilm.
 */
import { useState, type FormEvent } from 'react';
import { es, EsError } from '../../api/es.ts';
import { ErrorAlert } from '../../error-alert.tsx';
import { usePrivileges } from '../../privileges.ts';
import { goTo, href } from '../../route.ts';
import { instantText } from '../../units.ts';
import { useLoad } from '../../use-load.ts';
import { InUseBy, plural, usersText } from './in-use-by.tsx';
import { fetchPolicy, type PolicyEntry } from './lifecycle-types.ts';
import { lintPolicyText } from './lint-types.ts';
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

type Outcome =
  | { readonly saved: string }
  | { readonly error: unknown; readonly context: string }
  /** Creating under a name a stored policy has: refused, as the PUT would replace that policy. */
  | { readonly taken: string; readonly entry: PolicyEntry };

/** A save of a policy in use, waiting for the user to confirm it: the stored version it would follow and its users. */
interface PendingSave {
  readonly body: { policy: unknown };
  readonly version: number;
  readonly indices: number;
  readonly templates: number;
}

/** The stored policy of that name, or undefined when there is none. */
async function storedPolicy(name: string): Promise<PolicyEntry | undefined> {
  try {
    return await fetchPolicy(name);
  } catch (error) {
    if (error instanceof EsError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * The truth of what a new version does to the indices that run the policy, as Tessera's runner does it (after ES's
 * PhaseCacheManagement): see refreshCachedPhases in src/ilm/lifecycle-operations.ts.
 */
const NEW_VERSION_EFFECT =
  'Each index takes the new version of a phase when it enters that phase. An index already in a phase keeps the definition of that phase it cached on entering it, ' +
  'unless the new version of the phase has the same steps (the same actions, other values) and the index is not in ERROR: then it runs the new definition from its current step at once. ' +
  'An index in ERROR takes the new definition of its phase when it is retried, if the failed action is still in it.';

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
  const [pending, setPending] = useState<PendingSave>();
  const [notice] = useState(takeNotice);
  const privileges = usePrivileges({ cluster: ['manage_ilm'] });
  const mayManage = privileges.cluster('manage_ilm');

  // Each version the server reports replaces the text: after loading, and after a save (in its stored form). Set
  // during render, so the text never shows empty or stale next to the version it belongs to.
  if (policy.data && policy.data.version !== shownVersion) {
    setText(JSON.stringify(policy.data.policy, null, 2));
    setShownVersion(policy.data.version);
  }

  const put = async (target: string, body: { policy: unknown }) => {
    setBusy(true);
    try {
      const answer = await es('PUT', `/_ilm/policy/${encodeURIComponent(target)}`, body);
      const stored = await fetchPolicy(target);
      const message = `${creating ? 'Created' : 'Saved'} policy ${target}: version ${stored.version}. The server answered ${JSON.stringify(answer)}.`;
      if (creating) {
        leaveNotice(message);
        goTo(href('lifecycle', 'policies', target));
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

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(undefined);
    setPending(undefined);
    const target = creating ? newName.trim() : name;
    setBusy(true);
    try {
      if (!target) throw new Error('Give the policy a name.');
      const body = requestBody(text);
      // PUT /_ilm/policy creates or replaces: Elasticsearch 8 has no create-only flag or expected version for it
      // (its only parameters are master_timeout and timeout), so this look first is all a client can do; a policy
      // created by someone else between it and the PUT is still replaced.
      const stored = await storedPolicy(target);
      if (creating && stored) {
        setOutcome({ taken: target, entry: stored });
        return;
      }
      const indices = stored?.in_use_by.indices.length ?? 0;
      const templates = stored?.in_use_by.composable_templates.length ?? 0;
      if (stored && indices + templates > 0) {
        setPending({ body, version: stored.version, indices, templates });
        return;
      }
      await put(target, body);
    } catch (error) {
      setOutcome({ error, context: error instanceof EsError ? 'The server refused the policy:' : 'Not saved:' });
    } finally {
      setBusy(false);
    }
  };

  const confirmSave = async () => {
    const body = pending!.body;
    setPending(undefined);
    await put(name!, body);
  };

  const remove = async () => {
    setOutcome(undefined);
    setBusy(true);
    try {
      const answer = await es('DELETE', `/_ilm/policy/${encodeURIComponent(name!)}`);
      leaveNotice(`Deleted policy ${name}. The server answered ${JSON.stringify(answer)}.`);
      goTo(href('lifecycle', 'policies'));
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
      // A named policy is checked as its next version, on the indices and templates that use the name too.
      const checkedName = creating ? newName.trim() || undefined : name;
      setCheck({ text: checked, policy: checkedName ?? policyName, answer: await lintPolicyText(checkedName, requestBody(checked).policy) });
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
            <InUseBy policy={name!} usage={entry.in_use_by} />
          </dd>
        </dl>
      )}
      {entry && name !== undefined && <StoredPolicyLint name={name} version={entry.version} />}
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
          {privileges.known && !mayManage && (
            <p className="hint">You may check and simulate the text; {creating ? 'creating' : 'saving or deleting'} a policy needs the cluster privilege manage_ilm.</p>
          )}
          <div className="buttons">
            {mayManage && (
              <button type="submit" disabled={busy || pending !== undefined}>
                {creating ? 'Create policy' : 'Save policy'}
              </button>
            )}
            <button type="button" onClick={runCheck} disabled={busy} title="Lint the text as it is now, before saving it">
              Check
            </button>
            {!creating && entry && (
              <button type="button" onClick={() => setText(JSON.stringify(entry.policy, null, 2))} disabled={busy}>
                Discard changes
              </button>
            )}
            {mayManage && !creating && entry && !confirming && (
              <button type="button" className="danger" onClick={() => setConfirming(true)} disabled={busy}>
                Delete policy
              </button>
            )}
          </div>
          {pending && (
            <div role="group" aria-label="Confirm save" className="confirm">
              <p className="confirm-question">
                Save version {pending.version + 1} of {name}? {usersText(pending.indices, pending.templates)} {pending.indices + pending.templates === 1 ? 'uses' : 'use'} it.
              </p>
              <p className="hint">{NEW_VERSION_EFFECT}</p>
              <button type="button" onClick={confirmSave} disabled={busy}>
                Confirm save
              </button>{' '}
              <button type="button" onClick={() => setPending(undefined)} disabled={busy}>
                Cancel
              </button>
            </div>
          )}
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
      {outcome && 'taken' in outcome && (
        <div role="alert" className="error error-alert name-taken">
          <p>
            A policy named {outcome.taken} already exists (version {outcome.entry.version}, used by {plural(outcome.entry.in_use_by.indices.length, 'index', 'indices')}
            {outcome.entry.in_use_by.composable_templates.length > 0 && ` and ${plural(outcome.entry.in_use_by.composable_templates.length, 'template', 'templates')}`}
            ). Creating it would replace it: choose another name, or <a href={href('lifecycle', 'policies', outcome.taken)}>open policy {outcome.taken}</a> to edit it.
          </p>
        </div>
      )}
      {check && <CheckResult outcome={check} text={text} />}
      {(creating || entry) && <PolicySimulation policyName={policyName} text={text} defaultIndex={`${policyName.toLowerCase()}-000001`} />}
    </section>
  );
}
