/**
 * The option editor of the field's current type: loaded with GetFieldTypeOption, edited as a draft, saved whole
 * with UpdateFieldTypeOption (the protobuf bytes of the type's option message). It reloads when the field changes
 * (here or elsewhere), unless the draft holds unsaved edits.
 */
import { clone, equals, fromBinary, toBinary, type Message } from '@bufbuild/protobuf';
import type { GenMessage } from '@bufbuild/protobuf/codegenv2';
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { FieldType, type Field } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';
import {
  CheckboxTypeOptionSchema,
  DateFormat,
  DateTypeOptionSchema,
  MultiSelectTypeOptionSchema,
  NumberTypeOption_NumberFormatSchema,
  NumberTypeOptionSchema,
  SingleSelectTypeOptionSchema,
  TimeFormat,
  type MultiSelectTypeOption,
  type NumberTypeOption_NumberFormat,
  type SelectOptionColor,
  type SingleSelectTypeOption,
  type DateTypeOption,
} from '../../../../src/gen/tessera/grid/v1/type_option_pb.ts';
import { formatDateCell } from '../../../../src/grid/cells/date-format.ts';
import { formatNumber } from '../../../../src/grid/cells/number-format.ts';
import { grids } from '../../api/grid.ts';
import { describeFieldError, isTarget, type FieldProblem } from './field-errors.ts';
import { fieldTypeLabel, SELECT_COLORS, selectColorCss } from './field-types.ts';
import type { GridMirror } from './grid-mirror.ts';
import { Labelled } from './labelled.tsx';
import { ErrorNote, useAction, type Action } from './use-action.tsx';

interface EditorProps {
  bytes: Uint8Array;
  /** The server's refusal of the last save, in the field's words. */
  problem: FieldProblem | undefined;
  /** Stores the option; resolves true when the server took it. */
  save: (bytes: Uint8Array) => Promise<boolean>;
  saving: Action;
}

/** Types whose option message holds nothing a person sets (Text and URL keep one unused `data` string). */
const WITHOUT_OPTIONS: ReadonlySet<FieldType> = new Set([FieldType.RichText, FieldType.URL]);

export function TypeOptionEditor({
  gridId,
  mirror,
  field,
  version,
  frozen,
  onLoaded,
}: {
  gridId: string;
  mirror: GridMirror;
  field: Field;
  version: bigint;
  /** Stop reloading (the field is gone): what is shown stays. */
  frozen?: boolean;
  /** The option as loaded, also for types with nothing to edit: undo and recreate send it back. */
  onLoaded?: (bytes: Uint8Array) => void;
}) {
  const [bytes, setBytes] = useState<Uint8Array>();
  const load = useAction();
  const saving = useAction();
  const { run: runLoad } = load;
  const fieldId = field.id;
  const fieldType = field.fieldType;

  const report = useRef(onLoaded);
  report.current = onLoaded;

  useEffect(() => {
    if (frozen) return;
    let current = true;
    void runLoad(async () => {
      const reply = await grids.getFieldTypeOption({ gridId, fieldId, fieldType });
      if (current) {
        setBytes(reply.typeOptionData);
        report.current?.(reply.typeOptionData);
      }
    });
    return () => {
      current = false;
    };
  }, [runLoad, gridId, fieldId, fieldType, version, frozen]);

  const save = (data: Uint8Array) =>
    saving.run(async () => mirror.applyReply(await grids.updateFieldTypeOption({ gridId, fieldId, typeOptionData: data })));

  const problem = saving.error ? describeFieldError(saving.error, field.name) : undefined;
  const props: EditorProps | undefined = bytes && { bytes, save, saving, problem };
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
    }
  }
  if (WITHOUT_OPTIONS.has(fieldType)) return null;
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

function SaveButtons({ dirty, saving, problem, errorId, onDiscard }: { dirty: boolean; saving: Action; problem: FieldProblem | undefined; errorId?: string; onDiscard: () => void }) {
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
      <ErrorNote error={problem?.text} id={errorId} />
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

/** Has a fraction and thousands, so every format shows what it does to both. */
const NUMBER_SAMPLE = '12345.678';

function NumberEditor({ bytes, save, saving, problem }: EditorProps) {
  const { draft, dirty, edit, discard } = useDraft(NumberTypeOptionSchema, bytes);
  // The server's own formatter: the preview is what a cell will show.
  const sample = formatNumber(NUMBER_SAMPLE, draft);
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
        {NUMBER_SAMPLE} looks like <output aria-label="Number preview">{sample}</output>
      </p>
      <SaveButtons dirty={dirty} saving={saving} problem={problem} onDiscard={discard} />
    </form>
  );
}

const DATE_FORMATS = [
  { value: DateFormat.Local, label: 'Local' },
  { value: DateFormat.US, label: 'US' },
  { value: DateFormat.ISO, label: 'ISO' },
  { value: DateFormat.Friendly, label: 'Friendly' },
];
/**
 * 2022-03-14 15:30 UTC: a day above 12 and a month below it (so US and Local differ in order, not only in
 * separators), and an afternoon hour (so 12 and 24 hour differ).
 */
const DATE_SAMPLE = BigInt(Date.UTC(2022, 2, 14, 15, 30) / 1000);

/** The sample as the server's formatter shows it under `option` ('' when the option cannot show it). */
function sampleDate(option: DateTypeOption): { date: string; time: string } {
  try {
    return formatDateCell(DATE_SAMPLE, option);
  } catch {
    return { date: '', time: '' };
  }
}
const TIME_FORMATS = [
  { value: TimeFormat.TwelveHour, label: '12 hour' },
  { value: TimeFormat.TwentyFourHour, label: '24 hour' },
];

