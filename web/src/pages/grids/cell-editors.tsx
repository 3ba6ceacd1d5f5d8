/**
 * A cell as shown (the server's `content`) and its editor by the field's type. Editors commit on Enter or when the
 * focus leaves them, and cancel on Escape; a select commits on change, and a checkbox is toggled in the cell itself.
 * The value sent is a typed CellData; an empty input clears the cell.
 */
import type { MessageInitShape } from '@bufbuild/protobuf';
import { useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { FieldType, type Field } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';
import type { Cell, CellDataSchema } from '../../../../src/gen/tessera/grid/v1/row_pb.ts';
import type { CellOptions } from './use-type-options.ts';
import { zonedInputs, zonedSeconds } from './zoned-time.ts';

export type CellValue = MessageInitShape<typeof CellDataSchema>;
const CLEAR: CellValue = {};

/** Schemes a link in a cell may open: others are shown as text. */
const LINK_SCHEMES = /^(https?|mailto|ftp|tel):/i;

export function CellContent({ field, cell }: { field: Field; cell: Cell | undefined }) {
  if (!cell) return null;
  if (field.fieldType === FieldType.URL && cell.data?.value.case === 'url') {
    const url = cell.data.value.value.url;
    if (LINK_SCHEMES.test(url)) {
      return (
        <a href={url} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()}>
          {cell.content}
        </a>
      );
    }
  }
  return <>{cell.content}</>;
}

export interface EditorProps {
  field: Field;
  cell: Cell | undefined;
  options: CellOptions | undefined;
  /** Sends the value; resolves true when the server stored it. */
  commit: (value: CellValue) => Promise<boolean>;
  cancel: () => void;
  label: string;
}

export function CellEditor(props: EditorProps) {
  switch (props.field.fieldType) {
    case FieldType.Number:
      return (
        <TextEditor {...props} initial={props.cell?.data?.value.case === 'number' ? props.cell.data.value.value : ''} toValue={(t) => (t.trim() ? { value: { case: 'number', value: t } } : CLEAR)} />
      );
    case FieldType.URL:
      return (
        <TextEditor
          {...props}
          initial={props.cell?.data?.value.case === 'url' ? props.cell.data.value.value.url : ''}
          toValue={(t) => (t.trim() ? { value: { case: 'url', value: { url: t, content: '' } } } : CLEAR)}
        />
      );
    case FieldType.DateTime:
      return <DateEditor {...props} />;
    case FieldType.SingleSelect:
      return <SingleSelectEditor {...props} />;
    case FieldType.MultiSelect:
      return <MultiSelectEditor {...props} />;
    default:
      return (
        <TextEditor {...props} initial={props.cell?.data?.value.case === 'text' ? props.cell.data.value.value : (props.cell?.content ?? '')} toValue={(t) => (t ? { value: { case: 'text', value: t } } : CLEAR)} />
      );
  }
}

/**
 * Commits on Enter and when the focus leaves the editor (not when it moves inside it), cancels on Escape. A commit
 * the server refuses leaves the editor open with what was typed.
 */
function EditorFrame({ children, onCommit, cancel, label }: { children: ReactNode; onCommit: () => void; cancel: () => void; label: string }) {
  return (
    <div
      className="cell-editor"
      role="group"
      aria-label={label}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          cancel();
        } else if (e.key === 'Enter') {
          e.preventDefault();
          e.stopPropagation();
          onCommit();
        }
      }}
      onBlur={(e: FocusEvent<HTMLDivElement>) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onCommit();
      }}
    >
      {children}
    </div>
  );
}

function TextEditor({ initial, toValue, commit, cancel, label }: EditorProps & { initial: string; toValue: (text: string) => CellValue }) {
  const [text, setText] = useState(initial);
  return (
    <EditorFrame label={label} cancel={cancel} onCommit={() => void (text === initial ? cancel() : commit(toValue(text)))}>
      <input type="text" aria-label={label} autoFocus value={text} onChange={(e) => setText(e.target.value)} />
    </EditorFrame>
  );
}

function DateEditor({ cell, options, commit, cancel, label }: EditorProps) {
  const zone = options?.date?.timeZone ?? '';
  const withTime = options?.date?.includeTime ?? false;
  const timestamp = cell?.data?.value.case === 'date' ? cell.data.value.value.timestamp : undefined;
  const initial = timestamp === undefined ? { date: '', time: '' } : zonedInputs(timestamp, zone);
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(withTime ? initial.time : '');
  const save = () => {
    if (date === initial.date && (!withTime || time === initial.time)) return cancel();
    if (!date) return void commit(CLEAR);
    const seconds = zonedSeconds(date, withTime ? time : '', zone);
    if (seconds !== undefined) void commit({ value: { case: 'date', value: { timestamp: seconds } } });
  };
  return (
    <EditorFrame label={label} cancel={cancel} onCommit={save}>
      <input type="date" aria-label={`${label}: date`} autoFocus value={date} onChange={(e) => setDate(e.target.value)} />
      {withTime && <input type="time" aria-label={`${label}: time`} value={time} onChange={(e) => setTime(e.target.value)} />}
    </EditorFrame>
  );
}

function selectedIds(cell: Cell | undefined): string[] {
  return cell?.data?.value.case === 'selectOptionIds' ? cell.data.value.value.optionIds : [];
}

function SingleSelectEditor({ cell, options, commit, cancel, label }: EditorProps) {
  const initial = selectedIds(cell)[0] ?? '';
  return (
    <EditorFrame label={label} cancel={cancel} onCommit={cancel}>
      <select
        aria-label={label}
        autoFocus
        defaultValue={initial}
        onChange={(e) => void commit(e.target.value ? { value: { case: 'selectOptionIds', value: { optionIds: [e.target.value] } } } : CLEAR)}
      >
        <option value="">(empty)</option>
        {options?.selectOptions?.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </EditorFrame>
  );
}

function MultiSelectEditor({ cell, options, commit, cancel, label }: EditorProps) {
  const initial = selectedIds(cell);
  const [chosen, setChosen] = useState(initial);
  const save = () => {
    if (chosen.length === initial.length && chosen.every((id, i) => id === initial[i])) return cancel();
    void commit(chosen.length ? { value: { case: 'selectOptionIds', value: { optionIds: chosen } } } : CLEAR);
  };
  return (
    <EditorFrame label={label} cancel={cancel} onCommit={save}>
      <fieldset className="multi-select-editor">
        <legend className="visually-hidden">{label}</legend>
        {options?.selectOptions?.length ? null : <span className="muted">No options</span>}
        {options?.selectOptions?.map((o, i) => (
          <label key={o.id} className="inline">
            <input
              type="checkbox"
              autoFocus={i === 0}
              checked={chosen.includes(o.id)}
              onChange={(e) => setChosen((c) => (e.target.checked ? [...c, o.id] : c.filter((id) => id !== o.id)))}
            />
            {o.name}
          </label>
        ))}
        <button type="button" onClick={save}>
          Done
        </button>
      </fieldset>
    </EditorFrame>
  );
}
