/** The one time-value parser: ES's words for each refusal, the console's lenient reader, and TimeValue's text forms. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { humanDuration, parseTimeValue, readDuration, UnitError } from '../../../src/platform/units/index.js';

describe('parseTimeValue', () => {
  const accepted: [string, number][] = [
    ['-1', -1],
    ['0', 0],
    [' 30s ', 30_000],
    ['1500ms', 1500],
    ['2m', 120_000],
    ['3H', 10_800_000],
    ['7d', 604_800_000],
    ['5 s', 5_000],
    ['1000000nanos', 1],
    ['2000micros', 2],
    ['-1d', -86_400_000],
    ['9223372036854775807d', 9223372036854775807],
  ];
  for (const [text, millis] of accepted) {
    it(`reads [${text}] as ${millis}ms`, () => assert.equal(parseTimeValue(text, 'x'), millis));
  }
  const refused: [string, string][] = [
    ['30', 'failed to parse setting [t] with value [30] as a time value: unit is missing or unrecognized'],
    ['5M', 'failed to parse setting [t] with value [5M] as a time value: unit is missing or unrecognized'],
    ['5w', 'failed to parse setting [t] with value [5w] as a time value: unit is missing or unrecognized'],
    ['1.5h', 'failed to parse [1.5h], fractional time values are not supported'],
    ['9223372036854775808s', 'failed to parse [9223372036854775808s], fractional time values are not supported'],
    ['-2s', 'failed to parse setting [t] with value [-2s] as a time value: negative durations are not supported'],
  ];
  for (const [text, message] of refused) {
    it(`refuses [${text}] with ES's words`, () => assert.throws(() => parseTimeValue(text, 't'), (e: unknown) => e instanceof UnitError && e.message === message));
  }
  it("throws the caller's error type when it passes one", () => {
    class Mine extends Error {}
    assert.throws(() => parseTimeValue('x', 'by', (m) => new Mine(m)), (e: unknown) => e instanceof Mine && e.message.startsWith('failed to parse setting [by]'));
  });
});

describe('readDuration', () => {
  const cases: [string, number | undefined][] = [
    ['5d', 432_000_000],
    ['5.5h', 19_800_000],
    ['0', 0],
    ['-1', -1],
    ['0ms', 0],
    ['30S', undefined],
    ['5 s', undefined],
    ['-5s', undefined],
    ['5M', undefined],
    ['', undefined],
    ['soon', undefined],
  ];
  for (const [text, millis] of cases) it(`reads [${text}] as ${millis}`, () => assert.equal(readDuration(text), millis));
});

describe('humanDuration', () => {
  const cases: [number, number | undefined, string][] = [
    [0, undefined, '0s'],
    [-5, undefined, '0s'],
    [0.5, undefined, '500micros'],
    [999, undefined, '999ms'],
    [1_500, undefined, '1.5s'],
    [433_512_345, undefined, '5.01d'],
    [433_512_345, 1, '5d'],
    [5_400_000, 1, '1.5h'],
  ];
  for (const [millis, digits, text] of cases) it(`writes ${millis}ms (${digits ?? 2} digits) as ${text}`, () => assert.equal(humanDuration(millis, digits), text));
});
