/**
 * Simulating the editor's text before it is saved (`POST /_tessera/ilm/simulate`): the policy on a new index of
 * the name given, with the matching index templates, for the horizon and documents a day given.
 */
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../error-alert.tsx';
import { ForecastSettingsFields } from './forecast-settings.tsx';
import { DEFAULT_FORECAST_SETTINGS, simulatePolicy, type Forecast, type ForecastSettings, type SimulatedIndex } from './forecast-types.ts';
import { ForecastView } from './forecast-view.tsx';
import { requestBody } from './policy-text.ts';

/**
 * The index as the simulation creates it. It names the policy in index.lifecycle.name, so the policy is the
 * edited text under that name; a rollover alias, when given, becomes its setting and the index's write alias.
 */
function simulatedIndex(name: string, policyName: string, alias: string): SimulatedIndex {
  return {
    name,
    settings: { 'index.lifecycle.name': policyName, ...(alias && { 'index.lifecycle.rollover_alias': alias }) },
    ...(alias && { aliases: { [alias]: { is_write_index: true } } }),
  };
}

export function PolicySimulation({ policyName, text, defaultIndex }: { policyName: string; text: string; defaultIndex: string }) {
  const [index, setIndex] = useState(defaultIndex);
  const [alias, setAlias] = useState('');
  const [settings, setSettings] = useState<ForecastSettings>(DEFAULT_FORECAST_SETTINGS);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ forecast: Forecast } | { error: unknown }>();

  const simulate = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(undefined);
    try {
      const { policy } = requestBody(text);
      setOutcome({ forecast: await simulatePolicy(policy, simulatedIndex(index.trim(), policyName, alias.trim()), settings) });
    } catch (error) {
      setOutcome({ error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="policy-simulation" aria-labelledby="policy-simulation-title">
      <h3 id="policy-simulation-title">Simulate the edited text</h3>
      <p className="hint">
        Runs the policy in the text (saved or not) on a new index, as the runner would on a copy of the cluster: index templates that match its name apply. Nothing
        changes on the server.
      </p>
      <form className="forecast-settings" onSubmit={simulate} aria-label="Simulation settings">
        <label>
          Index name
          <input name="index" value={index} onChange={(e) => setIndex(e.target.value)} required spellCheck={false} autoComplete="off" />
        </label>
        <label>
          Rollover alias
          <input name="alias" value={alias} onChange={(e) => setAlias(e.target.value)} placeholder="optional" spellCheck={false} autoComplete="off" />
        </label>
        <ForecastSettingsFields value={settings} onChange={setSettings} />
        <button type="submit" disabled={busy}>
          {busy ? 'Simulating…' : 'Simulate'}
        </button>
      </form>
      <p className="hint">
        A policy with rollover needs the alias the index is written through: give it here, unless an index template sets <code>index.lifecycle.rollover_alias</code>.
      </p>
      {outcome && 'error' in outcome && <ErrorAlert error={outcome.error}>Not simulated:</ErrorAlert>}
      {outcome && 'forecast' in outcome && <ForecastView forecast={outcome.forecast} />}
    </section>
  );
}
