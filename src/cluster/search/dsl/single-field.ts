/**
 * @module The shape the single-field queries share (term, prefix, match, ...): `{"<field>": value}` in short form
 * or `{"<field>": {"value": .., "boost": ..}}` in long form, one field only.
 */
import { illegalArgument, parsingError } from './dsl-errors.js';
import { isObject, type Json, type JsonObject } from './dsl-values.js';

export type FieldForm = { readonly field: string; readonly short: Json } | { readonly field: string; readonly long: JsonObject };

/**
 * The one field of `body` and its value. `outer` names the members a builder reads beside the field (range takes
 * `boost`/`_name` there); every other key is the field. AbstractQueryBuilder.throwParsingExceptionOnMultipleFields
 * words a second one.
 */
export function singleField(query: string, body: JsonObject, outer: (key: string, value: Json) => boolean = () => false): FieldForm | undefined {
  let form: FieldForm | undefined;
  for (const [key, value] of Object.entries(body)) {
    if (outer(key, value)) continue;
    if (form !== undefined) throw parsingError(`[${query}] query doesn't support multiple fields, found [${form.field}] and [${key}]`);
    if (Array.isArray(value)) throw parsingError(`[${query}] query does not support array of values`);
    form = isObject(value) ? { field: key, long: value } : { field: key, short: value };
  }
  return form;
}

/** The builders' constructors refuse a missing field (BaseTermQueryBuilder, PrefixQueryBuilder, ...). */
export function requireField(form: FieldForm | undefined): asserts form is FieldForm {
  if (form === undefined || form.field === '') throw illegalArgument('field name is null or empty');
}
