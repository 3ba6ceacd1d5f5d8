/** @module A field as the grid stores it: the wire `Field` plus one option per field type it has been. */
import { clone, create } from '@bufbuild/protobuf';
import { FieldSchema, FieldType, type Field } from '../../gen/tessera/grid/v1/field_pb.js';
import { GridError } from '../grid-error.js';
import { MAX_FIELDS_PER_GRID } from '../limits.js';

export interface FieldRecord {
  readonly field: Field;
  /** Canonical option bytes keyed by field type; switching back to a type restores its entry. */
  readonly typeOptions: ReadonlyMap<FieldType, Uint8Array>;
}

/** Operations never mutate a record; a changed field is a new record, so identity tells what to persist. */
export function withField(record: FieldRecord, changes: Partial<Omit<Field, '$typeName' | '$unknown'>>): FieldRecord {
  const field = clone(FieldSchema, record.field);
  Object.assign(field, changes);
  return { field, typeOptions: record.typeOptions };
}

export function withTypeOption(record: FieldRecord, type: FieldType, bytes: Uint8Array): FieldRecord {
  const typeOptions = new Map(record.typeOptions);
  typeOptions.set(type, bytes);
  return { field: record.field, typeOptions };
}

export function indexOfField(fields: readonly FieldRecord[], fieldId: string): number {
  return fields.findIndex((r) => r.field.id === fieldId);
}

export function requireFieldIndex(fields: readonly FieldRecord[], fieldId: string): number {
  const index = indexOfField(fields, fieldId);
  if (index < 0) throw new GridError('FieldDoesNotExist', `field ${JSON.stringify(fieldId)} does not exist in this grid`);
  return index;
}

export function checkRoomForField(fields: readonly FieldRecord[]): void {
  if (fields.length >= MAX_FIELDS_PER_GRID) {
    throw new GridError('TooManyFields', `the grid already has ${fields.length} fields; the limit is ${MAX_FIELDS_PER_GRID}`);
  }
}

/** Default display width: 150, or 180 for dates (AppFlowy's `default_cell_width`). */
export function defaultWidth(type: FieldType): number {
  return type === FieldType.DateTime ? 180 : 150;
}

/** A visible, unfrozen, non-primary field with the type's default width. */
export function newField(id: string, name: string, fieldType: FieldType): Field {
  return create(FieldSchema, {
    id,
    name,
    desc: '',
    fieldType,
    frozen: false,
    visibility: true,
    width: defaultWidth(fieldType),
    isPrimary: false,
  });
}

/** AppFlowy names fields the server creates `Property N`, N being the field count plus one. */
export function nextPropertyName(fields: readonly FieldRecord[]): string {
  return `Property ${fields.length + 1}`;
}

export function replaceAt(fields: readonly FieldRecord[], index: number, record: FieldRecord): FieldRecord[] {
  const next = [...fields];
  next[index] = record;
  return next;
}