function DateEditor({ bytes, save, saving, problem }: EditorProps) {
  const { draft, dirty, edit, discard } = useDraft(DateTypeOptionSchema, bytes);
  const shown = sampleDate({ ...draft, includeTime: true });
  return (
    <form onSubmit={submitter(DateTypeOptionSchema, draft, save)} aria-label="Date options">
      <Labelled label="Date format">
        {(id) => (
          <select id={id} value={draft.dateFormat} onChange={(e) => edit((d) => void (d.dateFormat = Number(e.target.value) as DateFormat))}>
            {DATE_FORMATS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label} ({sampleDate({ ...draft, dateFormat: f.value }).date})
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
                {f.label} ({sampleDate({ ...draft, timeFormat: f.value, includeTime: true }).time})
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <label className="inline">
        <input type="checkbox" checked={draft.includeTime} onChange={(e) => edit((d) => void (d.includeTime = e.target.checked))} /> Include time
      </label>
      <p className="muted">
        14 March 2022, 15:30 UTC looks like{' '}
        <output aria-label="Date preview">{draft.includeTime ? `${shown.date} ${shown.time}` : shown.date}</output>
      </p>
      <SaveButtons dirty={dirty} saving={saving} problem={problem} onDiscard={discard} />
    </form>
  );
}

const OPTION_DRAG_TYPE = 'application/x-tessera-option';

function SelectEditor<T extends SingleSelectTypeOption | MultiSelectTypeOption>({
  schema,
  gridId,
  fieldId,
  bytes,
  save,
  saving,
  problem,
}: EditorProps & { schema: GenMessage<T>; gridId: string; fieldId: string }) {
  const { draft, setDraft, dirty, edit, discard } = useDraft(schema, bytes);
  const [newName, setNewName] = useState('');
  const [dragged, setDragged] = useState<number>();
  const adding = useAction();
  const errorId = useId();

  /** Saves `next` (the draft with an option added, removed or moved) and keeps it as the draft when the server took it. */
  const saveList = async (next: T) => {
    if (await save(toBinary(schema, next))) setDraft(next);
  };

  /** The option order is the list's order: a move is saved at once, as adding and removing are. */
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= draft.options.length) return;
    const next = clone(schema, draft);
    const [option] = next.options.splice(from, 1);
    if (option) next.options.splice(to, 0, option);
    void saveList(next);
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

  // Only the grip drags: a draggable row would take the mouse from the name input's text selection.
  const gripHandlers = (i: number) => ({
    draggable: true,
    onDragStart(event: DragEvent) {
      event.dataTransfer.setData(OPTION_DRAG_TYPE, String(i));
      event.dataTransfer.effectAllowed = 'move';
      setDragged(i);
    },
    onDragEnd() {
      setDragged(undefined);
    },
  });
  const dropHandlers = (i: number) => ({
    onDragOver(event: DragEvent) {
      if (dragged === undefined) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    },
    onDrop(event: DragEvent) {
      event.preventDefault();
      const from = Number(event.dataTransfer.getData(OPTION_DRAG_TYPE) || dragged);
      setDragged(undefined);
      if (Number.isInteger(from)) move(from, i);
    },
  });

  return (
    <div className="select-options">
      <form onSubmit={submitter(schema, draft, save)} aria-label="Select options">
        {draft.options.length === 0 ? (
          <p className="muted">No options yet.</p>
        ) : (
          <ul className="option-list" aria-label="Options">
            {draft.options.map((option, i) => {
              const invalid = isTarget(problem?.target, { option: i });
              return (
                <li key={option.id} className={dragged === i ? 'is-dragging' : undefined} {...dropHandlers(i)}>
                  <span className="drag-grip" aria-hidden="true" title="Drag to reorder" {...gripHandlers(i)}>
                    ⠿
                  </span>
                  <span className="swatch" style={{ background: selectColorCss(option.color) }} aria-hidden="true" />
                  <input
                    aria-label={`Option ${i + 1} name`}
                    value={option.name}
                    title={option.name}
                    aria-invalid={invalid || undefined}
                    aria-describedby={invalid ? errorId : undefined}
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
                  <button type="button" aria-label={`Move option ${i + 1} (${option.name}) up`} disabled={saving.busy || i === 0} onClick={() => move(i, i - 1)}>
                    ↑
                  </button>
                  <button
                    type="button"
                    aria-label={`Move option ${i + 1} (${option.name}) down`}
                    disabled={saving.busy || i === draft.options.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    ↓
                  </button>
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
              );
            })}
          </ul>
        )}
        <label className="inline">
          <input type="checkbox" checked={draft.disableColor} onChange={(e) => edit((d) => void (d.disableColor = e.target.checked))} /> Disable colours
        </label>
        <SaveButtons dirty={dirty} saving={saving} problem={problem} errorId={errorId} onDiscard={discard} />
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
      <p className="muted">Adding, removing or moving an option (drag it, or use ↑ ↓) also saves the other edits to the list.</p>
    </div>
  );
}

function CheckboxEditor({ bytes, save, saving, problem }: EditorProps) {
  const { draft, dirty, edit, discard } = useDraft(CheckboxTypeOptionSchema, bytes);
  return (
    <form onSubmit={submitter(CheckboxTypeOptionSchema, draft, save)} aria-label="Checkbox options">
      <label className="inline">
        <input type="checkbox" checked={draft.isSelected} onChange={(e) => edit((d) => void (d.isSelected = e.target.checked))} /> Checked by default
      </label>
      <SaveButtons dirty={dirty} saving={saving} problem={problem} onDiscard={discard} />
    </form>
  );
}
