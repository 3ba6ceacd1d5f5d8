/**
 * @module An instant as ISO 8601 (`2026-01-01T00:00:00.000Z`), for any millisecond count a Java long holds. Within
 * the JavaScript Date range this is `toISOString()`; beyond it (a long such as `index.lifecycle.origination_date`
 * may reach year 292278994) the date is computed from the day count, and the year is signed as java.time signs it.
 */

const DAY = 86_400_000;
/** The JavaScript Date range: ±100,000,000 days around the epoch. */
const DATE_LIMIT = 8.64e15;

/** Howard Hinnant's civil_from_days: the proleptic Gregorian year, month and day of a day count since 1970-01-01. */
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1_460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return [year, month, day];
}

export function isoInstant(millis: number): string {
  if (Math.abs(millis) <= DATE_LIMIT) return new Date(millis).toISOString();
  const days = Math.floor(millis / DAY);
  const [year, month, day] = civilFromDays(days);
  const ofDay = Math.min(DAY - 1, Math.max(0, Math.floor(millis - days * DAY)));
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(Math.floor(ofDay / 3_600_000))}:${two(Math.floor(ofDay / 60_000) % 60)}:${two(Math.floor(ofDay / 1_000) % 60)}.${String(ofDay % 1_000).padStart(3, '0')}`;
  return `${year < 0 ? '-' : '+'}${Math.abs(year)}-${two(month)}-${two(day)}T${time}Z`;
}

/** java.time's toString of an instant at UTC: seconds and milliseconds only where they are not zero (`2026-01-01T00:00Z`). */
export function javaUtcString(millis: number): string {
  return isoInstant(millis).replace(/\.000Z$/, 'Z').replace(/:00Z$/, 'Z');
}
