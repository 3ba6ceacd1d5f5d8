import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatEpochMillis, parseDateMath, toEpochMillis } from '../../../src/cluster/mappings/date-values.js';
import { ClusterError } from '../../../src/cluster/cluster-error.js';

const DEFAULT = 'strict_date_optional_time||epoch_millis';
/** Date.UTC with years below 100 taken literally. */
const utc = (y: number, M: number, d = 1, H = 0, m = 0, s = 0, ms = 0) => new Date(0).setUTCFullYear(y, M - 1, d) + ((H * 60 + m) * 60 + s) * 1000 + ms;

test('toEpochMillis: ISO dates under the default format, UTC without a zone, fractions truncated to millis', () => {
  assert.equal(toEpochMillis(DEFAULT, '2024-01-02'), Date.UTC(2024, 0, 2));
  assert.equal(toEpochMillis(DEFAULT, '2024'), Date.UTC(2024, 0, 1));
  assert.equal(toEpochMillis(DEFAULT, '2024-03'), Date.UTC(2024, 2, 1));
  assert.equal(toEpochMillis(DEFAULT, '2024-01-02T03'), Date.UTC(2024, 0, 2, 3));
  assert.equal(toEpochMillis(DEFAULT, '2024-01-02T03:04:05'), Date.UTC(2024, 0, 2, 3, 4, 5));
  assert.equal(toEpochMillis(DEFAULT, '2024-01-02T03:04:05.123456789Z'), Date.UTC(2024, 0, 2, 3, 4, 5, 123));
  assert.equal(toEpochMillis(DEFAULT, '2024-01-02T03:04:05,5Z'), Date.UTC(2024, 0, 2, 3, 4, 5, 500));
  assert.equal(toEpochMillis(DEFAULT, '2024-01-02T03:04:05+01:00'), Date.UTC(2024, 0, 2, 2, 4, 5));
  assert.equal(toEpochMillis(DEFAULT, '2024-01-02T03:04:05-0530'), Date.UTC(2024, 0, 2, 8, 34, 5));
  assert.equal(toEpochMillis(DEFAULT, '0001-01-01'), utc(1, 1));
  assert.equal(toEpochMillis(DEFAULT, '2024-02-29'), Date.UTC(2024, 1, 29));
  assert.equal(toEpochMillis(DEFAULT, '2023-02-29'), undefined);
  assert.equal(toEpochMillis(DEFAULT, '2024-13-01'), undefined);
  assert.equal(toEpochMillis(DEFAULT, '2024-01-01T24:00:00'), undefined);
  assert.equal(toEpochMillis(DEFAULT, 'yesterday'), undefined);
});

test('toEpochMillis: epoch_millis and epoch_second, negative and fractional, floored as Instant.toEpochMilli', () => {
  assert.equal(toEpochMillis(DEFAULT, '1704067200000'), 1704067200000);
  assert.equal(toEpochMillis(DEFAULT, 1704067200000), 1704067200000);
  assert.equal(toEpochMillis('epoch_millis', -1000), -1000);
  // ES's ISO parser reads a leading '-' and four digits as a negative year, before epoch_millis is tried.
  assert.equal(toEpochMillis(DEFAULT, -1000), utc(-1000, 1, 1));
  assert.equal(toEpochMillis(DEFAULT, -10000), utc(-10000, 1, 1));
  // Unsigned, a strict year has four digits: longer numbers are epoch millis.
  assert.equal(toEpochMillis(DEFAULT, 86400000), 86400000);
  assert.equal(toEpochMillis(DEFAULT, '12345'), 12345);
  assert.equal(toEpochMillis(DEFAULT, '+12345-01-01'), utc(12345, 1, 1));
  assert.equal(toEpochMillis(DEFAULT, '12345-01-01'), undefined);
  assert.equal(toEpochMillis('date_optional_time', '12345-01-01'), utc(12345, 1, 1));
  assert.equal(toEpochMillis('epoch_millis', '1.9'), 1);
  assert.equal(toEpochMillis('epoch_millis', '-1.5'), -2);
  assert.equal(toEpochMillis('epoch_second', '1704067200'), 1704067200000);
  assert.equal(toEpochMillis('epoch_second', '1704067200.1239'), 1704067200123);
  assert.equal(toEpochMillis('epoch_second', '-1.5'), -1500);
  assert.equal(toEpochMillis('epoch_second', 'x'), undefined);
});

