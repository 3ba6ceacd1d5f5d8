/**
 * @module Number cells as exact decimal strings: parsing what people type or paste, and the display text.
 *
 * A number is stored as the canonical decimal string parseDecimal returns, never as a float, so "12.50" and
 * 40-digit amounts survive unchanged. Display (always en-US, so the same bytes on every machine):
 * - Number: thousands separators; the stored fraction digits, or exactly `scale` of them when scale > 0.
 * - a currency: its symbol (`symbol` when set, else the format's own), then the grouped amount with 2 fraction
 *   digits (Yen and Won 0), or `scale` when scale > 0; a negative amount is "-$1,234.50".
 * - Percent: as Number, then "%".
 * Rounding is half away from zero (Intl's 'halfExpand'), a value that rounds to zero shows no minus sign,
 * and `sign_positive` and `name` do not change the text. An undeclared format number shows as Number.
 */
import { NumberTypeOption_NumberFormat as NumberFormat, type NumberTypeOption } from '../../gen/tessera/grid/v1/type_option_pb.js';
import { GridError } from '../grid-error.js';

export const MAX_DECIMAL_DIGITS = 40;

/**
 * A scale beyond the digits a value can hold adds only zeros; the cap keeps a stored uint32 scale of
 * billions from building a string of billions of characters.
 */
const MAX_DISPLAY_SCALE = MAX_DECIMAL_DIGITS;

const SYMBOLS: ReadonlyMap<NumberFormat, string> = new Map([
  [NumberFormat.USD, '$'],
  [NumberFormat.CanadianDollar, 'CA$'],
  [NumberFormat.EUR, '€'],
  [NumberFormat.Pound, '£'],
  [NumberFormat.Yen, '¥'],
  [NumberFormat.Ruble, '₽'],
  [NumberFormat.Rupee, '₹'],
  [NumberFormat.Won, '₩'],
  [NumberFormat.Yuan, 'CN¥'],
  [NumberFormat.Real, 'R$'],
  [NumberFormat.Lira, '₺'],
  [NumberFormat.Rupiah, 'Rp'],
  [NumberFormat.Franc, 'CHF'],
  [NumberFormat.HongKongDollar, 'HK$'],
  [NumberFormat.NewZealandDollar, 'NZ$'],
  [NumberFormat.Krona, 'kr'],
  [NumberFormat.NorwegianKrone, 'kr'],
  [NumberFormat.MexicanPeso, 'MX$'],
  [NumberFormat.Rand, 'R'],
  [NumberFormat.NewTaiwanDollar, 'NT$'],
  [NumberFormat.DanishKrone, 'kr.'],
  [NumberFormat.Baht, '฿'],
  [NumberFormat.Forint, 'Ft'],
  [NumberFormat.Koruna, 'Kč'],
  [NumberFormat.Shekel, '₪'],
  [NumberFormat.ChileanPeso, 'CLP$'],
  [NumberFormat.PhilippinePeso, '₱'],
  [NumberFormat.Dirham, 'AED'],
  [NumberFormat.ColombianPeso, 'COL$'],
  [NumberFormat.Riyal, 'SAR'],
  [NumberFormat.Ringgit, 'RM'],
  [NumberFormat.Leu, 'lei'],
  [NumberFormat.ArgentinePeso, 'ARS$'],
  [NumberFormat.UruguayanPeso, 'UYU$'],
]);

/** Currencies whose minor unit is not used in everyday amounts. */
const WHOLE_UNIT_CURRENCIES: ReadonlySet<NumberFormat> = new Set([NumberFormat.Yen, NumberFormat.Won]);

