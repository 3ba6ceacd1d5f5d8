/**
 * The chosen field's editor as a popover on its column header, and what outlives the editor: the "Deleted — Undo"
 * notice after a delete made here, and, when another session deletes the field, the editor kept open read-only.
 *
 * Undo inserts the field again with its id, name, description, type, width, visibility, frozen flag and its current
 * type's options, where it was. It cannot bring back the cells: the server deletes them with the field (a cascade
 * in the store), and the API has no way to restore them. The options the field kept for the other types it had
 * been are not restored either.
 */
import { useRef, useState } from 'react';
import type { Field } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';
import { grids } from '../../api/grid.ts';
import { describeFieldError } from './field-errors.ts';
import { FieldEditor, type FieldSnapshot } from './field-editor.tsx';
import type { GridMirror, GridState } from './grid-mirror.ts';
import { Popover } from './popover.tsx';
import { ErrorNote, useAction } from './use-action.tsx';

interface Seen {
  readonly field: Field;
  readonly index: number;
  readonly version: bigint;
}

interface Deleted extends FieldSnapshot {
  /** The field that followed it, to put it back before. */
  readonly nextId: string | undefined;
}

export function FieldPanel({
  gridId,
  mirror,
  state,
  selectedId,
  onSelect,
  onInsertAfter,
}: {
  gridId: string;
  mirror: GridMirror;
  state: GridState;
  selectedId: string | undefined;
  onSelect: (fieldId: string | undefined) => void;
  onInsertAfter: (fieldId: string) => void;
}) {
  const live = state.fields.find((f) => f.id === selectedId);
  const seen = useRef<Seen>(undefined);
  const deletingHere = useRef<string>(undefined);
  const [deleted, setDeleted] = useState<Deleted>();
  const undo = useAction();

  if (live) seen.current = { field: live, index: state.fields.indexOf(live), version: state.versions.get(live.id) ?? state.revision };
  else if (seen.current && seen.current.field.id !== selectedId) seen.current = undefined;
  // Gone, and not by this editor: keep showing the field as it was last seen.
  const gone = !live && seen.current !== undefined && deletingHere.current !== selectedId;
  const shown = live ?? (gone ? seen.current?.field : undefined);

  /** Inserts `snapshot` again before `nextId` (or at the end when that field is gone too). */
  const reinsert = async (snapshot: FieldSnapshot, nextId: string | undefined) => {
    const next = nextId !== undefined && mirror.snapshot().fields.some((f) => f.id === nextId) ? nextId : undefined;
    mirror.applyReply(
      await grids.insertField({
        gridId,
        field: snapshot.field,
        typeOptionData: snapshot.typeOptionData,
        ...(next && { oneOfStartFieldId: { case: 'startFieldId', value: next } }),
      }),
    );
  };

  const anchor = () =>
    shown ? document.querySelector<HTMLElement>(`.field-table th[data-field-id="${CSS.escape(shown.id)}"] .field-name`) : null;

  return (
    <>
      {shown && seen.current && (
        <Popover key={shown.id} anchor={anchor} label={`Edit the field ${shown.name}`} onClose={() => onSelect(undefined)} className="field-popover">
          <FieldEditor
            gridId={gridId}
            mirror={mirror}
            field={shown}
            index={live ? state.fields.indexOf(live) : seen.current.index}
            fieldCount={state.fields.length + (live ? 0 : 1)}
            version={live ? (state.versions.get(live.id) ?? state.revision) : seen.current.version}
            deleted={gone}
            onClose={() => onSelect(undefined)}
            onDuplicated={onSelect}
            onInsertAfter={() => {
              onSelect(undefined);
              onInsertAfter(shown.id);
            }}
            onDeleting={(deleting) => (deletingHere.current = deleting ? shown.id : undefined)}
            onDeleted={(snapshot) => {
              // This render's fields are those before the delete.
              const at = state.fields.findIndex((f) => f.id === snapshot.field.id);
              undo.clear();
              setDeleted({ ...snapshot, nextId: at < 0 ? undefined : state.fields[at + 1]?.id });
              onSelect(undefined);
            }}
            onRecreate={(snapshot) => reinsert(snapshot, state.fields[seen.current?.index ?? -1]?.id)}
          />
        </Popover>
      )}
      {deleted && (
        <div className="toast" role="status" aria-label="Deleted field">
          <span>Deleted field “{deleted.field.name}”</span>
          <span className="toast-note">Undo restores the field and its options, not its cells.</span>
          <button
            type="button"
            disabled={undo.busy}
            onClick={() =>
              void undo.run(async () => {
                await reinsert(deleted, deleted.nextId);
                setDeleted(undefined);
              })
            }
          >
            Undo
          </button>
          <button type="button" aria-label="Dismiss" onClick={() => setDeleted(undefined)}>
            ✕
          </button>
          <ErrorNote error={undo.error && describeFieldError(undo.error, deleted.field.name).text} />
        </div>
      )}
    </>
  );
}
