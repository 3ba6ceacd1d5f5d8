/**
 * The option editor of the field's current type: loaded with GetFieldTypeOption, edited as a draft, saved whole
 * with UpdateFieldTypeOption (the protobuf bytes of the type's option message). It reloads when the field changes
 * (here or elsewhere), unless the draft holds unsaved edits.
 */
import { clone, equals, fromBinary, toBinary, type Message } from '@bufbuild/protobuf';
import type { GenMessage } from '@bufbuild/protobuf/codegenv2';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { FieldType, type Field } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';
import {
  CheckboxTypeOptionSchema,
  DateFormat,
  DateTypeOptionSchema,
  MultiSelectTypeOptionSchema,
  NumberTypeOption_NumberFormatSchema,
  NumberTypeOptionSchema,
  RichTextTypeOptionSchema,
  SingleSelectTypeOptionSchema,
  TimeFormat,
  URLTypeOptionSchema,
  type MultiSelectTypeOption,
  type NumberTypeOption_NumberFormat,
  type SelectOptionColor,
  type SingleSelectTypeOption,
} from '../../../../src/gen/tessera/grid/v1/type_option_pb.ts';
import { grids } from '../../api/grid.ts';
import { fieldTypeLabel, SELECT_COLORS, selectColorCss } from './field-types.ts';
import type { GridMirror } from './grid-mirror.ts';
import { Labelled } from './labelled.tsx';
import { ErrorNote, useAction, type Action } from './use-action.tsx';

interface EditorProps {
  bytes: Uint8Array;
  /** Stores the option; resolves true when the server took it. */
  save: (bytes: Uint8Array) => Promise<boolean>;
  saving: Action;
}

export function TypeOptionEditor({ gridId, mirror, field, version }: { gridId: string; mirror: GridMirror; field: Field; version: bigint }) {
  const [bytes, setBytes] = useState<Uint8Array>();
  const load = useAction();
  const saving = useAction();
  const { run: runLoad } = load;
  const fieldId = field.id;
  const fieldType = field.fieldType;

  useEffect(() => {
    let current = true;
    void runLoad(async () => {
      const reply = await grids.getFieldTypeOption({ gridId, fieldId, fieldType });
      if (current) setBytes(reply.typeOptionData);
    });
    return () => {
      current = false;
    };
  }, [runLoad, gridId, fieldId, fieldType, version]);

  const save = (data: Uint8Array) =>
    saving.run(async () => mirror.applyReply(await grids.updateFieldTypeOption({ gridId, fieldId, typeOptionData: data })));

  const props: EditorProps | undefined = bytes && { bytes, save, saving };
  let editor: ReactNode = null;
  if (props) {
    switch (fieldType) {
      case FieldType.Number:
        editor = <NumberEditor {...props} />;
        break;
      case FieldType.DateTime:
        editor = <DateEditor {...props} />;
        break;
      case FieldType.SingleSelect:
        editor = <SelectEditor schema={SingleSelectTypeOptionSchema} gridId={gridId} fieldId={fieldId} {...props} />;
        break;
      case FieldType.MultiSelect:
        editor = <SelectEditor schema={MultiSelectTypeOptionSchema} gridId={gridId} fieldId={fieldId} {...props} />;
        break;
      case FieldType.Checkbox:
        editor = <CheckboxEditor {...props} />;
        break;
      case FieldType.URL:
        editor = <DataEditor schema={URLTypeOptionSchema} label="URL options" {...props} />;
        break;
      case FieldType.RichText:
        editor = <DataEditor schema={RichTextTypeOptionSchema} label="Text options" {...props} />;
        break;
    }
  }
  return (
    <fieldset className="editor-group type-options" aria-busy={load.busy}>
      <legend>{fieldTypeLabel(fieldType)} options</legend>
      <ErrorNote error={load.error} />
      {editor ?? (!load.error && <p>Loading…</p>)}
    </fieldset>
  );
}

/** A decoded draft of the loaded option; a reload replaces it only when it holds no unsaved edits. */
function useDraft<T extends Message>(schema: GenMessage<T>, bytes: Uint8Array) {
  const [base, setBase] = useState(bytes);
  const [loaded, setLoaded] = useState(() => fromBinary(schema, bytes));
  const [draft, setDraft] = useState(loaded);
  if (base !== bytes) {
    const next = fromBinary(schema, bytes);
    setBase(bytes);
    setLoaded(next);
    if (equals(schema, draft, loaded)) setDraft(next);
  }
  const edit = (change: (draft: T) => void) =>
    setDraft((current) => {
      const next = clone(schema, current);
      change(next);
      return next;
    });
  return { draft, setDraft, dirty: !equals(schema, draft, loaded), edit, discard: () => setDraft(loaded) };
}

