/** @module The pure number and date cell formats: exact parsing, display text, time zones and DST days. */
import { create } from '@bufbuild/protobuf';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DateFormat,
  DateTypeOptionSchema,
  NumberTypeOptionSchema,
  NumberTypeOption_NumberFormat as NumberFormat,
  TimeFormat,
  type DateTypeOption,
  type NumberTypeOption,
} from '../../src/gen/tessera/grid/v1/type_option_pb.js';
import {
  dateCellContent,
  dayBounds,
  formatDateCell,
  isTimeZone,
  MAX_TIMESTAMP,
  MIN_TIMESTAMP,
  parseTimestamp,
  withTime,
} from '../../src/grid/cells/date-format.js';
import { currencySymbol, decimalToNumber, formatNumber, parseDecimal } from '../../src/grid/cells/number-format.js';
import { GridError } from '../../src/grid/grid-error.js';

function throwsGridError(run: () => unknown, message: string): void {
  // Times and timestamps that do not parse are AppFlowy's InvalidDateTimeFormat (500); everything else InvalidData.
  const kind = / is not a (time|timestamp) /.test(message) ? 'InvalidDateTimeFormat' : 'InvalidData';
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof GridError, `expected a GridError, got ${String(error)}`);
    assert.equal(error.kind.name, kind);
    assert.equal(error.message, message);
    return true;
  });
}

function numberOption(format: NumberFormat, fields: Partial<Pick<NumberTypeOption, 'scale' | 'symbol' | 'signPositive' | 'name'>> = {}): NumberTypeOption {
  return create(NumberTypeOptionSchema, { format, ...fields });
}

function dateOption(fields: Partial<Pick<DateTypeOption, 'dateFormat' | 'timeFormat' | 'includeTime' | 'timeZone'>> = {}): DateTypeOption {
  return create(DateTypeOptionSchema, fields);
}

/** Seconds since the epoch of an ISO instant. */
function utc(iso: string): bigint {
  return BigInt(Date.parse(iso) / 1000);
}

describe('parseDecimal', () => {
  const canonical: [string, string][] = [
    ['0', '0'],
    ['42', '42'],
    ['+3', '3'],
    ['-7', '-7'],
    ['007', '7'],
    ['-007.50', '-7.50'],
    ['0.5', '0.5'],
    ['.5', '0.5'],
    ['-.5', '-0.5'],
    ['12.50', '12.50'],
    ['1.', '1'],
    ['-0', '0'],
    ['-0.00', '0.00'],
    ['+0.0', '0.0'],
    ['1,234', '1234'],
    ['1,234,567.891', '1234567.891'],
    ['  12.5  ', '12.5'],
    ['$1,234.50', '1234.50'],
    ['-$1,234.50', '-1234.50'],
    ['$-5', '-5'],
    ['€ 3', '3'],
    ['CA$10', '10'],
    ['US$3', '3'],
    ['CHF 12', '12'],
    ['Rp1,000', '1000'],
    ['12%', '12'],
    ['-12.5 %', '-12.5'],
    ['1234567890123456789012345.125', '1234567890123456789012345.125'],
  ];
  for (const [input, expected] of canonical) {
    it(`reads ${JSON.stringify(input)} as ${JSON.stringify(expected)}`, () => {
      assert.equal(parseDecimal(input, 'amount'), expected);
    });
  }

  const refused = [
    '',
    '   ',
    'abc',
    '1e5',
    '1E-3',
    'NaN',
    'Infinity',
    '-Infinity',
    '-',
    '+',
    '.',
    '$',
    '%',
    '1,23',
    '1,2345',
    ',123',
    '123,',
    '1,,234',
    '1.2.3',
    '1.2,3',
    '0x10',
    '--5',
    '+-5',
    '-$-5',
    '$5%',
    '5$',
    '1 234',
  ];
  for (const input of refused) {
    it(`refuses ${JSON.stringify(input)}`, () => {
      throwsGridError(() => parseDecimal(input, 'amount'), `amount ${JSON.stringify(input)} is not a decimal number`);
    });
  }

  it('takes 40 digits and refuses 41; leading zeros do not count, fraction digits do', () => {
    const forty = '1234567890'.repeat(4);
    assert.equal(parseDecimal(forty, 'amount'), forty);
    assert.equal(parseDecimal(`000${forty}`, 'amount'), forty);
    assert.equal(parseDecimal(`0.${forty}`, 'amount'), `0.${forty}`);
    assert.equal(parseDecimal(`${forty.slice(0, 20)}.${forty.slice(20)}`, 'amount'), `${forty.slice(0, 20)}.${forty.slice(20)}`);
    throwsGridError(() => parseDecimal(`${forty}1`, 'amount'), 'amount has more than 40 digits');
    throwsGridError(() => parseDecimal(`${forty}.0`, 'amount'), 'amount has more than 40 digits');
    throwsGridError(() => parseDecimal(`0.${forty}1`, 'amount'), 'amount has more than 40 digits');
  });

  it('shortens a long refused input in the message', () => {
    const input = 'x'.repeat(100);
    throwsGridError(() => parseDecimal(input, 'amount'), `amount ${JSON.stringify(`${'x'.repeat(67)}...`)} is not a decimal number`);
  });
});

