/**
 * @module Date math in range queries, as ES's JavaDateMathParser evaluates it: `now` or `<date>||` followed by
 * `+<n><unit>`, `-<n><unit>` and `/<unit>`, in the query's time zone. Rounding goes down, or, for the bounds ES
 * rounds up (`gt`, `lte`), to the last millisecond of the unit. Errors are ES's parse_exceptions, word for word.
 */
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import { DEFAULT_DATE_FORMAT } from './date-formats.js';
import { localMillis, parseWithFormat } from './date-parsing.js';
import { isKnownZone, localToInstant, offsetAt } from './time-zones.js';

/** A ZonedDateTime: its wall-clock time (written as UTC millis) and the offset in force. */
type Zoned = { local: number; offset: number };

const ofInstant = (zone: string, instant: number): Zoned => {
  const offset = offsetAt(zone, instant);
  return { local: instant + offset, offset };
};
/** Local-time changes keep the current offset when it is still valid (ZonedDateTime.resolveLocal). */
const withLocal = (zone: string, current: Zoned, local: number): Zoned => ofInstant(zone, localToInstant(zone, local, current.offset));
/** Time-unit arithmetic happens on the instant (ZonedDateTime.plusHours and the like). */
const plusInstant = (zone: string, current: Zoned, millis: number): Zoned => ofInstant(zone, current.local - current.offset + millis);

type Fields = { y: number; M: number; d: number; H: number; m: number; s: number; ms: number };
function fieldsOf(local: number): Fields {
  const date = new Date(local);
  return { y: date.getUTCFullYear(), M: date.getUTCMonth() + 1, d: date.getUTCDate(), H: date.getUTCHours(), m: date.getUTCMinutes(), s: date.getUTCSeconds(), ms: date.getUTCMilliseconds() };
}

const daysIn = (year: number, month: number) => new Date(localMillis(year, month + 1, 0)).getUTCDate();

