/**
 * Golden-bytes tests for the grid fields wire format (spec/grid-field-data-model.md, design.md "Grid fields API").
 *
 * Each case builds a message with protobuf-es and compares its proto3 encoding byte for byte with bytes written
 * out by hand, then decodes the hand-written bytes and checks they give back the same message.
 *
 * Reading the hex: a tag byte is (field number << 3) | wire type, where wire type 0 = VARINT (int32, int64,
 * uint32, bool, enum) and 2 = LEN (string, bytes, embedded message), followed by a length varint and the payload.
 * Varints hold 7 bits per byte, least significant group first, with the high bit set on all but the last byte
 * (150 = 0b1_0010110 → `96 01`). A negative int32 is sign-extended to 64 bits, so it always takes 10 bytes.
 * proto3 leaves out scalars equal to their default; oneof members, `optional` fields and message fields are
 * written whenever they are present, even when they hold a zero value.
 */
import { create, equals, fromBinary, fromJson, toBinary, toJson } from '@bufbuild/protobuf';
import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  EditFieldPayloadSchema,
  FieldChangesetPayloadSchema,
  FieldOrderSchema,
  FieldSchema,
  FieldType,
  GetEditFieldContextPayloadSchema,
  GridFieldChangesetSchema,
  IndexFieldSchema,
  InsertFieldPayloadSchema,
  QueryFieldPayloadSchema,
  RepeatedFieldSchema,
} from '../../src/gen/tessera/grid/v1/field_pb.js';
import {
  CreateSelectOptionPayloadSchema,
  GridErrorSchema,
  GridSchema,
  ListGridsPayloadSchema,
  MoveFieldPayloadSchema,
  WatchFieldsPayloadSchema,
} from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import {
  CheckboxTypeOptionSchema,
  DateFormat,
  DateTypeOptionSchema,
  MultiSelectTypeOptionSchema,
  NumberTypeOption_NumberFormat as NumberFormat,
  NumberTypeOptionSchema,
  RichTextTypeOptionSchema,
  SelectOptionColor,
  SingleSelectTypeOptionSchema,
  TimeFormat,
  URLTypeOptionSchema,
} from '../../src/gen/tessera/grid/v1/type_option_pb.js';

/** Bytes from hex groups such as `'0a 03 61 62 63'`; no groups → zero bytes. */
function hex(...groups: string[]): Uint8Array {
  const digits = groups.join(' ').trim();
  if (digits === '') return new Uint8Array(0);
  return Uint8Array.from(digits.split(/\s+/), (byte) => {
    assert.match(byte, /^[0-9a-f]{2}$/, `bad hex byte ${JSON.stringify(byte)} in the test itself`);
    return Number.parseInt(byte, 16);
  });
}

/** `'0a 03 61 62 63'`: compared as text, so a failure shows exactly which bytes differ. */
function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
}

interface Golden {
  readonly title: string;
  run(): void;
}

/** One golden case: `init` must encode to exactly `wire`, and `wire` must decode to that same message. */
function golden<Desc extends DescMessage>(title: string, schema: Desc, init: MessageInitShape<Desc>, wire: Uint8Array): Golden {
  return {
    title,
    run() {
      const built = create(schema, init);
      assert.equal(toHex(toBinary(schema, built)), toHex(wire), 'encoding of the built message');
      const decoded = fromBinary(schema, wire);
      assert.deepEqual(decoded, built, 'decoding of the golden bytes');
      assert.ok(equals(schema, decoded, built), 'equals() after the round trip');
      assert.equal(toHex(toBinary(schema, decoded)), toHex(wire), 're-encoding of the decoded message');
    },
  };
}

