/**
 * Cluster settings as the console shows them: each setting's effective value and where it comes from (transient
 * over persistent over the defaults), and the disk watermarks as points on the disk.
 */
import { es } from '../../api/es.ts';
import { parseByteSize, readRatioPercent } from '../../units.ts';

type Flat = Readonly<Record<string, string>>;

export interface ClusterSettings {
  readonly persistent: Flat;
  readonly transient: Flat;
  readonly defaults?: Flat;
}

export const fetchClusterSettings = () => es<ClusterSettings>('GET', '/_cluster/settings?include_defaults=true&flat_settings=true');

/**
 * Elasticsearch's documented defaults, for settings the server leaves out of `include_defaults` (Tessera reports
 * only the lifecycle ones there; its disk and breaker code uses these same values).
 */
const DOCUMENTED_DEFAULTS: Flat = {
  'cluster.routing.allocation.disk.watermark.low': '85%',
  'cluster.routing.allocation.disk.watermark.high': '90%',
  'cluster.routing.allocation.disk.watermark.flood_stage': '95%',
  'indices.breaker.total.limit': '95%',
  'indices.breaker.request.limit': '60%',
  'indices.lifecycle.poll_interval': '10m',
};

export type SettingSource = 'transient' | 'persistent' | 'default' | 'documented default';

export interface EffectiveSetting {
  readonly key: string;
  readonly value: string | undefined;
  readonly source: SettingSource | undefined;
}

export function effectiveSetting(settings: ClusterSettings, key: string): EffectiveSetting {
  if (settings.transient[key] !== undefined) return { key, value: settings.transient[key], source: 'transient' };
  if (settings.persistent[key] !== undefined) return { key, value: settings.persistent[key], source: 'persistent' };
  if (settings.defaults?.[key] !== undefined) return { key, value: settings.defaults[key], source: 'default' };
  if (DOCUMENTED_DEFAULTS[key] !== undefined) return { key, value: DOCUMENTED_DEFAULTS[key], source: 'documented default' };
  return { key, value: undefined, source: undefined };
}

export function describeSource(source: SettingSource | undefined): string {
  switch (source) {
    case 'transient':
      return 'transient setting';
    case 'persistent':
      return 'persistent setting';
    case 'default':
      return 'default';
    case 'documented default':
      return 'default (Elasticsearch’s; not reported by the server)';
    default:
      return 'not set';
  }
}

export const WATERMARK_LEVELS = ['low', 'high', 'flood_stage'] as const;
export type WatermarkLevel = (typeof WATERMARK_LEVELS)[number];

export const watermarkKey = (level: WatermarkLevel) => `cluster.routing.allocation.disk.watermark.${level}`;

export interface WatermarkPoint {
  readonly level: WatermarkLevel;
  readonly setting: EffectiveSetting;
  /** The share of the disk in use at which the watermark is passed. */
  readonly usedPercent: number | undefined;
  /** Whether the disk is past it now. */
  readonly exceeded: boolean | undefined;
}

/**
 * A watermark as a point on the disk: a percentage or ratio of used disk (`90%`, `0.9`), or a byte amount of free
 * disk (`500mb`), which on a disk of `totalBytes` is passed at (total − free) / total used.
 */
export function watermarkPoint(level: WatermarkLevel, setting: EffectiveSetting, totalBytes: number | undefined, usedBytes: number | undefined): WatermarkPoint {
  const raw = setting.value?.trim() ?? '';
  let usedPercent = readRatioPercent(raw);
  let exceeded: boolean | undefined;
  const usedNow = totalBytes !== undefined && usedBytes !== undefined ? (totalBytes === 0 ? 100 : (usedBytes / totalBytes) * 100) : undefined;
  if (usedPercent !== undefined) {
    exceeded = usedNow === undefined ? undefined : usedNow > usedPercent;
  } else {
    const freeBytes = parseByteSize(raw);
    if (freeBytes !== undefined && totalBytes !== undefined && totalBytes > 0) {
      usedPercent = Math.max(0, ((totalBytes - freeBytes) / totalBytes) * 100);
      exceeded = usedBytes === undefined ? undefined : totalBytes - usedBytes < freeBytes;
    }
  }
  return { level, setting, usedPercent, exceeded };
}
