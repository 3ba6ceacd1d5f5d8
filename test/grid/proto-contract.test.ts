/**
 * Contract test over the generated descriptors: every message, enum and RPC of the grid fields API, with names,
 * proto types, tags and oneof groups exactly as spec/grid-field-data-model.md, design.md ("Grid fields API") and
 * research/appflowy-grid-fields.md §3 give them, and the rows and cells Tessera added (row.proto, frozen since it
 * shipped), and nothing else.
 */
import { ScalarType } from '@bufbuild/protobuf';
import type { DescEnum, DescField, DescFile, DescMessage } from '@bufbuild/protobuf';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { file_tessera_grid_v1_field } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { file_tessera_grid_v1_grid_service, GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { file_tessera_grid_v1_row } from '../../src/gen/tessera/grid/v1/row_pb.js';
import { file_tessera_grid_v1_type_option } from '../../src/gen/tessera/grid/v1/type_option_pb.js';

const PACKAGE = 'tessera.grid.v1';

/** `[name, proto type, tag, oneof group]`; types are written as in a .proto file, relative to the package. */
type FieldRow = readonly [name: string, type: string, tag: number, oneof?: string];

/** spec/grid-field-data-model.md, "Resources and their fields": every message table, tag for tag. */
const SPEC_MESSAGES: Readonly<Record<string, readonly FieldRow[]>> = {
  Field: [
    ['id', 'string', 1],
    ['name', 'string', 2],
    ['desc', 'string', 3],
    ['field_type', 'FieldType', 4],
    ['frozen', 'bool', 5],
    ['visibility', 'bool', 6],
    ['width', 'int32', 7],
    ['is_primary', 'bool', 8],
  ],
  FieldOrder: [['field_id', 'string', 1]],
  IndexField: [
    ['field', 'Field', 1],
    ['index', 'int32', 2],
  ],
  GridFieldChangeset: [
    ['grid_id', 'string', 1],
    ['inserted_fields', 'repeated IndexField', 2],
    ['deleted_fields', 'repeated FieldOrder', 3],
    ['updated_fields', 'repeated Field', 4],
    ['revision', 'int64', 5], // design.md: the one additive field, with a new tag
  ],
  GetEditFieldContextPayload: [
    ['grid_id', 'string', 1],
    ['field_id', 'string', 2, 'one_of_field_id'],
    ['field_type', 'FieldType', 3],
  ],
  EditFieldPayload: [
    ['grid_id', 'string', 1],
    ['field_id', 'string', 2],
    ['field_type', 'FieldType', 3],
    ['create_if_not_exist', 'bool', 4],
  ],
  FieldTypeOptionContext: [
    ['grid_id', 'string', 1],
    ['grid_field', 'Field', 2],
    ['type_option_data', 'bytes', 3],
  ],
  FieldTypeOptionData: [
    ['grid_id', 'string', 1],
    ['field', 'Field', 2],
    ['type_option_data', 'bytes', 3],
  ],
  RepeatedField: [['items', 'repeated Field', 1]],
  RepeatedFieldOrder: [['items', 'repeated FieldOrder', 1]],
  InsertFieldPayload: [
    ['grid_id', 'string', 1],
    ['field', 'Field', 2],
    ['type_option_data', 'bytes', 3],
    ['start_field_id', 'string', 4, 'one_of_start_field_id'],
  ],
  UpdateFieldTypeOptionPayload: [
    ['grid_id', 'string', 1],
    ['field_id', 'string', 2],
    ['type_option_data', 'bytes', 3],
  ],
  QueryFieldPayload: [
    ['grid_id', 'string', 1],
    ['field_orders', 'RepeatedFieldOrder', 2],
  ],
  FieldChangesetPayload: [
    ['field_id', 'string', 1],
    ['grid_id', 'string', 2],
    ['name', 'string', 3, 'one_of_name'],
    ['desc', 'string', 4, 'one_of_desc'],
    ['field_type', 'FieldType', 5, 'one_of_field_type'],
    ['frozen', 'bool', 6, 'one_of_frozen'],
    ['visibility', 'bool', 7, 'one_of_visibility'],
    ['width', 'int32', 8, 'one_of_width'],
    ['type_option_data', 'bytes', 9, 'one_of_type_option_data'],
  ],
};

/** design.md, "Grid fields API": the extra messages (types not named there follow the fields they carry). */
const DESIGN_MESSAGES: Readonly<Record<string, readonly FieldRow[]>> = {
  GridId: [['value', 'string', 1]],
  Grid: [
    ['id', 'string', 1],
    ['field_orders', 'repeated FieldOrder', 2],
    ['name', 'string', 3],
    ['revision', 'int64', 4],
  ],
  CreateGridPayload: [
    ['name', 'string', 1],
    ['bare', 'bool', 2],
  ],
  FieldIdentifierPayload: [
    ['field_id', 'string', 1],
    ['grid_id', 'string', 2],
  ],
  MoveFieldPayload: [
    ['grid_id', 'string', 1],
    ['field_id', 'string', 2],
    ['from_index', 'optional int32', 3],
    ['to_index', 'int32', 4],
  ],
  CreateSelectOptionPayload: [
    ['field_identifier', 'FieldIdentifierPayload', 1],
    ['option_name', 'string', 2],
  ],
  WatchFieldsPayload: [
    ['grid_id', 'string', 1],
    ['after_revision', 'optional int64', 2],
  ],
  RepeatedGrid: [['items', 'repeated Grid', 1]],
  ListGridsPayload: [],
  GridError: [['code', 'int32', 1]],
};

/** research/appflowy-grid-fields.md §3: AppFlowy 0.0.4 type-option layouts. */
const TYPE_OPTION_MESSAGES: Readonly<Record<string, readonly FieldRow[]>> = {
  RichTextTypeOption: [['data', 'string', 1]],
  NumberTypeOption: [
    ['format', 'NumberTypeOption.NumberFormat', 1], // nested in our proto; the wire is the same
    ['scale', 'uint32', 2],
    ['symbol', 'string', 3],
    ['sign_positive', 'bool', 4],
    ['name', 'string', 5],
  ],
  DateTypeOption: [
    ['date_format', 'DateFormat', 1],
    ['time_format', 'TimeFormat', 2],
    ['include_time', 'bool', 3],
    // Tessera's addition.
    ['time_zone', 'string', 4],
  ],
  SelectOption: [
    ['id', 'string', 1],
    ['name', 'string', 2],
    ['color', 'SelectOptionColor', 3],
  ],
  SingleSelectTypeOption: [
    ['options', 'repeated SelectOption', 1],
    ['disable_color', 'bool', 2],
  ],
  MultiSelectTypeOption: [
    ['options', 'repeated SelectOption', 1],
    ['disable_color', 'bool', 2],
  ],
  CheckboxTypeOption: [['is_selected', 'bool', 1]],
  URLTypeOption: [['data', 'string', 1]],
};

/** row.proto: rows and cells, with AppFlowy 0.0.4's names and tags where it has the message. */
const ROW_MESSAGES: Readonly<Record<string, readonly FieldRow[]>> = {
  CellData: [
    ['text', 'string', 1, 'value'],
    ['number', 'string', 2, 'value'],
    ['date', 'DateCellValue', 3, 'value'],
    ['select_option_ids', 'SelectOptionIds', 4, 'value'],
    ['checkbox', 'bool', 5, 'value'],
    ['url', 'URLCellData', 6, 'value'],
  ],
  DateCellValue: [['timestamp', 'int64', 1]],
  SelectOptionIds: [['option_ids', 'repeated string', 1]],
  URLCellData: [
    ['url', 'string', 1],
    ['content', 'string', 2],
  ],
  DateCellData: [
    ['date', 'string', 1],
    ['time', 'string', 2],
    ['timestamp', 'int64', 3],
  ],
  Cell: [
    ['field_id', 'string', 1],
    ['content', 'string', 2],
    ['data', 'CellData', 3],
    ['date', 'DateCellData', 4],
  ],
  Row: [
    ['id', 'string', 1],
    ['cell_by_field_id', 'map<string, …>', 2],
    ['height', 'int32', 3],
  ],
  RepeatedRow: [
    ['items', 'repeated Row', 1],
    ['next_page_token', 'string', 2],
    ['revision', 'int64', 3],
  ],
  RowOrder: [
    ['row_id', 'string', 1],
    ['block_id', 'string', 2],
    ['height', 'int32', 3],
  ],
  GridBlock: [
    ['id', 'string', 1],
    ['row_orders', 'repeated RowOrder', 2],
  ],
  GridBlockOrder: [
    ['block_id', 'string', 1],
    ['row_orders', 'repeated RowOrder', 2],
  ],
  RepeatedGridBlock: [['items', 'repeated GridBlock', 1]],
  QueryGridBlocksPayload: [
    ['grid_id', 'string', 1],
    ['block_orders', 'repeated GridBlockOrder', 2],
  ],
  CreateRowPayload: [
    ['grid_id', 'string', 1],
    ['start_row_id', 'string', 2, 'one_of_start_row_id'],
    ['cells', 'map<string, …>', 3],
  ],
  // AppFlowy's tags: row_id is 3.
  RowIdentifierPayload: [
    ['grid_id', 'string', 1],
    ['row_id', 'string', 3],
  ],
  CellIdentifierPayload: [
    ['grid_id', 'string', 1],
    ['field_id', 'string', 2],
    ['row_id', 'string', 3],
  ],
  CellChangeset: [
    ['grid_id', 'string', 1],
    ['row_id', 'string', 2],
    ['field_id', 'string', 3],
    ['cell_content_changeset', 'string', 4, 'one_of_cell_content_changeset'],
    ['data', 'CellData', 5, 'one_of_cell_content_changeset'],
  ],
  UpdateCellsPayload: [
    ['grid_id', 'string', 1],
    ['changesets', 'repeated CellChangeset', 2],
  ],
  SelectOptionCellChangesetPayload: [
    ['cell_identifier', 'CellIdentifierPayload', 1],
    ['insert_option_id', 'string', 2, 'one_of_insert_option_id'],
    ['delete_option_id', 'string', 3, 'one_of_delete_option_id'],
  ],
  DateChangesetPayload: [
    ['cell_identifier', 'CellIdentifierPayload', 1],
    ['date', 'string', 2, 'one_of_date'],
    ['time', 'string', 3, 'one_of_time'],
  ],
  MoveItemPayload: [
    ['grid_id', 'string', 1],
    ['item_id', 'string', 2],
    ['from_index', 'optional int32', 3],
    ['to_index', 'int32', 4],
    ['ty', 'MoveItemType', 5],
  ],
  IndexRow: [
    ['row', 'Row', 1],
    ['after_row_id', 'string', 2],
  ],
  MovedRow: [
    ['row_id', 'string', 1],
    ['after_row_id', 'string', 2],
  ],
  UpdatedCell: [
    ['row_id', 'string', 1],
    ['cell', 'Cell', 2],
  ],
  RowChangeset: [
    ['grid_id', 'string', 1],
    ['revision', 'int64', 2],
    ['inserted_rows', 'repeated IndexRow', 3],
    ['deleted_rows', 'repeated string', 4],
    ['updated_cells', 'repeated UpdatedCell', 5],
    ['moved_rows', 'repeated MovedRow', 6],
  ],
  GridChange: [
    ['revision', 'int64', 1],
    ['fields', 'GridFieldChangeset', 2, 'change'],
    ['rows', 'RowChangeset', 3, 'change'],
  ],
  WatchGridPayload: [
    ['grid_id', 'string', 1],
    ['after_revision', 'optional int64', 2],
  ],
  TextFilter: [
    ['condition', 'TextFilterCondition', 1],
    ['content', 'string', 2],
  ],
  NumberFilter: [
    ['condition', 'NumberFilterCondition', 1],
    ['content', 'string', 2],
  ],
  DateFilter: [
    ['condition', 'DateFilterCondition', 1],
    ['start', 'optional int64', 2],
    ['end', 'optional int64', 3],
  ],
  SelectFilter: [
    ['condition', 'SelectFilterCondition', 1],
    ['option_ids', 'repeated string', 2],
  ],
  CheckboxFilter: [['condition', 'CheckboxFilterCondition', 1]],
  RowFilter: [
    ['field_id', 'string', 1],
    ['text', 'TextFilter', 2, 'condition'],
    ['number', 'NumberFilter', 3, 'condition'],
    ['date', 'DateFilter', 4, 'condition'],
    ['select', 'SelectFilter', 5, 'condition'],
    ['checkbox', 'CheckboxFilter', 6, 'condition'],
  ],
  RowSort: [
    ['field_id', 'string', 1],
    ['condition', 'SortCondition', 2],
  ],
  ListRowsPayload: [
    ['grid_id', 'string', 1],
    ['page_size', 'int32', 2],
    ['page_token', 'string', 3],
    ['filters', 'repeated RowFilter', 4],
    ['sorts', 'repeated RowSort', 5],
  ],
};

/** Index `i` holds the value numbered `i`; `null` marks an unused number. */
const valuesFrom = (names: ReadonlyArray<string | null>): Array<[string, number]> =>
  names.flatMap((name, number): Array<[string, number]> => (name === null ? [] : [[name, number]]));

const ENUMS: Readonly<Record<string, ReadonlyArray<[string, number]>>> = {
  // spec: FieldType (enumeration)
  FieldType: [
    ['RichText', 0],
    ['Number', 1],
    ['DateTime', 2],
    ['SingleSelect', 3],
    ['MultiSelect', 4],
    ['Checkbox', 5],
    ['URL', 6],
  ],
  // research §3 enums
  'NumberTypeOption.NumberFormat': valuesFrom([
    'Number', 'USD', 'CanadianDollar', null, 'EUR', 'Pound', 'Yen', 'Ruble', 'Rupee', 'Won', 'Yuan', 'Real', 'Lira',
    'Rupiah', 'Franc', 'HongKongDollar', 'NewZealandDollar', 'Krona', 'NorwegianKrone', 'MexicanPeso', 'Rand',
    'NewTaiwanDollar', 'DanishKrone', 'Baht', 'Forint', 'Koruna', 'Shekel', 'ChileanPeso', 'PhilippinePeso', 'Dirham',
    'ColombianPeso', 'Riyal', 'Ringgit', 'Leu', 'ArgentinePeso', 'UruguayanPeso', 'Percent',
  ]),
  DateFormat: valuesFrom(['Local', 'US', 'ISO', 'Friendly']),
  TimeFormat: valuesFrom(['TwelveHour', 'TwentyFourHour']),
  SelectOptionColor: valuesFrom(['Purple', 'Pink', 'LightPink', 'Orange', 'Yellow', 'Lime', 'Green', 'Aqua', 'Blue']),
  // row.proto
  MoveItemType: valuesFrom(['MoveField', 'MoveRow']),
  TextFilterCondition: valuesFrom(['Is', 'IsNot', 'Contains', 'DoesNotContain', 'StartsWith', 'EndsWith', 'TextIsEmpty', 'TextIsNotEmpty']),
  NumberFilterCondition: valuesFrom([
    'Equal', 'NotEqual', 'GreaterThan', 'LessThan', 'GreaterThanOrEqualTo', 'LessThanOrEqualTo', 'NumberIsEmpty', 'NumberIsNotEmpty',
  ]),
  DateFilterCondition: valuesFrom(['DateIs', 'DateBefore', 'DateAfter', 'DateWithIn', 'DateIsEmpty', 'DateIsNotEmpty']),
  SelectFilterCondition: valuesFrom(['HasAnyOf', 'HasAllOf', 'HasNoneOf', 'SelectIsEmpty', 'SelectIsNotEmpty']),
  CheckboxFilterCondition: valuesFrom(['IsChecked', 'IsUnChecked']),
  SortCondition: valuesFrom(['Ascending', 'Descending']),
};

/** design.md's `service GridService`: [rpc, input, output, kind]. */
const RPCS: ReadonlyArray<readonly [string, string, string, 'unary' | 'server_streaming']> = [
  ['CreateGrid', 'CreateGridPayload', 'Grid', 'unary'],
  ['GetGrid', 'GridId', 'Grid', 'unary'],
  ['ListGrids', 'ListGridsPayload', 'RepeatedGrid', 'unary'],
  ['DeleteGrid', 'GridId', 'Grid', 'unary'],
  ['GetFields', 'QueryFieldPayload', 'RepeatedField', 'unary'],
  ['InsertField', 'InsertFieldPayload', 'GridFieldChangeset', 'unary'],
  ['UpdateField', 'FieldChangesetPayload', 'GridFieldChangeset', 'unary'],
  ['UpdateFieldTypeOption', 'UpdateFieldTypeOptionPayload', 'GridFieldChangeset', 'unary'],
  ['GetEditFieldContext', 'GetEditFieldContextPayload', 'FieldTypeOptionContext', 'unary'],
  ['GetFieldTypeOption', 'EditFieldPayload', 'FieldTypeOptionData', 'unary'],
  ['SwitchToField', 'EditFieldPayload', 'FieldTypeOptionData', 'unary'],
  ['DeleteField', 'FieldIdentifierPayload', 'GridFieldChangeset', 'unary'],
  ['DuplicateField', 'FieldIdentifierPayload', 'GridFieldChangeset', 'unary'],
  ['MoveField', 'MoveFieldPayload', 'GridFieldChangeset', 'unary'],
  ['NewSelectOption', 'CreateSelectOptionPayload', 'SelectOption', 'unary'],
  ['WatchFields', 'WatchFieldsPayload', 'GridFieldChangeset', 'server_streaming'],
  // Rows and cells (design.md, "Rows and cells").
  ['CreateRow', 'CreateRowPayload', 'RowChangeset', 'unary'],
  ['GetRow', 'RowIdentifierPayload', 'Row', 'unary'],
  ['ListRows', 'ListRowsPayload', 'RepeatedRow', 'unary'],
  ['GetGridBlocks', 'QueryGridBlocksPayload', 'RepeatedGridBlock', 'unary'],
  ['DeleteRow', 'RowIdentifierPayload', 'RowChangeset', 'unary'],
  ['DuplicateRow', 'RowIdentifierPayload', 'RowChangeset', 'unary'],
  ['MoveItem', 'MoveItemPayload', 'GridChange', 'unary'],
  ['GetCell', 'CellIdentifierPayload', 'Cell', 'unary'],
  ['UpdateCell', 'CellChangeset', 'RowChangeset', 'unary'],
  ['UpdateCells', 'UpdateCellsPayload', 'RowChangeset', 'unary'],
  ['UpdateSelectOptionCell', 'SelectOptionCellChangesetPayload', 'RowChangeset', 'unary'],
  ['UpdateDateCell', 'DateChangesetPayload', 'RowChangeset', 'unary'],
  ['WatchGrid', 'WatchGridPayload', 'GridChange', 'server_streaming'],
];

/** Which file holds which top-level messages and enums. */
const FILES: ReadonlyArray<readonly [DescFile, string, readonly string[], readonly string[]]> = [
  [file_tessera_grid_v1_field, 'tessera/grid/v1/field.proto', Object.keys(SPEC_MESSAGES), ['FieldType']],
  [file_tessera_grid_v1_grid_service, 'tessera/grid/v1/grid_service.proto', Object.keys(DESIGN_MESSAGES), []],
  [file_tessera_grid_v1_type_option, 'tessera/grid/v1/type_option.proto', Object.keys(TYPE_OPTION_MESSAGES),
    ['DateFormat', 'TimeFormat', 'SelectOptionColor']],
  [file_tessera_grid_v1_row, 'tessera/grid/v1/row.proto', Object.keys(ROW_MESSAGES),
    ['MoveItemType', 'TextFilterCondition', 'NumberFilterCondition', 'DateFilterCondition', 'SelectFilterCondition', 'CheckboxFilterCondition', 'SortCondition']],
];

const SCALAR_NAMES: Readonly<Record<ScalarType, string>> = {
  [ScalarType.DOUBLE]: 'double',
  [ScalarType.FLOAT]: 'float',
  [ScalarType.INT64]: 'int64',
  [ScalarType.UINT64]: 'uint64',
  [ScalarType.INT32]: 'int32',
  [ScalarType.FIXED64]: 'fixed64',
  [ScalarType.FIXED32]: 'fixed32',
  [ScalarType.BOOL]: 'bool',
  [ScalarType.STRING]: 'string',
  [ScalarType.BYTES]: 'bytes',
  [ScalarType.UINT32]: 'uint32',
  [ScalarType.SFIXED32]: 'sfixed32',
  [ScalarType.SFIXED64]: 'sfixed64',
  [ScalarType.SINT32]: 'sint32',
  [ScalarType.SINT64]: 'sint64',
};

function relative(typeName: string): string {
  assert.ok(typeName.startsWith(`${PACKAGE}.`), `${typeName} is outside ${PACKAGE}`);
  return typeName.slice(PACKAGE.length + 1);
}

/** The field's type as a .proto file would spell it. */
function protoType(field: DescField): string {
  const optional = field.proto.proto3Optional ? 'optional ' : '';
  switch (field.fieldKind) {
    case 'scalar':
      return optional + SCALAR_NAMES[field.scalar];
    case 'enum':
      return optional + relative(field.enum.typeName);
    case 'message':
      return optional + relative(field.message.typeName);
    case 'list':
      return `repeated ${
        field.listKind === 'scalar' ? SCALAR_NAMES[field.scalar]
        : field.listKind === 'enum' ? relative(field.enum.typeName)
        : relative(field.message.typeName)
      }`;
    case 'map':
      return `map<${SCALAR_NAMES[field.mapKey]}, …>`;
  }
}

function fieldRow(field: DescField): FieldRow {
  return field.oneof === undefined
    ? [field.name, protoType(field), field.number]
    : [field.name, protoType(field), field.number, field.oneof.name];
}

const lowerCamel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const allMessages = new Map<string, DescMessage>();
const allEnums = new Map<string, DescEnum>();
for (const [file] of FILES) {
  const visit = (message: DescMessage) => {
    allMessages.set(relative(message.typeName), message);
    for (const nested of message.nestedEnums) allEnums.set(relative(nested.typeName), nested);
    message.nestedMessages.forEach(visit);
  };
  file.messages.forEach(visit);
  for (const e of file.enums) allEnums.set(relative(e.typeName), e);
}

function message(name: string): DescMessage {
  const found = allMessages.get(name);
  assert.ok(found, `message ${name} is missing`);
  return found;
}

function checkMessages(table: Readonly<Record<string, readonly FieldRow[]>>): void {
  for (const [name, rows] of Object.entries(table)) {
    it(`${name} has exactly ${rows.length} field(s) with the given names, types, tags and oneofs`, () => {
      const desc = message(name);
      const byTag = (a: FieldRow, b: FieldRow) => a[2] - b[2];
      assert.deepEqual(desc.fields.map(fieldRow).sort(byTag), [...rows].sort(byTag));

      // Each oneof group of the table exists, and holds exactly its members; there are no other groups.
      const groups = new Map<string, string[]>();
      for (const [field, , , oneof] of rows) if (oneof !== undefined) groups.set(oneof, [...(groups.get(oneof) ?? []), field]);
      assert.deepEqual(
        desc.oneofs.map((o) => [o.name, o.fields.map((f) => f.name)] as const),
        [...groups],
      );
      // proto3 JSON names are the lowerCamelCase of the field names.
      assert.deepEqual(desc.fields.map((f) => f.jsonName), desc.fields.map((f) => lowerCamel(f.name)));
      assert.deepEqual(desc.nestedMessages, []);
    });
  }
}

describe('proto contract: files', () => {
  for (const [file, path, messages, enums] of FILES) {
    it(`${path} is proto3 in ${PACKAGE} with exactly its messages and enums`, () => {
      assert.equal(file.name, path.replace(/\.proto$/, ''));
      assert.equal(file.proto.syntax, 'proto3');
      assert.equal(file.proto.package, PACKAGE);
      assert.deepEqual(file.messages.map((m) => m.name), messages);
      assert.deepEqual(file.enums.map((e) => e.name), enums);
      assert.deepEqual(file.extensions, []);
    });
  }
  it('only NumberTypeOption nests an enum (NumberFormat)', () => {
    const nesting = [...allMessages.values()].filter((m) => m.nestedEnums.length > 0);
    assert.deepEqual(nesting.map((m) => [m.name, m.nestedEnums.map((e) => e.name)]), [['NumberTypeOption', ['NumberFormat']]]);
  });
});

// design.md speaks of "the spec's 16 messages", but the spec's Resources section has 14 message tables (plus the
// FieldType enumeration); all 14 are here, and field.proto holds exactly these.
describe('proto contract: the spec\'s messages', () => {
  it('lists the 14 message tables of the spec', () => assert.equal(Object.keys(SPEC_MESSAGES).length, 14));
  checkMessages(SPEC_MESSAGES);
});

describe('proto contract: design.md extra messages', () => {
  checkMessages(DESIGN_MESSAGES);
});

describe('proto contract: AppFlowy type options', () => {
  checkMessages(TYPE_OPTION_MESSAGES);
});

describe('proto contract: rows and cells', () => {
  checkMessages(ROW_MESSAGES);
});

describe('proto contract: enums', () => {
  for (const [name, values] of Object.entries(ENUMS)) {
    it(`${name} has exactly ${values.length} values`, () => {
      const desc = allEnums.get(name);
      assert.ok(desc, `enum ${name} is missing`);
      assert.deepEqual(desc.values.map((v) => [v.name, v.number]), values);
      assert.equal(desc.open, true, 'proto3 enums are open');
    });
  }
  it('NumberFormat has no value 3, and 3 is reserved', () => {
    const desc = allEnums.get('NumberTypeOption.NumberFormat');
    assert.ok(desc);
    assert.equal(desc.value[3], undefined);
    assert.deepEqual(desc.proto.reservedRange.map((r) => [r.start, r.end]), [[3, 3]]);
  });
  it('every enum in the files is in the table', () => {
    assert.deepEqual([...allEnums.keys()].sort(), Object.keys(ENUMS).sort());
  });
});

describe('proto contract: GridService', () => {
  it(`is ${PACKAGE}.GridService, the only service`, () => {
    assert.equal(GridService.typeName, `${PACKAGE}.GridService`);
    assert.deepEqual(FILES.flatMap(([file]) => file.services.map((s) => s.typeName)), [GridService.typeName]);
  });
  it('has exactly the 29 RPCs of design.md with their input and output types', () => {
    assert.equal(RPCS.length, 29);
    assert.deepEqual(
      GridService.methods.map((m) => [m.name, relative(m.input.typeName), relative(m.output.typeName), m.methodKind]),
      RPCS,
    );
  });
  it('WatchFields and WatchGrid are server-streaming; the rest are unary', () => {
    assert.equal(GridService.method.watchFields.methodKind, 'server_streaming');
    assert.equal(GridService.method.watchFields.output, message('GridFieldChangeset'));
    assert.equal(GridService.method.watchGrid.methodKind, 'server_streaming');
    const unary = GridService.methods.filter((m) => m.methodKind === 'unary').map((m) => m.name);
    assert.equal(unary.length, 27);
    assert.ok(!unary.includes('WatchFields') && !unary.includes('WatchGrid'));
  });
});