function runAll(cases: readonly Golden[]): void {
  for (const c of cases) it(c.title, () => c.run());
}

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('golden bytes: Field', () => {
  runAll([
    golden(
      'every member set (width 150 needs a 2-byte varint)',
      FieldSchema,
      { id: 'f1', name: 'Name', desc: 'd', fieldType: FieldType.DateTime, frozen: true, visibility: true, width: 150, isPrimary: true },
      hex(
        '0a 02 66 31', //       field 1 id,         wire type 2, length 2, "f1"
        '12 04 4e 61 6d 65', // field 2 name,       wire type 2, length 4, "Name"
        '1a 01 64', //          field 3 desc,       wire type 2, length 1, "d"
        '20 02', //             field 4 field_type, wire type 0, DateTime = 2
        '28 01', //             field 5 frozen,     wire type 0, true
        '30 01', //             field 6 visibility, wire type 0, true
        '38 96 01', //          field 7 width,      wire type 0, 150 = 0x16 | 0x80, then 150 >> 7 = 1
        '40 01', //             field 8 is_primary, wire type 0, true
      ),
    ),
    golden('all defaults encode to zero bytes', FieldSchema, {}, hex()),
    golden(
      'members explicitly set to their defaults still encode to zero bytes',
      FieldSchema,
      { id: '', name: '', desc: '', fieldType: FieldType.RichText, frozen: false, visibility: false, width: 0, isPrimary: false },
      hex(),
    ),
  ]);

  describe('FieldType values as field_type (field 4, wire type 0)', () => {
    const fieldTypes: ReadonlyArray<[FieldType, string]> = [
      [FieldType.RichText, ''], // 0 is the default: not written
      [FieldType.Number, '20 01'],
      [FieldType.DateTime, '20 02'],
      [FieldType.SingleSelect, '20 03'],
      [FieldType.MultiSelect, '20 04'],
      [FieldType.Checkbox, '20 05'],
      [FieldType.URL, '20 06'],
    ];
    runAll(fieldTypes.map(([fieldType, wire]) => golden(`${FieldType[fieldType]} = ${fieldType}`, FieldSchema, { fieldType }, hex(wire))));
  });
});

describe('golden bytes: IndexField, FieldOrder, RepeatedField, QueryFieldPayload', () => {
  runAll([
    golden(
      'IndexField with a nested Field and an index',
      IndexFieldSchema,
      { field: { id: 'a', width: 300 }, index: 2 },
      hex(
        '0a 06', //    field 1 field, wire type 2, length 6: the embedded Field follows
        '0a 01 61', // ··Field field 1 id, wire type 2, length 1, "a"
        '38 ac 02', // ··Field field 7 width, wire type 0, 300 = 0x2c | 0x80, then 300 >> 7 = 2
        '10 02', //    field 2 index, wire type 0, 2
      ),
    ),
    golden(
      'IndexField with an empty nested Field: a present message field is written with length 0',
      IndexFieldSchema,
      { field: {} },
      hex('0a 00'), // field 1 field, wire type 2, length 0
    ),
    golden(
      'IndexField.index = -1: a negative int32 is a 10-byte varint',
      IndexFieldSchema,
      { index: -1 },
      hex(
        '10', //                            field 2 index, wire type 0
        'ff ff ff ff ff ff ff ff ff 01', // -1 sign-extended to 64 bits: nine bytes of 7 one-bits, then the top bit
      ),
    ),
    golden(
      'FieldOrder',
      FieldOrderSchema,
      { fieldId: 'abc' },
      hex('0a 03 61 62 63'), // field 1 field_id, wire type 2, length 3, "abc"
    ),
    golden(
      'RepeatedField: each item is its own field-1 record',
      RepeatedFieldSchema,
      { items: [{ id: 'a' }, {}] },
      hex(
        '0a 03 0a 01 61', // field 1 items, wire type 2, length 3: Field{id "a"}
        '0a 00', //          field 1 items, wire type 2, length 0: Field{} (list elements are always written)
      ),
    ),
    golden(
      'QueryFieldPayload with field_orders',
      QueryFieldPayloadSchema,
      { gridId: 'g', fieldOrders: { items: [{ fieldId: 'a' }] } },
      hex(
        '0a 01 67', //  field 1 grid_id, wire type 2, length 1, "g"
        '12 05', //     field 2 field_orders, wire type 2, length 5: RepeatedFieldOrder follows
        '0a 03', //     ··RepeatedFieldOrder field 1 items, wire type 2, length 3: FieldOrder follows
        '0a 01 61', //  ····FieldOrder field 1 field_id, wire type 2, length 1, "a"
      ),
    ),
    golden(
      'QueryFieldPayload with empty field_orders present (all fields, design.md)',
      QueryFieldPayloadSchema,
      { gridId: 'g', fieldOrders: {} },
      hex(
        '0a 01 67', // field 1 grid_id, wire type 2, length 1, "g"
        '12 00', //    field 2 field_orders, wire type 2, length 0
      ),
    ),
  ]);
});

