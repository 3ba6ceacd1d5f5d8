/** ES's simple wildcard match (Regex.simpleMatch) and pattern intersection, compiled once per pattern. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isWildcard, matchesPattern, patternsIntersect } from '../../../src/platform/units/index.js';

describe('matchesPattern', () => {
  const cases: [string, string, boolean][] = [
    ['logs', 'logs', true],
    ['logs', 'logs-1', false],
    ['*', '', true],
    ['*', 'anything', true],
    ['logs-*', 'logs-', true],
    ['logs-*', 'logs-2026', true],
    ['logs-*', 'log', false],
    ['*-000001', 'logs-000001', true],
    ['*-000001', 'logs-000002', false],
    ['a*b*c', 'abc', true],
    ['a*b*c', 'axxbyyc', true],
    ['a*b*c', 'acb', false],
    ['ab*ba', 'aba', false],
    ['a**', 'a', true],
    ['cluster:admin/ilm/*', 'cluster:admin/ilm/put', true],
    ['indices:*', 'cluster:monitor/health', false],
    ['.*', '.security', true],
    ['logs.*', 'logsX2026', false],
    ['a(b)*', 'a(b)c', true],
    ['line*', 'line\nbreak', true],
  ];
  for (const [pattern, value, expected] of cases) it(`[${pattern}] ${expected ? 'matches' : 'does not match'} [${JSON.stringify(value)}]`, () => assert.equal(matchesPattern(pattern, value), expected));

  it('stays right past the cache bound (the oldest compiled patterns are forgotten, not wrong)', () => {
    for (let i = 0; i < 2_500; i++) assert.equal(matchesPattern(`p${i}-*`, `p${i}-x`), true);
    assert.equal(matchesPattern('p0-*', 'p1-x'), false);
  });
});

describe('isWildcard and patternsIntersect', () => {
  it('knows a wildcard by its star', () => assert.deepEqual([isWildcard('a*'), isWildcard('a')], [true, false]));
  const cases: [string, string, boolean][] = [
    ['logs-*', 'logs-2026*', true],
    ['logs-*', 'metrics-*', false],
    ['*-a', 'b-*', true],
    ['abc', 'a*c', true],
    ['abc', 'abd', false],
  ];
  for (const [a, b, expected] of cases) it(`[${a}] and [${b}]: ${expected}`, () => assert.equal(patternsIntersect(a, b), expected));
});
