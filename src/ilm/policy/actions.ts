/**
 * @module The lifecycle actions Tessera runs: which phases allow each (in ES's execution order), how each
 * parses its settings, and how ES writes it back with defaults (research §1 "GET policy output").
 */
import { ClusterError } from '../../cluster/index.js';
import { parseTimeValue, TimeValueError } from '../../platform/time-value.js';
import { xContentBoolean } from '../../platform/xcontent.js';

export type ActionConfig = Readonly<Record<string, unknown>>;

export const PHASES = ['hot', 'warm', 'cold', 'frozen', 'delete'] as const;
export type PhaseName = (typeof PHASES)[number];

/** Actions allowed per phase, in the order ES executes them (TimeseriesLifecycleType). */
export const PHASE_ACTIONS: Readonly<Record<PhaseName, readonly string[]>> = {
  hot: ['set_priority', 'unfollow', 'rollover', 'readonly', 'downsample', 'shrink', 'forcemerge', 'searchable_snapshot'],
  warm: ['set_priority', 'unfollow', 'readonly', 'downsample', 'allocate', 'migrate', 'shrink', 'forcemerge'],
  cold: ['set_priority', 'unfollow', 'readonly', 'downsample', 'searchable_snapshot', 'allocate', 'migrate', 'freeze'],
  frozen: ['unfollow', 'searchable_snapshot'],
  delete: ['wait_for_snapshot', 'delete'],
};

/** Actions Tessera can run; the others parse but are refused as unsupported here. */
export const SUPPORTED_ACTIONS = new Set(['set_priority', 'unfollow', 'rollover', 'readonly', 'shrink', 'forcemerge', 'allocate', 'migrate', 'delete', 'searchable_snapshot']);

function illegal(reason: string): ClusterError {
  return new ClusterError('illegal_argument_exception', 400, reason);
}

function fields(action: string, config: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) throw illegal(`[${action}] action settings must be an object`);
  for (const key of Object.keys(config)) {
    if (!allowed.includes(key)) throw new ClusterError('x_content_parse_exception', 400, `[${action}] unknown field [${key}]`);
  }
  return config as Record<string, unknown>;
}

const RANGES = { int: [-(2n ** 31n), 2n ** 31n - 1n], long: [-(2n ** 63n), 2n ** 63n - 1n] } as const;

/** ObjectParser's declareInt / declareLong: a whole number (or its string) within the Java type's range. */
function integer(action: string, name: string, value: unknown, type: keyof typeof RANGES = 'int'): number {
  const whole = typeof value === 'string' ? /^-?\d+$/.test(value) : typeof value === 'number' && Number.isInteger(value);
  const [min, max] = RANGES[type];
  if (!whole || BigInt(value as string | number) < min || BigInt(value as string | number) > max) {
    throw new ClusterError('x_content_parse_exception', 400, `[${action}] failed to parse field [${name}]`);
  }
  return Number(value);
}

/** ObjectParser's declareBoolean: a boolean, or the strings `true` and `false`; absent gives the default. */
function boolean(action: string, name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  const parsed = xContentBoolean(value);
  if (parsed !== undefined) return parsed;
  throw new ClusterError('x_content_parse_exception', 400, `[${action}] failed to parse field [${name}]`);
}

const ROLLOVER_CONDITIONS = ['max_size', 'max_primary_shard_size', 'max_age', 'max_docs', 'max_primary_shard_docs', 'min_size', 'min_primary_shard_size', 'min_age', 'min_docs', 'min_primary_shard_docs'];