describe('golden bytes: GridFieldChangeset', () => {
  runAll([
    golden(
      'inserted, deleted, updated and revision = 5 (int64)',
      GridFieldChangesetSchema,
      {
        gridId: 'g',
        insertedFields: [{ field: { id: 'a' }, index: 0 }],
        deletedFields: [{ fieldId: 'b' }, { fieldId: 'd' }],
        updatedFields: [{ id: 'c', name: 'C' }],
        revision: 300n,
      },
      hex(
        '0a 01 67', //          field 1 grid_id, wire type 2, length 1, "g"
        '12 05', //             field 2 inserted_fields, wire type 2, length 5: IndexField follows
        '0a 03 0a 01 61', //    ··IndexField field 1 field, length 3: Field{id "a"}; index 0 is not written
        '1a 03 0a 01 62', //    field 3 deleted_fields, wire type 2, length 3: FieldOrder{field_id "b"}
        '1a 03 0a 01 64', //    field 3 deleted_fields, wire type 2, length 3: FieldOrder{field_id "d"}
        '22 06', //             field 4 updated_fields, wire type 2, length 6: Field follows
        '0a 01 63 12 01 43', // ··Field id "c", name "C"
        '28 ac 02', //          field 5 revision, wire type 0, 300
      ),
    ),
    golden(
      'revision beyond 32 bits stays an int64',
      GridFieldChangesetSchema,
      { revision: 2n ** 35n },
      hex(
        '28', //             field 5 revision, wire type 0
        '80 80 80 80 80 01', // 2^35: five groups of 7 zero bits, then 1
      ),
    ),
  ]);
});

