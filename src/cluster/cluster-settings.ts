/** @module Dynamic cluster settings (`PUT /_cluster/settings`): the ones Tessera knows, validated as ES does. */
import { parseTimeValue, TimeValueError } from '../platform/time-value.js';
import { ClusterErrors } from './cluster-error.js';
import { BREAKER_SETTING_DEFAULTS, parseBreakerLimit } from './breakers.js';
import { DISK_SETTING_DEFAULTS, parseWatermark, type WatermarkLevel } from './disk/disk-usage.js';
import { parseByteSize } from './operations/rollover.js';
import { checkWholeNumber, flattenSettings, type FlatSettings } from './settings.js';

type Check = (key: string, value: string) => void;

const bool: Check = (key, value) => {
  if (value !== 'true' && value !== 'false') throw ClusterErrors.illegalArgument(`Failed to parse value [${value}] as only [true] or [false] are allowed.`);
  void key;
};
const anyString: Check = () => undefined;
const timeAtLeast =
  (minMillis: number, minText: string): Check =>
  (key, value) => {
    let millis: number;
    try {
      millis = parseTimeValue(value, key);
    } catch (error) {
      throw ClusterErrors.illegalArgument((error as TimeValueError).message);
    }
    if (millis < minMillis) throw ClusterErrors.illegalArgument(`failed to parse value [${value}] for setting [${key}], must be >= [${minText}]`);
  };
const intAtLeast =
  (min: number): Check =>
  (key, value) =>
    checkWholeNumber(key, value, 'int', { min });

function watermarkValue(level: WatermarkLevel): Check {
  return (_key, value) => {
    parseWatermark(level, value);
  };
}
const byteSize: Check = (key, value) => {
  parseByteSize(value, key);
};

const breakerLimitValue: Check = (key, value) => {
  parseBreakerLimit(key, value);
};

/** Tessera's own: the wall-clock time one lifecycle forecast (`POST /_tessera/ilm/simulate`) may take. */
export const FORECAST_TIMEOUT_SETTING = 'tessera.ilm.simulate.timeout';

export const CLUSTER_SETTINGS: Readonly<Record<string, Check>> = {
  'indices.lifecycle.poll_interval': timeAtLeast(1_000, '1s'),
  'indices.lifecycle.rollover.only_if_has_documents': bool,
  'indices.lifecycle.history_index_enabled': bool,
  'cluster.routing.allocation.disk.threshold_enabled': bool,
  'cluster.routing.allocation.disk.watermark.low': watermarkValue('low'),
  'cluster.routing.allocation.disk.watermark.high': watermarkValue('high'),
  'cluster.routing.allocation.disk.watermark.flood_stage': watermarkValue('flood_stage'),
  'tessera.disk.capacity': byteSize,
  'indices.breaker.total.limit': breakerLimitValue,
  'indices.breaker.request.limit': breakerLimitValue,
  'network.breaker.inflight_requests.limit': breakerLimitValue,
  'action.auto_create_index': anyString,
  'action.destructive_requires_name': bool,
  'cluster.indices.close.enable': bool,
  'cluster.max_shards_per_node': intAtLeast(1),
  'xpack.ilm.enabled': bool,
  [FORECAST_TIMEOUT_SETTING]: timeAtLeast(1, '1ms'),
};

export const CLUSTER_SETTING_DEFAULTS: FlatSettings = Object.freeze({
  'indices.lifecycle.poll_interval': '10m',
  'indices.lifecycle.rollover.only_if_has_documents': 'true',
  'indices.lifecycle.history_index_enabled': 'true',
  ...DISK_SETTING_DEFAULTS,
  ...BREAKER_SETTING_DEFAULTS,
  [FORECAST_TIMEOUT_SETTING]: '30s',
});

/** Validates one scope (`persistent` or `transient`) of an update; `null` values reset. */
export function normalizeClusterSettings(scope: 'persistent' | 'transient', input: unknown): Record<string, string | null> {
  if (input === undefined) return {};
  const flat = flattenSettings(input);
  const out: Record<string, string | null> = {};
  for (const [key, raw] of Object.entries(flat)) {
    const check = CLUSTER_SETTINGS[key];
    if (!check) throw ClusterErrors.illegalArgument(`${scope} setting [${key}], not recognized`);
    if (raw === null) {
      out[key] = null;
      continue;
    }
    // Settings.get refuses a list for a setting that is not one; none of these is.
    if (Array.isArray(raw)) throw ClusterErrors.illegalArgument(`Found list type value for setting [${key}] but but did not expect a list for it.`);
    const value = typeof raw === 'string' ? raw : String(raw);
    check(key, value);
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
