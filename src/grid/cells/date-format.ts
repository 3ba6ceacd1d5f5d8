/** @module Date cells: seconds since the epoch shown, and entered, as wall-clock dates and times in a field's IANA time zone. */
import { DateFormat, TimeFormat, type DateTypeOption } from '../../gen/tessera/grid/v1/type_option_pb.js';
import { GridError } from '../grid-error.js';

/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the range is fixed in UTC so no zone makes a stored value invalid. */
export const MIN_TIMESTAMP = -62135596800n;
export const MAX_TIMESTAMP = 253402300799n;

const SECONDS_PER_DAY = 86_400;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Names come from requests, so the caches are bounded: past the limit they start over. */
const CACHE_LIMIT = 1_000;
const zoneValidity = new Map<string, boolean>();
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

function zoneName(timeZone: string): string {
  return timeZone === '' ? 'UTC' : timeZone;
}

/** '' (UTC) or a name Intl knows ("Europe/Paris", "UTC"). */
export function isTimeZone(name: string): boolean {
  const known = zoneValidity.get(name);
  if (known !== undefined) return known;
  let valid = true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zoneName(name) });
  } catch {
    valid = false;
  }
  return remember(zoneValidity, name, valid);
}

function shown(value: string): string {
  return JSON.stringify(value.length > 70 ? `${value.slice(0, 67)}...` : value);
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const cached = zoneFormatters.get(timeZone);
  if (cached !== undefined) return cached;
  if (!isTimeZone(timeZone)) throw new GridError('InvalidData', `time zone ${shown(timeZone)} is not an IANA time zone`);
  // h23: 'h24' or hour12 would show midnight as 24. The era tells year 1 from 1 BC one zone west of UTC.
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone: zoneName(timeZone),
    era: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  return remember(zoneFormatters, timeZone, formatter);
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The proleptic-Gregorian wall clock, read as if it were UTC, in seconds: offsets become plain subtraction. */
function wallSeconds(wall: WallClock): number {
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0..99 to 1900..1999.
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return date.getTime() / 1000;
}

function wallClockOf(seconds: number): WallClock {
  const date = new Date(seconds * 1000);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

/** Seconds to add to UTC to get the zone's wall clock at that instant (LMT offsets have seconds). */
function offsetAt(instant: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  let bc = false;
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant * 1000))) {
    if (part.type === 'era') bc = part.value !== 'AD';
    else if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const year = fields['year'] ?? 0;
  const wall: WallClock = {
    year: bc ? 1 - year : year,
    month: fields['month'] ?? 1,
    day: fields['day'] ?? 1,
    hour: fields['hour'] ?? 0,
    minute: fields['minute'] ?? 0,
    second: fields['second'] ?? 0,
  };
  return wallSeconds(wall) - instant;
}

function checkRange(timestamp: bigint): number {
  if (timestamp < MIN_TIMESTAMP || timestamp > MAX_TIMESTAMP) {
    throw new GridError('InvalidData', `timestamp ${timestamp} is out of range`);
  }
  return Number(timestamp);
}

function wallClockAt(instant: number, timeZone: string): WallClock {
  return wallClockOf(instant + offsetAt(instant, timeZone));
}

/**
 * The instant the zone's clocks show `local` (wall seconds). Offsets a day either side bracket any single
 * transition: in a gap the answer is the first instant after it, and of two instants the earlier.
 */
function instantOfWall(local: number, timeZone: string): number {
  const before = offsetAt(local - SECONDS_PER_DAY, timeZone);
  const after = offsetAt(local + SECONDS_PER_DAY, timeZone);
  const candidates = [local - before, local - after].filter((instant) => offsetAt(instant, timeZone) === local - instant);
  if (candidates.length > 0) return Math.min(...candidates);
  return firstInstantAfterGap(local - after, local - before, before, timeZone);
}

/** Between `low` (still at the old offset) and `high` (already past it), the instant the offset changes. */
function firstInstantAfterGap(low: number, high: number, oldOffset: number, timeZone: string): number {
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(middle, timeZone) === oldOffset) low = middle;
    else high = middle;
  }
  return high;
}

const pad2 = (value: number): string => String(value).padStart(2, '0');

function dateText(wall: WallClock, format: DateFormat): string {
  const year = String(wall.year).padStart(4, '0');
  const month = pad2(wall.month);
  const day = pad2(wall.day);
  switch (format) {
    case DateFormat.US:
      return `${month}/${day}/${year}`;
    case DateFormat.ISO:
      return `${year}-${month}-${day}`;
    case DateFormat.Friendly:
      // AppFlowy's "%b %d,%Y", without a space after the comma.
      return `${MONTHS[wall.month - 1] ?? ''} ${day},${year}`;
    default:
      return `${year}/${month}/${day}`;
  }
}

