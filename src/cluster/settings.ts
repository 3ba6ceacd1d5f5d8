/**
 * @module Index settings as Elasticsearch keeps them: flat `index.*` keys with string values. Accepts nested,
 * flat and unprefixed input, validates the settings Tessera knows, and renders nested or flat output.
 */
import { parseTimeValue, TimeValueError } from '../platform/time-value.js';
import { ClusterErrors } from './cluster-error.js';

export type FlatSettings = Readonly<Record<string, string>>;

type SettingKind = 'int' | 'bool' | 'string' | 'long' | 'time';

interface SettingDef {
  readonly kind: SettingKind;
  /** Ints and longs: the bounds (default: the Java type's own range). Time values: milliseconds. */
  readonly min?: number;
  readonly max?: number;
  /** Time values: `min` as ES writes it in its message. */
  readonly minText?: string;
  /** Final settings can be set at creation only. */
  readonly final?: boolean;
  /** Static settings (not dynamic) can be changed on closed indices only. */
  readonly static?: boolean;
  /** Private settings are the server's own; users cannot set them. */
  readonly internal?: boolean;
}

const INDEX_SETTINGS: Readonly<Record<string, SettingDef>> = {
  'index.number_of_shards': { kind: 'int', min: 1, max: 1024, final: true },
  'index.number_of_replicas': { kind: 'int', min: 0 },
  'index.auto_expand_replicas': { kind: 'string' },
  'index.refresh_interval': { kind: 'time', min: -1, minText: '-1' },
  'index.priority': { kind: 'int', min: 0 },
  'index.hidden': { kind: 'bool' },
  'index.codec': { kind: 'string', static: true },
  'index.blocks.write': { kind: 'bool' },
  'index.blocks.read_only': { kind: 'bool' },
  'index.blocks.read_only_allow_delete': { kind: 'bool' },
  'index.blocks.read': { kind: 'bool' },
  'index.blocks.metadata': { kind: 'bool' },
  'index.lifecycle.name': { kind: 'string' },
  'index.lifecycle.rollover_alias': { kind: 'string' },
  'index.lifecycle.origination_date': { kind: 'long', min: -1 },
  'index.lifecycle.parse_origination_date': { kind: 'bool' },
  'index.lifecycle.indexing_complete': { kind: 'bool' },
  'index.lifecycle.step.wait_time_threshold': { kind: 'time', min: 3_600_000, minText: '1h' },
  'index.routing.allocation.total_shards_per_node': { kind: 'int', min: -1 },
  'index.mapping.total_fields.limit': { kind: 'long', min: 0 },
  'index.mapping.depth.limit': { kind: 'long', min: 1 },
  'index.mapping.ignore_malformed': { kind: 'bool', static: true },
  'index.mapping.coerce': { kind: 'bool', static: true },
  'index.creation_date': { kind: 'long', internal: true },
  'index.uuid': { kind: 'string', internal: true },
  'index.verified_before_close': { kind: 'bool', internal: true },
  'index.provided_name': { kind: 'string', internal: true },
  'index.version.created': { kind: 'string', internal: true },
  'index.resize.source.name': { kind: 'string', internal: true },
  'index.resize.source.uuid': { kind: 'string', internal: true },
  'index.store.type': { kind: 'string', internal: true },
  'index.store.snapshot.repository_name': { kind: 'string', internal: true },
  'index.store.snapshot.snapshot_name': { kind: 'string', internal: true },
  'index.store.snapshot.index_name': { kind: 'string', internal: true },
  'index.store.snapshot.partial': { kind: 'bool', internal: true },
};

/** Settings groups with free-form suffixes, such as allocation filters. */
const INDEX_SETTING_PREFIXES = [
  'index.routing.allocation.include.',
  'index.routing.allocation.exclude.',
  'index.routing.allocation.require.',
];

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

function stringValue(key: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Settings.get refuses a list for a setting that is not one; none of the settings Tessera knows is.
  if (Array.isArray(value)) throw ClusterErrors.illegalArgument(`Found list type value for setting [${key}] but but did not expect a list for it.`);
  throw ClusterErrors.illegalArgument(`Failed to parse value [${JSON.stringify(value)}] for setting [${key}]`);
}

