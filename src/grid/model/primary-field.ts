/** @module The rules of the primary field: there is at most one, and it can be neither hidden nor deleted. */
import type { Field } from '../../gen/tessera/grid/v1/field_pb.js';
import { GridError } from '../grid-error.js';

export function checkPrimaryVisible(field: Field): void {
  if (field.isPrimary && !field.visibility) {
    throw new GridError('FieldInvalidOperation', `field ${JSON.stringify(field.id)} is the primary field and cannot be hidden`);
  }
}

export function checkNotPrimaryForDelete(field: Field): void {
  if (field.isPrimary) {
    throw new GridError('FieldInvalidOperation', `field ${JSON.stringify(field.id)} is the primary field and cannot be deleted`);
  }
}
