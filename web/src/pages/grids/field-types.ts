/** Names and colours for the enums of the grid API, as the console shows them. */
import { FieldType } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';
import { SelectOptionColor } from '../../../../src/gen/tessera/grid/v1/type_option_pb.ts';

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
