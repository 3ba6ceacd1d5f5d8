/**
 * The grid's rows under its field header: a virtualised ARIA grid (one column per visible field, in field order),
 * loaded page by page and kept live by the row mirror, with each cell edited in place by its type's editor, rows
 * added, duplicated, moved and deleted, and a filter and sort applied on the server.
 */
import { memo, useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FieldType, type Field } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';
import { MoveItemType, type Row } from '../../../../src/gen/tessera/grid/v1/row_pb.ts';
import { grids } from '../../api/grid.ts';
import { CellContent, CellEditor, type CellValue } from './cell-editors.tsx';
import { errorText } from './grid-mirror.ts';
import { RowActions } from './row-actions.tsx';
import { isQueried, type RowMirror, type RowsState } from './row-mirror.ts';
import { RowQueryToolbar } from './row-query-toolbar.tsx';
import { isPinned, stickyOffsets } from './sticky-columns.ts';
import { ErrorNote, useAction } from './use-action.tsx';
import { useRowMirror } from './use-row-mirror.ts';
import { useRowWindow } from './use-row-window.ts';
import { useTypeOptions, type CellOptions } from './use-type-options.ts';

const ROW_HEIGHT = 36;
const ACTIONS_WIDTH = 190;

interface CellRef {
  readonly rowId: string;
  readonly fieldId: string;
}

export function RowsTable({
  gridId,
  gridName,
  fields,
  versions,
  showHidden,
  writable,
}: {
  gridId: string;
  gridName: string;
  fields: readonly Field[];
  versions: ReadonlyMap<string, bigint>;
  /** The header's "Show hidden fields": hidden fields' columns show, dimmed, as they do in the header. */
  showHidden: boolean;
  /** Whether the user may change rows: without it the rows are shown, not edited, and no row button shows. */
  writable: boolean;
}) {
  const [state, mirror] = useRowMirror(gridId);
  const options = useTypeOptions(gridId, fields, versions);
  const shown = showHidden ? fields : fields.filter((f) => f.visibility);
  const action = useAction();
  const queried = isQueried(state.query);
  const view = useRowWindow(state.rows.length, ROW_HEIGHT);
  const width = shown.reduce((sum, f) => sum + f.width, 0) + ACTIONS_WIDTH;
  const offsets = useMemo(() => stickyOffsets(shown, (f) => f.width), [shown]);

  const addRow = () =>
    action.run(async () => {
      mirror.applyReply(await grids.createRow({ gridId }));
      if (!queried) requestAnimationFrame(view.scrollToEnd);
    });

  return (
    <section className="rows-view" aria-label={`Rows of ${gridName}`}>
      <h2>Rows</h2>
      <RowQueryToolbar fields={fields} options={options} onApply={(query) => mirror.setQuery(query)} />
      <div className="toolbar">
        {writable && (
          <button type="button" onClick={() => void addRow()} disabled={action.busy}>
            Add row
          </button>
        )}
        <RowsStatus state={state} />
      </div>
      <ErrorNote error={action.error} />
      {state.problem && (
        <p className="error grids-error" role="alert" aria-label="Rows problem">
          {state.problem}
        </p>
      )}
      <div
        className="rows-scroll"
        ref={view.ref}
        onScroll={view.onScroll}
        role="grid"
        aria-label={`Rows of ${gridName}`}
        aria-rowcount={state.rows.length + 1}
        aria-colcount={shown.length + 1}
        aria-busy={!state.ready || state.loading !== undefined}
      >
        <div role="rowgroup" className="rows-head" style={{ width }}>
          <div role="row" aria-rowindex={1} className="rows-row">
            {shown.map((f) => (
              <div
                role="columnheader"
                key={f.id}
                title={f.name}
                className={`rows-cell${f.visibility ? '' : ' is-hidden'}${isPinned(f) ? ' is-pinned' : ''}`}
                style={{ width: f.width, left: offsets.get(f.id) }}
              >
                <span className="cell-content">{f.name}</span>
              </div>
            ))}
            <div role="columnheader" className="rows-cell" style={{ width: ACTIONS_WIDTH }}>
              Actions
            </div>
          </div>
        </div>
        <div role="rowgroup" className="rows-body" style={{ height: view.totalHeight, width }}>
          {state.rows.slice(view.start, view.end).map((row, i) => {
            const index = view.start + i;
            return (
              <RowLine
                key={row.id}
                gridId={gridId}
                row={row}
                index={index}
                count={state.rows.length}
                fields={shown}
                offsets={offsets}
                options={options}
                mirror={mirror}
                canMove={!queried}
                writable={writable}
                onError={action}
              />
            );
          })}
        </div>
      </div>
    </section>
  );
}

