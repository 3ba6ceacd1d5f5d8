/** query_string and simple_query_string: every member the AST keeps, and a clear 400 for a non-default it cannot. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseQuery } from '../../../../src/cluster/search/dsl/index.js';
import { refuses } from './refusal.js';

describe('query_string', () => {
  it('defaults as QueryStringQueryBuilder does', () => {
    assert.deepEqual(parseQuery({ query_string: { query: 'a AND b' } }), {
      kind: 'query_string',
      boost: 1,
      query: 'a AND b',
      fields: [],
      defaultOperator: 'or',
      analyzeWildcard: false,
      allowLeadingWildcard: true,
      lenient: false,
      phraseSlop: 0,
    });
  });
  it('reads every member the AST has', () => {
    const query = {
      query_string: {
        query: 'x',
        default_field: 'title',
        fields: ['a^2', 'b'],
        default_operator: 'AND',
        analyzer: 'std',
        analyze_wildcard: true,
        allow_leading_wildcard: false,
        lenient: true,
        minimum_should_match: '2<50%',
        time_zone: 'Europe/Paris',
        fuzziness: 'AUTO:1,4',
        phrase_slop: 3,
        boost: 2,
        _name: 'qs',
      },
    };
    assert.deepEqual(parseQuery(query), {
      kind: 'query_string',
      boost: 2,
      name: 'qs',
      query: 'x',
      defaultField: 'title',
      fields: [
        { field: 'a', boost: 2 },
        { field: 'b', boost: 1 },
      ],
      defaultOperator: 'and',
      analyzer: 'std',
      analyzeWildcard: true,
      allowLeadingWildcard: false,
      lenient: true,
      minimumShouldMatch: '2<50%',
      timeZone: 'Europe/Paris',
      fuzziness: { auto: [1, 4] },
      phraseSlop: 3,
    });
  });
  it('accepts the members it cannot keep at their defaults', () => {
    const defaults = {
      type: 'best_fields',
      tie_breaker: 0,
      max_determinized_states: 10000,
      enable_position_increments: true,
      escape: false,
      fuzzy_max_expansions: 50,
      fuzzy_prefix_length: 0,
      fuzzy_transpositions: true,
      auto_generate_synonyms_phrase_query: false,
    };
    assert.equal(parseQuery({ query_string: { query: 'x', ...defaults } }).kind, 'query_string');
  });
  it('refuses a value that would change results and that Tessera cannot honour', () => {
    const cases: [string, unknown, string][] = [
      ['escape', true, 'Tessera does not support [escape] other than its default [false] in a [query_string] query yet, found [true]'],
      ['type', 'cross_fields', 'Tessera does not support [type] other than its default [best_fields] in a [query_string] query yet, found [cross_fields]'],
      ['fuzzy_prefix_length', 2, 'Tessera does not support [fuzzy_prefix_length] other than its default [0] in a [query_string] query yet, found [2]'],
      ['quote_field_suffix', '.exact', 'Tessera does not support [quote_field_suffix] in a [query_string] query yet, found [.exact]'],
      ['rewrite', 'constant_score', 'Tessera does not support [rewrite] in a [query_string] query yet, found [constant_score]'],
      ['quote_analyzer', 'std', 'Tessera does not support [quote_analyzer] in a [query_string] query yet, found [std]'],
    ];
    for (const [member, value, reason] of cases) refuses(() => parseQuery({ query_string: { query: 'x', [member]: value } }), 'illegal_argument_exception', reason);
  });
  it('refuses what QueryStringQueryBuilder refuses', () => {
    refuses(() => parseQuery({ query_string: { default_field: 'f' } }), 'parsing_exception', '[query_string] must be provided with a [query]');
    refuses(() => parseQuery({ query_string: { query: 'x', foo: 1 } }), 'parsing_exception', '[query_string] query does not support [foo]');
    refuses(() => parseQuery({ query_string: { query: 'x', type: 'nope' } }), 'parse_exception', 'failed to parse [multi_match] query type [nope]. unknown type.');
    refuses(() => parseQuery({ query_string: { query: { a: 1 } } }), 'parsing_exception', '[query_string] unknown token [START_OBJECT] after [query]');
  });
});

describe('simple_query_string', () => {
  const ALL = ['AND', 'NOT', 'OR', 'PREFIX', 'PHRASE', 'PRECEDENCE', 'ESCAPE', 'WHITESPACE', 'FUZZY', 'NEAR', 'SLOP'];
  it('enables every operator unless told otherwise', () => {
    assert.deepEqual(parseQuery({ simple_query_string: { query: 'a +b' } }), {
      kind: 'simple_query_string',
      boost: 1,
      query: 'a +b',
      fields: [],
      defaultOperator: 'or',
      flags: ALL,
      analyzeWildcard: false,
      lenient: false,
    });
  });
  it('reads every member', () => {
    const query = { simple_query_string: { query: 'q', fields: ['t^2'], default_operator: 'and', analyzer: 'a', flags: 'or|Prefix', analyze_wildcard: true, lenient: true, minimum_should_match: 1, _name: 's' } };
    assert.deepEqual(parseQuery(query), {
      kind: 'simple_query_string',
      boost: 1,
      name: 's',
      query: 'q',
      fields: [{ field: 't', boost: 2 }],
      defaultOperator: 'and',
      analyzer: 'a',
      flags: ['OR', 'PREFIX'],
      analyzeWildcard: true,
      lenient: true,
      minimumShouldMatch: '1',
    });
  });
  it('resolves flags as SimpleQueryStringFlag does', () => {
    const flags = (value: unknown) => (parseQuery({ simple_query_string: { query: 'q', flags: value } }) as { flags: readonly string[] }).flags;
    assert.deepEqual(flags('NONE'), []);
    assert.deepEqual(flags('AND|NONE|BOGUS'), []);
    assert.deepEqual(flags('ALL'), ALL);
    assert.deepEqual(flags(''), ALL);
    assert.deepEqual(flags(5), ['AND', 'OR']);
    assert.deepEqual(flags(512), ['NEAR', 'SLOP']);
    assert.deepEqual(flags(-1), ALL);
  });
  it('refuses with its builder’s words', () => {
    refuses(() => parseQuery({ simple_query_string: { query: 'q', flags: 'AND|BOGUS' } }), 'illegal_argument_exception', 'Unknown simple_query_string flag [BOGUS]');
    refuses(() => parseQuery({ simple_query_string: { fields: ['a'] } }), 'parsing_exception', '[simple_query_string] query text missing');
    refuses(() => parseQuery({ simple_query_string: { query: 'q', foo: 1 } }), 'parsing_exception', '[simple_query_string] unsupported field [foo]');
    refuses(
      () => parseQuery({ simple_query_string: { query: 'q', fuzzy_transpositions: false } }),
      'illegal_argument_exception',
      'Tessera does not support [fuzzy_transpositions] other than its default [true] in a [simple_query_string] query yet, found [false]',
    );
  });
});
