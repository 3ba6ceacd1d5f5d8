/** @module Every error code a remedy may be asked about: the cluster's, ILM's and security's catalogues together. */
import { ClusterErrorCodes, type ClusterErrorCode } from '../../cluster/cluster-error-codes.js';
import { SecurityErrorCodes, type SecurityErrorCode } from '../../security/security-error-codes.js';
import { IlmErrorCodes, type IlmErrorCode } from '../ilm-error-codes.js';

export type ErrorCode = ClusterErrorCode | IlmErrorCode | SecurityErrorCode;

export const ERROR_CODES: readonly ErrorCode[] = Object.freeze([...new Set<ErrorCode>([...ClusterErrorCodes, ...IlmErrorCodes, ...SecurityErrorCodes])]);

export function isErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code);
}