function RowsStatus({ state }: { state: RowsState }) {
  const n = state.rows.length.toLocaleString('en-US');
  const text = !state.ready
    ? 'Loading rows…'
    : state.loading
      ? `Loading rows… ${n} of ${state.loading.total === undefined ? '…' : state.loading.total.toLocaleString('en-US')}`
      : `${n} ${state.rows.length === 1 ? 'row' : 'rows'}${isQueried(state.query) ? ' match' : ''}`;
  return (
    <p className="muted rows-status" role="status" aria-label="Rows loaded">
      {text}
      {state.live === 'stopped' && state.streamProblem ? ` · not live: ${state.streamProblem}` : ''}
    </p>
  );
}

const RowLine = memo(function RowLine({
  gridId,
  row,
  index,
  count,
  fields,
  offsets,
  options,
  mirror,
  canMove,
  writable,
  onError,
}: {
  gridId: string;
  row: Row;
  index: number;
  count: number;
  fields: readonly Field[];
  /** Where each pinned (primary or frozen) column sticks. */
  offsets: ReadonlyMap<string, number>;
  options: ReadonlyMap<string, CellOptions>;
  mirror: RowMirror;
  canMove: boolean;
  writable: boolean;
  onError: { run: (work: () => Promise<unknown>) => Promise<boolean>; busy: boolean };
}) {
  const [editing, setEditing] = useState<string>();
  const [failure, setFailure] = useState<CellRef & { message: string }>();
  const committing = useRef(false);

  const commit = useCallback(
    async (fieldId: string, value: CellValue): Promise<boolean> => {
      if (committing.current) return false;
      committing.current = true;
      try {
        const reply = await grids.updateCell({ gridId, rowId: row.id, fieldId, oneOfCellContentChangeset: { case: 'data', value } });
        mirror.applyReply(reply);
        setFailure(undefined);
        setEditing(undefined);
        return true;
      } catch (error) {
        setFailure({ rowId: row.id, fieldId, message: errorText(error) });
        return false;
      } finally {
        committing.current = false;
      }
    },
    [gridId, row.id, mirror],
  );

  const cancel = () => {
    setEditing(undefined);
    setFailure(undefined);
  };

  const move = (delta: -1 | 1) =>
    onError.run(async () => {
      const change = await grids.moveItem({ gridId, itemId: row.id, fromIndex: index, toIndex: index + delta, ty: MoveItemType.MoveRow });
      if (change.change.case === 'rows') mirror.applyReply(change.change.value);
    });

  return (
    <div role="row" aria-rowindex={index + 2} className="rows-row" data-row-id={row.id} style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT }}>
      {fields.map((field) => {
        const cell = row.cellByFieldId[field.id];
        const label = `${field.name}, row ${index + 1}`;
        const error = failure?.fieldId === field.id ? failure.message : undefined;
        const isEditing = editing === field.id;
        const open = () => writable && field.fieldType !== FieldType.Checkbox && setEditing(field.id);
        return (
          <div
            role="gridcell"
            key={field.id}
            aria-label={label}
            data-field-id={field.id}
            className={`rows-cell${field.visibility ? '' : ' is-hidden'}${isPinned(field) ? ' is-pinned' : ''}${isEditing ? ' is-editing' : ''}${error ? ' has-error' : ''}`}
            style={{ width: field.width, left: offsets.get(field.id) }}
            tabIndex={isEditing ? -1 : 0}
            onClick={isEditing ? undefined : open}
            onKeyDown={(e: KeyboardEvent) => {
              if (!isEditing && e.key === 'Enter' && e.target === e.currentTarget) {
                e.preventDefault();
                open();
              }
            }}
          >
            {field.fieldType === FieldType.Checkbox ? (
              <input
                type="checkbox"
                aria-label={label}
                checked={cell?.data?.value.case === 'checkbox' && cell.data.value.value}
                disabled={!writable}
                onChange={(e) => void commit(field.id, { value: { case: 'checkbox', value: e.target.checked } })}
              />
            ) : isEditing ? (
              <CellEditor field={field} cell={cell} options={options.get(field.id)} label={`Edit ${label}`} commit={(v) => commit(field.id, v)} cancel={cancel} />
            ) : (
              <span className="cell-content">
                <CellContent field={field} cell={cell} />
              </span>
            )}
            {error && (
              <span className="error cell-error" role="alert">
                {error}
              </span>
            )}
          </div>
        );
      })}
      <div role="gridcell" className="rows-cell" style={{ width: ACTIONS_WIDTH }}>
        {writable && (
          <RowActions
            index={index}
            count={count}
            canMove={canMove}
            busy={onError.busy}
            onMove={(delta) => void move(delta)}
            onDuplicate={() => void onError.run(async () => mirror.applyReply(await grids.duplicateRow({ gridId, rowId: row.id })))}
            onDelete={() => void onError.run(async () => mirror.applyReply(await grids.deleteRow({ gridId, rowId: row.id })))}
          />
        )}
      </div>
    </div>
  );
});
