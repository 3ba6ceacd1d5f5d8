/** @module Remedies by error code: the one place lint, the forecast and the console's advice read them from. */
export { diagnoseRequest, diagnoseStep, type Diagnosis } from './diagnose.js';
export { ERROR_CODES, isErrorCode, type ErrorCode } from './error-codes.js';
export { NO_REMEDY, REMEDIES, remedyOf } from './remedy-table.js';
export type { Advice, AdviceContext, Remedy, RemedyContext } from './remedy.js';
export { stepInfoAdvice } from './step-info-advice.js';
