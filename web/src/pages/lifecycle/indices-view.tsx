/**
 * The indices, managed or not, a page at a time (`#/lifecycle?policy=…&only_errors=true&page=2`): the server
 * filters, sorts, counts and pages, so the list costs the same at 10,000 indices as at 10. Each row says where the
 * index stands in its policy; indices in ERROR are highlighted with the failure, the remedy and Retry (one by one, or
 * many at once); lint runs on the rows shown, and its problems show under each.
 */
import { useState } from 'react';
import { fetchClock } from '../../clock.ts';
import { ErrorAlert } from '../../error-alert.tsx';
import { usePrivileges } from '../../privileges.ts';
import { goTo, href, useRouteQuery } from '../../route.ts';
import { formatInstant } from '../../units.ts';
import { useLoad } from '../../use-load.ts';
import { ClockControl } from '../cluster/clock-control.tsx';
import { BulkRetryBar } from './bulk-retry.tsx';
import { fetchPage, listHref, pageSize, readListState, type IndexListPage, type IndexListRow, type IndexListSort, type ListState } from './index-list-api.ts';
import { IndexListFilters } from './index-list-filters.tsx';
import './index-list.css';
import { LintSummary } from './lint-summary.tsx';
import { lintIndices, type IndexLint } from './lint-types.ts';
import { ProblemDetails, RetryButton, RetryOutcomeMessage, type RetryOutcome } from './problem-details.tsx';

const COLUMNS: readonly { readonly title: string; readonly sort?: IndexListSort }[] = [
  { title: 'Index', sort: 'index' },
  { title: 'Policy', sort: 'policy' },
  { title: 'Phase', sort: 'phase' },
  { title: 'Action', sort: 'action' },
  { title: 'Step', sort: 'step' },
  { title: 'Age', sort: 'age' },
  { title: 'Data stream', sort: 'data_stream' },
  { title: 'Actions' },
];

const isError = (row: IndexListRow) => row.step === 'ERROR';

/** Goes to the list as `change` leaves it; any change but the page's own starts again at page 1. */
function navigate(state: ListState, change: Partial<ListState>): void {
  const next = { ...state, ...change, ...(!('page' in change) && { page: undefined }) };
  goTo(listHref(next));
}

export function IndicesView() {
  const state = readListState(useRouteQuery());
  const key = listHref(state);
  const page = useLoad(() => fetchPage(state), [key]);
  const clock = useLoad(fetchClock, [page.data]);
  const rows = page.data?.indices ?? [];
  const managedNames = rows.filter((r) => r.managed).map((r) => r.index);
  // Only the rows on screen are linted: the whole cluster's lint takes seconds at thousands of indices.
  const lint = useLoad(() => lintIndices(managedNames), [managedNames.join(',')]);
  const failedNames = rows.filter(isError).map((r) => r.index);
  const privileges = usePrivileges({ index: [{ names: failedNames, privileges: ['manage_ilm'] }] });
  const mayRetry = (name: string) => privileges.index(name, 'manage_ilm');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<RetryOutcome>();
  const reload = () => {
    page.reload();
    lint.reload();
  };
  const change = (c: Partial<ListState>) => navigate(state, c);

  return (
    <section aria-labelledby="indices-title">
      <h2 id="indices-title">Indices</h2>
      <div className="toolbar">
        {clock.data && (
          <span className="as-of">
            As of <time dateTime={clock.data.now}>{formatInstant(clock.data.now_millis)}</time> ({clock.data.mode} clock)
          </span>
        )}
        <button type="button" onClick={reload} disabled={page.loading}>
          Refresh
        </button>
        {clock.data?.mode === 'virtual' && <ClockControl onAdvanced={reload} />}
      </div>
      <IndexListFilters state={state} page={page.data} onChange={change} />
      <BulkRetryBar
        state={state}
        causes={page.data?.error_causes ?? []}
        selected={selected}
        mayRetry={privileges.known && (failedNames.length === 0 || failedNames.some(mayRetry))}
        onSelect={setSelected}
        onRetried={reload}
      />
      <RetryOutcomeMessage outcome={outcome} />
      {page.loading && !page.data && (
        <p role="status" className="loading">
          Loading indices…
        </p>
      )}
      {page.error !== undefined && <ErrorAlert error={page.error}>The indices could not be read:</ErrorAlert>}
      {lint.error !== undefined && <ErrorAlert error={lint.error}>Lint could not run, so the indices show no lint problems:</ErrorAlert>}
      {page.data && (
        <>
          <table className="indices" aria-busy={page.loading}>
            <caption>{caption(page.data, state)}</caption>
            <SortableHeads state={state} onSort={change} />
            {rows.map((row) => (
              <IndexRows
                key={row.index}
                row={row}
                lint={lint.data?.[row.index]}
                mayRetry={mayRetry(row.index)}
                selected={selected.has(row.index)}
                onSelected={(on) => {
                  const next = new Set(selected);
                  if (on) next.add(row.index);
                  else next.delete(row.index);
                  setSelected(next);
                }}
                onOutcome={(o) => {
                  setOutcome(o);
                  reload();
                }}
              />
            ))}
          </table>
          <Pager state={state} total={page.data.total} onPage={(p) => change({ page: p })} />
        </>
      )}
    </section>
  );
}

