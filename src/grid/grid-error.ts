/** @module The one error class of the grid domain. */
import { TesseraError } from '../platform/errors.js';
import { GridErrorKinds, type GridErrorKind, type GridErrorKindName } from './grid-error-codes.js';

export class GridError extends TesseraError<GridErrorKindName> {
  readonly domain = 'grid';
  readonly kind: GridErrorKind;

  constructor(kind: GridErrorKindName, message: string) {
    super(message, kind);
    this.name = 'GridError';
    this.kind = GridErrorKinds[kind];
  }
}
