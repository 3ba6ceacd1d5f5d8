/**
 * @module JSON body members as Elasticsearch's XContentParser reads them: booleans (where ES takes the strings
 * "true"/"false" too), the token names ES's parse errors use, and ObjectParser's unknown-field message.
 */
import { didYouMean } from './did-you-mean.js';

/**
 * The boolean `value` stands for as XContentParser.booleanValue reads it (`true`/`false` or "true"/"false"; ES 8 takes no
 * other spelling), or undefined when it is none, which is the caller's parse error to raise.
 */
export function xContentBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/** The XContent token a JSON value starts with, as ES names it in its parse errors. */
export function xContentToken(value: unknown): string {
  if (value === null) return 'VALUE_NULL';
  if (Array.isArray(value)) return 'START_ARRAY';
  switch (typeof value) {
    case 'object':
      return 'START_OBJECT';
    case 'string':
      return 'VALUE_STRING';
    case 'boolean':
      return 'VALUE_BOOLEAN';
    default:
      return 'VALUE_NUMBER';
  }
}

/** SuggestingErrorOnUnknown.errorMessage: ES's "unknown field" with its "did you mean" suggestions. */
export function unknownFieldMessage(parser: string, field: string, candidates: readonly string[]): string {
  return `[${parser}] unknown field [${field}]${didYouMean(field, candidates)}`;
}