function caption(data: IndexListPage, state: ListState): string {
  const { counts, total } = data;
  if (counts.indices === 0) return 'No index.';
  const all = `${counts.indices} ${counts.indices === 1 ? 'index' : 'indices'} (${counts.managed} managed, ${counts.unmanaged} unmanaged), ${counts.errors} in ERROR`;
  if (total === 0) return `No index matches the filters; ${all}.`;
  const from = ((state.page ?? 1) - 1) * pageSize(state);
  return `${from + 1}–${Math.min(from + pageSize(state), total)} of ${total} matching; ${all}`;
}

function SortableHeads({ state, onSort }: { state: ListState; onSort: (change: Partial<ListState>) => void }) {
  const current = state.sort ?? 'index';
  const order = state.order ?? 'asc';
  return (
    <thead>
      <tr>
        {COLUMNS.map(({ title, sort }) => {
          const active = sort !== undefined && sort === current;
          return (
            <th key={title} scope="col" aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
              {sort === undefined ? (
                title
              ) : (
                <button type="button" className="sort" onClick={() => onSort({ sort, order: active && order === 'asc' ? 'desc' : 'asc' })}>
                  {title}
                </button>
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

function Pager({ state, total, onPage }: { state: ListState; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize(state)));
  const current = state.page ?? 1;
  if (pages === 1 && current === 1) return null;
  return (
    <nav className="pager toolbar" aria-label="Pages">
      <button type="button" disabled={current <= 1} onClick={() => onPage(current - 1)}>
        Previous page
      </button>
      <span aria-current="page">
        Page {current} of {pages}
      </span>
      <button type="button" disabled={current >= pages} onClick={() => onPage(current + 1)}>
        Next page
      </button>
    </nav>
  );
}

function IndexRows({
  row,
  lint,
  mayRetry,
  selected,
  onSelected,
  onOutcome,
}: {
  row: IndexListRow;
  lint: IndexLint | undefined;
  mayRetry: boolean;
  selected: boolean;
  onSelected: (selected: boolean) => void;
  onOutcome: (outcome: RetryOutcome) => void;
}) {
  const failed = isError(row);
  const waiting = !failed && row.step_info?.message !== undefined;
  return (
    <tbody className={failed ? 'index-error' : waiting ? 'index-waiting' : undefined}>
      <tr>
        <th scope="row">{row.managed ? <a href={href('lifecycle', 'index', row.index)}>{row.index}</a> : row.index}</th>
        <td>{row.policy ? <a href={href('lifecycle', 'policies', row.policy)}>{row.policy}</a> : <span className="muted">not managed</span>}</td>
        <td>{row.phase}</td>
        <td>{row.action}</td>
        <td>
          {failed ? (
            <>
              <span className="badge badge-error">ERROR</span> <span className="failed-step">at {row.failed_step}</span>
            </>
          ) : (
            row.step
          )}
        </td>
        <td>{row.age}</td>
        <td>{row.data_stream && <a href={href('lifecycle', 'data-streams', row.data_stream)}>{row.data_stream}</a>}</td>
        <td className="row-actions">
          {failed && mayRetry && (
            <>
              <input type="checkbox" checked={selected} onChange={(e) => onSelected(e.target.checked)} aria-label={`Select ${row.index}`} />
              <RetryButton index={row.index} onOutcome={onOutcome} />
            </>
          )}
          {row.managed && (
            <a href={href('lifecycle', 'index', row.index)} aria-label={`Timeline of ${row.index}`}>
              Timeline
            </a>
          )}
        </td>
      </tr>
      {(failed || waiting) && (
        <tr className="problem-row">
          <td colSpan={COLUMNS.length}>
            <ProblemDetails record={row} diagnosis={lint?.step_info_diagnosis} />
          </td>
        </tr>
      )}
      {lint && lint.problems.length > 0 && (
        <tr className="lint-row">
          <td colSpan={COLUMNS.length}>
            <LintSummary index={row.index} lint={lint} />
          </td>
        </tr>
      )}
    </tbody>
  );
}
