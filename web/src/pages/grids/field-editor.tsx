/**
 * Everything one field can have done to it, each control with the server's answer next to it. Drafts (name,
 * description, a type not yet converted to) are the user's until saved: a change made in another session is
 * offered next to the draft, never written over it. When the field is gone (`deleted`), the editor stays as it was,
 * read-only, so the draft can still be read and the field recreated from it.
 */
import { useId, useRef, useState, type FormEvent, type MutableRefObject } from 'react';
import { FieldType, type Field, type FieldChangesetPayload } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';
import { grids } from '../../api/grid.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { describeFieldError, isTarget, type FieldProblem } from './field-errors.ts';
import { clampWidth, conversionNote, fieldTypeLabel, MAX_WIDTH, MIN_WIDTH } from './field-types.ts';
import type { GridMirror } from './grid-mirror.ts';
import { Labelled } from './labelled.tsx';
import { TypeOptionEditor } from './type-option-editors.tsx';
import { FieldTypeOptions } from './field-type-options.tsx';
import { ErrorNote, useAction } from './use-action.tsx';

/** What the editor knows of a field it deletes or that was deleted: enough to insert it again. */
export interface FieldSnapshot {
  readonly field: Field;
  /** The option of the field's current type, as GetFieldTypeOption gave it. */
  readonly typeOptionData: Uint8Array;
}

export interface Draft {
  name: string;
  desc: string;
}

export function FieldEditor({
  gridId,
  mirror,
  field,
  index,
  fieldCount,
  version,
  deleted,
  onClose,
  onDuplicated,
  onInsertAfter,
  onDeleting,
  onDeleted,
  onRecreate,
}: {
  gridId: string;
  mirror: GridMirror;
  field: Field;
  index: number;
  fieldCount: number;
  /** The revision that last changed this field. */
  version: bigint;
  /** The field was deleted in another session: shown read-only, with a way to recreate it. */
  deleted: boolean;
  onClose: () => void;
  onDuplicated: (fieldId: string) => void;
  onInsertAfter: () => void;
  /** Called before DeleteField is sent (`false` when it failed), so the panel tells this deletion from another's. */
  onDeleting: (deleting: boolean) => void;
  onDeleted: (snapshot: FieldSnapshot) => void;
  onRecreate: (snapshot: FieldSnapshot) => Promise<unknown>;
}) {
  const ids = { gridId, fieldId: field.id };
  const update = (change: FieldChange) => async () => mirror.applyReply(await grids.updateField({ ...ids, ...change }));
  const draft = useRef<Draft>({ name: field.name, desc: field.desc });
  const options = useRef<Uint8Array>(new Uint8Array());

  const display = useAction();
  const arrange = useAction();
  const remove = useAction();
  const recreate = useAction();
  const problem = (error: string | undefined) => error && describeFieldError(error, field.name).text;

  return (
    <section className="field-editor" id="field-editor" aria-labelledby="field-editor-title">
      <header>
        <h2 id="field-editor-title" title={field.name}>
          Field “{field.name}”
        </h2>
        <button type="button" onClick={onClose} aria-label="Close the field editor">
          ✕
        </button>
      </header>
      {deleted && (
        <div className="field-gone" role="alert">
          <p>This field was deleted in another session.</p>
          <div className="buttons">
            <button
              type="button"
              disabled={recreate.busy}
              onClick={() =>
                void recreate.run(() =>
                  onRecreate({ field: { ...field, name: draft.current.name, desc: draft.current.desc }, typeOptionData: options.current }),
                )
              }
            >
              Recreate it from this editor
            </button>
            <button type="button" onClick={onClose}>
              Close
            </button>
          </div>
          <ErrorNote error={problem(recreate.error)} />
        </div>
      )}
      <p className="muted">
        id <code>{field.id}</code> · {fieldTypeLabel(field.fieldType)} · position {index + 1} of {fieldCount}
        {field.isPrimary && ' · primary field (always shown, cannot be deleted)'}
      </p>

      <fieldset className="field-editor-body" disabled={deleted}>
        <NameForm field={field} draft={draft} save={(change) => update(change)()} />

        <TypePicker field={field} save={(type) => update({ oneOfFieldType: { case: 'fieldType', value: type } })()} />

        <TypeOptionEditor
          key={field.fieldType}
          gridId={gridId}
          mirror={mirror}
          field={field}
          version={version}
          frozen={deleted}
          onLoaded={(bytes) => (options.current = bytes)}
        />

        <fieldset className="editor-group">
          <legend>Display</legend>
          <div className="buttons">
            {!field.isPrimary && (
              <button
                type="button"
                onClick={() => void display.run(update({ oneOfVisibility: { case: 'visibility', value: !field.visibility } }))}
              >
                {field.visibility ? 'Hide field' : 'Show field'}
              </button>
            )}
            <button type="button" onClick={() => void display.run(update({ oneOfFrozen: { case: 'frozen', value: !field.frozen } }))}>
              {field.frozen ? 'Unfreeze field' : 'Freeze field'}
            </button>
          </div>
          <WidthForm
            key={field.width}
            field={field}
            problem={display.error ? describeFieldError(display.error, field.name) : undefined}
            save={(width) => display.run(update({ oneOfWidth: { case: 'width', value: width } }))}
          />
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
          <ErrorNote error={problem(arrange.error)} />
        </fieldset>

        {!field.isPrimary && (
          <div className="editor-group">
            <ConfirmButton
              label="Delete field"
              question={`Delete “${field.name}” and its cells? Undo brings the field back with its options, not its cells.`}
              confirmLabel="Yes, delete the field"
              disabled={remove.busy}
              onConfirm={() =>
                void remove.run(async () => {
                  // Read first: after the delete the option is gone, and undo needs it.
                  const { typeOptionData } = await grids.getFieldTypeOption({ ...ids, fieldType: field.fieldType });
                  onDeleting(true);
                  try {
                    mirror.applyReply(await grids.deleteField(ids));
                  } catch (error) {
                    onDeleting(false);
                    throw error;
                  }
                  onDeleted({ field, typeOptionData });
                })
              }
            />
            <ErrorNote error={problem(remove.error)} />
          </div>
        )}
      </fieldset>
    </section>
  );
}