test('toEpochMillis: alternatives are tried in order (a JSON number reaches them as its text)', () => {
  // 2024 reads as the year under strict_date_optional_time before epoch_millis is tried.
  assert.equal(toEpochMillis(DEFAULT, 2024), Date.UTC(2024, 0, 1));
  assert.equal(toEpochMillis('epoch_millis||strict_date_optional_time', 2024), 2024);
  assert.equal(toEpochMillis('yyyy/MM/dd||epoch_second', '1700000000'), 1700000000000);
  assert.equal(toEpochMillis('yyyy/MM/dd||epoch_second', '2024/05/06'), Date.UTC(2024, 4, 6));
});

test('toEpochMillis: custom Java patterns', () => {
  assert.equal(toEpochMillis('yyyy/MM/dd HH:mm:ss', '2024/03/04 05:06:07'), Date.UTC(2024, 2, 4, 5, 6, 7));
  assert.equal(toEpochMillis('dd-MM-yyyy', '31-12-1999'), Date.UTC(1999, 11, 31));
  assert.equal(toEpochMillis('dd-MM-yyyy', '31-11-1999'), undefined);
  assert.equal(toEpochMillis('dd MMM yyyy', '04 Mar 2024'), Date.UTC(2024, 2, 4));
  assert.equal(toEpochMillis('MMMM d, yyyy', 'March 4, 2024'), Date.UTC(2024, 2, 4));
  assert.equal(toEpochMillis('dd MMM yyyy', '04 Foo 2024'), undefined);
  assert.equal(toEpochMillis('yyyy-MM-dd hh:mm a', '2024-03-04 12:30 AM'), Date.UTC(2024, 2, 4, 0, 30));
  assert.equal(toEpochMillis('yyyy-MM-dd hh:mm a', '2024-03-04 05:06 PM'), Date.UTC(2024, 2, 4, 17, 6));
  assert.equal(toEpochMillis("yyyy-MM-dd'T'HH:mm:ss.SSSZ", '2024-03-04T05:06:07.089+0100'), Date.UTC(2024, 2, 4, 4, 6, 7, 89));
  assert.equal(toEpochMillis("yyyy-MM-dd'T'HH:mm:ssXXX", '2024-03-04T05:06:07Z'), Date.UTC(2024, 2, 4, 5, 6, 7));
  assert.equal(toEpochMillis("yyyy-MM-dd'T'HH:mm:ssx", '2024-03-04T05:06:07-02'), Date.UTC(2024, 2, 4, 7, 6, 7));
  assert.equal(toEpochMillis('yy-MM-dd', '24-03-04'), Date.UTC(2024, 2, 4));
  assert.equal(toEpochMillis('yyyy-DDD', '2024-060'), Date.UTC(2024, 1, 29));
  assert.equal(toEpochMillis('HH:mm', '13:45'), Date.UTC(1970, 0, 1, 13, 45));
  assert.equal(toEpochMillis('yyyy-MM-dd[ HH:mm]', '2024-01-01'), undefined);
});

test('toEpochMillis: named formats other than the default', () => {
  assert.equal(toEpochMillis('basic_date', '20240304'), Date.UTC(2024, 2, 4));
  assert.equal(toEpochMillis('basic_date_time', '20240304T050607.089Z'), Date.UTC(2024, 2, 4, 5, 6, 7, 89));
  assert.equal(toEpochMillis('basic_date_time_no_millis', '20240304T050607+01:00'), Date.UTC(2024, 2, 4, 4, 6, 7));
  assert.equal(toEpochMillis('strict_date_time', '2024-03-04T05:06:07.1Z'), Date.UTC(2024, 2, 4, 5, 6, 7, 100));
  assert.equal(toEpochMillis('date_optional_time', '2024-3-4'), Date.UTC(2024, 2, 4));
  assert.equal(toEpochMillis('strict_hour_minute_second', '05:06:07'), Date.UTC(1970, 0, 1, 5, 6, 7));
  assert.equal(toEpochMillis('strict_date_hour_minute', '2024-03-04T05:06'), Date.UTC(2024, 2, 4, 5, 6));
  assert.equal(toEpochMillis('strict_year_month', '2024-03'), Date.UTC(2024, 2, 1));
});

