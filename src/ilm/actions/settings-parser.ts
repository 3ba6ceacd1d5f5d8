/** @module ObjectParser's rules for action bodies, with ES's messages: known fields only, ints, longs, booleans. */
import { ClusterError } from '../../cluster/index.js';
import { xContentBoolean } from '../../platform/xcontent.js';

export function illegal(reason: string): ClusterError {
  return new ClusterError('illegal_argument_exception', 400, reason);
}

/** The body as an object holding only `allowed` fields. */
export function fields(action: string, config: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) throw illegal(`[${action}] action settings must be an object`);
  for (const key of Object.keys(config)) {
    if (!allowed.includes(key)) throw new ClusterError('x_content_parse_exception', 400, `[${action}] unknown field [${key}]`);
  }
  return config as Record<string, unknown>;
}

const RANGES = { int: [-(2n ** 31n), 2n ** 31n - 1n], long: [-(2n ** 63n), 2n ** 63n - 1n] } as const;

/** ObjectParser's declareInt / declareLong: a whole number (or its string) within the Java type's range. */
export function integer(action: string, name: string, value: unknown, type: keyof typeof RANGES = 'int'): number {
  const whole = typeof value === 'string' ? /^-?\d+$/.test(value) : typeof value === 'number' && Number.isInteger(value);
  const [min, max] = RANGES[type];
  if (!whole || BigInt(value as string | number) < min || BigInt(value as string | number) > max) {
    throw new ClusterError('x_content_parse_exception', 400, `[${action}] failed to parse field [${name}]`);
  }
  return Number(value);
}

/** ObjectParser's declareBoolean: a boolean, or the strings `true` and `false`; absent gives the default. */
export function boolean(action: string, name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  const parsed = xContentBoolean(value);
  if (parsed !== undefined) return parsed;
  throw new ClusterError('x_content_parse_exception', 400, `[${action}] failed to parse field [${name}]`);
}

/** The settings of an action that takes none: an empty body, or ES's unknown-field error. */
export type EmptySettings = Readonly<Record<string, never>>;

export function emptySettings(action: string): (config: unknown) => EmptySettings {
  return (config) => {
    fields(action, config, []);
    return {};
  };
}

/** The settings of an action whose body is one optional boolean. */
export function booleanSettings<F extends string>(action: string, field: F, fallback: boolean): (config: unknown) => { readonly [K in F]: boolean } {
  return (config) => {
    const c = fields(action, config, [field]);
    return { [field]: boolean(action, field, c[field], fallback) } as { readonly [K in F]: boolean };
  };
}
