/** @module Builders of the `GridFieldChangeset` an operation commits (AppFlowy's notification shapes). */
import { create } from '@bufbuild/protobuf';
import {
  FieldOrderSchema,
  GridFieldChangesetSchema,
  IndexFieldSchema,
  type Field,
  type GridFieldChangeset,
} from '../../gen/tessera/grid/v1/field_pb.js';

export function insertedChangeset(gridId: string, field: Field, index: number): GridFieldChangeset {
  return create(GridFieldChangesetSchema, { gridId, insertedFields: [create(IndexFieldSchema, { field, index })] });
}

export function insertedManyChangeset(gridId: string, fields: readonly Field[]): GridFieldChangeset {
  return create(GridFieldChangesetSchema, {
    gridId,
    insertedFields: fields.map((field, index) => create(IndexFieldSchema, { field, index })),
  });
}

export function updatedChangeset(gridId: string, field: Field): GridFieldChangeset {
  return create(GridFieldChangesetSchema, { gridId, updatedFields: [field] });
}

export function deletedChangeset(gridId: string, fieldId: string): GridFieldChangeset {
  return create(GridFieldChangesetSchema, { gridId, deletedFields: [create(FieldOrderSchema, { fieldId })] });
}

/** A move is a delete then a re-insert at the new index, as AppFlowy's clients apply it. */
export function movedChangeset(gridId: string, field: Field, toIndex: number): GridFieldChangeset {
  return create(GridFieldChangesetSchema, {
    gridId,
    deletedFields: [create(FieldOrderSchema, { fieldId: field.id })],
    insertedFields: [create(IndexFieldSchema, { field, index: toIndex })],
  });
}
