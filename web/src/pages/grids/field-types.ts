/** Names and colours for the enums of the grid API, as the console shows them. */
import { FieldType } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';
import { SelectOptionColor } from '../../../../src/gen/tessera/grid/v1/type_option_pb.ts';
import { typesReadBy } from '../../../../src/grid/cells/cell-visibility.ts';

export const FIELD_TYPES: readonly { readonly type: FieldType; readonly label: string }[] = [
  { type: FieldType.RichText, label: 'Text' },
  { type: FieldType.Number, label: 'Number' },
  { type: FieldType.DateTime, label: 'Date' },
  { type: FieldType.SingleSelect, label: 'Single select' },
  { type: FieldType.MultiSelect, label: 'Multi-select' },
  { type: FieldType.Checkbox, label: 'Checkbox' },
  { type: FieldType.URL, label: 'URL' },
];

export function fieldTypeLabel(type: FieldType): string {
  return FIELD_TYPES.find((t) => t.type === type)?.label ?? `Type ${type}`;
}

/** AppFlowy's select option colours. */
export const SELECT_COLORS: readonly { readonly color: SelectOptionColor; readonly label: string; readonly css: string }[] = [
  { color: SelectOptionColor.Purple, label: 'Purple', css: '#e8e0ff' },
  { color: SelectOptionColor.Pink, label: 'Pink', css: '#ffe7ee' },
  { color: SelectOptionColor.LightPink, label: 'Light pink', css: '#fddeed' },
  { color: SelectOptionColor.Orange, label: 'Orange', css: '#ffefe3' },
  { color: SelectOptionColor.Yellow, label: 'Yellow', css: '#fff2cd' },
  { color: SelectOptionColor.Lime, label: 'Lime', css: '#f5ffdc' },
  { color: SelectOptionColor.Green, label: 'Green', css: '#ddffd6' },
  { color: SelectOptionColor.Aqua, label: 'Aqua', css: '#defff1' },
  { color: SelectOptionColor.Blue, label: 'Blue', css: '#e1fbff' },
];

export function selectColorCss(color: SelectOptionColor): string {
  return SELECT_COLORS.find((c) => c.color === color)?.css ?? '#eee';
}

export const MIN_WIDTH = 10;
export const MAX_WIDTH = 10_000;

export function clampWidth(width: number): number {
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(width)));
}

const SELECTS: ReadonlySet<FieldType> = new Set([FieldType.SingleSelect, FieldType.MultiSelect]);

/**
 * What switching a field's type does to its cells, in the words of the server's rules (src/grid/cells/cell-visibility.ts:
 * a cell keeps the type it was written under, and a field shows it only where the value means the same thing).
 */
export function conversionNote(from: FieldType, to: FieldType): string {
  const was = fieldTypeLabel(from);
  const now = fieldTypeLabel(to);
  const kept = `Every cell keeps its ${was} value, so switching back to ${was} shows it again.`;
  if (!typesReadBy(to).includes(from)) return `Its cells show empty as ${now}. ${kept}`;
  if (SELECTS.has(from) && SELECTS.has(to)) return `Its cells keep their options, and the field keeps its option list. ${kept}`;
  if (to === FieldType.Number) return `Cells whose text is a number show as numbers; the others show empty. ${kept}`;
  if (to === FieldType.URL) return `Its text cells show as the addresses they spell. ${kept}`;
  return `Its cells show as ${now}: ${from === FieldType.Checkbox ? 'Yes or No' : 'the same text'}. ${kept}`;
}