describe('golden bytes: FieldChangesetPayload oneof presence', () => {
  runAll([
    golden(
      'every oneof member present with its zero value is written',
      FieldChangesetPayloadSchema,
      {
        fieldId: 'f',
        gridId: 'g',
        oneOfName: { case: 'name', value: '' },
        oneOfDesc: { case: 'desc', value: '' },
        oneOfFieldType: { case: 'fieldType', value: FieldType.RichText },
        oneOfFrozen: { case: 'frozen', value: false },
        oneOfVisibility: { case: 'visibility', value: false },
        oneOfWidth: { case: 'width', value: 0 },
        oneOfTypeOptionData: { case: 'typeOptionData', value: new Uint8Array(0) },
      },
      hex(
        '0a 01 66', // field 1 field_id, wire type 2, length 1, "f"
        '12 01 67', // field 2 grid_id, wire type 2, length 1, "g"
        '1a 00', //    field 3 name (one_of_name), wire type 2, length 0, ""
        '22 00', //    field 4 desc (one_of_desc), wire type 2, length 0, ""
        '28 00', //    field 5 field_type (one_of_field_type), wire type 0, RichText = 0
        '30 00', //    field 6 frozen (one_of_frozen), wire type 0, false
        '38 00', //    field 7 visibility (one_of_visibility), wire type 0, false
        '40 00', //    field 8 width (one_of_width), wire type 0, 0
        '4a 00', //    field 9 type_option_data (one_of_type_option_data), wire type 2, length 0
      ),
    ),
    golden(
      'absent oneof members are not written',
      FieldChangesetPayloadSchema,
      { fieldId: 'f', gridId: 'g' },
      hex(
        '0a 01 66', // field 1 field_id, wire type 2, length 1, "f"
        '12 01 67', // field 2 grid_id, wire type 2, length 1, "g"
      ),
    ),
    golden(
      'some members present with non-zero values',
      FieldChangesetPayloadSchema,
      {
        fieldId: 'f',
        gridId: 'g',
        oneOfName: { case: 'name', value: 'Due' },
        oneOfFieldType: { case: 'fieldType', value: FieldType.DateTime },
        oneOfVisibility: { case: 'visibility', value: true },
        oneOfWidth: { case: 'width', value: 200 },
        oneOfTypeOptionData: { case: 'typeOptionData', value: bytes(0x08, 0x03) },
      },
      hex(
        '0a 01 66', //    field 1 field_id, wire type 2, length 1, "f"
        '12 01 67', //    field 2 grid_id, wire type 2, length 1, "g"
        '1a 03 44 75 65', // field 3 name, wire type 2, length 3, "Due"
        '28 02', //       field 5 field_type, wire type 0, DateTime = 2
        '38 01', //       field 7 visibility, wire type 0, true
        '40 c8 01', //    field 8 width, wire type 0, 200 = 0x48 | 0x80, then 200 >> 7 = 1
        '4a 02 08 03', // field 9 type_option_data, wire type 2, length 2: DateTypeOption{date_format Friendly}
      ),
    ),
  ]);

  it('decoding tells a zero-valued member from an absent one', () => {
    const present = fromBinary(FieldChangesetPayloadSchema, hex('30 00', '40 00')); // frozen = false, width = 0
    assert.deepEqual(present.oneOfFrozen, { case: 'frozen', value: false });
    assert.deepEqual(present.oneOfWidth, { case: 'width', value: 0 });
    assert.equal(present.oneOfName.case, undefined);
    const absent = fromBinary(FieldChangesetPayloadSchema, hex());
    for (const group of [absent.oneOfName, absent.oneOfDesc, absent.oneOfFieldType, absent.oneOfFrozen,
      absent.oneOfVisibility, absent.oneOfWidth, absent.oneOfTypeOptionData]) {
      assert.equal(group.case, undefined);
    }
  });
});