/** The members of an UpdateField call besides the ids: only those present change. */
type FieldChange = Partial<Pick<FieldChangesetPayload, 'oneOfName' | 'oneOfDesc' | 'oneOfFieldType' | 'oneOfFrozen' | 'oneOfVisibility' | 'oneOfWidth'>>;

/**
 * The type is a choice, not an action: picking one (by mouse or arrow key) only proposes it, and nothing changes
 * until the conversion is confirmed (the Convert button, or Enter on the picker).
 */
function TypePicker({ field, save }: { field: Field; save: (type: FieldType) => Promise<unknown> }) {
  const [pending, setPending] = useState<FieldType>();
  const action = useAction();
  const select = useRef<HTMLSelectElement>(null);
  const questionId = useId();
  const proposed = pending !== undefined && pending !== field.fieldType ? pending : undefined;

  const convert = async () => {
    if (proposed === undefined) return;
    if (await action.run(() => save(proposed))) {
      setPending(undefined);
      select.current?.focus();
    }
  };
  const cancel = () => {
    setPending(undefined);
    action.clear();
    select.current?.focus();
  };

  return (
    <div className="editor-group type-picker">
      <Labelled label="Type">
        {(id) => (
          <select
            id={id}
            ref={select}
            value={proposed ?? field.fieldType}
            aria-describedby={proposed !== undefined ? questionId : undefined}
            onChange={(e) => setPending(Number(e.target.value) as FieldType)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && proposed !== undefined && !action.busy) {
                e.preventDefault();
                void convert();
              }
            }}
          >
            <FieldTypeOptions />
          </select>
        )}
      </Labelled>
      {proposed !== undefined && (
        <div className="convert-question" role="group" aria-label="Confirm the type change">
          <p id={questionId}>
            Convert “{field.name}” from {fieldTypeLabel(field.fieldType)} to {fieldTypeLabel(proposed)}? {conversionNote(field.fieldType, proposed)}
          </p>
          <div className="buttons">
            <button type="button" disabled={action.busy} onClick={() => void convert()}>
              Convert to {fieldTypeLabel(proposed)}
            </button>
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <ErrorNote error={action.error && describeFieldError(action.error, field.name).text} />
    </div>
  );
}

interface Conflict {
  readonly name?: string;
  readonly desc?: string;
}

