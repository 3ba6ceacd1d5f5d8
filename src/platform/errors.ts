/**
 * @module The base of every domain error; each domain's edge adapter maps it to its wire form. An error carries a
 * code from its domain's closed catalogue and the values its message was built from, so whatever reacts to an
 * error (a remedy, a retry rule) reads the code, never the words, which stay free to follow the wire exactly.
 */

/** The values an error's message names (an index, an alias, a shard count), by name. */
export type ErrorParams = Readonly<Record<string, string | number>>;

/** A code and its values, apart from any error: what a wait reports, or what storage keeps of an error. */
export interface Coded<C extends string = string> {
  readonly code: C;
  readonly params: ErrorParams;
}

/** The code of an error no caller needs to tell apart from others of its Elasticsearch type. */
export const UNCLASSIFIED = 'unclassified';

export abstract class TesseraError<C extends string = string> extends Error implements Coded<C> {
  abstract readonly domain: string;

  constructor(
    message: string,
    readonly code: C,
    readonly params: ErrorParams = {},
  ) {
    super(message);
  }
}

/** An error of a domain served through the Elasticsearch API: ES's error `type`, HTTP status and reason. */
export abstract class EsDomainError<C extends string = string> extends TesseraError<C> {
  constructor(
    readonly type: string,
    readonly status: number,
    reason: string,
    code: C,
    params: ErrorParams = {},
  ) {
    super(reason, code, params);
  }

  get reason(): string {
    return this.message;
  }
}

/** The code and values of `error`, as storage keeps them. */
export function codedOf(error: Coded): Coded {
  return { code: error.code, params: error.params };
}

/** A message with its code: why a step waits, as it reports it. */
export interface CodedMessage<C extends string = string> extends Coded<C> {
  readonly message: string;
}