/** Parses an action's settings and returns them as ES writes them back, defaults included. */
export function normalizeAction(action: string, config: unknown): ActionConfig {
  switch (action) {
    case 'rollover': {
      const c = fields(action, config, ROLLOVER_CONDITIONS);
      const out: Record<string, unknown> = {};
      for (const key of ROLLOVER_CONDITIONS) {
        if (c[key] === undefined) continue;
        if (key.endsWith('_docs')) out[key] = integer(action, key, c[key], 'long');
        else if (key.endsWith('_age')) {
          try {
            parseTimeValue(String(c[key]), key);
          } catch (error) {
            throw illegal((error as TimeValueError).message);
          }
          out[key] = String(c[key]);
        } else out[key] = String(c[key]);
      }
      if (!Object.keys(out).some((k) => k.startsWith('max_'))) throw illegal('At least one max_* rollover condition must be set.');
      return out;
    }
    case 'shrink': {
      const c = fields(action, config, ['number_of_shards', 'max_primary_shard_size', 'allow_write_after_shrink']);
      if (c.number_of_shards !== undefined && c.max_primary_shard_size !== undefined) throw illegal('Cannot set both [number_of_shards] and [max_primary_shard_size]');
      if (c.number_of_shards === undefined && c.max_primary_shard_size === undefined) throw illegal('Either [number_of_shards] or [max_primary_shard_size] must be set');
      const out: Record<string, unknown> = {};
      if (c.number_of_shards !== undefined) {
        const n = integer(action, 'number_of_shards', c.number_of_shards);
        if (n <= 0) throw illegal('[number_of_shards] must be greater than 0');
        out.number_of_shards = n;
      } else out.max_primary_shard_size = String(c.max_primary_shard_size);
      out.allow_write_after_shrink = boolean(action, 'allow_write_after_shrink', c.allow_write_after_shrink, false);
      return out;
    }
    case 'forcemerge': {
      const c = fields(action, config, ['max_num_segments', 'index_codec']);
      const n = integer(action, 'max_num_segments', c.max_num_segments);
      if (n <= 0) throw illegal('[max_num_segments] must be a positive integer');
      if (c.index_codec !== undefined && c.index_codec !== 'best_compression' && c.index_codec !== 'default') throw illegal(`unknown index codec: [${String(c.index_codec)}]`);
      return { max_num_segments: n, ...(c.index_codec !== undefined && { index_codec: c.index_codec }) };
    }
    case 'set_priority': {
      const c = fields(action, config, ['priority']);
      if (c.priority === null || c.priority === undefined) return { priority: null };
      const n = integer(action, 'priority', c.priority);
      if (n < 0) throw illegal('[priority] must be 0 or greater');
      return { priority: n };
    }
    case 'allocate': {
      const c = fields(action, config, ['number_of_replicas', 'total_shards_per_node', 'include', 'exclude', 'require']);
      const out: Record<string, unknown> = {};
      if (c.number_of_replicas !== undefined) {
        const n = integer(action, 'number_of_replicas', c.number_of_replicas);
        if (n < 0) throw illegal('[number_of_replicas] must be >= 0');
        out.number_of_replicas = n;
      }
      if (c.total_shards_per_node !== undefined) out.total_shards_per_node = integer(action, 'total_shards_per_node', c.total_shards_per_node);
      out.include = c.include ?? {};
      out.exclude = c.exclude ?? {};
      out.require = c.require ?? {};
      return out;
    }
    case 'migrate': {
      const c = fields(action, config, ['enabled']);
      return { enabled: boolean(action, 'enabled', c.enabled, true) };
    }
    case 'delete': {
      const c = fields(action, config, ['delete_searchable_snapshot']);
      return { delete_searchable_snapshot: boolean(action, 'delete_searchable_snapshot', c.delete_searchable_snapshot, true) };
    }
    case 'searchable_snapshot': {
      const c = fields(action, config, ['snapshot_repository', 'force_merge_index']);
      if (typeof c.snapshot_repository !== 'string' || c.snapshot_repository.trim() === '') throw illegal('the snapshot repository must be specified');
      return { snapshot_repository: c.snapshot_repository, force_merge_index: boolean(action, 'force_merge_index', c.force_merge_index, true) };
    }
    case 'readonly':
    case 'unfollow':
      fields(action, config, []);
      return {};
    default:
      // Parsed as ES would, but runnable only in a later Tessera.
      return (config ?? {}) as ActionConfig;
  }
}
