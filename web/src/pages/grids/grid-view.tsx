/**
 * One grid: its fields as a table header, kept live through WatchFields, an editor for the chosen field, and below
 * them the grid's rows (kept live through WatchGrid).
 */
import { useState } from 'react';
import { href } from '../../route.ts';
import { useTitle } from '../../title.ts';
import { FieldHeader } from './field-header.tsx';
import { FieldPanel } from './field-panel.tsx';
import { RowsTable } from './rows-table.tsx';
import type { GridState } from './grid-mirror.ts';
import { useGridAccess } from './grid-privileges.ts';
import { useGridMirror } from './use-grid-mirror.ts';

export function GridView({ gridId }: { gridId: string }) {
  const [state, mirror] = useGridMirror(gridId);
  const [selectedId, setSelectedId] = useState<string>();
  const [showHidden, setShowHidden] = useState(true);
  const [insertAfter, setInsertAfter] = useState<{ fieldId: string; nonce: number }>();
  const writable = useGridAccess([gridId]).mayWrite(gridId);
  useTitle(...(state.phase === 'ready' ? [state.name, 'Grids'] : ['Grid', 'Grids']));

  const back = (
    <p>
      <a href={href('grids')}>← All grids</a>
    </p>
  );
  if (state.phase === 'loading') return <section aria-busy="true">{back}<p>Loading the grid…</p></section>;
  if (state.phase === 'failed' || state.phase === 'gone') {
    return (
      <section>
        {back}
        <h1>Grid {gridId}</h1>
        <p className="error" role="alert">
          {state.phase === 'gone' ? `This grid no longer exists (${state.problem ?? 'deleted'}).` : state.problem}
        </p>
      </section>
    );
  }

  const selected = state.fields.find((f) => f.id === selectedId);
  const hiddenCount = state.fields.filter((f) => !f.visibility).length;
  return (
    <section className="grid-view" aria-labelledby="grid-title">
      {back}
      <div className="grid-title-row">
        <h1 id="grid-title">{state.name}</h1>
        <LiveStatus state={state} />
      </div>
      {!writable && (
        <p className="muted read-only-note">Read only: changing this grid needs the write privilege of application tessera-grid on grid:{gridId}.</p>
      )}
      <div className="toolbar">
        <label className="inline">
          <input type="checkbox" checked={showHidden} onChange={(e) => setShowHidden(e.target.checked)} /> Show hidden fields
          {hiddenCount > 0 && <span className="muted"> ({hiddenCount} hidden)</span>}
        </label>
      </div>
      <FieldHeader
        gridId={gridId}
        gridName={state.name}
        mirror={mirror}
        fields={state.fields}
        showHidden={showHidden}
        selectedId={selected?.id}
        onSelect={(id) => setSelectedId((current) => (current === id ? undefined : id))}
        insertAfter={insertAfter}
        onAdded={setSelectedId}
        writable={writable}
      />
      {writable && (
        <FieldPanel
          gridId={gridId}
          mirror={mirror}
          state={state}
          selectedId={selectedId}
          onSelect={setSelectedId}
          onInsertAfter={(fieldId) => setInsertAfter({ fieldId, nonce: Date.now() })}
        />
      )}
      <RowsTable gridId={gridId} gridName={state.name} fields={state.fields} versions={state.versions} showHidden={showHidden} writable={writable} />
    </section>
  );
}

function LiveStatus({ state }: { state: GridState }) {
  const text =
    state.live === 'live'
      ? 'Live'
      : state.live === 'connecting'
        ? 'Connecting…'
        : state.live === 'reconnecting'
          ? `Reconnecting… (${state.problem ?? 'the stream ended'})`
          : `Not watching: ${state.problem ?? 'stopped'}`;
  return (
    <p className={`live-status live-${state.live}`} role="status" aria-label="Live updates">
      <span className="dot" aria-hidden="true" /> {text} · revision <span data-testid="grid-revision">{String(state.revision)}</span>
    </p>
  );
}