describe('golden bytes: payloads with optional members', () => {
  runAll([
    golden(
      'GetEditFieldContextPayload with field_id',
      GetEditFieldContextPayloadSchema,
      { gridId: 'g', oneOfFieldId: { case: 'fieldId', value: 'f' }, fieldType: FieldType.Checkbox },
      hex(
        '0a 01 67', // field 1 grid_id, wire type 2, length 1, "g"
        '12 01 66', // field 2 field_id (one_of_field_id), wire type 2, length 1, "f"
        '18 05', //    field 3 field_type, wire type 0, Checkbox = 5
      ),
    ),
    golden(
      'GetEditFieldContextPayload with an empty field_id present',
      GetEditFieldContextPayloadSchema,
      { gridId: 'g', oneOfFieldId: { case: 'fieldId', value: '' }, fieldType: FieldType.Checkbox },
      hex(
        '0a 01 67', // field 1 grid_id, wire type 2, length 1, "g"
        '12 00', //    field 2 field_id, wire type 2, length 0: present although empty
        '18 05', //    field 3 field_type, wire type 0, Checkbox = 5
      ),
    ),
    golden(
      'GetEditFieldContextPayload without field_id',
      GetEditFieldContextPayloadSchema,
      { gridId: 'g', fieldType: FieldType.Checkbox },
      hex(
        '0a 01 67', // field 1 grid_id, wire type 2, length 1, "g"
        '18 05', //    field 3 field_type, wire type 0, Checkbox = 5
      ),
    ),
    golden(
      'InsertFieldPayload with start_field_id',
      InsertFieldPayloadSchema,
      {
        gridId: 'g',
        field: { id: 'n', fieldType: FieldType.Number },
        typeOptionData: bytes(0x08, 0x04),
        oneOfStartFieldId: { case: 'startFieldId', value: 's' },
      },
      hex(
        '0a 01 67', //       field 1 grid_id, wire type 2, length 1, "g"
        '12 05', //          field 2 field, wire type 2, length 5: Field follows
        '0a 01 6e 20 01', // ··Field id "n", field_type Number = 1
        '1a 02 08 04', //    field 3 type_option_data, wire type 2, length 2: NumberTypeOption{format EUR}
        '22 01 73', //       field 4 start_field_id (one_of_start_field_id), wire type 2, length 1, "s"
      ),
    ),
    golden(
      'InsertFieldPayload without start_field_id and with empty type_option_data (plain bytes: not written)',
      InsertFieldPayloadSchema,
      { gridId: 'g', field: { id: 'n' }, typeOptionData: new Uint8Array(0) },
      hex(
        '0a 01 67', //       field 1 grid_id, wire type 2, length 1, "g"
        '12 03 0a 01 6e', // field 2 field, wire type 2, length 3: Field{id "n"}
      ),
    ),
    golden(
      'EditFieldPayload with create_if_not_exist',
      EditFieldPayloadSchema,
      { gridId: 'g', fieldId: 'f', fieldType: FieldType.URL, createIfNotExist: true },
      hex(
        '0a 01 67', // field 1 grid_id, wire type 2, length 1, "g"
        '12 01 66', // field 2 field_id, wire type 2, length 1, "f"
        '18 06', //    field 3 field_type, wire type 0, URL = 6
        '20 01', //    field 4 create_if_not_exist, wire type 0, true
      ),
    ),
    golden(
      'MoveFieldPayload with optional from_index = 0 present',
      MoveFieldPayloadSchema,
      { gridId: 'g', fieldId: 'f', fromIndex: 0, toIndex: 3 },
      hex(
        '0a 01 67', // field 1 grid_id, wire type 2, length 1, "g"
        '12 01 66', // field 2 field_id, wire type 2, length 1, "f"
        '18 00', //    field 3 from_index (optional), wire type 0, 0: present, so written
        '20 03', //    field 4 to_index, wire type 0, 3
      ),
    ),
    golden(
      'MoveFieldPayload with from_index absent',
      MoveFieldPayloadSchema,
      { gridId: 'g', fieldId: 'f', toIndex: 3 },
      hex(
        '0a 01 67', // field 1 grid_id, wire type 2, length 1, "g"
        '12 01 66', // field 2 field_id, wire type 2, length 1, "f"
        '20 03', //    field 4 to_index, wire type 0, 3
      ),
    ),
    golden(
      'MoveFieldPayload with to_index = 0 (plain int32: not written)',
      MoveFieldPayloadSchema,
      { gridId: 'g', fieldId: 'f', fromIndex: 2, toIndex: 0 },
      hex(
        '0a 01 67', // field 1 grid_id, wire type 2, length 1, "g"
        '12 01 66', // field 2 field_id, wire type 2, length 1, "f"
        '18 02', //    field 3 from_index, wire type 0, 2
      ),
    ),
    golden(
      'WatchFieldsPayload with after_revision = 0 present',
      WatchFieldsPayloadSchema,
      { gridId: 'g', afterRevision: 0n },
      hex(
        '0a 01 67', // field 1 grid_id, wire type 2, length 1, "g"
        '10 00', //    field 2 after_revision (optional int64), wire type 0, 0: present, so written
      ),
    ),
    golden(
      'WatchFieldsPayload with after_revision absent',
      WatchFieldsPayloadSchema,
      { gridId: 'g' },
      hex('0a 01 67'), // field 1 grid_id, wire type 2, length 1, "g"
    ),
  ]);

  it('decoding tells optional zero from absent', () => {
    assert.equal(fromBinary(MoveFieldPayloadSchema, hex('18 00')).fromIndex, 0);
    assert.equal(fromBinary(MoveFieldPayloadSchema, hex()).fromIndex, undefined);
    assert.equal(fromBinary(WatchFieldsPayloadSchema, hex('10 00')).afterRevision, 0n);
    assert.equal(fromBinary(WatchFieldsPayloadSchema, hex()).afterRevision, undefined);
    assert.deepEqual(fromBinary(GetEditFieldContextPayloadSchema, hex('12 00')).oneOfFieldId, { case: 'fieldId', value: '' });
    assert.equal(fromBinary(GetEditFieldContextPayloadSchema, hex()).oneOfFieldId.case, undefined);
  });
});

