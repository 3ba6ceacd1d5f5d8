/**
 * @module The instant a `date` field stores for a document value, and how ES renders an instant in a format. Range
 * queries' date math (date-math.ts) is re-exported here, so that date values have one entry point.
 */
import { cachedDateFormat, DEFAULT_DATE_FORMAT } from './date-formats.js';
import { parseWithFormat } from './date-parsing.js';
import { printDate } from './date-printing.js';

export { parseDateMath } from './date-math.js';
export { parseWithFormat } from './date-parsing.js';

/** The instant (epoch milliseconds) a date field with `format` stores for a document value; undefined if none. */
export function toEpochMillis(formatText: string, value: string | number): number | undefined {
  return parseWithFormat(formatText, value);
}

/** How ES renders `millis` in `formatText` (its first alternative), in UTC. */
export function formatEpochMillis(formatText: string = DEFAULT_DATE_FORMAT, millis: number): string {
  const first = formatText.split('||')[0]!;
  if (first === 'epoch_millis') return String(millis);
  if (first === 'epoch_second') {
    const seconds = Math.floor(millis / 1000);
    const rest = millis - seconds * 1000;
    return rest === 0 ? String(seconds) : `${seconds}.${String(rest).padStart(3, '0').replace(/0+$/, '')}`;
  }
  if (typeof cachedDateFormat(first) === 'string') throw new Error(`Invalid format: [${formatText}]`);
  return printDate(first, millis);
}
