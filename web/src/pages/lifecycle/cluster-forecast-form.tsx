/**
 * What to forecast: the bundle (its zip, or the folder it unzips to) with the horizon and the rates that override
 * the ones the bundle's indices give. The bundle is read only when Forecast is pressed, so a file changed on disk
 * since it was chosen is read as it is then.
 */
import { useState, type FormEvent } from 'react';
import type { Bundle, ClusterForecastSettings } from './cluster-forecast-types.ts';
import { readBundleFolder } from './bundle-folder.ts';

type Source = { readonly kind: 'zip'; readonly file: File } | { readonly kind: 'folder'; readonly files: readonly File[] };

export function ClusterForecastForm({ busy, initial, onSubmit, onUnreadable }: {
  busy: boolean;
  initial: ClusterForecastSettings;
  onSubmit: (bundle: Bundle, settings: ClusterForecastSettings) => void;
  /** A folder whose files cannot be sent: why, in words. */
  onUnreadable: (reason: string) => void;
}) {
  const [source, setSource] = useState<Source>();
  const [settings, setSettings] = useState(initial);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!source) return;
    if (source.kind === 'zip') return onSubmit({ zip: source.file }, settings);
    try {
      onSubmit({ files: await readBundleFolder(source.files) }, settings);
    } catch (error) {
      onUnreadable((error as Error).message);
    }
  };
  return (
    <form className="cluster-forecast-form" onSubmit={(e) => void submit(e)} aria-label="Bundle to forecast">
      <fieldset>
        <legend>The bundle</legend>
        <label>
          Its zip
          <input
            name="bundle_zip"
            type="file"
            accept=".zip,application/zip"
            onChange={(e) => {
              const file = e.target.files?.[0];
              setSource(file ? { kind: 'zip', file } : undefined);
            }}
          />
        </label>
        <label>
          or its folder
          <input
            name="bundle_folder"
            type="file"
            // React does not know the attribute; the browser needs it present to choose a folder.
            {...{ webkitdirectory: '' }}
            multiple
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              setSource(files.length > 0 ? { kind: 'folder', files } : undefined);
            }}
          />
        </label>
        <p className="hint">
          {source === undefined
            ? 'Nothing chosen yet.'
            : source.kind === 'zip'
              ? `The zip ${source.file.name} is sent as it is.`
              : `The folder's ${source.files.length} files are read here; only those the forecast reads are sent, as JSON.`}
        </p>
      </fieldset>
      <div className="forecast-settings">
        <label>
          Horizon
          <input name="horizon" value={settings.horizon} onChange={(e) => setSettings({ ...settings, horizon: e.target.value })} placeholder="30d" size={6} required spellCheck={false} />
        </label>
        <label>
          Rates
          <textarea
            name="rates"
            value={settings.rates}
            onChange={(e) => setSettings({ ...settings, rates: e.target.value })}
            rows={2}
            cols={28}
            placeholder="logs-*=250000"
            spellCheck={false}
            aria-describedby="cluster-forecast-rates-hint"
          />
        </label>
        <button type="submit" disabled={busy || source === undefined}>
          {busy ? 'Forecasting…' : 'Forecast'}
        </button>
      </div>
      <p className="hint" id="cluster-forecast-rates-hint">
        Rates: one <code>pattern=docs/day</code> a line (<code>*</code> wildcards; the last match wins), the documents a day of every data stream, alias or index
        the pattern matches; the others grow as their indices did.
      </p>
    </form>
  );
}
