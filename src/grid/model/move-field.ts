/**
 * @module MoveField: to `to_index` in the full field list (hidden fields included). A present
 * `from_index` must match the field's current index, an optimistic check against concurrent moves.
 */
import type { MoveFieldPayload } from '../../gen/tessera/grid/v1/grid_service_pb.js';
import { GridError } from '../grid-error.js';
import { requireFieldId } from '../validation.js';
import { movedChangeset } from './changeset.js';
import { requireFieldIndex, type FieldRecord } from './field-record.js';
import type { EditContext, GridEdit } from './grid-edit.js';

export function moveField(fields: readonly FieldRecord[], payload: MoveFieldPayload, ctx: EditContext): GridEdit {
  requireFieldId(payload.fieldId);
  const from = requireFieldIndex(fields, payload.fieldId);
  if (payload.fromIndex !== undefined && payload.fromIndex !== from) {
    throw new GridError(
      'StaleFromIndex',
      `field ${JSON.stringify(payload.fieldId)} is at index ${from}, not at from_index ${payload.fromIndex}; refetch the fields and retry`,
    );
  }
  const to = payload.toIndex;
  if (to < 0 || to >= fields.length) {
    throw new GridError('IndexOutOfRange', `to_index ${to} is out of range: the grid has ${fields.length} fields (0 to ${fields.length - 1})`);
  }
  const next = [...fields];
  const [record] = next.splice(from, 1);
  next.splice(to, 0, record!);
  return { fields: next, changeset: movedChangeset(ctx.gridId, record!.field, to), reply: undefined };
}