describe('decimalToNumber', () => {
  it('is Number of the decimal', () => {
    assert.equal(decimalToNumber('-1234.50'), -1234.5);
    assert.equal(decimalToNumber('0'), 0);
    assert.equal(decimalToNumber('1234567890123456789012345'), 1.2345678901234568e24);
  });
});

describe('formatNumber', () => {
  it('groups a 25-digit decimal exactly, keeping the stored fraction digits', () => {
    assert.equal(formatNumber('1234567890123456789012345.125', numberOption(NumberFormat.Number)), '1,234,567,890,123,456,789,012,345.125');
    assert.equal(formatNumber('-1234567890123456789012345', numberOption(NumberFormat.Number)), '-1,234,567,890,123,456,789,012,345');
    assert.equal(formatNumber('12.50', numberOption(NumberFormat.Number)), '12.50');
    assert.equal(formatNumber('999', numberOption(NumberFormat.Number)), '999');
    assert.equal(formatNumber('0.5', numberOption(NumberFormat.Number)), '0.5');
  });

  it('agrees with Intl.NumberFormat on decimal strings (Node 20 formats them exactly)', () => {
    const options = { minimumFractionDigits: 3, maximumFractionDigits: 3 };
    const value = '12345678901234567890.125';
    // Intl takes a decimal string at run time; its TypeScript signature only names number and bigint.
    const intl = new Intl.NumberFormat('en-US', options).format(value as unknown as number);
    assert.equal(intl, '12,345,678,901,234,567,890.125');
    assert.equal(formatNumber(value, numberOption(NumberFormat.Number)), intl);
  });

  it('shows more fraction digits than Intl allows (20 in Node 20)', () => {
    const value = `0.${'1234567890'.repeat(4)}`;
    assert.equal(formatNumber(value, numberOption(NumberFormat.Number)), value);
  });

  it('rounds to scale half away from zero and pads to it', () => {
    const scaled = (decimal: string, scale: number): string => formatNumber(decimal, numberOption(NumberFormat.Number, { scale }));
    assert.equal(scaled('2.345', 2), '2.35');
    assert.equal(scaled('-2.345', 2), '-2.35');
    assert.equal(scaled('2.344', 2), '2.34');
    assert.equal(scaled('9.995', 2), '10.00');
    assert.equal(scaled('999999.9996', 3), '1,000,000.000');
    assert.equal(scaled('1.5', 3), '1.500');
    assert.equal(scaled('7', 1), '7.0');
    assert.equal(scaled('1234567890123456789012345.125', 2), '1,234,567,890,123,456,789,012,345.13');
    assert.equal(scaled('-0.004', 2), '0.00');
    assert.equal(scaled('-0.005', 2), '-0.01');
  });

  it('shows a currency with its symbol and two fraction digits, the minus first', () => {
    assert.equal(formatNumber('1234.5', numberOption(NumberFormat.USD)), '$1,234.50');
    assert.equal(formatNumber('-1234.5', numberOption(NumberFormat.USD)), '-$1,234.50');
    assert.equal(formatNumber('0', numberOption(NumberFormat.USD)), '$0.00');
    assert.equal(formatNumber('1.005', numberOption(NumberFormat.USD)), '$1.01');
    assert.equal(formatNumber('-0.001', numberOption(NumberFormat.USD)), '$0.00');
    assert.equal(formatNumber('1.2345', numberOption(NumberFormat.USD, { scale: 3 })), '$1.235');
    assert.equal(formatNumber('1000000', numberOption(NumberFormat.EUR)), '€1,000,000.00');
    assert.equal(formatNumber('12', numberOption(NumberFormat.Franc)), 'CHF12.00');
    assert.equal(formatNumber('-3.1', numberOption(NumberFormat.CanadianDollar)), '-CA$3.10');
  });

  it('shows Yen and Won without fraction digits unless scale says otherwise', () => {
    assert.equal(formatNumber('1234.5', numberOption(NumberFormat.Yen)), '¥1,235');
    assert.equal(formatNumber('1234.4', numberOption(NumberFormat.Yen)), '¥1,234');
    assert.equal(formatNumber('1234.5', numberOption(NumberFormat.Yen, { scale: 2 })), '¥1,234.50');
    assert.equal(formatNumber('-999.5', numberOption(NumberFormat.Won)), '-₩1,000');
  });

  it('uses a custom symbol when one is set', () => {
    assert.equal(formatNumber('5', numberOption(NumberFormat.USD, { symbol: 'US$' })), 'US$5.00');
    assert.equal(formatNumber('-5', numberOption(NumberFormat.EUR, { symbol: 'EUR ' })), '-EUR 5.00');
    assert.equal(formatNumber('5', numberOption(NumberFormat.Yen, { symbol: 'JP¥' })), 'JP¥5');
  });

  it('shows Percent as a grouped number then "%"', () => {
    assert.equal(formatNumber('12.5', numberOption(NumberFormat.Percent)), '12.5%');
    assert.equal(formatNumber('-1234.5', numberOption(NumberFormat.Percent, { scale: 2 })), '-1,234.50%');
    assert.equal(formatNumber('12.5', numberOption(NumberFormat.Percent, { symbol: '$' })), '12.5%');
  });

  it('ignores sign_positive and name, and the symbol of a plain number', () => {
    const option = numberOption(NumberFormat.USD, { signPositive: false, name: 'Price' });
    assert.equal(formatNumber('-2', option), '-$2.00');
    assert.equal(formatNumber('2', numberOption(NumberFormat.Number, { signPositive: true, name: 'n', symbol: '$' })), '2');
  });

  it('shows a format number the schema does not declare as a plain number', () => {
    assert.equal(formatNumber('1234.5', numberOption(3 as NumberFormat)), '1,234.5');
  });

  it('caps a huge scale instead of building a huge string', () => {
    assert.equal(formatNumber('1', numberOption(NumberFormat.Number, { scale: 4_000_000_000 })), `1.${'0'.repeat(40)}`);
  });

  it('refuses a stored value that is not a canonical decimal', () => {
    throwsGridError(() => formatNumber('1,234', numberOption(NumberFormat.Number)), 'stored number "1,234" is not a decimal number');
  });
});