const INT_RANGE = { min: -(2n ** 31n), max: 2n ** 31n - 1n };
const LONG_RANGE = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/**
 * ES's Setting.parseInt and parseLong: a whole number (an optional sign, then digits) within the setting's bounds,
 * and those within the Java type's range. A number outside them names the bound it crosses; anything else is not a
 * number: `Failed to parse value [v] for setting [k]`.
 */
export function checkWholeNumber(key: string, value: string, kind: 'int' | 'long', bounds: { readonly min?: number; readonly max?: number } = {}): void {
  const range = kind === 'int' ? INT_RANGE : LONG_RANGE;
  const fail = (extra = ''): never => {
    throw ClusterErrors.illegalArgument(`Failed to parse value [${value}] for setting [${key}]${extra}`);
  };
  if (!/^[+-]?\d+$/.test(value)) fail();
  const n = BigInt(value);
  const min = bounds.min === undefined ? range.min : BigInt(bounds.min);
  // ES's parseLong checks no upper bound but the type's own.
  const max = bounds.max === undefined || kind === 'long' ? range.max : BigInt(bounds.max);
  if (n < min) fail(` must be >= ${min}`);
  if (n > max) fail(` must be <= ${max}`);
}

/** ES's Setting.timeSetting: a TimeValue, at least `min` milliseconds when the setting has a minimum. */
function checkTimeValue(key: string, def: SettingDef, value: string): void {
  let millis: number;
  try {
    millis = parseTimeValue(value, key);
  } catch (error) {
    throw ClusterErrors.illegalArgument((error as TimeValueError).message);
  }
  if (def.min !== undefined && millis < def.min) throw ClusterErrors.illegalArgument(`failed to parse value [${value}] for setting [${key}], must be >= [${def.minText}]`);
}

function checkValue(key: string, def: SettingDef, value: string): void {
  switch (def.kind) {
    case 'int':
    case 'long':
      return checkWholeNumber(key, value, def.kind, def);
    case 'bool':
      if (value !== 'true' && value !== 'false') {
        throw ClusterErrors.illegalArgument(`Failed to parse value [${value}] as only [true] or [false] are allowed.`);
      }
      return;
    case 'time':
      return checkTimeValue(key, def, value);
    case 'string':
      return;
  }
}

export interface ValidateOptions {
  /** Updating an existing index: final settings are refused, and static ones unless the index is closed. */
  readonly update?: { readonly index: string; readonly uuid: string; readonly closed?: boolean };
}

/**
 * Validates user-given settings and returns them flat, prefixed and stringified. `null` values
 * (reset to default on update) are returned as null.
 */
export function normalizeIndexSettings(input: unknown, options: ValidateOptions = {}): Record<string, string | null> {
  const flat = withIndexPrefix(flattenSettings(input));
  const out: Record<string, string | null> = {};
  const finals: string[] = [];
  for (const [key, raw] of Object.entries(flat)) {
    const def = INDEX_SETTINGS[key];
    if (!def && !INDEX_SETTING_PREFIXES.some((p) => key.startsWith(p) && key.length > p.length)) {
      throw ClusterErrors.illegalArgument(
        `unknown setting [${key}] please check that any required plugins are installed, or check the breaking changes documentation for removed settings`,
      );
    }
    if (def?.internal) throw ClusterErrors.illegalArgument(`unknown setting [${key}] is a private setting and cannot be set by users`);
    if (options.update && (def?.final || (def?.static && !options.update.closed))) {
      // A closed index takes static settings but never a final one (AbstractScopedSettings.updateSettings).
      if (options.update.closed) throw ClusterErrors.illegalArgument(`final ${options.update.index} setting [${key}], not updateable`);
      finals.push(key);
    }
    if (raw === null) {
      out[key] = null;
      continue;
    }
    const value = stringValue(key, raw);
    if (def) checkValue(key, def, value);
    out[key] = value;
  }
  if (finals.length > 0 && options.update) {
    const { index, uuid } = options.update;
    throw ClusterErrors.illegalArgument(`Can't update non dynamic settings [[${finals.join(', ')}]] for open indices [[${index}/${uuid}]]`);
  }
  return out;
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

export function settingInt(settings: FlatSettings, key: string, fallback: number): number {
  const value = settings[key];
  return value === undefined ? fallback : Number(value);
}

export function settingBool(settings: FlatSettings, key: string): boolean {
  return settings[key] === 'true';
}
