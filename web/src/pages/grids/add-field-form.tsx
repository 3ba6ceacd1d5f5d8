/** InsertField: a new visible field of a chosen type, at the end or right after a chosen field. */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FieldType, type Field } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';
import { grids } from '../../api/grid.ts';
import { describeFieldError, isTarget } from './field-errors.ts';
import type { GridMirror } from './grid-mirror.ts';
import { Labelled } from './labelled.tsx';
import { FieldTypeOptions } from './field-type-options.tsx';
import { ErrorNote, useAction } from './use-action.tsx';

const AT_END = '';
/** A native option cannot ellipsize: a long name is cut here, and the option's title holds it whole. */
const OPTION_CHARS = 40;

function cut(name: string): string {
  return name.length > OPTION_CHARS ? `${name.slice(0, OPTION_CHARS - 1)}…` : name;
}

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
  const errorId = useId();
  const problem = insert.error ? describeFieldError(insert.error, '') : undefined;
  const nameInvalid = isTarget(problem?.target, 'name');

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
        New field name{' '}
        <input
          ref={nameInput}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={nameInvalid || undefined}
          aria-describedby={nameInvalid ? errorId : undefined}
        />
      </label>
      <Labelled label="New field type">
        {(id) => (
          <select id={id} value={type} onChange={(e) => setType(Number(e.target.value) as FieldType)}>
            <FieldTypeOptions />
          </select>
        )}
      </Labelled>
      <Labelled label="Position">
        {(id) => (
          <select
            id={id}
            className="position-select"
            value={position}
            title={afterIndex >= 0 ? `After ${fields[afterIndex]?.name ?? ''}` : 'At the end'}
            onChange={(e) => setAfter(e.target.value)}
          >
            <option value={AT_END}>At the end</option>
            {fields.map((f) => (
              <option key={f.id} value={f.id} title={`After ${f.name}`}>
                After {cut(f.name)}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <button type="submit" disabled={insert.busy}>
        Add field
      </button>
      <ErrorNote error={problem?.text} id={errorId} />
    </form>
  );
}
