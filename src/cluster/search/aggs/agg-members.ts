/** @module Reading an aggregation body's members: each declared with its reader, unknown ones refused as ObjectParser refuses them. */
import { isObject, readBoolean, readInt, readNumber, readString, type JsonObject } from '../dsl/dsl-values.js';
import { illegal, unknownMember } from './agg-errors.js';

/** Members ES declares that Tessera does not evaluate: refused rather than ignored. */
export function refuseMembers(type: string, body: JsonObject, members: readonly string[]): void {
  for (const m of members) if (body[m] !== undefined) throw illegal(`Tessera does not support [${m}] in the [${type}] aggregation yet`);
}

/** Fails on a member outside `known` (which may list hints that change no result, such as `execution_hint`), and refuses `refused`. */
export function checkMembers(type: string, body: JsonObject, known: readonly string[], refused: readonly string[] = []): void {
  refuseMembers(type, body, refused);
  for (const member of Object.keys(body)) if (!known.includes(member)) throw unknownMember(type, member, [...known, ...refused]);
}

export const str = (type: string, body: JsonObject, member: string): string | undefined => (body[member] === undefined ? undefined : readString(type, member, body[member]));
export const int = (type: string, body: JsonObject, member: string): number | undefined => (body[member] === undefined ? undefined : readInt(type, member, body[member]));
export const num = (type: string, body: JsonObject, member: string): number | undefined => (body[member] === undefined ? undefined : readNumber(type, member, body[member]));
export const bool = (type: string, body: JsonObject, member: string): boolean | undefined => (body[member] === undefined ? undefined : readBoolean(type, member, body[member]));

/** `field`, which every values-source aggregation needs (Tessera has no scripts). */
export function fieldOf(type: string, body: JsonObject): string {
  const field = str(type, body, 'field');
  if (field === undefined) {
    if (body.script !== undefined) throw illegal(`Tessera does not support [script] in the [${type}] aggregation yet`);
    throw illegal('Required one of fields [field, script], but none were specified. ');
  }
  return field;
}

export function objectOf(value: unknown): JsonObject | undefined {
  return isObject(value) ? value : undefined;
}
