/** @module date_histogram's body (DateHistogramAggregationBuilder with DateIntervalWrapper): one of calendar_interval or fixed_interval. */
import { ClusterError } from '../../cluster-error.js';
import { isKnownZone } from '../../mappings/time-zones.js';
import type { JsonObject } from '../dsl/dsl-values.js';
import type { AggSpec, CalendarUnit } from './agg-model.js';
import { illegal } from './agg-errors.js';
import { bool, checkMembers, fieldOf, int, str } from './agg-members.js';
import { readBounds } from './parse-bucket-aggs.js';

const CALENDAR: Readonly<Record<string, CalendarUnit>> = {
  minute: 'minute', '1m': 'minute', hour: 'hour', '1h': 'hour', day: 'day', '1d': 'day', week: 'week', '1w': 'week',
  month: 'month', '1M': 'month', quarter: 'quarter', '1q': 'quarter', year: 'year', '1y': 'year',
};

const UNIT_MILLIS: Readonly<Record<string, number>> = { nanos: 1e-6, micros: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** TimeValue.parseTimeValue: a whole number with a unit. */
export function timeValueMillis(text: string, setting: string): number {
  const match = /^(-?\d+(?:\.\d+)?)\s*(nanos|micros|ms|s|m|h|d)$/.exec(text.trim());
  if (!match) throw new ClusterError('parse_exception', 400, `failed to parse setting [${setting}] with value [${text}] as a time value: unit is missing or unrecognized`);
  return Number(match[1]) * UNIT_MILLIS[match[2]!]!;
}

/** `offset`: milliseconds, or a signed time value (`+6h`, `-1d`). */
function offsetOf(value: unknown): number {
  if (value === undefined) return 0;
  if (typeof value === 'number') return value;
  const text = String(value);
  const sign = text.startsWith('-') ? -1 : 1;
  return sign * timeValueMillis(text.replace(/^[+-]/, ''), 'date_histogram.offset');
}

export function parseDateHistogram(body: JsonObject, name: string): AggSpec {
  checkMembers('date_histogram', body, ['field', 'calendar_interval', 'fixed_interval', 'time_zone', 'format', 'offset', 'min_doc_count', 'extended_bounds', 'hard_bounds', 'keyed'], ['script', 'missing', 'order', 'interval']);
  const calendarText = str('date_histogram', body, 'calendar_interval');
  const fixedText = str('date_histogram', body, 'fixed_interval');
  if (calendarText !== undefined && fixedText !== undefined) throw illegal('Cannot use [fixed_interval] with [calendar_interval] configuration option.');
  let calendar: CalendarUnit | undefined;
  let fixedMillis: number | undefined;
  if (calendarText !== undefined) {
    calendar = CALENDAR[calendarText];
    if (!calendar) throw illegal(`The supplied interval [${calendarText}] could not be parsed as a calendar interval.`);
  } else if (fixedText !== undefined) {
    fixedMillis = timeValueMillis(fixedText, 'date_histogram.fixedInterval');
    if (!(fixedMillis >= 1)) throw illegal(`Zero or negative time interval not supported`);
  }
  const timeZone = str('date_histogram', body, 'time_zone');
  if (timeZone !== undefined && !isKnownZone(timeZone)) throw illegal(`Unknown time-zone ID: ${timeZone}`);
  const minDocCount = int('date_histogram', body, 'min_doc_count') ?? 0;
  if (minDocCount < 0) throw illegal(`[minDocCount] must be greater than or equal to 0. Found [${minDocCount}] in [${name}]`);
  const format = str('date_histogram', body, 'format');
  const extendedBounds = readBounds('date_histogram', 'extended_bounds', body.extended_bounds);
  const hardBounds = readBounds('date_histogram', 'hard_bounds', body.hard_bounds);
  return {
    type: 'date_histogram',
    field: fieldOf('date_histogram', body),
    ...(calendar && { calendar }),
    ...(fixedMillis !== undefined && { fixedMillis }),
    interval: calendarText ?? fixedText ?? '',
    ...(timeZone !== undefined && { timeZone }),
    ...(format !== undefined && { format }),
    offset: offsetOf(body.offset),
    minDocCount,
    ...(extendedBounds && { extendedBounds }),
    ...(hardBounds && { hardBounds }),
    keyed: bool('date_histogram', body, 'keyed') ?? false,
  };
}
