/**
 * The index list's search box and filters. Each choice lists the values the server counted for it (with the other
 * filters applied), so a filter never offers an empty result; a value the URL names stays listed even at zero.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { PAGE_SIZES, pageSize, type IndexListPage, type ListState } from './index-list-api.ts';

function Choice({ label, value, counts, onChange }: { label: string; value: string | undefined; counts: Readonly<Record<string, number>> | undefined; onChange: (value: string | undefined) => void }) {
  const options = Object.entries(counts ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  if (value !== undefined && !options.some(([name]) => name === value)) options.push([value, 0]);
  return (
    <label className="inline">
      {label}{' '}
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}>
        <option value="">Any</option>
        {options.map(([name, count]) => (
          <option key={name} value={name}>
            {name} ({count})
          </option>
        ))}
      </select>
    </label>
  );
}

export function IndexListFilters({ state, page, onChange }: { state: ListState; page: IndexListPage | undefined; onChange: (change: Partial<ListState>) => void }) {
  const [search, setSearch] = useState(state.q ?? '');
  useEffect(() => setSearch(state.q ?? ''), [state.q]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ q: search.trim() === '' ? undefined : search.trim() });
  };
  return (
    <div className="toolbar index-filters">
      <form role="search" onSubmit={submit}>
        <label className="inline">
          Index name contains <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>{' '}
        <button type="submit">Search</button>
      </form>
      <label className="inline">
        Show{' '}
        <select value={state.show ?? ''} onChange={(e) => onChange({ show: e.target.value === '' ? undefined : (e.target.value as ListState['show']) })}>
          <option value="">All indices</option>
          <option value="managed">Managed</option>
          <option value="unmanaged">Unmanaged</option>
        </select>
      </label>
      <Choice label="Policy" value={state.policy} counts={page?.facets.policy} onChange={(policy) => onChange({ policy })} />
      <Choice label="Phase" value={state.phase} counts={page?.facets.phase} onChange={(phase) => onChange({ phase })} />
      <Choice label="Step" value={state.step} counts={page?.facets.step} onChange={(step) => onChange({ step })} />
      <Choice label="Data stream" value={state.data_stream} counts={page?.facets.data_stream} onChange={(data_stream) => onChange({ data_stream })} />
      <label className="inline">
        <input type="checkbox" checked={state.only_errors === true} onChange={(e) => onChange({ only_errors: e.target.checked || undefined })} /> Only indices in ERROR
      </label>
      {(state.failed_step !== undefined || state.error_type !== undefined) && (
        <button type="button" onClick={() => onChange({ failed_step: undefined, error_type: undefined })}>
          Any cause (now: {state.failed_step} · {state.error_type})
        </button>
      )}
      <label className="inline">
        Per page{' '}
        <select value={pageSize(state)} onChange={(e) => onChange({ size: Number(e.target.value) })}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
