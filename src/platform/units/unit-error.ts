/** @module The failure of a unit parse, and how a caller asks for its own error type instead. */

/** A value that is not a time value, byte size or other unit: the ES layer answers it as an `illegal_argument_exception`. */
export class UnitError extends Error {}

/**
 * Builds the error a parse throws from ES's message. Callers in a domain pass their own (a `ClusterError`), so
 * the words stay the parser's while the error type stays the caller's.
 */
export type UnitFailure = (message: string) => Error;

export const unitError: UnitFailure = (message) => new UnitError(message);