/**
 * The name and description as a draft. When the field changes underneath (another session), a member the user has
 * not touched follows it; one the user is editing keeps the user's text and offers theirs next to it.
 */
function NameForm({ field, draft, save }: { field: Field; draft: MutableRefObject<Draft>; save: (change: FieldChange) => Promise<unknown> }) {
  const [base, setBase] = useState<Draft>({ name: field.name, desc: field.desc });
  const [name, setName] = useState(field.name);
  const [desc, setDesc] = useState(field.desc);
  const [conflict, setConflict] = useState<Conflict>({});
  const action = useAction();
  const errorId = useId();

  if (field.name !== base.name || field.desc !== base.desc) {
    const next: { name?: string; desc?: string } = { ...conflict };
    if (field.name !== base.name) {
      if (name === base.name || name === field.name) {
        setName(field.name);
        delete next.name;
      } else next.name = field.name;
    }
    if (field.desc !== base.desc) {
      if (desc === base.desc || desc === field.desc) {
        setDesc(field.desc);
        delete next.desc;
      } else next.desc = field.desc;
    }
    setBase({ name: field.name, desc: field.desc });
    setConflict(next);
  }
  draft.current = { name, desc };

  const changed = name !== field.name || desc !== field.desc;
  const problem: FieldProblem | undefined = action.error ? describeFieldError(action.error, field.name) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    setConflict({});
    void action.run(() =>
      save({
        ...(name !== field.name && { oneOfName: { case: 'name', value: name } }),
        ...(desc !== field.desc && { oneOfDesc: { case: 'desc', value: desc } }),
      }),
    );
  };
  const invalid = (which: 'name' | 'desc') =>
    isTarget(problem?.target, which) ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  return (
    <form className="editor-group name-form" onSubmit={submit} aria-label="Name and description">
      <label>
        Name <input value={name} onChange={(e) => setName(e.target.value)} {...invalid('name')} />
      </label>
      <label>
        Description <textarea value={desc} rows={2} onChange={(e) => setDesc(e.target.value)} {...invalid('desc')} />
      </label>
      {conflict.name !== undefined && (
        <ConflictNote
          text={`Renamed to “${conflict.name}” in another session.`}
          onKeep={() => setConflict(({ name: _, ...rest }) => rest)}
          onTake={() => (setName(conflict.name ?? field.name), setConflict(({ name: _, ...rest }) => rest))}
        />
      )}
      {conflict.desc !== undefined && (
        <ConflictNote
          text="The description was changed in another session."
          onKeep={() => setConflict(({ desc: _, ...rest }) => rest)}
          onTake={() => (setDesc(conflict.desc ?? field.desc), setConflict(({ desc: _, ...rest }) => rest))}
        />
      )}
      <div className="buttons">
        <button type="submit" disabled={!changed || action.busy}>
          Save name and description
        </button>
        {changed && (
          <button type="button" onClick={() => (setName(field.name), setDesc(field.desc), setConflict({}), action.clear())}>
            Discard
          </button>
        )}
      </div>
      <ErrorNote error={problem?.text} id={errorId} />
    </form>
  );
}

function ConflictNote({ text, onKeep, onTake }: { text: string; onKeep: () => void; onTake: () => void }) {
  return (
    <div className="conflict" role="alert">
      <span>{text}</span>{' '}
      <button type="button" onClick={onKeep}>
        Keep yours
      </button>{' '}
      <button type="button" onClick={onTake}>
        Take theirs
      </button>
    </div>
  );
}

function WidthForm({ field, problem, save }: { field: Field; problem: FieldProblem | undefined; save: (width: number) => Promise<boolean> }) {
  const [width, setWidth] = useState(String(field.width));
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(width);
    // The server decides what is out of range; a blank or non-number input is sent as 0, which it refuses.
    void save(Number.isFinite(value) ? Math.round(value) : 0);
  };
  const invalid = isTarget(problem?.target, 'width');
  return (
    <form className="width-form" onSubmit={submit} aria-label="Set the width" noValidate>
      <label>
        Width{' '}
        <input
          type="number"
          inputMode="numeric"
          value={width}
          onChange={(e) => setWidth(e.target.value)}
          min={MIN_WIDTH}
          max={MAX_WIDTH}
          step={10}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
        />
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
      <ErrorNote error={problem?.text} id={errorId} />
    </form>
  );
}
