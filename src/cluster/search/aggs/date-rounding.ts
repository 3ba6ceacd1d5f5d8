/**
 * @module date_histogram's rounding (Rounding.TimeUnitRounding and TimeIntervalRounding): an instant down to the
 * start of its bucket in the time zone's wall-clock time, the bucket after a key, and, where every bucket has one
 * length in UTC (fixed intervals, units up to a week in a fixed-offset zone), that length and origin for SQL.
 */
import { fixedOffsetMillis, localToInstant, offsetAt } from '../../mappings/time-zones.js';
import type { AggSpec, CalendarUnit } from './agg-model.js';

type DateHistogramSpec = Extract<AggSpec, { type: 'date_histogram' }>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 1970-01-05, the first Monday after the epoch: weeks start on Mondays. */
const MONDAY = 4 * DAY;
const FIXED_UNITS: Partial<Record<CalendarUnit, number>> = { minute: MINUTE, hour: HOUR, day: DAY, week: 7 * DAY };

export interface DateRounding {
  round(utc: number): number;
  next(key: number): number;
  /** The bucket length and origin in UTC when all buckets share them. */
  readonly fixed?: { readonly interval: number; readonly origin: number };
}

function floorLocal(local: number, unit: CalendarUnit): number {
  const d = new Date(local);
  const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
  switch (unit) {
    case 'minute':
      return Math.floor(local / MINUTE) * MINUTE;
    case 'hour':
      return Math.floor(local / HOUR) * HOUR;
    case 'day':
      return Math.floor(local / DAY) * DAY;
    case 'week':
      return Math.floor((local - MONDAY) / (7 * DAY)) * 7 * DAY + MONDAY;
    case 'month':
      return Date.UTC(y, m, 1);
    case 'quarter':
      return Date.UTC(y, m - (m % 3), 1);
    case 'year':
      return Date.UTC(y, 0, 1);
  }
}

function addLocal(local: number, unit: CalendarUnit): number {
  const d = new Date(local);
  switch (unit) {
    case 'month':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    case 'quarter':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 3, 1);
    case 'year':
      return Date.UTC(d.getUTCFullYear() + 1, 0, 1);
    default:
      return local + FIXED_UNITS[unit]!;
  }
}

export function dateRounding(spec: DateHistogramSpec): DateRounding {
  const zone = spec.timeZone ?? 'Z';
  const fixedZone = fixedOffsetMillis(zone);
  const offset = spec.offset;
  const interval = spec.fixedMillis ?? (spec.calendar ? FIXED_UNITS[spec.calendar] : undefined);
  if (interval !== undefined && fixedZone !== undefined) {
    // Buckets start at the zone's wall-clock multiples of the interval (weeks on Mondays), shifted by `offset`.
    const origin = (spec.calendar === 'week' ? MONDAY : 0) + offset - fixedZone;
    return { round: (utc) => Math.floor((utc - origin) / interval) * interval + origin, next: (key) => key + interval, fixed: { interval, origin } };
  }
  if (spec.fixedMillis !== undefined) {
    const i = spec.fixedMillis;
    const round = (utc: number) => {
      const tz = offsetAt(zone, utc);
      return Math.floor((utc + tz - offset) / i) * i + offset - tz;
    };
    return { round, next: (key) => round(key + i) };
  }
  const unit = spec.calendar!;
  const base = (utc: number) => {
    const tz = offsetAt(zone, utc);
    return localToInstant(zone, floorLocal(utc + tz, unit), tz);
  };
  const next = (utc: number) => {
    const tz = offsetAt(zone, utc);
    return localToInstant(zone, addLocal(floorLocal(utc + tz, unit), unit), tz);
  };
  return { round: (utc) => base(utc - offset) + offset, next: (key) => next(key - offset) + offset };
}
