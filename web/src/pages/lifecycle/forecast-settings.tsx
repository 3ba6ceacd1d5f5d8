/** The fields that say how far a forecast looks and how busy the indices are: horizon, documents a day, their size. */
import type { ForecastSettings } from './forecast-types.ts';

export function ForecastSettingsFields({ value, onChange }: { value: ForecastSettings; onChange: (next: ForecastSettings) => void }) {
  return (
    <>
      <label>
        Horizon
        <input name="horizon" value={value.horizon} onChange={(e) => onChange({ ...value, horizon: e.target.value })} placeholder="90d" size={6} required spellCheck={false} />
      </label>
      <label>
        Documents per day
        <input
          name="docs_per_day"
          type="number"
          min={0}
          step="any"
          value={value.docsPerDay}
          onChange={(e) => onChange({ ...value, docsPerDay: e.target.value })}
          className="number"
          required
        />
      </label>
      <label>
        Document size
        <input name="doc_size" value={value.docSize} onChange={(e) => onChange({ ...value, docSize: e.target.value })} placeholder="1kb" size={6} required spellCheck={false} />
      </label>
    </>
  );
}
