/**
 * The decoded type options the cell editors need: a select field's options, a date field's formats and time zone.
 * Each is read with GetFieldTypeOption and read again when its field changes (its version in the field mirror).
 */
import { fromBinary } from '@bufbuild/protobuf';
import { useEffect, useState } from 'react';
import { FieldType, type Field } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';
import {
  DateTypeOptionSchema,
  MultiSelectTypeOptionSchema,
  SingleSelectTypeOptionSchema,
  type DateTypeOption,
  type SelectOption,
} from '../../../../src/gen/tessera/grid/v1/type_option_pb.ts';
import { grids } from '../../api/grid.ts';

export interface CellOptions {
  readonly selectOptions?: readonly SelectOption[];
  readonly date?: DateTypeOption;
}

const NEEDS_OPTIONS = new Set([FieldType.SingleSelect, FieldType.MultiSelect, FieldType.DateTime]);

export function useTypeOptions(gridId: string, fields: readonly Field[], versions: ReadonlyMap<string, bigint>): ReadonlyMap<string, CellOptions> {
  const [options, setOptions] = useState<ReadonlyMap<string, CellOptions>>(new Map());
  // One key for everything that can change an option: which fields, their types and versions.
  const wanted = fields.filter((f) => NEEDS_OPTIONS.has(f.fieldType));
  const key = wanted.map((f) => `${f.id}:${f.fieldType}:${versions.get(f.id) ?? 0n}`).join(',');

  useEffect(() => {
    let current = true;
    void Promise.all(
      wanted.map(async (field): Promise<[string, CellOptions]> => {
        try {
          const { typeOptionData: bytes } = await grids.getFieldTypeOption({ gridId, fieldId: field.id, fieldType: field.fieldType });
          switch (field.fieldType) {
            case FieldType.SingleSelect:
              return [field.id, { selectOptions: fromBinary(SingleSelectTypeOptionSchema, bytes).options }];
            case FieldType.MultiSelect:
              return [field.id, { selectOptions: fromBinary(MultiSelectTypeOptionSchema, bytes).options }];
            default:
              return [field.id, { date: fromBinary(DateTypeOptionSchema, bytes) }];
          }
        } catch {
          // Without its options a cell still shows the server's content; only its editor has less to offer.
          return [field.id, {}];
        }
      }),
    ).then((entries) => current && setOptions(new Map(entries)));
    return () => {
      current = false;
    };
    // `key` stands for `wanted`: the list is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gridId, key]);
  return options;
}