test('formatEpochMillis: the first alternative, as ES prints it', () => {
  const t = Date.UTC(2024, 0, 2, 3, 4, 5);
  assert.equal(formatEpochMillis(DEFAULT, t), '2024-01-02T03:04:05.000Z');
  assert.equal(formatEpochMillis(DEFAULT, t + 7), '2024-01-02T03:04:05.007Z');
  assert.equal(formatEpochMillis('epoch_millis||strict_date_optional_time', t), String(t));
  assert.equal(formatEpochMillis('epoch_second', t), String(t / 1000));
  assert.equal(formatEpochMillis('epoch_second', t + 120), `${t / 1000}.12`);
  assert.equal(formatEpochMillis('strict_date', t), '2024-01-02');
  assert.equal(formatEpochMillis('basic_date_time', t), '20240102T030405.000Z');
  assert.equal(formatEpochMillis('strict_date_time_no_millis', t), '2024-01-02T03:04:05Z');
  assert.equal(formatEpochMillis('hour_minute', t), '03:04');
  assert.equal(formatEpochMillis('yyyy/MM/dd HH:mm:ss', t), '2024/01/02 03:04:05');
  assert.equal(formatEpochMillis("dd MMM yyyy hh:mm a EEEE 'at' Z", Date.UTC(2024, 2, 4, 16, 6)), '04 Mar 2024 04:06 PM Monday at +0000');
  assert.equal(formatEpochMillis('yyyy-DDD', Date.UTC(2024, 1, 29)), '2024-060');
  assert.equal(formatEpochMillis(DEFAULT, utc(12345, 1, 1)), '+12345-01-01T00:00:00.000Z');
  assert.equal(formatEpochMillis(DEFAULT, -1), '1969-12-31T23:59:59.999Z');
});

const NOW = Date.UTC(2024, 4, 15, 13, 45, 30, 123); // a Wednesday
const now = () => NOW;

test('parseDateMath: now with arithmetic and rounding, down or up to the last millisecond', () => {
  assert.equal(parseDateMath('now', now, false), NOW);
  assert.equal(parseDateMath('now', now, true), NOW);
  assert.equal(parseDateMath('now-1d', now, false), NOW - 86_400_000);
  assert.equal(parseDateMath('now+2h-30m+10s', now, false), NOW + 2 * 3_600_000 - 30 * 60_000 + 10_000);
  assert.equal(parseDateMath('now-1d/d', now, false), Date.UTC(2024, 4, 14));
  assert.equal(parseDateMath('now-1d/d', now, true), Date.UTC(2024, 4, 15) - 1);
  assert.equal(parseDateMath('now/M', now, false), Date.UTC(2024, 4, 1));
  assert.equal(parseDateMath('now/M', now, true), Date.UTC(2024, 5, 1) - 1);
  assert.equal(parseDateMath('now/y', now, true), Date.UTC(2025, 0, 1) - 1);
  assert.equal(parseDateMath('now/w', now, false), Date.UTC(2024, 4, 13));
  assert.equal(parseDateMath('now/w', now, true), Date.UTC(2024, 4, 20) - 1);
  assert.equal(parseDateMath('now/h', now, false), Date.UTC(2024, 4, 15, 13));
  assert.equal(parseDateMath('now/H', now, true), Date.UTC(2024, 4, 15, 14) - 1);
  assert.equal(parseDateMath('now/m', now, false), Date.UTC(2024, 4, 15, 13, 45));
  assert.equal(parseDateMath('now/s', now, true), Date.UTC(2024, 4, 15, 13, 45, 31) - 1);
  assert.equal(parseDateMath('now+1y', now, false), Date.UTC(2025, 4, 15, 13, 45, 30, 123));
  assert.equal(parseDateMath('now-1w', now, false), NOW - 7 * 86_400_000);
});

test('parseDateMath: anchored dates, month ends clamped, and the round-up parser for dates without time', () => {
  assert.equal(parseDateMath('2024-01-01||+1M/M', now, false), Date.UTC(2024, 1, 1));
  assert.equal(parseDateMath('2024-01-01||+1M/M', now, true), Date.UTC(2024, 2, 1) - 1);
  assert.equal(parseDateMath('2024-01-31||+1M', now, false), Date.UTC(2024, 1, 29));
  assert.equal(parseDateMath('2024-02-29||+1y', now, false), Date.UTC(2025, 1, 28));
  assert.equal(parseDateMath('2024-01-31||+1M', now, true), Date.UTC(2024, 1, 29));
  // Without math, roundUp fills missing time with 23:59:59.999 but month and day with 1 (ES's "missing date components").
  assert.equal(parseDateMath('2024-03-04', now, false), Date.UTC(2024, 2, 4));
  assert.equal(parseDateMath('2024-03-04', now, true), Date.UTC(2024, 2, 4, 23, 59, 59, 999));
  assert.equal(parseDateMath('2024-03', now, true), Date.UTC(2024, 2, 1, 23, 59, 59, 999));
  assert.equal(parseDateMath('2024-03-04T10', now, true), Date.UTC(2024, 2, 4, 10, 59, 59, 999));
  assert.equal(parseDateMath('2024-03-04T10:00:00.000', now, true), Date.UTC(2024, 2, 4, 10));
  // The anchor before || is parsed without round-up.
  assert.equal(parseDateMath('2024-03-04||', now, true), Date.UTC(2024, 2, 4));
  assert.equal(parseDateMath('1704067200000', now, true), 1704067200000);
  assert.equal(parseDateMath('04/03/2024||/y', now, false, undefined, 'dd/MM/yyyy'), Date.UTC(2024, 0, 1));
});

