/**
 * The grid's fields as a table header, in grid order. Hidden fields are dimmed and marked, frozen ones pinned to the
 * left and marked, every column as wide as its field. Header cells move by drag and drop (MoveField), and resize by
 * their right edge: drag it, or focus it and use the arrow keys.
 */
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type { Field } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';
import { grids } from '../../api/grid.ts';
import { AddFieldForm } from './add-field-form.tsx';
import { clampWidth, fieldTypeLabel, MAX_WIDTH, MIN_WIDTH } from './field-types.ts';
import type { GridMirror } from './grid-mirror.ts';
import { Popover } from './popover.tsx';
import { isPinned, stickyOffsets } from './sticky-columns.ts';
import { ErrorNote, useAction } from './use-action.tsx';

const DRAG_TYPE = 'application/x-tessera-field';
const ADD_COLUMN_WIDTH = 44;

export function FieldHeader({
  gridId,
  gridName,
  mirror,
  fields,
  showHidden,
  selectedId,
  onSelect,
  insertAfter,
  onAdded,
  writable,
}: {
  gridId: string;
  gridName: string;
  mirror: GridMirror;
  fields: readonly Field[];
  showHidden: boolean;
  selectedId: string | undefined;
  onSelect: (fieldId: string) => void;
  /** Set by a field's "Insert a field after": opens the add-field popover with that position chosen. */
  insertAfter: { fieldId: string; nonce: number } | undefined;
  onAdded: (fieldId: string) => void;
  /** False for a user who may only read the grid: no reordering, resizing or adding (the server would refuse them). */
  writable: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const plusRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (insertAfter) setAdding(true);
  }, [insertAfter]);

  const action = useAction();
  const [dragging, setDragging] = useState<string>();
  const [dropTarget, setDropTarget] = useState<string>();
  /** The width shown while a resize is under way, before the server has it. */
  const [preview, setPreview] = useState<{ fieldId: string; width: number }>();
  const resizing = useRef<{ fieldId: string; startX: number; startWidth: number; pointerId: number }>(undefined);

  const shown = fields.filter((f) => showHidden || f.visibility);
  const widthOf = (f: Field) => (preview?.fieldId === f.id ? preview.width : f.width);

  const offsets = stickyOffsets(shown, widthOf);
  const total = shown.reduce((sum, f) => sum + widthOf(f), 0) + ADD_COLUMN_WIDTH;

  const move = (fieldId: string, toIndex: number) =>
    action.run(async () => {
      const fromIndex = fields.findIndex((f) => f.id === fieldId);
      if (fromIndex < 0 || fromIndex === toIndex) return;
      mirror.applyReply(await grids.moveField({ gridId, fieldId, fromIndex, toIndex }));
    });

  // Widths are sent one after another, so quick key presses reach the server in the order they were made.
  const widths = useRef<Promise<unknown>>(Promise.resolve());
  const resize = (field: Field, width: number) => {
    const sent = widths.current.then(async () => {
      await action.run(async () =>
        mirror.applyReply(await grids.updateField({ gridId, fieldId: field.id, oneOfWidth: { case: 'width', value: width } })),
      );
      if (widths.current === sent) setPreview(undefined);
    });
    widths.current = sent;
    return sent;
  };

  const dragHandlers = (field: Field) => ({
    draggable: !preview,
    onDragStart(event: DragEvent) {
      if (resizing.current) {
        event.preventDefault();
        return;
      }
      event.dataTransfer.setData(DRAG_TYPE, field.id);
      event.dataTransfer.setData('text/plain', field.name);
      event.dataTransfer.effectAllowed = 'move';
      setDragging(field.id);
    },
    onDragOver(event: DragEvent) {
      if (!dragging || dragging === field.id) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (dropTarget !== field.id) setDropTarget(field.id);
    },
    onDragLeave() {
      if (dropTarget === field.id) setDropTarget(undefined);
    },
    onDrop(event: DragEvent) {
      event.preventDefault();
      const fieldId = event.dataTransfer.getData(DRAG_TYPE) || dragging;
      setDragging(undefined);
      setDropTarget(undefined);
      const toIndex = fields.findIndex((f) => f.id === field.id);
      if (fieldId && fieldId !== field.id && toIndex >= 0) void move(fieldId, toIndex);
    },
    onDragEnd() {
      setDragging(undefined);
      setDropTarget(undefined);
    },
  });

  const resizeHandlers = (field: Field) => ({
    onMouseDown(event: MouseEvent) {
      // Keeps the column's own drag (moving it) from starting on the resize handle.
      event.preventDefault();
      event.stopPropagation();
    },
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      if (event.button !== 0) return;
      event.preventDefault();
      event.stopPropagation();
      event.currentTarget.setPointerCapture(event.pointerId);
      resizing.current = { fieldId: field.id, startX: event.clientX, startWidth: field.width, pointerId: event.pointerId };
      setPreview({ fieldId: field.id, width: field.width });
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      const r = resizing.current;
      if (!r || r.fieldId !== field.id) return;
      setPreview({ fieldId: field.id, width: clampWidth(r.startWidth + event.clientX - r.startX) });
    },
    onPointerUp(event: PointerEvent<HTMLDivElement>) {
      const r = resizing.current;
      if (!r || r.fieldId !== field.id) return;
      resizing.current = undefined;
      event.currentTarget.releasePointerCapture(r.pointerId);
      const width = clampWidth(r.startWidth + event.clientX - r.startX);
      if (width === r.startWidth) setPreview(undefined);
      else void resize(field, width);
    },
    onPointerCancel() {
      resizing.current = undefined;
      setPreview(undefined);
    },
    onKeyDown(event: KeyboardEvent) {
      const step = event.shiftKey ? 50 : 10;
      const delta = event.key === 'ArrowRight' ? step : event.key === 'ArrowLeft' ? -step : 0;
      if (delta === 0) return;
      event.preventDefault();
      const width = clampWidth(widthOf(field) + delta);
      if (width === widthOf(field)) return;
      setPreview({ fieldId: field.id, width });
      void resize(field, width);
    },
  });

  return (
    <div className="field-header">
      <ErrorNote error={action.error} />
      <div className="grid-scroll">
        <table className="field-table" aria-label={`Fields of ${gridName}`} style={{ width: total }}>
          <thead>
            <tr>
              {shown.map((field) => {
                const width = widthOf(field);
                const index = fields.indexOf(field);
                const classes = [
                  'field-cell',
                  field.visibility ? '' : 'is-hidden',
                  field.frozen ? 'is-frozen' : '',
                  isPinned(field) ? 'is-pinned' : '',
                  field.id === selectedId ? 'is-selected' : '',
                  field.id === dragging ? 'is-dragging' : '',
                  field.id === dropTarget ? (fields.findIndex((f) => f.id === dragging) < index ? 'drop-after' : 'drop-before') : '',
                ];
                return (
                  <th
                    key={field.id}
                    scope="col"
                    aria-label={field.name}
                    data-field-id={field.id}
                    className={classes.filter(Boolean).join(' ')}
                    style={{ width, minWidth: width, maxWidth: width, ...(isPinned(field) && { left: offsets.get(field.id) }) }}
                    {...(writable && dragHandlers(field))}
                  >
                    <button
                      type="button"
                      className="field-name"
                      aria-expanded={field.id === selectedId}
                      aria-controls={field.id === selectedId ? 'field-editor' : undefined}
                      onClick={() => onSelect(field.id)}
                      title={field.desc ? `${field.name}\n${field.desc}` : field.name}
                    >
                      {field.name}
                    </button>
                    <span className="field-meta">
                      <span className="field-type">{fieldTypeLabel(field.fieldType)}</span>
                      {field.isPrimary && <span className="badge">Primary</span>}
                      {field.frozen && <span className="badge badge-frozen">Frozen</span>}
                      {!field.visibility && <span className="badge badge-hidden">Hidden</span>}
                    </span>
                    {writable && (
                      <div
                        className="resize-handle"
                        role="separator"
                        aria-orientation="vertical"
                        aria-label={`Resize ${field.name}`}
                        aria-valuenow={width}
                        aria-valuemin={MIN_WIDTH}
                        aria-valuemax={MAX_WIDTH}
                        tabIndex={0}
                        draggable={false}
                        {...resizeHandlers(field)}
                      />
                    )}
                  </th>
                );
              })}
              {/* A td, not a th: it is a control, not a column of the grid. */}
              <td className="field-cell add-column" style={{ width: ADD_COLUMN_WIDTH, minWidth: ADD_COLUMN_WIDTH }}>
                {writable && <button
                  ref={plusRef}
                  type="button"
                  className="add-field-button"
                  aria-label="Add a field"
                  title="Add a field"
                  aria-expanded={adding}
                  aria-haspopup="dialog"
                  onClick={() => setAdding((open) => !open)}
                >
                  +
                </button>}
              </td>
            </tr>
          </thead>
        </table>
      </div>
      {shown.length === 0 && <p>{fields.length === 0 ? 'This grid has no fields yet: add one with “+”.' : 'Every field is hidden.'}</p>}
      {adding && (
        <Popover anchor={() => plusRef.current} label="Add a field" onClose={() => setAdding(false)}>
          <AddFieldForm
            gridId={gridId}
            mirror={mirror}
            fields={fields}
            insertAfter={insertAfter}
            onAdded={(id) => {
              setAdding(false);
              onAdded(id);
            }}
          />
        </Popover>
      )}
    </div>
  );
}
