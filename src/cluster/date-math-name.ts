/**
 * @module Index names with date math (`<logs-{now/d}-000001>`), resolved as ES's DateMathExpressionResolver does: text
 * between `<` and `>`, with `{…}` placeholders holding date math on `now`, an optional `{format|time_zone}`, and `\`
 * escaping. The default format is `uuuu.MM.dd`, in UTC. Formats take the pattern letters index names use (years,
 * months, days, hours, minutes, seconds, quoted text); time zones are `UTC`/`Z`, offsets (`+01:00`) and IANA names.
 */
import { ClusterError } from './cluster-error.js';

const DEFAULT_FORMAT = 'uuuu.MM.dd';

function parseError(reason: string): ClusterError {
  return new ClusterError('parse_exception', 400, reason);
}

/** Whether `name` is a date math expression at all. */
export function isDateMathName(name: string): boolean {
  return name.startsWith('<') && name.endsWith('>');
}

/** `+01:00`, `-0530`, `GMT+01:00`'s sign and digits, as milliseconds; undefined when `text` is none. */
function offsetMillis(text: string): number | undefined {
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(text);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : undefined;
}

/** The offset of `zone` from UTC at `millis`, in milliseconds. */
function zoneOffset(zone: string, millis: number, expression: string): number {
  if (zone === 'UTC' || zone === 'Z' || zone === 'GMT') return 0;
  const fixed = offsetMillis(zone);
  if (fixed !== undefined) return fixed;
  let name: string | undefined;
  try {
    // Intl names the zone's offset at that instant: "GMT+01:00", or "GMT" for none.
    name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(millis).find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    name = undefined;
  }
  const offset = name === 'GMT' ? 0 : name?.startsWith('GMT') ? offsetMillis(name.slice(3)) : undefined;
  if (offset === undefined) throw parseError(`invalid dynamic name expression [${expression}]. unknown time zone [${zone}]`);
  return offset;
}

/** A wall-clock date in UTC fields (the zone's offset already applied). */
function fields(local: number): { y: number; M: number; d: number; H: number; m: number; s: number } {
  const date = new Date(local);
  return { y: date.getUTCFullYear(), M: date.getUTCMonth() + 1, d: date.getUTCDate(), H: date.getUTCHours(), m: date.getUTCMinutes(), s: date.getUTCSeconds() };
}

/** ES's date math on `now` (`now`, `+1d`, `-2h`, `/M`…), in wall-clock time of the zone: the result's local millis. */
function evaluate(math: string, local: number, expression: string): number {
  const match = /^now((?:[+-]\d+[yMwdhHms]|\/[yMwdhHms])*)$/.exec(math);
  if (!match) throw parseError(`invalid dynamic name expression [${expression}]. could not parse date math [${math}]: only now, with +<n><unit>, -<n><unit> and /<unit>, is supported`);
  let date = new Date(local);
  for (const [, sign, amount, unit, roundTo] of match[1]!.matchAll(/([+-])(\d+)([yMwdhHms])|\/([yMwdhHms])/g)) {
    if (roundTo === undefined) {
      date = addUnits(date, (sign === '-' ? -1 : 1) * Number(amount), unit!);
      continue;
    }
    const f = fields(date.getTime());
    const weekday = (date.getUTCDay() + 6) % 7;
    const rounded: Record<string, number> = {
      y: Date.UTC(f.y, 0, 1),
      M: Date.UTC(f.y, f.M - 1, 1),
      w: Date.UTC(f.y, f.M - 1, f.d - weekday),
      d: Date.UTC(f.y, f.M - 1, f.d),
      h: Date.UTC(f.y, f.M - 1, f.d, f.H),
      H: Date.UTC(f.y, f.M - 1, f.d, f.H),
      m: Date.UTC(f.y, f.M - 1, f.d, f.H, f.m),
      s: Date.UTC(f.y, f.M - 1, f.d, f.H, f.m, f.s),
    };
    date = new Date(rounded[roundTo]!);
  }
  return date.getTime();
}

function addUnits(date: Date, n: number, unit: string): Date {
  const out = new Date(date.getTime());
  switch (unit) {
    case 'y':
      out.setUTCFullYear(out.getUTCFullYear() + n);
      break;
    case 'M':
      out.setUTCMonth(out.getUTCMonth() + n);
      break;
    case 'w':
      out.setUTCDate(out.getUTCDate() + 7 * n);
      break;
    case 'd':
      out.setUTCDate(out.getUTCDate() + n);
      break;
    case 'h':
    case 'H':
      out.setUTCHours(out.getUTCHours() + n);
      break;
    case 'm':
      out.setUTCMinutes(out.getUTCMinutes() + n);
      break;
    case 's':
      out.setUTCSeconds(out.getUTCSeconds() + n);
      break;
  }
  return out;
}

