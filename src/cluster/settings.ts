/**
 * @module Settings as Elasticsearch keeps them: flat keys with string values. Accepts nested, flat and unprefixed
 * input and renders nested or flat output; index-settings.ts and cluster-settings.ts know the settings themselves.
 */
import { ClusterErrors } from './cluster-error.js';

export type FlatSettings = Readonly<Record<string, string>>;

/** Flattens `{"index":{"number_of_shards":2}}`, `{"index.number_of_shards":"2"}` and `{"number_of_shards":2}` alike. */
export function flattenSettings(input: unknown, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (input === null || input === undefined) return out;
  if (typeof input !== 'object' || Array.isArray(input)) throw ClusterErrors.illegalArgument('settings must be an object');
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) Object.assign(out, flattenSettings(value, path));
    else out[path] = value;
  }
  return out;
}

/** Adds the `index.` prefix ES adds to index settings given without it. */
export function withIndexPrefix(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) out[key.startsWith('index.') ? key : `index.${key}`] = value;
  return out;
}

/** A setting's value as ES keeps it, text; Settings.get refuses lists and objects with ES's words. */
export function settingText(key: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Settings.get refuses a list for a setting that is not one; none of the settings Tessera knows is.
  if (Array.isArray(value)) throw ClusterErrors.illegalArgument(`Found list type value for setting [${key}] but but did not expect a list for it.`);
  throw ClusterErrors.illegalArgument(`Failed to parse value [${JSON.stringify(value)}] for setting [${key}]`);
}

/** Renders flat settings as ES's nested JSON (`{"index":{"number_of_shards":"1"}}`). */
export function nestSettings(flat: FlatSettings): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const key of Object.keys(flat).sort()) {
    const parts = key.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next !== 'object' || next === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = flat[key];
  }
  return root;
}