function SaveButtons({ dirty, saving, onDiscard }: { dirty: boolean; saving: Action; onDiscard: () => void }) {
  return (
    <>
      <div className="buttons">
        <button type="submit" disabled={!dirty || saving.busy}>
          Save type options
        </button>
        {dirty && (
          <button type="button" onClick={() => (onDiscard(), saving.clear())}>
            Discard changes
          </button>
        )}
      </div>
      <ErrorNote error={saving.error} />
    </>
  );
}

function submitter<T extends Message>(schema: GenMessage<T>, draft: T, save: (bytes: Uint8Array) => Promise<boolean>) {
  return (event: FormEvent) => {
    event.preventDefault();
    void save(toBinary(schema, draft));
  };
}

/** `CanadianDollar` → `Canadian dollar`; acronyms (`USD`) stay. */
function words(name: string): string {
  if (/^[A-Z]+$/.test(name)) return name;
  const spaced = name.replace(/([a-z])([A-Z])/g, '$1 $2');
  return spaced.charAt(0) + spaced.slice(1).toLowerCase();
}

const NUMBER_FORMATS = NumberTypeOption_NumberFormatSchema.values.map((v) => ({ value: v.number as NumberTypeOption_NumberFormat, label: words(v.name) }));

function NumberEditor({ bytes, save, saving }: EditorProps) {
  const { draft, dirty, edit, discard } = useDraft(NumberTypeOptionSchema, bytes);
  const sample = `${draft.signPositive ? '' : '−'}${draft.symbol}${(1234.5678).toFixed(Math.min(draft.scale, 10))}`;
  return (
    <form onSubmit={submitter(NumberTypeOptionSchema, draft, save)} aria-label="Number options">
      <Labelled label="Number format">
        {(id) => (
          <select id={id} value={draft.format} onChange={(e) => edit((d) => void (d.format = Number(e.target.value) as NumberTypeOption_NumberFormat))}>
            {NUMBER_FORMATS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <label>
        Scale (decimal places){' '}
        <input
          type="number"
          min={0}
          max={30}
          value={draft.scale}
          onChange={(e) => edit((d) => void (d.scale = Math.max(0, Math.trunc(Number(e.target.value) || 0))))}
        />
      </label>
      <label>
        Symbol <input value={draft.symbol} onChange={(e) => edit((d) => void (d.symbol = e.target.value))} />
      </label>
      <label className="inline">
        <input type="checkbox" checked={draft.signPositive} onChange={(e) => edit((d) => void (d.signPositive = e.target.checked))} /> Positive sign
      </label>
      <p className="muted">
        Looks like <output aria-label="Number preview">{sample}</output>
      </p>
      <SaveButtons dirty={dirty} saving={saving} onDiscard={discard} />
    </form>
  );
}

const DATE_FORMATS = [
  { value: DateFormat.Local, label: 'Local (2022/03/14)' },
  { value: DateFormat.US, label: 'US (2022/03/14)' },
  { value: DateFormat.ISO, label: 'ISO (2022-03-14)' },
  { value: DateFormat.Friendly, label: 'Friendly (Mar 14, 2022)' },
];
const TIME_FORMATS = [
  { value: TimeFormat.TwelveHour, label: '12 hour' },
  { value: TimeFormat.TwentyFourHour, label: '24 hour' },
];

function DateEditor({ bytes, save, saving }: EditorProps) {
  const { draft, dirty, edit, discard } = useDraft(DateTypeOptionSchema, bytes);
  return (
    <form onSubmit={submitter(DateTypeOptionSchema, draft, save)} aria-label="Date options">
      <Labelled label="Date format">
        {(id) => (
          <select id={id} value={draft.dateFormat} onChange={(e) => edit((d) => void (d.dateFormat = Number(e.target.value) as DateFormat))}>
            {DATE_FORMATS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Labelled label="Time format">
        {(id) => (
          <select id={id} value={draft.timeFormat} onChange={(e) => edit((d) => void (d.timeFormat = Number(e.target.value) as TimeFormat))}>
            {TIME_FORMATS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <label className="inline">
        <input type="checkbox" checked={draft.includeTime} onChange={(e) => edit((d) => void (d.includeTime = e.target.checked))} /> Include time
      </label>
      <SaveButtons dirty={dirty} saving={saving} onDiscard={discard} />
    </form>
  );
}

function SelectEditor<T extends SingleSelectTypeOption | MultiSelectTypeOption>({
  schema,
  gridId,
  fieldId,
  bytes,
  save,
  saving,
}: EditorProps & { schema: GenMessage<T>; gridId: string; fieldId: string }) {
  const { draft, setDraft, dirty, edit, discard } = useDraft(schema, bytes);
  const [newName, setNewName] = useState('');
  const adding = useAction();

  /** Saves `next` (the draft with one more or one fewer option) and keeps it as the draft when the server took it. */
  const saveList = async (next: T) => {
    if (await save(toBinary(schema, next))) setDraft(next);
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    let next: T | undefined;
    const created = await adding.run(async () => {
      const option = await grids.newSelectOption({ fieldIdentifier: { gridId, fieldId }, optionName: newName });
      next = clone(schema, draft);
      next.options.push(option);
    });
    if (created && next) {
      await saveList(next);
      setNewName('');
    }
  };

  return (
    <div className="select-options">
      <form onSubmit={submitter(schema, draft, save)} aria-label="Select options">
        {draft.options.length === 0 ? (
          <p className="muted">No options yet.</p>
        ) : (
          <ul className="option-list" aria-label="Options">
            {draft.options.map((option, i) => (
              <li key={option.id}>
                <span className="swatch" style={{ background: selectColorCss(option.color) }} aria-hidden="true" />
                <input
                  aria-label={`Option ${i + 1} name`}
                  value={option.name}
                  onChange={(e) => edit((d) => void (d.options[i]!.name = e.target.value))}
                />
                <select
                  aria-label={`Option ${i + 1} colour`}
                  value={option.color}
                  onChange={(e) => edit((d) => void (d.options[i]!.color = Number(e.target.value) as SelectOptionColor))}
                >
                  {SELECT_COLORS.map((c) => (
                    <option key={c.color} value={c.color}>
                      {c.label}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  aria-label={`Remove option ${i + 1} (${option.name})`}
                  disabled={saving.busy}
                  onClick={() => {
                    const next = clone(schema, draft);
                    next.options.splice(i, 1);
                    void saveList(next);
                  }}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <label className="inline">
          <input type="checkbox" checked={draft.disableColor} onChange={(e) => edit((d) => void (d.disableColor = e.target.checked))} /> Disable colours
        </label>
        <SaveButtons dirty={dirty} saving={saving} onDiscard={discard} />
      </form>
      <form className="add-option" onSubmit={add} aria-label="Add an option">
        <label>
          New option name <input value={newName} onChange={(e) => setNewName(e.target.value)} />
        </label>{' '}
        <button type="submit" disabled={adding.busy || saving.busy}>
          Add option
        </button>
        <ErrorNote error={adding.error} />
      </form>
      <p className="muted">Adding or removing an option also saves the other edits to the list.</p>
    </div>
  );
}

function CheckboxEditor({ bytes, save, saving }: EditorProps) {
  const { draft, dirty, edit, discard } = useDraft(CheckboxTypeOptionSchema, bytes);
  return (
    <form onSubmit={submitter(CheckboxTypeOptionSchema, draft, save)} aria-label="Checkbox options">
      <label className="inline">
        <input type="checkbox" checked={draft.isSelected} onChange={(e) => edit((d) => void (d.isSelected = e.target.checked))} /> Checked by default
      </label>
      <SaveButtons dirty={dirty} saving={saving} onDiscard={discard} />
    </form>
  );
}

/** URL and RichText options: one `data` string, which AppFlowy kept and never used. */
function DataEditor({ schema, label, bytes, save, saving }: EditorProps & { schema: typeof URLTypeOptionSchema | typeof RichTextTypeOptionSchema; label: string }) {
  const { draft, dirty, edit, discard } = useDraft(schema as GenMessage<Message & { data: string }>, bytes);
  return (
    <form onSubmit={submitter(schema as GenMessage<Message & { data: string }>, draft, save)} aria-label={label}>
      <label>
        Option data <input value={draft.data} onChange={(e) => edit((d) => void (d.data = e.target.value))} />
      </label>
      <SaveButtons dirty={dirty} saving={saving} onDiscard={discard} />
    </form>
  );
}
