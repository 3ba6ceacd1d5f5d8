/** @module The dynamic cluster settings Tessera knows (`PUT /_cluster/settings`; ES's ClusterSettings), each a typed Setting. */
import { AUTO_CREATE_INDEX } from './operations/auto-create.js';
import { BREAKER_SETTINGS } from './breakers.js';
import { ClusterErrors } from './cluster-error.js';
import { DISK_SETTINGS } from './disk/disk-usage.js';
import { setting, type Setting } from './setting.js';
import { booleanValue, intValue, timeValue } from './setting-parsers.js';
import { flattenSettings, settingText, type FlatSettings } from './settings.js';

const cluster = <T>(key: string, parser: (value: string, key: string) => T) => setting(key, 'cluster', parser);

export const POLL_INTERVAL = setting('indices.lifecycle.poll_interval', 'cluster', timeValue(1_000, '1s'), { default: '10m' });
export const ROLLOVER_ONLY_IF_HAS_DOCUMENTS = setting('indices.lifecycle.rollover.only_if_has_documents', 'cluster', booleanValue, { default: 'true' });
export const DESTRUCTIVE_REQUIRES_NAME = cluster('action.destructive_requires_name', booleanValue);
export const CLOSE_INDEX_ENABLE = cluster('cluster.indices.close.enable', booleanValue);

/** Tessera's own: the wall-clock time one lifecycle forecast (`POST /_tessera/ilm/simulate`) may take. */
export const FORECAST_TIMEOUT_SETTING = 'tessera.ilm.simulate.timeout';
export const FORECAST_TIMEOUT = setting(FORECAST_TIMEOUT_SETTING, 'cluster', timeValue(1, '1ms'), { default: '30s' });

/** Search contexts (SearchService): how many scrolls may be open at once, and the longest keep-alive a context takes. */
export const MAX_OPEN_SCROLL_CONTEXT = setting('search.max_open_scroll_context', 'cluster', intValue({ min: 0 }), { default: '500' });
export const MAX_KEEP_ALIVE = setting('search.max_keep_alive', 'cluster', timeValue(1, '1ms'), { default: '24h' });

/** In the order `include_defaults` lists the defaults. */
const CLUSTER_SETTINGS: readonly Setting<unknown>[] = [
  POLL_INTERVAL,
  ROLLOVER_ONLY_IF_HAS_DOCUMENTS,
  setting('indices.lifecycle.history_index_enabled', 'cluster', booleanValue, { default: 'true' }),
  ...DISK_SETTINGS,
  ...BREAKER_SETTINGS,
  FORECAST_TIMEOUT,
  AUTO_CREATE_INDEX,
  DESTRUCTIVE_REQUIRES_NAME,
  CLOSE_INDEX_ENABLE,
  cluster('cluster.max_shards_per_node', intValue({ min: 1 })),
  cluster('xpack.ilm.enabled', booleanValue),
  MAX_OPEN_SCROLL_CONTEXT,
  MAX_KEEP_ALIVE,
];

const BY_KEY: ReadonlyMap<string, Setting<unknown>> = new Map(CLUSTER_SETTINGS.map((s) => [s.key, s]));

export const CLUSTER_SETTING_DEFAULTS: FlatSettings = Object.freeze(Object.fromEntries(CLUSTER_SETTINGS.flatMap((s) => (s.default === undefined ? [] : [[s.key, s.default]]))));

/** Validates one scope (`persistent` or `transient`) of an update; `null` values reset. */
export function normalizeClusterSettings(scope: 'persistent' | 'transient', input: unknown): Record<string, string | null> {
  if (input === undefined) return {};
  const flat = flattenSettings(input);
  const out: Record<string, string | null> = {};
  for (const [key, raw] of Object.entries(flat)) {
    const known = BY_KEY.get(key);
    if (!known) throw ClusterErrors.illegalArgument(`${scope} setting [${key}], not recognized`);
    if (raw === null) {
      out[key] = null;
      continue;
    }
    const value = settingText(key, raw);
    known.parse(value);
    out[key] = value;
  }
  return out;
}

export function applySettingChanges(current: FlatSettings, changes: Record<string, string | null>): FlatSettings {
  const next: Record<string, string> = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return Object.freeze(next);
}