describe('golden bytes: type options (AppFlowy 0.0.4 layouts)', () => {
  runAll([
    golden(
      'NumberTypeOption with format EUR = 4',
      NumberTypeOptionSchema,
      { format: NumberFormat.EUR, scale: 2, symbol: '€', signPositive: true, name: 'Number' },
      hex(
        '08 04', //                   field 1 format, wire type 0, EUR = 4
        '10 02', //                   field 2 scale (uint32), wire type 0, 2
        '1a 03 e2 82 ac', //          field 3 symbol, wire type 2, length 3, "€" in UTF-8
        '20 01', //                   field 4 sign_positive, wire type 0, true
        '2a 06 4e 75 6d 62 65 72', // field 5 name, wire type 2, length 6, "Number"
      ),
    ),
    golden(
      'NumberTypeOption with format Percent = 36',
      NumberTypeOptionSchema,
      { format: NumberFormat.Percent },
      hex('08 24'), // field 1 format, wire type 0, 36 = 0x24
    ),
    golden(
      'DateTypeOption',
      DateTypeOptionSchema,
      { dateFormat: DateFormat.ISO, timeFormat: TimeFormat.TwentyFourHour, includeTime: true },
      hex(
        '08 02', // field 1 date_format, wire type 0, ISO = 2
        '10 01', // field 2 time_format, wire type 0, TwentyFourHour = 1
        '18 01', // field 3 include_time, wire type 0, true
      ),
    ),
    golden(
      'DateTypeOption with zero values (Local, TwelveHour) encodes to zero bytes',
      DateTypeOptionSchema,
      { dateFormat: DateFormat.Local, timeFormat: TimeFormat.TwelveHour, includeTime: false },
      hex(),
    ),
    golden(
      'SingleSelectTypeOption with a Blue option',
      SingleSelectTypeOptionSchema,
      { options: [{ id: 'o1', name: 'Todo', color: SelectOptionColor.Blue }], disableColor: true },
      hex(
        '0a 0c', //             field 1 options, wire type 2, length 12: SelectOption follows
        '0a 02 6f 31', //       ··SelectOption field 1 id, wire type 2, length 2, "o1"
        '12 04 54 6f 64 6f', // ··SelectOption field 2 name, wire type 2, length 4, "Todo"
        '18 08', //             ··SelectOption field 3 color, wire type 0, Blue = 8
        '10 01', //             field 2 disable_color, wire type 0, true
      ),
    ),
    golden(
      'MultiSelectTypeOption with two options (Purple = 0 is not written)',
      MultiSelectTypeOptionSchema,
      { options: [{ id: 'a', name: 'A', color: SelectOptionColor.Purple }, { id: 'b', name: 'B', color: SelectOptionColor.Pink }] },
      hex(
        '0a 06 0a 01 61 12 01 41', //       field 1 options, length 6: SelectOption{id "a", name "A"}
        '0a 08 0a 01 62 12 01 42 18 01', // field 1 options, length 8: SelectOption{id "b", name "B", color Pink = 1}
      ),
    ),
    golden('CheckboxTypeOption', CheckboxTypeOptionSchema, { isSelected: true }, hex('08 01')), // field 1, wire type 0, true
    golden('RichTextTypeOption', RichTextTypeOptionSchema, { data: 'x' }, hex('0a 01 78')), // field 1, wire type 2, length 1, "x"
    golden('URLTypeOption', URLTypeOptionSchema, { data: 'x' }, hex('0a 01 78')), // field 1, wire type 2, length 1, "x"
  ]);
});