function timeText(wall: WallClock, format: TimeFormat): string {
  if (format === TimeFormat.TwentyFourHour) return `${pad2(wall.hour)}:${pad2(wall.minute)}`;
  const hour12 = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  return `${pad2(hour12)}:${pad2(wall.minute)} ${wall.hour < 12 ? 'AM' : 'PM'}`;
}

/** The date and time a Date cell shows; `time` is '' unless the field includes the time. */
export function formatDateCell(timestamp: bigint, option: DateTypeOption): { date: string; time: string } {
  const wall = wallClockAt(checkRange(timestamp), option.timeZone);
  return {
    date: dateText(wall, option.dateFormat),
    time: option.includeTime ? timeText(wall, option.timeFormat) : '',
  };
}

/** A Date cell's display text. */
export function dateCellContent(timestamp: bigint, option: DateTypeOption): string {
  const { date, time } = formatDateCell(timestamp, option);
  return option.includeTime ? `${date} ${time}` : date;
}

function midnightAfter(wall: WallClock, days: number): number {
  return wallSeconds({ ...wall, day: wall.day + days, hour: 0, minute: 0, second: 0 });
}

/** The first and last second of the zone's calendar day holding `timestamp`: 23 or 25 hours on DST days. */
export function dayBounds(timestamp: bigint, timeZone: string): { start: bigint; end: bigint } {
  const wall = wallClockAt(checkRange(timestamp), timeZone);
  const start = instantOfWall(midnightAfter(wall, 0), timeZone);
  const next = instantOfWall(midnightAfter(wall, 1), timeZone);
  return { start: BigInt(start), end: BigInt(next - 1) };
}

const TIME_24 = /^(\d{1,2}):(\d{2})$/;
const TIME_12 = /^(\d{1,2}):(\d{2}) ?([ap]m)$/i;

/** Hours and minutes of a wall time typed in the field's time format, or undefined. */
function parseWallTime(time: string, timeFormat: TimeFormat): { hour: number; minute: number } | undefined {
  const twelve = timeFormat !== TimeFormat.TwentyFourHour;
  const match = (twelve ? TIME_12 : TIME_24).exec(time.trim());
  if (match === null) return undefined;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (minute > 59) return undefined;
  if (!twelve) return hour <= 23 ? { hour, minute } : undefined;
  if (hour < 1 || hour > 12) return undefined;
  const pm = match[3]?.toLowerCase() === 'pm';
  return { hour: (hour % 12) + (pm ? 12 : 0), minute };
}

function notATime(time: string, timeFormat: TimeFormat, label: string): GridError {
  const [name, example] = timeFormat === TimeFormat.TwentyFourHour ? ['24-hour', '13:05'] : ['12-hour', '01:05 PM'];
  return new GridError('InvalidDateTimeFormat', `${label} ${shown(time)} is not a time in the field's ${name} format ("${example}")`);
}

/**
 * The same calendar day (in the zone) as `timestamp`, at the wall time typed, second 0. A time the clocks
 * skip gives the first instant after the gap; a time they show twice, the earlier.
 */
export function withTime(timestamp: bigint, time: string, timeFormat: TimeFormat, timeZone: string, label: string): bigint {
  const wallTime = parseWallTime(time, timeFormat);
  if (wallTime === undefined) throw notATime(time, timeFormat, label);
  const wall = wallClockAt(checkRange(timestamp), timeZone);
  const local = wallSeconds({ ...wall, ...wallTime, second: 0 });
  // On the first or last day of the range, an earlier or later time of that day can fall outside it.
  const result = BigInt(instantOfWall(local, timeZone));
  checkRange(result);
  return result;
}

/** Seconds since the epoch as AppFlowy sends a date: a decimal integer string. */
export function parseTimestamp(input: string, label: string): bigint {
  // Twenty characters hold every timestamp in range; the check spares BigInt a megabyte of digits.
  const timestamp = input.length <= 20 && /^-?\d+$/.test(input) ? BigInt(input) : undefined;
  if (timestamp === undefined || timestamp < MIN_TIMESTAMP || timestamp > MAX_TIMESTAMP) {
    throw new GridError('InvalidDateTimeFormat', `${label} ${shown(input)} is not a timestamp in seconds`);
  }
  return timestamp;
}