/** The format's own symbol; '' for Number, Percent and numbers the schema does not declare. */
export function currencySymbol(format: NumberFormat): string {
  return SYMBOLS.get(format) ?? '';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Longest first, so "CA$" is taken whole rather than failing on "CA". Any currency sign, optionally after a
// few capitals ("US$", "A$"), is accepted too: pasted amounts come from everywhere.
const SYMBOL_PATTERN = [...new Set(SYMBOLS.values())]
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .concat('[A-Z]{0,3}\\p{Sc}')
  .join('|');

const DECIMAL_INPUT = new RegExp(
  `^(?<sign1>[+-]?)(?:(?<symbol>${SYMBOL_PATTERN})\\s*)?(?<sign2>[+-]?)` +
    '(?:(?<int>\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.(?<frac1>\\d*))?|\\.(?<frac2>\\d+))' +
    '(?<percent>\\s*%)?$',
  'u',
);

function notADecimal(input: string, label: string): GridError {
  return new GridError('InvalidData', `${label} ${shown(input)} is not a decimal number`);
}

function shown(value: string): string {
  return JSON.stringify(value.length > 70 ? `${value.slice(0, 67)}...` : value);
}

/** The canonical exact decimal of what a person typed or pasted: "$1,234.50" → "1234.50", "-.5" → "-0.5". */
export function parseDecimal(input: string, label: string): string {
  const groups = DECIMAL_INPUT.exec(input.trim())?.groups;
  if (groups === undefined) throw notADecimal(input, label);
  const { sign1 = '', sign2 = '', symbol, percent } = groups;
  // "-$-5" and "$5%" say two contradictory things about the value.
  if ((sign1 !== '' && sign2 !== '') || (symbol !== undefined && percent !== undefined)) throw notADecimal(input, label);

  const integer = (groups.int ?? '0').replaceAll(',', '').replace(/^0+(?=\d)/, '');
  const fraction = groups.frac1 ?? groups.frac2 ?? '';
  const digits = (integer === '0' ? 0 : integer.length) + fraction.length;
  if (digits > MAX_DECIMAL_DIGITS) throw new GridError('InvalidData', `${label} has more than ${MAX_DECIMAL_DIGITS} digits`);

  const magnitude = fraction === '' ? integer : `${integer}.${fraction}`;
  const negative = (sign1 === '-' || sign2 === '-') && /[1-9]/.test(magnitude);
  return negative ? `-${magnitude}` : magnitude;
}

/** A float close to the decimal: good for ordering, never for storing. */
export function decimalToNumber(decimal: string): number {
  return Number(decimal);
}

interface DecimalParts {
  negative: boolean;
  integer: string;
  fraction: string;
}

function splitDecimal(decimal: string): DecimalParts {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (match === null) throw new GridError('InvalidData', `stored number ${shown(decimal)} is not a decimal number`);
  return { negative: match[1] === '-', integer: match[2] ?? '0', fraction: match[3] ?? '' };
}

/** Adds one to a string of digits: "0999" → "1000", "99" → "100". */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/** Rounds the magnitude to `places` fraction digits, half away from zero (the sign is kept apart). */
function roundTo(parts: DecimalParts, places: number): DecimalParts {
  const { integer, fraction } = parts;
  if (fraction.length <= places) return { ...parts, fraction: fraction.padEnd(places, '0') };
  const kept = integer + fraction.slice(0, places);
  const rounded = (fraction[places] ?? '0') >= '5' ? incrementDigits(kept) : kept;
  const cut = rounded.length - places;
  return { ...parts, integer: rounded.slice(0, cut), fraction: rounded.slice(cut) };
}

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The grouped amount and, separately, whether it shows a minus: a currency puts it before the symbol. */
function amountText(decimal: string, places: number | undefined): { minus: string; amount: string } {
  const parts = splitDecimal(decimal);
  const { negative, integer, fraction } = places === undefined ? parts : roundTo(parts, places);
  const grouped = groupThousands(integer.replace(/^0+(?=\d)/, ''));
  const amount = fraction === '' ? grouped : `${grouped}.${fraction}`;
  // "-0.00" after rounding reads as a bug; Intl's signDisplay 'negative' makes the same choice.
  return { minus: negative && /[1-9]/.test(amount) ? '-' : '', amount };
}

function displayScale(scale: number): number | undefined {
  return scale > 0 ? Math.min(scale, MAX_DISPLAY_SCALE) : undefined;
}

function currencyPlaces(format: NumberFormat, scale: number): number {
  return displayScale(scale) ?? (WHOLE_UNIT_CURRENCIES.has(format) ? 0 : 2);
}

/** The display text of a stored canonical decimal under a Number field's options. */
export function formatNumber(decimal: string, option: NumberTypeOption): string {
  const { format, scale } = option;
  const ownSymbol = currencySymbol(format);
  if (ownSymbol !== '') {
    const { minus, amount } = amountText(decimal, currencyPlaces(format, scale));
    return `${minus}${option.symbol === '' ? ownSymbol : option.symbol}${amount}`;
  }
  const { minus, amount } = amountText(decimal, displayScale(scale));
  return format === NumberFormat.Percent ? `${minus}${amount}%` : `${minus}${amount}`;
}
