/**
 * @module The mapping model. A mapping is kept as ES serialises it (what GET _mapping answers, without the `_doc`
 * type), so the cluster state stores, merges and renders one form; these types name its parts.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** `dynamic` as ES reads it; the string forms are the serialised ones. */
export type Dynamic = 'true' | 'false' | 'strict' | 'runtime';

/** One field or object mapping: `type` absent means an object with `properties`. */
export interface FieldMapping extends JsonObject {}

export interface RootMapping extends JsonObject {}

export const OBJECT_TYPES = new Set(['object', 'nested']);

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The type of a mapping; objects serialise without one when they have properties. */
export function typeOf(mapping: JsonObject): string {
  return typeof mapping.type === 'string' ? mapping.type : 'object';
}

export function isObjectMapping(mapping: JsonObject): boolean {
  return OBJECT_TYPES.has(typeOf(mapping));
}

export function propertiesOf(mapping: JsonObject): Record<string, JsonObject> {
  return isJsonObject(mapping.properties) ? (mapping.properties as Record<string, JsonObject>) : {};
}

/** An object's `dynamic` as ES reads it, or undefined when it inherits its parent's. */
export function dynamicOf(mapping: JsonObject): Dynamic | undefined {
  const value = mapping.dynamic;
  if (value === undefined || value === null) return undefined;
  return String(value) as Dynamic;
}

/** ES writes properties in name order. */
export function sortedObject<T>(entries: Iterable<[string, T]>): Record<string, T> {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Sets `key` as an own property even when it is `__proto__`: field names come from documents and requests, and a
 * plain assignment of that one would change the object's prototype instead.
 */
export function setOwn<T>(object: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/** `object[key]` when it is the object's own, so `__proto__` or `constructor` never reads Object.prototype. */
export function ownValue<T>(object: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}
