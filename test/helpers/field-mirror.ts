/** @module A client-side mirror of a grid's fields, kept by applying changesets as AppFlowy's clients do (research §5). */
import type { Field, GridFieldChangeset } from '../../src/gen/tessera/grid/v1/field_pb.js';

/** Delete, then insert at index, then update by id. */
export function applyChangeset(mirror: readonly Field[], changeset: GridFieldChangeset): Field[] {
  const deleted = new Set(changeset.deletedFields.map((d) => d.fieldId));
  const next = mirror.filter((f) => !deleted.has(f.id));
  for (const inserted of changeset.insertedFields) next.splice(inserted.index, 0, inserted.field!);
  return next.map((f) => changeset.updatedFields.find((u) => u.id === f.id) ?? f);
}

/** The fields a grid's history builds from nothing. */
export function replayChangesets(changesets: readonly GridFieldChangeset[]): Field[] {
  return changesets.reduce<Field[]>((fields, changeset) => applyChangeset(fields, changeset), []);
}
