/** ES's RatioValue forms, as the disk watermarks, the breaker limits and the console read them. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readPercent, readRatioPercent } from '../../../src/platform/units/index.js';

describe('readPercent and readRatioPercent', () => {
  const cases: [string, number | undefined, number | undefined][] = [
    ['85%', 85, 85],
    [' 92.5% ', 92.5, 92.5],
    ['150%', 150, 150],
    ['0.85', undefined, 85],
    ['1', undefined, 100],
    ['1.0', undefined, 100],
    ['0', undefined, 0],
    ['1.5', undefined, undefined],
    ['-5%', undefined, undefined],
    ['500mb', undefined, undefined],
    ['', undefined, undefined],
  ];
  for (const [text, percent, ratio] of cases) {
    it(`reads [${text}] as ${percent} percent, ${ratio} as a ratio`, () => {
      assert.equal(readPercent(text), percent);
      assert.equal(readRatioPercent(text), ratio);
    });
  }
});
