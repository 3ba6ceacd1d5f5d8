/**
 * Instants as a date field shows them: the calendar date and time of day in the field's time zone (empty: UTC),
 * for the date and time inputs of the cell editor, and back to seconds since the epoch.
 */

function zoneOf(timeZone: string): string {
  return timeZone || 'UTC';
}

/** The wall-clock parts of `ms` in `timeZone`. */
function parts(ms: number, timeZone: string): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zoneOf(timeZone),
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const get = (type: string) => Number(format.formatToParts(new Date(ms)).find((p) => p.type === type)?.value ?? 0);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute'), s: get('second') };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `{date: 'YYYY-MM-DD', time: 'HH:MM'}` of `seconds` in `timeZone`. */
export function zonedInputs(seconds: bigint, timeZone: string): { date: string; time: string } {
  const p = parts(Number(seconds) * 1000, timeZone);
  return { date: `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}`, time: `${pad(p.h)}:${pad(p.mi)}` };
}

/** Seconds since the epoch of the wall-clock `date` ('YYYY-MM-DD') and `time` ('HH:MM', or '' for midnight) in `timeZone`. */
export function zonedSeconds(date: string, time: string, timeZone: string): bigint | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})/.exec(time || '00:00');
  if (!d || !t) return undefined;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // The zone's offset at the guessed instant, then once more at the corrected one (a daylight-saving change between).
  let ms = wall;
  for (let i = 0; i < 2; i++) {
    const p = parts(ms, timeZone);
    const shown = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
    ms = wall - (shown - ms);
  }
  return BigInt(Math.round(ms / 1000));
}