describe('golden bytes: design.md extra messages', () => {
  runAll([
    golden(
      'Grid',
      GridSchema,
      { id: 'g', fieldOrders: [{ fieldId: 'a' }], name: 'G', revision: 1n },
      hex(
        '0a 01 67', //       field 1 id, wire type 2, length 1, "g"
        '12 03 0a 01 61', // field 2 field_orders, wire type 2, length 3: FieldOrder{field_id "a"}
        '1a 01 47', //       field 3 name, wire type 2, length 1, "G"
        '20 01', //          field 4 revision (int64), wire type 0, 1
      ),
    ),
    golden(
      'CreateSelectOptionPayload',
      CreateSelectOptionPayloadSchema,
      { fieldIdentifier: { fieldId: 'f', gridId: 'g' }, optionName: 'Done' },
      hex(
        '0a 06', //             field 1 field_identifier, wire type 2, length 6: FieldIdentifierPayload follows
        '0a 01 66 12 01 67', // ··field_id "f" (field 1), grid_id "g" (field 2)
        '12 04 44 6f 6e 65', // field 2 option_name, wire type 2, length 4, "Done"
      ),
    ),
    golden(
      'GridError with FieldDoesNotExist = 441',
      GridErrorSchema,
      { code: 441 },
      hex('08 b9 03'), // field 1 code, wire type 0, 441 = 0x39 | 0x80, then 441 >> 7 = 3
    ),
    golden('ListGridsPayload is empty', ListGridsPayloadSchema, {}, hex()),
  ]);
});

describe('proto3 JSON names', () => {
  it('FieldChangesetPayload uses lowerCamelCase, enum names, base64 bytes, and keeps present zero members', () => {
    const message = create(FieldChangesetPayloadSchema, {
      fieldId: 'f',
      gridId: 'g',
      oneOfName: { case: 'name', value: 'Due' },
      oneOfFieldType: { case: 'fieldType', value: FieldType.DateTime },
      oneOfFrozen: { case: 'frozen', value: false },
      oneOfWidth: { case: 'width', value: 0 },
      oneOfTypeOptionData: { case: 'typeOptionData', value: bytes(0x08, 0x03) },
    });
    const json = {
      fieldId: 'f',
      gridId: 'g',
      name: 'Due',
      fieldType: 'DateTime',
      frozen: false,
      width: 0,
      typeOptionData: 'CAM=', // base64 of 08 03
    };
    assert.deepEqual(toJson(FieldChangesetPayloadSchema, message), json);
    assert.deepEqual(fromJson(FieldChangesetPayloadSchema, json), message);
  });

  it('plain proto3 fields at their default are left out; proto names are accepted on input', () => {
    const message = create(FieldChangesetPayloadSchema, { gridId: 'g' });
    assert.deepEqual(toJson(FieldChangesetPayloadSchema, message), { gridId: 'g' });
    assert.deepEqual(
      fromJson(FieldChangesetPayloadSchema, { field_id: 'f', grid_id: 'g', type_option_data: '', field_type: 'URL' }),
      create(FieldChangesetPayloadSchema, {
        fieldId: 'f',
        gridId: 'g',
        oneOfTypeOptionData: { case: 'typeOptionData', value: new Uint8Array(0) },
        oneOfFieldType: { case: 'fieldType', value: FieldType.URL },
      }),
    );
  });

  it('int64 revision is a JSON string; nested names are lowerCamelCase too', () => {
    const changeset = create(GridFieldChangesetSchema, {
      gridId: 'g',
      insertedFields: [{ field: { id: 'a', fieldType: FieldType.SingleSelect, isPrimary: true }, index: 1 }],
      revision: 300n,
    });
    assert.deepEqual(toJson(GridFieldChangesetSchema, changeset), {
      gridId: 'g',
      insertedFields: [{ field: { id: 'a', fieldType: 'SingleSelect', isPrimary: true }, index: 1 }],
      revision: '300',
    });
  });
});
