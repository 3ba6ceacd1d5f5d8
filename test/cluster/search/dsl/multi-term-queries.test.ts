/** prefix, wildcard, regexp, fuzzy and range: short and long forms, defaults, and each member into the AST. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseQuery } from '../../../../src/cluster/search/dsl/index.js';
import { refuses } from './refusal.js';

describe('prefix and wildcard', () => {
  it('read the short form', () => {
    assert.deepEqual(parseQuery({ prefix: { user: 'ki' } }), { kind: 'prefix', boost: 1, field: 'user', value: 'ki', caseInsensitive: false });
    assert.deepEqual(parseQuery({ wildcard: { user: 'k*y' } }), { kind: 'wildcard', boost: 1, field: 'user', value: 'k*y', caseInsensitive: false });
  });
  it('read the long form under its own name or `value`', () => {
    assert.deepEqual(parseQuery({ prefix: { user: { prefix: 'ki', rewrite: 'constant_score', case_insensitive: true, boost: 2, _name: 'p' } } }), {
      kind: 'prefix',
      boost: 2,
      name: 'p',
      field: 'user',
      value: 'ki',
      caseInsensitive: true,
      rewrite: 'constant_score',
    });
    assert.deepEqual(parseQuery({ wildcard: { user: { wildcard: 'k?' } } }), { kind: 'wildcard', boost: 1, field: 'user', value: 'k?', caseInsensitive: false });
    assert.deepEqual(parseQuery({ wildcard: { user: { value: 'k?' } } }), { kind: 'wildcard', boost: 1, field: 'user', value: 'k?', caseInsensitive: false });
  });
  it('refuse members they lack and a missing value', () => {
    refuses(() => parseQuery({ prefix: { user: { value: 'k', wildcard: 'x' } } }), 'parsing_exception', '[prefix] query does not support [wildcard]');
    refuses(() => parseQuery({ wildcard: { a: 'x', b: 'y' } }), 'parsing_exception', "[wildcard] query doesn't support multiple fields, found [a] and [b]");
    refuses(() => parseQuery({ prefix: { user: {} } }), 'illegal_argument_exception', 'value cannot be null');
  });
});

describe('regexp', () => {
  it('defaults flags to ALL and max_determinized_states to 10000', () => {
    assert.deepEqual(parseQuery({ regexp: { f: 'a.*' } }), { kind: 'regexp', boost: 1, field: 'f', value: 'a.*', flags: 'ALL', caseInsensitive: false, maxDeterminizedStates: 10000 });
  });
  it('reads every member', () => {
    assert.deepEqual(parseQuery({ regexp: { f: { value: 'a', flags: 'INTERVAL|complement', max_determinized_states: 20, case_insensitive: true, rewrite: 'scoring_boolean', boost: 2 } } }), {
      kind: 'regexp',
      boost: 2,
      field: 'f',
      value: 'a',
      flags: 'INTERVAL|complement',
      caseInsensitive: true,
      maxDeterminizedStates: 20,
      rewrite: 'scoring_boolean',
    });
    assert.equal((parseQuery({ regexp: { f: { value: 'a', flags_value: 3 } } }) as { flags: string }).flags, '3');
  });
  it('refuses an unknown flag', () => {
    refuses(() => parseQuery({ regexp: { f: { value: 'a', flags: 'ALL|BOGUS' } } }), 'illegal_argument_exception', 'Unknown regexp flag [BOGUS]');
  });
});

describe('fuzzy', () => {
  it('defaults to AUTO, prefix 0, 50 expansions, transpositions', () => {
    assert.deepEqual(parseQuery({ fuzzy: { f: 'ki' } }), { kind: 'fuzzy', boost: 1, field: 'f', value: 'ki', fuzziness: { auto: [3, 6] }, prefixLength: 0, maxExpansions: 50, transpositions: true });
  });
  it('reads every member', () => {
    assert.deepEqual(parseQuery({ fuzzy: { f: { value: 'ki', fuzziness: 'AUTO:2,5', prefix_length: 1, max_expansions: 10, transpositions: false, rewrite: 'top_terms_5' } } }), {
      kind: 'fuzzy',
      boost: 1,
      field: 'f',
      value: 'ki',
      fuzziness: { auto: [2, 5] },
      prefixLength: 1,
      maxExpansions: 10,
      transpositions: false,
      rewrite: 'top_terms_5',
    });
    assert.deepEqual((parseQuery({ fuzzy: { f: { value: 'x', fuzziness: 1 } } }) as { fuzziness: unknown }).fuzziness, { edits: 1 });
    assert.deepEqual((parseQuery({ fuzzy: { f: { value: 'x', fuzziness: '5' } } }) as { fuzziness: unknown }).fuzziness, { edits: 2 });
  });
  it('refuses bad fuzziness with Fuzziness’s words', () => {
    refuses(() => parseQuery({ fuzzy: { f: { value: 'x', fuzziness: 'lots' } } }), 'illegal_argument_exception', 'Invalid fuzziness value: lots');
    refuses(() => parseQuery({ fuzzy: { f: { value: 'x', fuzziness: 'AUTO:1' } } }), 'parse_exception', 'failed to find low and high distance values');
    refuses(() => parseQuery({ fuzzy: { f: { value: 'x', fuzziness: 1.5 } } }), 'illegal_argument_exception', 'Invalid fuzziness value: 1.5');
    refuses(() => parseQuery({ fuzzy: { f: { fuzziness: 1 } } }), 'illegal_argument_exception', 'query value cannot be null');
  });
});

describe('range', () => {
  it('reads gt/gte/lt/lte with the rest', () => {
    assert.deepEqual(parseQuery({ range: { age: { gte: 10, lt: 20, format: 'yyyy', time_zone: '+01:00', relation: 'WITHIN', boost: 2, _name: 'r' } } }), {
      kind: 'range',
      boost: 2,
      name: 'r',
      field: 'age',
      gte: 10,
      lt: 20,
      format: 'yyyy',
      timeZone: '+01:00',
      relation: 'within',
    });
  });
  it('reads from/to with include_lower/include_upper, in the order written', () => {
    assert.deepEqual(parseQuery({ range: { n: { from: 1, to: 5, include_lower: false } } }), { kind: 'range', boost: 1, field: 'n', gt: 1, lte: 5, relation: 'intersects' });
    assert.deepEqual(parseQuery({ range: { n: { gt: 1, include_lower: true, to: null } } }), { kind: 'range', boost: 1, field: 'n', gte: 1, relation: 'intersects' });
  });
  it('refuses what RangeQueryBuilder refuses', () => {
    refuses(() => parseQuery({ range: { n: { gte: 1, foo: 2 } } }), 'parsing_exception', '[range] query does not support [foo]');
    refuses(() => parseQuery({ range: { n: 5 } }), 'parsing_exception', '[range] query does not support [n]');
    refuses(() => parseQuery({ range: { a: {}, b: {} } }), 'parsing_exception', "[range] query doesn't support multiple fields, found [a] and [b]");
    refuses(() => parseQuery({ range: { n: { relation: 'disjoint' } } }), 'illegal_argument_exception', '[range] query does not support relation [disjoint]');
    refuses(() => parseQuery({ range: { n: { relation: 'near' } } }), 'illegal_argument_exception', 'near is not a valid relation');
    refuses(() => parseQuery({ range: {} }), 'illegal_argument_exception', 'field name is null or empty');
  });
});
