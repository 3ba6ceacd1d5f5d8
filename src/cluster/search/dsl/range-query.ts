/**
 * @module RangeQueryBuilder.fromXContent: one field with its bounds. ES 8 still reads the old `from`/`to` with
 * `include_lower`/`include_upper` beside `gt`/`gte`/`lt`/`lte`, in the order written, the last one winning; the AST
 * keeps the resulting bounds alone.
 */
import type { Query, TermValue } from '../query.js';
import { illegalArgument, parsingError, unsupportedMember } from './dsl-errors.js';
import { commonOf, isObject, readBoolean, readCommon, readString, readTermValue, type CommonMembers, type Json, type JsonObject } from './dsl-values.js';

type Relation = 'intersects' | 'within' | 'contains';

/** RangeQueryBuilder.relation: ShapeRelation.getRelationByName, without `disjoint`, which a range cannot answer. */
function readRelation(value: Json): Relation {
  const text = readString('range', 'relation', value);
  const lower = text.toLowerCase();
  if (lower === 'intersects' || lower === 'within' || lower === 'contains') return lower;
  if (lower === 'disjoint') throw illegalArgument('[range] query does not support relation [disjoint]');
  throw illegalArgument(`${text} is not a valid relation`);
}

/** A bound: null leaves the side open. */
function readBound(member: string, value: Json): TermValue | undefined {
  return value === null ? undefined : readTermValue('range', member, value);
}

export function parseRange(body: JsonObject): Query {
  let field: string | undefined;
  let bounds: JsonObject = {};
  for (const [member, given] of Object.entries(body)) {
    if (!isObject(given)) throw unsupportedMember('range', member);
    if (field !== undefined) throw parsingError(`[range] query doesn't support multiple fields, found [${field}] and [${member}]`);
    field = member;
    bounds = given;
  }
  if (field === undefined || field === '') throw illegalArgument('field name is null or empty');
  const common: CommonMembers = { boost: 1 };
  let from: TermValue | undefined;
  let to: TermValue | undefined;
  let includeLower = true;
  let includeUpper = true;
  let format: string | undefined;
  let timeZone: string | undefined;
  let relation: Relation = 'intersects';
  for (const [member, given] of Object.entries(bounds)) {
    if (readCommon('range', member, given, common, body)) continue;
    switch (member) {
      case 'from':
        from = readBound(member, given);
        break;
      case 'to':
        to = readBound(member, given);
        break;
      case 'include_lower':
        includeLower = readBoolean('range', member, given);
        break;
      case 'include_upper':
        includeUpper = readBoolean('range', member, given);
        break;
      case 'gt':
      case 'gte':
        from = readBound(member, given);
        includeLower = member === 'gte';
        break;
      case 'lt':
      case 'lte':
        to = readBound(member, given);
        includeUpper = member === 'lte';
        break;
      case 'format':
        format = readString('range', member, given);
        break;
      case 'time_zone':
        timeZone = readString('range', member, given);
        break;
      case 'relation':
        relation = readRelation(given);
        break;
      default:
        throw unsupportedMember('range', member);
    }
  }
  return {
    kind: 'range',
    ...commonOf(common),
    field,
    ...(from === undefined ? {} : includeLower ? { gte: from } : { gt: from }),
    ...(to === undefined ? {} : includeUpper ? { lte: to } : { lt: to }),
    ...(format === undefined ? {} : { format }),
    ...(timeZone === undefined ? {} : { timeZone }),
    relation,
  };
}
