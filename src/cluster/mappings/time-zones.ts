/**
 * @module Time zones as java.time resolves them for dates: fixed offsets and IANA ids, a zone's offset at an
 * instant, and a wall-clock time placed in a zone the way ZonedDateTime.ofLocal does (gaps move the time forward by
 * the gap, overlaps keep the preferred offset when it is one of the two, else take the earlier).
 */

const HOUR = 3_600_000;

/** `Z`, `+01`, `+0100`, `+01:00`, `-5` (ZoneOffset.of's forms, with GMT/UTC prefixes) as milliseconds. */
export function fixedOffsetMillis(zone: string): number | undefined {
  if (zone === 'Z' || zone === 'UTC' || zone === 'GMT' || zone === 'UT') return 0;
  const match = /^(?:UTC|GMT|UT)?([+-])(\d{1,2})(?::?(\d{2}))?(?::?(\d{2}))?$/.exec(zone);
  if (!match) return undefined;
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3] ?? 0), Number(match[4] ?? 0)];
  if (hours > 18 || minutes > 59 || seconds > 59) return undefined;
  return (match[1] === '-' ? -1 : 1) * ((hours * 60 + minutes) * 60 + seconds) * 1000;
}

const FORMATTERS = new Map<string, Intl.DateTimeFormat | null>();

function formatter(zone: string): Intl.DateTimeFormat | null {
  let cached = FORMATTERS.get(zone);
  if (cached === undefined) {
    try {
      cached = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    } catch {
      cached = null;
    }
    if (FORMATTERS.size > 1_000) FORMATTERS.clear();
    FORMATTERS.set(zone, cached);
  }
  return cached;
}

/** Whether java.time would know `zone` (an offset or a region id). */
export function isKnownZone(zone: string): boolean {
  return fixedOffsetMillis(zone) !== undefined || formatter(zone) !== null;
}

/** The offset of `zone` from UTC at the instant `utcMillis`. */
export function offsetAt(zone: string, utcMillis: number): number {
  const fixed = fixedOffsetMillis(zone);
  if (fixed !== undefined) return fixed;
  const name = formatter(zone)?.formatToParts(utcMillis).find((p) => p.type === 'timeZoneName')?.value;
  if (name === undefined) throw new Error(`Unknown time-zone ID: ${zone}`);
  // Intl names the offset "GMT+01:00", or "GMT" for none.
  return name === 'GMT' ? 0 : fixedOffsetMillis(name.slice(3))!;
}

/**
 * The instant of the wall-clock time `localMillis` (a local date-time written as if it were UTC) in `zone`, as
 * ZonedDateTime.ofLocal resolves it with `preferredOffset`.
 */
export function localToInstant(zone: string, localMillis: number, preferredOffset = 0): number {
  const fixed = fixedOffsetMillis(zone);
  if (fixed !== undefined) return localMillis - fixed;
  // Offsets lie within -18h..+18h, so any offset valid for this local time is one in force within that window.
  const before = offsetAt(zone, localMillis - 18 * HOUR);
  const after = offsetAt(zone, localMillis + 18 * HOUR);
  const valid = [...new Set([before, after])].filter((offset) => offsetAt(zone, localMillis - offset) === offset);
  if (valid.length === 0) return localMillis - before; // a gap: later by the gap's length, i.e. the offset before it
  if (valid.includes(preferredOffset)) return localMillis - preferredOffset;
  return localMillis - Math.max(...valid); // an overlap: the earlier instant
}