/** LocalDateTime.plusMonths: the day is clamped to the new month's length. */
function plusMonths(local: number, months: number): number {
  const f = fieldsOf(local);
  const total = f.y * 12 + (f.M - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  return localMillis(year, month, Math.min(f.d, daysIn(year, month)), f.H, f.m, f.s, f.ms);
}

const DAY = 86_400_000;

/** One step of date math on `dt`; `round` for `/unit`. */
function step(zone: string, dt: Zoned, unit: string, round: boolean, amount: number, roundUp: boolean, mathString: string): Zoned {
  const f = fieldsOf(dt.local);
  const startOfDay = localMillis(f.y, f.M, f.d);
  switch (unit) {
    case 'y':
      if (!round) return withLocal(zone, dt, plusMonths(dt.local, 12 * amount));
      dt = withLocal(zone, dt, localMillis(f.y, 1, 1));
      return roundUp ? withLocal(zone, dt, plusMonths(dt.local, 12)) : dt;
    case 'M':
      if (!round) return withLocal(zone, dt, plusMonths(dt.local, amount));
      dt = withLocal(zone, dt, localMillis(f.y, f.M, 1));
      return roundUp ? withLocal(zone, dt, plusMonths(dt.local, 1)) : dt;
    case 'w':
      if (!round) return withLocal(zone, dt, dt.local + 7 * DAY * amount);
      dt = withLocal(zone, dt, startOfDay - ((new Date(startOfDay).getUTCDay() + 6) % 7) * DAY);
      return roundUp ? withLocal(zone, dt, dt.local + 7 * DAY) : dt;
    case 'd':
      if (!round) return withLocal(zone, dt, dt.local + DAY * amount);
      dt = withLocal(zone, dt, startOfDay);
      return roundUp ? withLocal(zone, dt, dt.local + DAY) : dt;
    case 'h':
    case 'H':
      if (!round) return plusInstant(zone, dt, 3_600_000 * amount);
      dt = withLocal(zone, dt, localMillis(f.y, f.M, f.d, f.H));
      return roundUp ? plusInstant(zone, dt, 3_600_000) : dt;
    case 'm':
      if (!round) return plusInstant(zone, dt, 60_000 * amount);
      dt = withLocal(zone, dt, localMillis(f.y, f.M, f.d, f.H, f.m));
      return roundUp ? plusInstant(zone, dt, 60_000) : dt;
    case 's':
      if (!round) return plusInstant(zone, dt, 1000 * amount);
      dt = withLocal(zone, dt, localMillis(f.y, f.M, f.d, f.H, f.m, f.s));
      return roundUp ? plusInstant(zone, dt, 1000) : dt;
    default:
      throw ClusterErrors.parse(`unit [${unit}] not supported for date math [${mathString}]`);
  }
}

function evaluate(mathString: string, instant: number, roundUp: boolean, zone: string): number {
  let dt = ofInstant(zone, instant);
  for (let i = 0; i < mathString.length; ) {
    const c = mathString[i++]!;
    const round = c === '/';
    if (!round && c !== '+' && c !== '-') throw ClusterErrors.parse(`operator not supported for date math [${mathString}]`);
    if (i >= mathString.length) throw ClusterErrors.parse(`truncated date math [${mathString}]`);
    let amount = 1;
    if (/[0-9]/.test(mathString[i]!)) {
      const from = i;
      while (i < mathString.length && /[0-9]/.test(mathString[i]!)) i++;
      if (i >= mathString.length) throw ClusterErrors.parse(`truncated date math [${mathString}]`);
      amount = Number(mathString.slice(from, i));
      // Java's Integer.parseInt refuses what does not fit an int, with NumberFormatException's words.
      if (amount > 2_147_483_647) throw ClusterErrors.illegalArgument(`For input string: "${mathString.slice(from, i)}"`);
    }
    if (round && amount !== 1) throw ClusterErrors.parse(`rounding \`/\` can only be used on single unit types [${mathString}]`);
    const unit = mathString[i++]!;
    dt = step(zone, dt, unit, round, c === '-' ? -amount : amount, roundUp, mathString);
    // Rounded up: the last millisecond of the unit, the largest inclusive value.
    if (round && roundUp) dt = plusInstant(zone, dt, -1);
  }
  return dt.local - dt.offset;
}

function parseFailure(value: string, format: string): ClusterError {
  const inner = `failed to parse date field [${value}] with format [${format}]`;
  return new ClusterError('parse_exception', 400, `${inner}: [${inner}]`, {}, ClusterErrors.illegalArgument(inner));
}

function parseDateTime(value: string, format: string, roundUp: boolean, zone: string | undefined): number {
  if (value === '') throw ClusterErrors.parse('cannot parse empty datetime');
  const millis = parseWithFormat(format, value, roundUp, zone);
  if (millis === undefined) throw parseFailure(value, format);
  return millis;
}

/**
 * The instant a range query bound denotes: `now` (from `now()`) or a date in `formatText`, with date math after
 * `now` or `||`. `roundUp` for `gt` and `lte`. `timeZone` (an IANA id or an offset) applies to dates without their
 * own zone and to rounding, never to `now` itself.
 */
export function parseDateMath(text: string, now: () => number, roundUp: boolean, timeZone?: string, formatText: string = DEFAULT_DATE_FORMAT): number {
  if (timeZone !== undefined && !isKnownZone(timeZone)) throw ClusterErrors.illegalArgument(`Unknown time-zone ID: ${timeZone}`);
  const zone = timeZone ?? 'Z';
  let instant: number;
  let mathString: string;
  if (text.startsWith('now')) {
    instant = now();
    mathString = text.slice('now'.length);
  } else {
    const index = text.indexOf('||');
    if (index === -1) return parseDateTime(text, formatText, roundUp, timeZone);
    instant = parseDateTime(text.slice(0, index), formatText, false, timeZone);
    mathString = text.slice(index + 2);
  }
  return evaluate(mathString, instant, roundUp, zone);
}
