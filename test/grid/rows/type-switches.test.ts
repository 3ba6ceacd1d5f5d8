/**
 * @module Every conversion on a type switch and back: a cell of each field type, the field switched to every other
 * type (what it shows there follows the documented table) and back (the cell as written, unchanged).
 */
import { create, type MessageInitShape } from '@bufbuild/protobuf';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FieldType } from '../../../src/gen/tessera/grid/v1/field_pb.js';
import { CellDataSchema } from '../../../src/gen/tessera/grid/v1/row_pb.js';
import { DateTypeOptionSchema, SingleSelectTypeOptionSchema } from '../../../src/gen/tessera/grid/v1/type_option_pb.js';
import { encode, fieldInit, useServer } from '../../helpers/fixtures.js';
import { gridClient } from '../../helpers/grid-clients.js';

const TYPES = [FieldType.RichText, FieldType.Number, FieldType.DateTime, FieldType.SingleSelect, FieldType.MultiSelect, FieldType.Checkbox, FieldType.URL];

/** The value written under each type, and its content there. */
const WRITTEN: Record<FieldType, { value: MessageInitShape<typeof CellDataSchema>['value']; content: string }> = {
  [FieldType.RichText]: { value: { case: 'text', value: '42' }, content: '42' },
  [FieldType.Number]: { value: { case: 'number', value: '7.25' }, content: '7.25' },
  [FieldType.DateTime]: { value: { case: 'date', value: { timestamp: 86_400n } }, content: '1970-01-02' },
  [FieldType.SingleSelect]: { value: { case: 'selectOptionIds', value: { optionIds: ['b'] } }, content: 'Bee' },
  [FieldType.MultiSelect]: { value: { case: 'selectOptionIds', value: { optionIds: ['b', 'a'] } }, content: 'Bee, Ay' },
  [FieldType.Checkbox]: { value: { case: 'checkbox', value: true }, content: 'Yes' },
  [FieldType.URL]: { value: { case: 'url', value: { url: 'https://tessera.example/', content: 'Tessera' } }, content: 'Tessera' },
};

/** What a field of type `to` shows for a cell written under `from` (docs/grid.md, "Cells are typed by their field"). */
function shownAs(from: FieldType, to: FieldType): string | undefined {
  if (from === to) return WRITTEN[from].content;
  switch (to) {
    case FieldType.RichText:
      return { [FieldType.Number]: '7.25', [FieldType.URL]: 'https://tessera.example/', [FieldType.Checkbox]: 'Yes' }[from as number];
    case FieldType.Number:
      return from === FieldType.RichText ? '42' : undefined;
    case FieldType.SingleSelect:
      return from === FieldType.MultiSelect ? 'Bee' : undefined;
    case FieldType.MultiSelect:
      return from === FieldType.SingleSelect ? 'Bee' : undefined;
    case FieldType.URL:
      return from === FieldType.RichText ? '42' : undefined;
    default:
      return undefined;
  }
}

describe('cells across every type switch and back', () => {
  const ctx = useServer();
  const client = () => gridClient(ctx.url);

  for (const from of TYPES) {
    it(`a ${FieldType[from]} cell through every other type`, async () => {
      const { id: gridId } = await client().createGrid({ name: FieldType[from], bare: true });
      await client().insertField({ gridId, field: fieldInit('p', 'P', FieldType.RichText, { isPrimary: true }) });
      // The select options are the same in both select entries (a switch copies them), the date shown in UTC as ISO.
      const options = encode(SingleSelectTypeOptionSchema, { options: [{ id: 'a', name: 'Ay' }, { id: 'b', name: 'Bee' }] });
      await client().insertField({ gridId, field: fieldInit('f', 'F', FieldType.SingleSelect), typeOptionData: options });
      await client().switchToField({ gridId, fieldId: 'f', fieldType: FieldType.MultiSelect });
      await client().switchToField({ gridId, fieldId: 'f', fieldType: FieldType.DateTime });
      await client().updateFieldTypeOption({ gridId, fieldId: 'f', typeOptionData: encode(DateTypeOptionSchema, { dateFormat: 2 }) });
      await client().switchToField({ gridId, fieldId: 'f', fieldType: from });
      const rowId = (await client().createRow({ gridId, cells: { f: create(CellDataSchema, { value: WRITTEN[from].value } as MessageInitShape<typeof CellDataSchema>) } })).insertedRows[0]!.row!.id;
      const content = async () => (await client().getRow({ gridId, rowId })).cellByFieldId.f?.content;
      assert.equal(await content(), WRITTEN[from].content);
      for (const to of TYPES) {
        if (to === from) continue;
        await client().switchToField({ gridId, fieldId: 'f', fieldType: to });
        assert.equal(await content(), shownAs(from, to), `${FieldType[from]} shown as ${FieldType[to]}`);
        await client().switchToField({ gridId, fieldId: 'f', fieldType: from });
        const back = (await client().getRow({ gridId, rowId })).cellByFieldId.f!;
        assert.equal(back.content, WRITTEN[from].content, `${FieldType[from]} back from ${FieldType[to]}`);
        assert.deepEqual(back.data!.value, create(CellDataSchema, { value: WRITTEN[from].value } as MessageInitShape<typeof CellDataSchema>).value);
      }
    });
  }
});
