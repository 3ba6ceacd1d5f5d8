/**
 * An index's forecast on its page: how it goes on from where it stands (`GET /_tessera/ilm/timeline/<index>`),
 * with the horizon and the documents a day to assume. Loaded with the server's defaults, again on each reload
 * of the page (the index may have moved on), and with the settings given.
 */
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../error-alert.tsx';
import { useLoad } from '../../use-load.ts';
import { ForecastSettingsFields } from './forecast-settings.tsx';
import { DEFAULT_FORECAST_SETTINGS, fetchIndexForecast, type ForecastSettings } from './forecast-types.ts';
import { ForecastView } from './forecast-view.tsx';

export function IndexForecast({ index, phase, generation }: { index: string; phase: string | undefined; generation: number }) {
  const [draft, setDraft] = useState<ForecastSettings>(DEFAULT_FORECAST_SETTINGS);
  const [applied, setApplied] = useState<ForecastSettings>(DEFAULT_FORECAST_SETTINGS);
  const forecast = useLoad(() => fetchIndexForecast(index, applied), [index, generation, applied]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A new object even when nothing changed, so the same settings forecast again.
    setApplied({ ...draft });
  };
  const titleId = `forecast-title-${index}`;
  return (
    <section className="index-forecast" aria-labelledby={titleId}>
      <h3 id={titleId}>Forecast</h3>
      <p className="hint">What the policy will do to {index} from where it stands, as the runner would run it on a copy of the cluster; nothing changes on the server.</p>
      <form className="forecast-settings" onSubmit={submit} aria-label={`Forecast settings for ${index}`}>
        <ForecastSettingsFields value={draft} onChange={setDraft} />
        <button type="submit" disabled={forecast.loading}>
          {forecast.loading ? 'Forecasting…' : 'Forecast'}
        </button>
      </form>
      {forecast.error !== undefined && <ErrorAlert error={forecast.error}>The forecast could not be made:</ErrorAlert>}
      {forecast.data && forecast.error === undefined && (
        <div aria-busy={forecast.loading}>
          <ForecastView forecast={forecast.data} {...(phase !== undefined && { initialPhase: phase })} />
        </div>
      )}
    </section>
  );
}
