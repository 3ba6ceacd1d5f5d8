/** @module Reading the loosely typed members of `_security` request bodies, refused in ES's words when malformed. */
import { SecurityErrors } from './security-error.js';

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An optional array of strings; absent reads as empty. */
export function strings(value: unknown, field: string): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  throw SecurityErrors.illegalArgument(`[${field}] must be an array of strings`);
}