test('parseDateMath: time_zone for dates without their own zone and for rounding, never for now or epochs', () => {
  assert.equal(parseDateMath('2024-01-01', now, false, '+01:00'), Date.UTC(2023, 11, 31, 23));
  assert.equal(parseDateMath('2024-01-01T00:00:00Z', now, false, '+01:00'), Date.UTC(2024, 0, 1));
  assert.equal(parseDateMath('2024-07-01', now, false, 'Europe/Berlin'), Date.UTC(2024, 5, 30, 22));
  assert.equal(parseDateMath('2024-01-01', now, true, 'America/New_York'), Date.UTC(2024, 0, 2, 4, 59, 59, 999));
  assert.equal(parseDateMath('now', now, false, 'Europe/Berlin'), NOW);
  assert.equal(parseDateMath('now/d', now, false, 'Europe/Berlin'), Date.UTC(2024, 4, 14, 22));
  assert.equal(parseDateMath('now/d', now, true, '-05:00'), Date.UTC(2024, 4, 16, 5) - 1);
  assert.equal(parseDateMath('1704067200000', now, false, '+01:00'), 1704067200000);
  // Across the spring-forward day in Berlin the day is 23 hours long.
  assert.equal(parseDateMath('2024-03-31||/d', now, true, 'Europe/Berlin'), Date.UTC(2024, 2, 31, 22) - 1);
  // 02:30 does not exist that day: java.time moves it forward by the gap.
  assert.equal(parseDateMath('2024-03-31T02:30:00', now, false, 'Europe/Berlin'), Date.UTC(2024, 2, 31, 1, 30));
  assert.equal(parseDateMath('2024-03-30T12:00:00||+1d', now, false, 'Europe/Berlin'), Date.UTC(2024, 2, 31, 10));
  assert.equal(parseDateMath('2024-03-30T12:00:00||+24h', now, false, 'Europe/Berlin'), Date.UTC(2024, 2, 31, 11));
});

const refusal = (text: string, reason: string, type = 'parse_exception') => {
  assert.throws(
    () => parseDateMath(text, now, false),
    (error: unknown) => error instanceof ClusterError && error.type === type && error.status === 400 && error.reason === reason,
    text,
  );
};

test('parseDateMath: ES refusals, word for word', () => {
  refusal('now*1d', 'operator not supported for date math [*1d]');
  refusal('2024-01-01||1d', 'operator not supported for date math [1d]');
  refusal('now/2d', 'rounding `/` can only be used on single unit types [/2d]');
  refusal('now+1x', 'unit [x] not supported for date math [+1x]');
  refusal('now+1', 'truncated date math [+1]');
  refusal('now-', 'truncated date math [-]');
  refusal('', 'cannot parse empty datetime');
  refusal('||+1d', 'cannot parse empty datetime');
  const format = 'strict_date_optional_time||epoch_millis';
  refusal('x', `failed to parse date field [x] with format [${format}]: [failed to parse date field [x] with format [${format}]]`);
  assert.throws(
    () => parseDateMath('2024-13-01||+1d', now, false, undefined, 'yyyy-MM-dd'),
    (error: unknown) =>
      error instanceof ClusterError &&
      error.reason === 'failed to parse date field [2024-13-01] with format [yyyy-MM-dd]: [failed to parse date field [2024-13-01] with format [yyyy-MM-dd]]' &&
      error.causedBy?.type === 'illegal_argument_exception',
  );
  assert.throws(() => parseDateMath('now', now, false, 'Mars/Olympus'), (error: unknown) => error instanceof ClusterError && error.reason === 'Unknown time-zone ID: Mars/Olympus');
});
