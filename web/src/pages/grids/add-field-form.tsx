/** InsertField: a new visible field of a chosen type, at the end or right after a chosen field. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FieldType, type Field } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';
import { grids } from '../../api/grid.ts';
import { FIELD_TYPES } from './field-types.ts';
import type { GridMirror } from './grid-mirror.ts';
import { Labelled } from './labelled.tsx';
import { ErrorNote, useAction } from './use-action.tsx';

const AT_END = '';

export function AddFieldForm({
  gridId,
  mirror,
  fields,
  insertAfter,
  onAdded,
}: {
  gridId: string;
  mirror: GridMirror;
  fields: readonly Field[];
  /** Set by a field's "Insert field after" button: preselects that position and focuses the name. */
  insertAfter: { fieldId: string; nonce: number } | undefined;
  onAdded: (fieldId: string) => void;
}) {
  const [name, setName] = useState('');
  const [type, setType] = useState<FieldType>(FieldType.RichText);
  const [after, setAfter] = useState(AT_END);
  const nameInput = useRef<HTMLInputElement>(null);
  const insert = useAction();

  useEffect(() => {
    if (!insertAfter) return;
    setAfter(insertAfter.fieldId);
    nameInput.current?.focus();
  }, [insertAfter]);

  // The chosen field may have been deleted meanwhile (here or elsewhere): then the end it is.
  const afterIndex = after === AT_END ? -1 : fields.findIndex((f) => f.id === after);
  const position = afterIndex < 0 ? AT_END : after;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // InsertField puts the field *before* start_field_id: "after X" is "before the field that follows X".
    const next = afterIndex >= 0 ? fields[afterIndex + 1] : undefined;
    await insert.run(async () => {
      const changeset = await grids.insertField({
        gridId,
        field: { id: '', name, fieldType: type, visibility: true, width: 0 },
        ...(next && { oneOfStartFieldId: { case: 'startFieldId', value: next.id } }),
      });
      mirror.applyReply(changeset);
      setName('');
      const added = changeset.insertedFields[0]?.field;
      if (added) {
        // The next field goes after this one, so fields added one after another stay in the order they were added.
        if (afterIndex >= 0) setAfter(added.id);
        onAdded(added.id);
      }
    });
  };

  return (
    <form className="add-field" onSubmit={submit} aria-label="Add a field">
      <label>
        New field name <input ref={nameInput} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <Labelled label="New field type">
        {(id) => (
          <select id={id} value={type} onChange={(e) => setType(Number(e.target.value) as FieldType)}>
            {FIELD_TYPES.map((t) => (
              <option key={t.type} value={t.type}>
                {t.label}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Labelled label="Position">
        {(id) => (
          <select id={id} value={position} onChange={(e) => setAfter(e.target.value)}>
            <option value={AT_END}>At the end</option>
            {fields.map((f) => (
              <option key={f.id} value={f.id}>
                After {f.name}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <button type="submit" disabled={insert.busy}>
        Add field
      </button>
      <ErrorNote error={insert.error} />
    </form>
  );
}