describe('currencySymbol', () => {
  it('has every currency format and nothing for Number and Percent', () => {
    const expected: Record<string, string> = {
      Number: '',
      USD: '$',
      CanadianDollar: 'CA$',
      EUR: '€',
      Pound: '£',
      Yen: '¥',
      Ruble: '₽',
      Rupee: '₹',
      Won: '₩',
      Yuan: 'CN¥',
      Real: 'R$',
      Lira: '₺',
      Rupiah: 'Rp',
      Franc: 'CHF',
      HongKongDollar: 'HK$',
      NewZealandDollar: 'NZ$',
      Krona: 'kr',
      NorwegianKrone: 'kr',
      MexicanPeso: 'MX$',
      Rand: 'R',
      NewTaiwanDollar: 'NT$',
      DanishKrone: 'kr.',
      Baht: '฿',
      Forint: 'Ft',
      Koruna: 'Kč',
      Shekel: '₪',
      ChileanPeso: 'CLP$',
      PhilippinePeso: '₱',
      Dirham: 'AED',
      ColombianPeso: 'COL$',
      Riyal: 'SAR',
      Ringgit: 'RM',
      Leu: 'lei',
      ArgentinePeso: 'ARS$',
      UruguayanPeso: 'UYU$',
      Percent: '',
    };
    const names = Object.keys(NumberFormat).filter((key) => Number.isNaN(Number(key)));
    assert.deepEqual(names.sort(), Object.keys(expected).sort());
    for (const name of names) {
      assert.equal(currencySymbol(NumberFormat[name as keyof typeof NumberFormat]), expected[name], name);
    }
  });
});

