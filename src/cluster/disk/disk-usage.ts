/**
 * @module The node's disk: capacity, usage (the sum of the indices' store sizes) and Elasticsearch's disk
 * watermarks (DiskThresholdSettings), which are percentages of used disk or byte amounts of free disk.
 */
import { ClusterErrors } from '../cluster-error.js';
import type { ClusterState } from '../cluster-state.js';
import { clusterSetting, setting, type DefaultedSetting, type Setting } from '../setting.js';
import { booleanValue, byteSizeValue } from '../setting-parsers.js';
import { parseByteSize, readRatioPercent } from '../../platform/units/index.js';

export const NODE_NAME = 'tessera-0';
export const DEFAULT_DISK_CAPACITY = 100 * 1024 ** 3;

export type WatermarkLevel = 'low' | 'high' | 'flood_stage';

const DEFAULTS: Readonly<Record<WatermarkLevel, string>> = { low: '85%', high: '90%', flood_stage: '95%' };


export interface Watermark {
  readonly level: WatermarkLevel;
  readonly raw: string;
  /** Either a share of the disk that may be used, or an amount that must stay free. */
  readonly limit: { readonly usedPercent: number } | { readonly freeBytes: number };
}

export interface DiskUsage {
  readonly total: number;
  readonly used: number;
  readonly free: number;
  readonly usedPercent: number;
}

export function settingName(level: WatermarkLevel): string {
  return `cluster.routing.allocation.disk.watermark.${level}`;
}

export function parseWatermark(level: WatermarkLevel, raw: string): Watermark {
  const value = raw.trim();
  const usedPercent = readRatioPercent(value);
  if (usedPercent !== undefined) {
    // Only a percentage can pass 100: a fraction is at most 1.
    if (usedPercent > 100) throw ClusterErrors.illegalArgument(`unable to consistently parse [${settingName(level)}=${raw}] as percentage or bytes`);
    return { level, raw: value, limit: { usedPercent } };
  }
  try {
    return { level, raw: value, limit: { freeBytes: parseByteSize(value, settingName(level)) } };
  } catch {
    throw ClusterErrors.illegalArgument(`unable to consistently parse [${settingName(level)}=${raw}] as percentage or bytes`);
  }
}

const THRESHOLD_ENABLED = setting('cluster.routing.allocation.disk.threshold_enabled', 'cluster', booleanValue, { default: 'true' });
const WATERMARKS: Readonly<Record<WatermarkLevel, DefaultedSetting<Watermark>>> = {
  low: watermarkSetting('low'),
  high: watermarkSetting('high'),
  flood_stage: watermarkSetting('flood_stage'),
};
const CAPACITY = setting('tessera.disk.capacity', 'cluster', byteSizeValue);

function watermarkSetting(level: WatermarkLevel): DefaultedSetting<Watermark> {
  return setting(settingName(level), 'cluster', (value) => parseWatermark(level, value), { default: DEFAULTS[level] });
}

/** The disk settings, in the order `_cluster/settings?include_defaults` reports their defaults. */
export const DISK_SETTINGS: readonly Setting<unknown>[] = [THRESHOLD_ENABLED, WATERMARKS.low, WATERMARKS.high, WATERMARKS.flood_stage, CAPACITY];

/** `cluster.routing.allocation.disk.threshold_enabled: false` turns the disk decider off: no watermark applies. */
export function diskThresholdEnabled(state: ClusterState): boolean {
  return clusterSetting(state, THRESHOLD_ENABLED);
}

export function watermark(state: ClusterState, level: WatermarkLevel): Watermark {
  return clusterSetting(state, WATERMARKS[level]);
}

export function isExceeded(mark: Watermark, usage: DiskUsage): boolean {
  return 'usedPercent' in mark.limit ? usage.usedPercent > mark.limit.usedPercent : usage.free < mark.limit.freeBytes;
}

export function diskCapacity(state: ClusterState, fallback: number): number {
  return clusterSetting(state, CAPACITY) ?? fallback;
}

export function diskUsage(capacity: number, used: number): DiskUsage {
  const free = Math.max(0, capacity - used);
  return { total: capacity, used, free, usedPercent: capacity === 0 ? 100 : (used / capacity) * 100 };
}

/** ES's order rule when all three are percentages: low ≤ high ≤ flood_stage. */
export function checkWatermarkOrder(state: ClusterState): void {
  const [low, high, flood] = (['low', 'high', 'flood_stage'] as const).map((level) => watermark(state, level));
  const pct = (w: Watermark) => ('usedPercent' in w.limit ? w.limit.usedPercent : undefined);
  const [l, h, f] = [pct(low!), pct(high!), pct(flood!)];
  if (l !== undefined && h !== undefined && l > h) throw ClusterErrors.illegalArgument(`low disk watermark [${low!.raw}] more than high disk watermark [${high!.raw}]`);
  if (h !== undefined && f !== undefined && h > f) throw ClusterErrors.illegalArgument(`high disk watermark [${high!.raw}] more than flood stage disk watermark [${flood!.raw}]`);
}
