/** @module Checks of row ids, as validation.ts checks grid and field ids. */
import { GridError } from '../grid-error.js';
import { checkId } from '../validation.js';

export function requireRowId(value: string, label = 'row_id'): string {
  if (value.trim() === '') throw new GridError('RowIdIsEmpty', `${label} is empty`);
  return checkId(value, label);
}
