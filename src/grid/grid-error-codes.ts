/**
 * @module The catalogue of grid errors: each kind's number (AppFlowy 0.0.4's where one exists, Tessera's
 * own from 10001 otherwise) and its Connect code, spelled as connect-es's code strings so the domain
 * needs no Connect import.
 */

export type ConnectCodeString =
  | 'invalid_argument'
  | 'not_found'
  | 'already_exists'
  | 'failed_precondition'
  | 'out_of_range'
  | 'resource_exhausted'
  | 'unauthenticated'
  | 'permission_denied'
  | 'unavailable';

export interface GridErrorKind {
  readonly name: string;
  readonly number: number;
  readonly code: ConnectCodeString;
}

function kind(name: string, number: number, code: ConnectCodeString): GridErrorKind {
  return Object.freeze({ name, number, code });
}

export const GridErrorKinds = Object.freeze({
  // AppFlowy 0.0.4 (flowy-error-code/src/code.rs)
  RecordNotFound: kind('RecordNotFound', 3, 'not_found'),
  TextTooLong: kind('TextTooLong', 400, 'resource_exhausted'),
  GridIdIsEmpty: kind('GridIdIsEmpty', 410, 'invalid_argument'),
  RowIdIsEmpty: kind('RowIdIsEmpty', 430, 'invalid_argument'),
  OptionIdIsEmpty: kind('OptionIdIsEmpty', 431, 'invalid_argument'),
  FieldIdIsEmpty: kind('FieldIdIsEmpty', 440, 'invalid_argument'),
  FieldDoesNotExist: kind('FieldDoesNotExist', 441, 'not_found'),
  SelectOptionNameIsEmpty: kind('SelectOptionNameIsEmpty', 442, 'invalid_argument'),
  FieldInvalidOperation: kind('FieldInvalidOperation', 444, 'failed_precondition'),
  TypeOptionDataIsEmpty: kind('TypeOptionDataIsEmpty', 450, 'invalid_argument'),
  InvalidDateTimeFormat: kind('InvalidDateTimeFormat', 500, 'invalid_argument'),
  InvalidData: kind('InvalidData', 1000, 'invalid_argument'),
  // Tessera's own
  GridDoesNotExist: kind('GridDoesNotExist', 10001, 'not_found'),
  StaleFromIndex: kind('StaleFromIndex', 10002, 'failed_precondition'),
  IndexOutOfRange: kind('IndexOutOfRange', 10003, 'out_of_range'),
  RevisionOutOfRange: kind('RevisionOutOfRange', 10004, 'out_of_range'),
  TooManyFields: kind('TooManyFields', 10005, 'resource_exhausted'),
  TypeOptionDataTooLarge: kind('TypeOptionDataTooLarge', 10006, 'resource_exhausted'),
  PrimaryFieldExists: kind('PrimaryFieldExists', 10007, 'failed_precondition'),
  ServerShuttingDown: kind('ServerShuttingDown', 10008, 'unavailable'),
  PermissionDenied: kind('PermissionDenied', 10009, 'permission_denied'),
  Unauthenticated: kind('Unauthenticated', 10010, 'unauthenticated'),
  GridTooLarge: kind('GridTooLarge', 10011, 'resource_exhausted'),
  RowDoesNotExist: kind('RowDoesNotExist', 10012, 'not_found'),
  SelectOptionDoesNotExist: kind('SelectOptionDoesNotExist', 10013, 'invalid_argument'),
  TooManyRows: kind('TooManyRows', 10014, 'resource_exhausted'),
  RowTooLarge: kind('RowTooLarge', 10015, 'resource_exhausted'),
  TooManyChanges: kind('TooManyChanges', 10016, 'resource_exhausted'),
  InvalidPageToken: kind('InvalidPageToken', 10017, 'invalid_argument'),
  FilterDoesNotSuitField: kind('FilterDoesNotSuitField', 10018, 'invalid_argument'),
});

export type GridErrorKindName = keyof typeof GridErrorKinds;