describe('isTimeZone', () => {
  it('takes "" as UTC and IANA names', () => {
    for (const name of ['', 'UTC', 'Europe/Paris', 'Asia/Tokyo', 'America/New_York', 'Etc/GMT+5']) assert.equal(isTimeZone(name), true, name);
  });

  it('refuses names Intl does not know, and answers the same from its cache', () => {
    for (const name of ['Foo/Bar', 'Mars/Olympus', 'not a zone', ' ']) {
      assert.equal(isTimeZone(name), false, name);
      assert.equal(isTimeZone(name), false, name);
    }
  });
});

describe('formatDateCell and dateCellContent', () => {
  const t = utc('2022-03-14T13:05:42Z');

  it('shows each date format', () => {
    assert.deepEqual(formatDateCell(t, dateOption({ dateFormat: DateFormat.Local })), { date: '2022/03/14', time: '' });
    assert.deepEqual(formatDateCell(t, dateOption({ dateFormat: DateFormat.US })), { date: '03/14/2022', time: '' });
    assert.deepEqual(formatDateCell(t, dateOption({ dateFormat: DateFormat.ISO })), { date: '2022-03-14', time: '' });
    assert.deepEqual(formatDateCell(t, dateOption({ dateFormat: DateFormat.Friendly })), { date: 'Mar 14,2022', time: '' });
    assert.equal(formatDateCell(utc('2022-12-05T00:00:00Z'), dateOption({ dateFormat: DateFormat.Friendly })).date, 'Dec 05,2022');
  });

  it('shows the time in 12 and 24 hours when the field includes it', () => {
    const twelve = dateOption({ includeTime: true, timeFormat: TimeFormat.TwelveHour });
    const twentyFour = dateOption({ includeTime: true, timeFormat: TimeFormat.TwentyFourHour });
    assert.deepEqual(formatDateCell(t, twelve), { date: '2022/03/14', time: '01:05 PM' });
    assert.deepEqual(formatDateCell(t, twentyFour), { date: '2022/03/14', time: '13:05' });
    assert.equal(formatDateCell(utc('2022-03-14T00:05:00Z'), twelve).time, '12:05 AM');
    assert.equal(formatDateCell(utc('2022-03-14T12:00:00Z'), twelve).time, '12:00 PM');
    assert.equal(formatDateCell(utc('2022-03-14T11:59:59Z'), twelve).time, '11:59 AM');
    assert.equal(formatDateCell(utc('2022-03-14T00:05:00Z'), twentyFour).time, '00:05');
    assert.equal(dateCellContent(t, twelve), '2022/03/14 01:05 PM');
    assert.equal(dateCellContent(t, dateOption({ dateFormat: DateFormat.ISO, includeTime: true, timeFormat: TimeFormat.TwentyFourHour })), '2022-03-14 13:05');
    assert.equal(dateCellContent(t, dateOption({ timeFormat: TimeFormat.TwentyFourHour })), '2022/03/14');
  });

  it('shows the wall clock of the field\'s time zone', () => {
    const late = utc('2022-03-14T23:30:00Z');
    const option = (timeZone: string): DateTypeOption =>
      dateOption({ dateFormat: DateFormat.Friendly, includeTime: true, timeFormat: TimeFormat.TwentyFourHour, timeZone });
    assert.deepEqual(formatDateCell(late, option('Asia/Tokyo')), { date: 'Mar 15,2022', time: '08:30' });
    assert.deepEqual(formatDateCell(late, option('')), { date: 'Mar 14,2022', time: '23:30' });
    assert.deepEqual(formatDateCell(late, option('UTC')), { date: 'Mar 14,2022', time: '23:30' });
    // Daylight saving time began in the US on 2022-03-13.
    assert.deepEqual(formatDateCell(utc('2022-03-14T03:00:00Z'), option('America/Los_Angeles')), { date: 'Mar 13,2022', time: '20:00' });
    assert.deepEqual(formatDateCell(utc('2022-01-14T03:00:00Z'), option('America/Los_Angeles')), { date: 'Jan 13,2022', time: '19:00' });
    assert.deepEqual(formatDateCell(utc('2022-03-27T01:00:00Z'), option('Europe/Paris')), { date: 'Mar 27,2022', time: '03:00' });
  });

  it('shows years 1 to 9999 and refuses timestamps outside them', () => {
    const option = dateOption({ dateFormat: DateFormat.ISO, includeTime: true, timeFormat: TimeFormat.TwentyFourHour });
    assert.equal(MIN_TIMESTAMP, utc('0001-01-01T00:00:00Z'));
    assert.equal(MAX_TIMESTAMP, utc('9999-12-31T23:59:59Z'));
    assert.equal(dateCellContent(MIN_TIMESTAMP, option), '0001-01-01 00:00');
    assert.equal(dateCellContent(MAX_TIMESTAMP, option), '9999-12-31 23:59');
    assert.equal(dateCellContent(utc('0099-07-04T10:00:00Z'), option), '0099-07-04 10:00');
    assert.equal(dateCellContent(utc('1066-10-14T09:00:00Z'), option), '1066-10-14 09:00');
    // Paris kept local mean time, 9 minutes 21 seconds ahead of UTC, until 1891.
    assert.equal(dateCellContent(MIN_TIMESTAMP, { ...option, timeZone: 'Europe/Paris' }), '0001-01-01 00:09');
    throwsGridError(() => formatDateCell(MIN_TIMESTAMP - 1n, option), 'timestamp -62135596801 is out of range');
    throwsGridError(() => formatDateCell(MAX_TIMESTAMP + 1n, option), 'timestamp 253402300800 is out of range');
  });

  it('refuses a time zone Intl does not know', () => {
    throwsGridError(() => formatDateCell(t, dateOption({ timeZone: 'Mars/Olympus' })), 'time zone "Mars/Olympus" is not an IANA time zone');
  });
});