/** Prints local millis with a java.time pattern, for the letters index names use. */
function format(local: number, pattern: string, expression: string): string {
  const f = fields(local);
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end < 0) throw parseError(`invalid dynamic name expression [${expression}]. unterminated quote in date format [${pattern}]`);
      out += end === i + 1 ? "'" : pattern.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (!/[A-Za-z]/.test(c)) {
      out += c;
      i++;
      continue;
    }
    let run = 1;
    while (pattern[i + run] === c) run++;
    const value = { y: f.y, u: f.y, Y: f.y, M: f.M, d: f.d, H: f.H, m: f.m, s: f.s }[c as 'y'];
    if (value === undefined) throw parseError(`invalid dynamic name expression [${expression}]. unsupported letter [${c}] in date format [${pattern}]`);
    out += (c === 'y' || c === 'u' || c === 'Y') && run === 2 ? pad(value % 100, 2) : pad(value, run);
    i += run;
  }
  return out;
}

/** The name `expression` stands for at `now`; a name that is no date math is itself. */
export function resolveDateMathName(expression: string, now: number): string {
  if (!isDateMathName(expression)) return expression;
  // Java's new String(text, 1, length - 1), which ES's messages quote: everything after the '<'.
  const quoted = expression.slice(1);
  let escape = false;
  let inDateFormat = false;
  let inPlaceHolder = false;
  let before = '';
  let placeholder = '';
  for (let i = 1; i < expression.length - 1; i++) {
    const escaped = escape;
    escape = false;
    const c = expression[i]!;
    if (c === '\\') {
      if (escaped) before += c;
      else escape = true;
      continue;
    }
    if (inPlaceHolder) {
      if (c === '{') {
        if (inDateFormat && escaped) placeholder += c;
        else if (!inDateFormat) {
          inDateFormat = true;
          placeholder += c;
        } else throw parseError(`invalid dynamic name expression [${quoted}]. invalid character in placeholder at position [${i}]`);
      } else if (c === '}') {
        if (inDateFormat && escaped) placeholder += c;
        else if (inDateFormat) {
          inDateFormat = false;
          placeholder += c;
        } else {
          before += placeholderValue(placeholder, now);
          placeholder = '';
          inPlaceHolder = false;
        }
      } else placeholder += c;
    } else if (c === '{' && !escaped) inPlaceHolder = true;
    else if (c === '}' && !escaped) {
      throw parseError(
        `invalid dynamic name expression [${quoted}]. invalid character at position [${i}]. \`{\` and \`}\` are reserved characters and should be escaped when used as part of the index name using \`\\\` (e.g. \`\\{text\\}\`)`,
      );
    } else before += c;
  }
  if (inPlaceHolder) throw parseError(`invalid dynamic name expression [${quoted}]. date math placeholder is open ended`);
  if (before.length === 0) throw parseError('nothing captured');
  return before;
}

/** One `{math}` or `{math{format|zone}}` placeholder's text at `now`. */
function placeholderValue(placeholder: string, now: number): string {
  const left = placeholder.indexOf('{');
  let math = placeholder;
  let pattern = DEFAULT_FORMAT;
  let zone = 'UTC';
  if (left >= 0) {
    if (placeholder.lastIndexOf('}') !== placeholder.length - 1) throw parseError(`invalid dynamic name expression [${placeholder}]. missing closing \`}\` for date math format`);
    if (left === placeholder.length - 2) throw parseError(`invalid dynamic name expression [${placeholder}]. missing date format`);
    math = placeholder.slice(0, left);
    const formatAndZone = placeholder.slice(left + 1, -1);
    const bar = formatAndZone.indexOf('|');
    pattern = bar < 0 ? formatAndZone : formatAndZone.slice(0, bar);
    if (bar >= 0) zone = formatAndZone.slice(bar + 1);
  }
  const offset = zoneOffset(zone, now, placeholder);
  return format(evaluate(math, now + offset, placeholder), pattern, placeholder);
}

/**
 * An index expression (`a,<logs-{now/d}>,-<old-{now/d-1d}>`) with each date math part resolved at `now`, as ES's
 * DateMathExpressionResolver does before wildcards are expanded: a resolved part is a name, or a pattern when it holds `*`.
 */
export function resolveDateMathExpression(expression: string, now: number): string {
  if (!expression.includes('<')) return expression;
  return expression
    .split(',')
    .map((part) => (part.startsWith('-') && isDateMathName(part.slice(1)) ? `-${resolveDateMathName(part.slice(1), now)}` : resolveDateMathName(part, now)))
    .join(',');
}
