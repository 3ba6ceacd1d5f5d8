/** Everything one field can have done to it, each control with the server's answer next to it. */
import { useState, type FormEvent } from 'react';
import { FieldType, type Field, type FieldChangesetPayload } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';
import { grids } from '../../api/grid.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { clampWidth, FIELD_TYPES, fieldTypeLabel, MAX_WIDTH, MIN_WIDTH } from './field-types.ts';
import type { GridMirror } from './grid-mirror.ts';
import { Labelled } from './labelled.tsx';
import { TypeOptionEditor } from './type-option-editors.tsx';
import { ErrorNote, useAction } from './use-action.tsx';

export function FieldEditor({
  gridId,
  mirror,
  field,
  index,
  fieldCount,
  version,
  onClose,
  onDuplicated,
  onInsertAfter,
}: {
  gridId: string;
  mirror: GridMirror;
  field: Field;
  index: number;
  fieldCount: number;
  /** The revision that last changed this field. */
  version: bigint;
  onClose: () => void;
  onDuplicated: (fieldId: string) => void;
  onInsertAfter: () => void;
}) {
  const ids = { gridId, fieldId: field.id };
  const update = (change: FieldChange) => async () =>
    mirror.applyReply(await grids.updateField({ ...ids, ...change }));

  const retype = useAction();
  const display = useAction();
  const arrange = useAction();
  const remove = useAction();

  return (
    <section className="field-editor" id="field-editor" aria-labelledby="field-editor-title">
      <header>
        <h2 id="field-editor-title">
          Field “{field.name}”
        </h2>
        <button type="button" onClick={onClose} aria-label="Close the field editor">
          ✕
        </button>
      </header>
      <p className="muted">
        id <code>{field.id}</code> · {fieldTypeLabel(field.fieldType)} · position {index + 1} of {fieldCount}
        {field.isPrimary && ' · primary field'}
      </p>

      <NameForm key={`${field.name}\u0000${field.desc}`} field={field} save={(change) => update(change)()} />

      <div className="editor-group">
        <Labelled label="Type">
          {(id) => (
            <select
              id={id}
              value={field.fieldType}
              disabled={retype.busy}
              onChange={(e) =>
                void retype.run(update({ oneOfFieldType: { case: 'fieldType', value: Number(e.target.value) as FieldType } }))
              }
            >
              {FIELD_TYPES.map((t) => (
                <option key={t.type} value={t.type}>
                  {t.label}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <ErrorNote error={retype.error} />
      </div>

      <TypeOptionEditor key={field.fieldType} gridId={gridId} mirror={mirror} field={field} version={version} />

      <fieldset className="editor-group">
        <legend>Display</legend>
        <div className="buttons">
          <button
            type="button"
            onClick={() => void display.run(update({ oneOfVisibility: { case: 'visibility', value: !field.visibility } }))}
          >
            {field.visibility ? 'Hide field' : 'Show field'}
          </button>
          <button
            type="button"
            onClick={() => void display.run(update({ oneOfFrozen: { case: 'frozen', value: !field.frozen } }))}
          >
            {field.frozen ? 'Unfreeze field' : 'Freeze field'}
          </button>
        </div>
        <WidthForm key={field.width} field={field} save={(width) => display.run(update({ oneOfWidth: { case: 'width', value: width } }))} />
        <ErrorNote error={display.error} />
      </fieldset>

      <fieldset className="editor-group">
        <legend>Arrange</legend>
        <div className="buttons">
          <button
            type="button"
            disabled={index <= 0}
            onClick={() => void arrange.run(async () => mirror.applyReply(await grids.moveField({ ...ids, fromIndex: index, toIndex: index - 1 })))}
          >
            Move left
          </button>
          <button
            type="button"
            disabled={index >= fieldCount - 1}
            onClick={() => void arrange.run(async () => mirror.applyReply(await grids.moveField({ ...ids, fromIndex: index, toIndex: index + 1 })))}
          >
            Move right
          </button>
          <button
            type="button"
            onClick={() =>
              void arrange.run(async () => {
                const changeset = await grids.duplicateField(ids);
                mirror.applyReply(changeset);
                const copy = changeset.insertedFields[0]?.field;
                if (copy) onDuplicated(copy.id);
              })
            }
          >
            Duplicate field
          </button>
          <button type="button" onClick={onInsertAfter}>
            Insert a field after
          </button>
        </div>
        <ErrorNote error={arrange.error} />
      </fieldset>

      <div className="editor-group">
        <ConfirmButton
          label="Delete field"
          question={`Delete “${field.name}” and every type option it kept?`}
          confirmLabel="Yes, delete the field"
          disabled={remove.busy}
          onConfirm={() => void remove.run(async () => mirror.applyReply(await grids.deleteField(ids)))}
        />
        <ErrorNote error={remove.error} />
      </div>
    </section>
  );
}

/** The members of an UpdateField call besides the ids: only those present change. */
type FieldChange = Partial<Pick<FieldChangesetPayload, 'oneOfName' | 'oneOfDesc' | 'oneOfFieldType' | 'oneOfFrozen' | 'oneOfVisibility' | 'oneOfWidth'>>;

function NameForm({ field, save }: { field: Field; save: (change: FieldChange) => Promise<unknown> }) {
  const [name, setName] = useState(field.name);
  const [desc, setDesc] = useState(field.desc);
  const action = useAction();
  const changed = name !== field.name || desc !== field.desc;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    void action.run(() =>
      save({
        ...(name !== field.name && { oneOfName: { case: 'name', value: name } }),
        ...(desc !== field.desc && { oneOfDesc: { case: 'desc', value: desc } }),
      }),
    );
  };
  return (
    <form className="editor-group name-form" onSubmit={submit} aria-label="Name and description">
      <label>
        Name <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Description <textarea value={desc} rows={2} onChange={(e) => setDesc(e.target.value)} />
      </label>
      <div className="buttons">
        <button type="submit" disabled={!changed || action.busy}>
          Save name and description
        </button>
        {changed && (
          <button type="button" onClick={() => (setName(field.name), setDesc(field.desc), action.clear())}>
            Discard
          </button>
        )}
      </div>
      <ErrorNote error={action.error} />
    </form>
  );
}

function WidthForm({ field, save }: { field: Field; save: (width: number) => Promise<boolean> }) {
  const [width, setWidth] = useState(String(field.width));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(width);
    // The server decides what is out of range; a blank or non-number input is sent as 0, which it refuses.
    void save(Number.isFinite(value) ? Math.round(value) : 0);
  };
  return (
    <form className="width-form" onSubmit={submit} aria-label="Set the width" noValidate>
      <label>
        Width <input type="number" inputMode="numeric" value={width} onChange={(e) => setWidth(e.target.value)} min={MIN_WIDTH} max={MAX_WIDTH} step={10} />
      </label>{' '}
      <button type="submit" disabled={String(field.width) === width}>
        Set width
      </button>{' '}
      <button type="button" aria-label="Narrower" onClick={() => void save(clampWidth(field.width - 10))}>
        −10
      </button>
      <button type="button" aria-label="Wider" onClick={() => void save(clampWidth(field.width + 10))}>
        +10
      </button>
    </form>
  );
}