describe('dayBounds', () => {
  it('spans 24 hours of a UTC day', () => {
    assert.deepEqual(dayBounds(utc('2022-03-14T13:05:00Z'), ''), { start: utc('2022-03-14T00:00:00Z'), end: utc('2022-03-14T23:59:59Z') });
    assert.deepEqual(dayBounds(utc('2022-03-14T00:00:00Z'), 'UTC'), { start: utc('2022-03-14T00:00:00Z'), end: utc('2022-03-14T23:59:59Z') });
    assert.deepEqual(dayBounds(utc('2022-03-14T23:59:59Z'), 'UTC'), { start: utc('2022-03-14T00:00:00Z'), end: utc('2022-03-14T23:59:59Z') });
  });

  it('follows the zone\'s calendar day', () => {
    assert.deepEqual(dayBounds(utc('2022-03-14T23:30:00Z'), 'Asia/Tokyo'), { start: utc('2022-03-14T15:00:00Z'), end: utc('2022-03-15T14:59:59Z') });
    assert.deepEqual(dayBounds(utc('2022-03-14T03:00:00Z'), 'America/Los_Angeles'), { start: utc('2022-03-13T08:00:00Z'), end: utc('2022-03-14T06:59:59Z') });
  });

  it('has 23 hours on the day Paris moves its clocks forward and 25 on the day it moves them back', () => {
    const spring = dayBounds(utc('2022-03-27T12:00:00Z'), 'Europe/Paris');
    assert.deepEqual(spring, { start: utc('2022-03-26T23:00:00Z'), end: utc('2022-03-27T21:59:59Z') });
    assert.equal(spring.end - spring.start + 1n, 82800n);
    const autumn = dayBounds(utc('2022-10-30T01:30:00Z'), 'Europe/Paris');
    assert.deepEqual(autumn, { start: utc('2022-10-29T22:00:00Z'), end: utc('2022-10-30T22:59:59Z') });
    assert.equal(autumn.end - autumn.start + 1n, 90000n);
  });

  it('starts a day whose midnight the clocks skip at the first instant after the gap', () => {
    // Santiago went from 00:00 -04 straight to 01:00 -03 on 2022-09-11.
    const bounds = dayBounds(utc('2022-09-11T12:00:00Z'), 'America/Santiago');
    assert.deepEqual(bounds, { start: utc('2022-09-11T04:00:00Z'), end: utc('2022-09-12T02:59:59Z') });
    assert.equal(bounds.end - bounds.start + 1n, 82800n);
  });

  it('ends a day followed by a skipped day where the next existing day starts', () => {
    // Samoa skipped 2011-12-30, going from the 29th at -10 to the 31st at +14.
    const bounds = dayBounds(utc('2011-12-29T20:00:00Z'), 'Pacific/Apia');
    assert.deepEqual(bounds, { start: utc('2011-12-29T10:00:00Z'), end: utc('2011-12-30T09:59:59Z') });
  });
});

