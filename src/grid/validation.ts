/** @module Pure checks of ids, names, widths and enum values; each failure is a GridError with a readable message. */
import type { DescMessage, Message } from '@bufbuild/protobuf';
import { GridError } from './grid-error.js';
import { ID_PATTERN, MAX_DESC_LENGTH, MAX_NAME_LENGTH, MAX_WIDTH, MIN_WIDTH } from './limits.js';

function shown(value: string): string {
  return JSON.stringify(value.length > 70 ? `${value.slice(0, 67)}...` : value);
}

function checkIdFormat(value: string, label: string): string {
  if (!ID_PATTERN.test(value)) {
    throw new GridError('InvalidData', `${label} ${shown(value)} is not a valid id: use 1 to 64 characters from A-Z a-z 0-9 _ -`);
  }
  return value;
}

export function requireGridId(value: string, label = 'grid_id'): string {
  if (value.trim() === '') throw new GridError('GridIdIsEmpty', `${label} is empty`);
  return checkIdFormat(value, label);
}

export function requireFieldId(value: string, label = 'field_id'): string {
  if (value.trim() === '') throw new GridError('FieldIdIsEmpty', `${label} is empty`);
  return checkIdFormat(value, label);
}

export function checkId(value: string, label: string): string {
  if (value.trim() === '') throw new GridError('InvalidData', `${label} is empty`);
  return checkIdFormat(value, label);
}

/** Characters as people count them: code points, so an emoji is one, not two UTF-16 units. */
function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

function checkLength(value: string, label: string, limit: number): void {
  // Only a string longer in UTF-16 units than the limit can exceed it in code points.
  if (value.length > limit) {
    const length = characterCount(value);
    if (length > limit) throw new GridError('InvalidData', `${label} is ${length} characters long; the limit is ${limit}`);
  }
}

export function checkName(value: string, label: string): string {
  if (value.trim() === '') throw new GridError('InvalidData', `${label} is blank`);
  checkLength(value, label, MAX_NAME_LENGTH);
  return checkNoNul(value, label);
}

export function checkDesc(value: string, label = 'desc'): string {
  checkLength(value, label, MAX_DESC_LENGTH);
  return checkNoNul(value, label);
}

/** PostgreSQL text cannot hold U+0000, so no store takes it: the same answer whichever store is configured. */
function checkNoNul(value: string, label: string): string {
  if (value.includes('\u0000')) throw new GridError('InvalidData', `${label} contains the null character U+0000`);
  return value;
}

export function checkWidth(value: number, label = 'width'): number {
  if (!Number.isInteger(value) || value < MIN_WIDTH || value > MAX_WIDTH) {
    throw new GridError('InvalidData', `${label} ${value} is out of range: it must be between ${MIN_WIDTH} and ${MAX_WIDTH}`);
  }
  return value;
}

/**
 * proto3 enums are open: a decoder keeps numbers the schema never declared. Walks a message and
 * rejects the first such number, naming where it was found.
 */
export function checkDeclaredEnums(desc: DescMessage, message: Message, path = ''): void {
  const record = message as unknown as Record<string, unknown>;
  for (const field of desc.fields) {
    const here = path === '' ? field.name : `${path}.${field.name}`;
    const value = field.oneof ? oneofValue(record[field.oneof.localName], field.localName) : record[field.localName];
    if (value === undefined) continue;
    if (field.fieldKind === 'enum') {
      checkEnumValue(field.enum, value as number, here);
    } else if (field.fieldKind === 'message') {
      checkDeclaredEnums(field.message, value as Message, here);
    } else if (field.fieldKind === 'list') {
      const items = value as unknown[];
      items.forEach((item, i) => {
        if (field.listKind === 'enum') checkEnumValue(field.enum, item as number, `${here}[${i}]`);
        if (field.listKind === 'message') checkDeclaredEnums(field.message, item as Message, `${here}[${i}]`);
      });
    }
  }
}

function oneofValue(group: unknown, localName: string): unknown {
  const g = group as { case?: string; value?: unknown } | undefined;
  return g?.case === localName ? g.value : undefined;
}

function checkEnumValue(enumDesc: { name: string; values: readonly { number: number }[] }, value: number, path: string): void {
  if (!enumDesc.values.some((v) => v.number === value)) {
    throw new GridError('InvalidData', `${path}: ${value} is not a declared ${enumDesc.name} value`);
  }
}