describe('withTime', () => {
  const t = utc('2022-03-14T13:05:42Z');
  const H24 = TimeFormat.TwentyFourHour;
  const H12 = TimeFormat.TwelveHour;

  it('sets a 24-hour time on the same UTC day, second 0', () => {
    assert.equal(withTime(t, '08:30', H24, '', 'time'), utc('2022-03-14T08:30:00Z'));
    assert.equal(withTime(t, '8:30', H24, 'UTC', 'time'), utc('2022-03-14T08:30:00Z'));
    assert.equal(withTime(t, '0:00', H24, '', 'time'), utc('2022-03-14T00:00:00Z'));
    assert.equal(withTime(t, '23:59', H24, '', 'time'), utc('2022-03-14T23:59:00Z'));
    assert.equal(withTime(t, '13:05', H24, '', 'time'), utc('2022-03-14T13:05:00Z'));
  });

  it('sets a 12-hour time, AM and PM in any case, the space optional', () => {
    assert.equal(withTime(t, '08:30 PM', H12, '', 'time'), utc('2022-03-14T20:30:00Z'));
    assert.equal(withTime(t, '8:30pm', H12, '', 'time'), utc('2022-03-14T20:30:00Z'));
    assert.equal(withTime(t, '8:30 am', H12, '', 'time'), utc('2022-03-14T08:30:00Z'));
    assert.equal(withTime(t, '12:00 AM', H12, '', 'time'), utc('2022-03-14T00:00:00Z'));
    assert.equal(withTime(t, '12:15 pM', H12, '', 'time'), utc('2022-03-14T12:15:00Z'));
    assert.equal(withTime(t, '11:59 PM', H12, '', 'time'), utc('2022-03-14T23:59:00Z'));
  });

  it('keeps the calendar day of the field\'s time zone', () => {
    // 2022-03-14T23:30Z is March 15 in Tokyo, March 14 in New York.
    const late = utc('2022-03-14T23:30:00Z');
    assert.equal(withTime(late, '09:00', H24, 'Asia/Tokyo', 'time'), utc('2022-03-15T00:00:00Z'));
    assert.equal(withTime(late, '09:00 AM', H12, 'America/New_York', 'time'), utc('2022-03-14T13:00:00Z'));
    assert.equal(withTime(utc('2022-03-14T02:00:00Z'), '23:00', H24, 'America/New_York', 'time'), utc('2022-03-14T03:00:00Z'));
  });

  it('takes the instant after a DST gap and the earlier of two instants', () => {
    const spring = utc('2022-03-27T12:00:00Z');
    assert.equal(withTime(spring, '02:30', H24, 'Europe/Paris', 'time'), utc('2022-03-27T01:00:00Z'));
    assert.equal(withTime(spring, '01:59', H24, 'Europe/Paris', 'time'), utc('2022-03-27T00:59:00Z'));
    assert.equal(withTime(spring, '03:00', H24, 'Europe/Paris', 'time'), utc('2022-03-27T01:00:00Z'));
    const autumn = utc('2022-10-30T12:00:00Z');
    assert.equal(withTime(autumn, '02:30 AM', H12, 'Europe/Paris', 'time'), utc('2022-10-30T00:30:00Z'));
    assert.equal(withTime(autumn, '03:30', H24, 'Europe/Paris', 'time'), utc('2022-10-30T02:30:00Z'));
  });

  it('refuses a time outside the field\'s 24-hour format', () => {
    for (const time of ['24:00', '13:60', '1305', '13:5', '13:05:00', '1:05 PM', '-1:00', '', 'ab']) {
      throwsGridError(() => withTime(t, time, H24, '', 'time'), `time ${JSON.stringify(time)} is not a time in the field's 24-hour format ("13:05")`);
    }
  });

  it('refuses a time outside the field\'s 12-hour format', () => {
    for (const time of ['13:05 PM', '00:30 AM', '13:05', '1:05  PM', '1:05 P.M.', '1:60 AM', '']) {
      throwsGridError(() => withTime(t, time, H12, '', 'time'), `time ${JSON.stringify(time)} is not a time in the field's 12-hour format ("01:05 PM")`);
    }
  });

  it('refuses a time of the first day that falls before year 1', () => {
    // Year 1 begins in UTC; New York's clocks (local mean time, UTC-4:56:02) still showed 31 December of year 0,
    // whose midnight is 86400 - 17762 seconds before it.
    assert.equal(MIN_TIMESTAMP - 86400n + 17762n, -62135665438n);
    throwsGridError(() => withTime(MIN_TIMESTAMP, '00:00', H24, 'America/New_York', 'time'), 'timestamp -62135665438 is out of range');
    assert.equal(withTime(MIN_TIMESTAMP, '23:59', H24, '', 'time'), utc('0001-01-01T23:59:00Z'));
  });
});

describe('parseTimestamp', () => {
  it('reads decimal seconds within years 1 to 9999', () => {
    assert.equal(parseTimestamp('1647263100', 'date'), 1647263100n);
    assert.equal(parseTimestamp('0', 'date'), 0n);
    assert.equal(parseTimestamp('-0', 'date'), 0n);
    assert.equal(parseTimestamp('-86400', 'date'), -86400n);
    assert.equal(parseTimestamp('-62135596800', 'date'), MIN_TIMESTAMP);
    assert.equal(parseTimestamp('253402300799', 'date'), MAX_TIMESTAMP);
  });

  it('refuses anything else', () => {
    for (const input of ['-62135596801', '253402300800', '', '-', '12.5', '1e9', ' 12', '12 ', '+12', 'abc', '0x10', '9'.repeat(400)]) {
      const shown = input.length > 70 ? `${input.slice(0, 67)}...` : input;
      throwsGridError(() => parseTimestamp(input, 'date'), `date ${JSON.stringify(shown)} is not a timestamp in seconds`);
    }
  });
});
