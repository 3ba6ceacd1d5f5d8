/** match, match_phrase, match_phrase_prefix and multi_match: short and long forms, defaults, every member. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseQuery } from '../../../../src/cluster/search/dsl/index.js';
import { refuses } from './refusal.js';

const matchDefaults = { kind: 'match', boost: 1, operator: 'or', prefixLength: 0, maxExpansions: 50, fuzzyTranspositions: true, lenient: false, zeroTermsQuery: 'none' };

describe('match', () => {
  it('reads the short form with its defaults', () => {
    assert.deepEqual(parseQuery({ match: { title: 'quick fox' } }), { ...matchDefaults, field: 'title', query: 'quick fox' });
  });
  it('reads every member of the long form', () => {
    const query = {
      match: {
        title: {
          query: 'quick',
          operator: 'AND',
          analyzer: 'standard',
          fuzziness: 'AUTO',
          prefix_length: 1,
          max_expansions: 10,
          fuzzy_transpositions: false,
          minimum_should_match: '75%',
          lenient: true,
          zero_terms_query: 'ALL',
          fuzzy_rewrite: 'constant_score',
          auto_generate_synonyms_phrase_query: false,
          boost: 2,
          _name: 'm',
        },
      },
    };
    assert.deepEqual(parseQuery(query), {
      kind: 'match',
      boost: 2,
      name: 'm',
      field: 'title',
      query: 'quick',
      operator: 'and',
      analyzer: 'standard',
      fuzziness: { auto: [3, 6] },
      prefixLength: 1,
      maxExpansions: 10,
      fuzzyTranspositions: false,
      minimumShouldMatch: '75%',
      lenient: true,
      zeroTermsQuery: 'all',
      fuzzyRewrite: 'constant_score',
    });
  });
  it('refuses what MatchQueryBuilder refuses', () => {
    refuses(() => parseQuery({ match: { title: { query: 'q', slop: 1 } } }), 'parsing_exception', '[match] query does not support [slop]');
    refuses(() => parseQuery({ match: { title: { operator: 'or' } } }), 'parsing_exception', 'No text specified for text query');
    refuses(() => parseQuery({ match: {} }), 'parsing_exception', 'No text specified for text query');
    refuses(() => parseQuery({ match: { title: { query: 'q', operator: 'xor' } } }), 'illegal_argument_exception', 'No enum constant org.elasticsearch.index.query.Operator.XOR');
    refuses(() => parseQuery({ match: { title: { query: 'q', zero_terms_query: 'some' } } }), 'parsing_exception', 'Unsupported zero_terms_query value [some]');
    refuses(() => parseQuery({ match: { title: { query: { a: 1 } } } }), 'parsing_exception', '[match] unknown token [START_OBJECT] after [query]');
    refuses(() => parseQuery({ match: { a: 'x', b: 'y' } }), 'parsing_exception', "[match] query doesn't support multiple fields, found [a] and [b]");
    refuses(() => parseQuery({ match: { a: { query: 'x', prefix_length: -1 } } }), 'illegal_argument_exception', '[match] requires prefix length to be non-negative.');
    refuses(() => parseQuery({ match: { a: { query: 'x', max_expansions: 0 } } }), 'illegal_argument_exception', '[match] requires maxExpansions to be positive.');
  });
});

describe('match_phrase and match_phrase_prefix', () => {
  it('read short forms with their defaults', () => {
    assert.deepEqual(parseQuery({ match_phrase: { t: 'a b' } }), { kind: 'match_phrase', boost: 1, field: 't', query: 'a b', slop: 0, zeroTermsQuery: 'none' });
    assert.deepEqual(parseQuery({ match_phrase_prefix: { t: 'a b' } }), { kind: 'match_phrase_prefix', boost: 1, field: 't', query: 'a b', slop: 0, maxExpansions: 50, zeroTermsQuery: 'none' });
  });
  it('read every member', () => {
    assert.deepEqual(parseQuery({ match_phrase: { t: { query: 'a b', analyzer: 'x', slop: 2, zero_terms_query: 'all', _name: 'p' } } }), {
      kind: 'match_phrase',
      boost: 1,
      name: 'p',
      field: 't',
      query: 'a b',
      analyzer: 'x',
      slop: 2,
      zeroTermsQuery: 'all',
    });
    assert.deepEqual(parseQuery({ match_phrase_prefix: { t: { query: 'a b', slop: 1, max_expansions: 5, boost: 3 } } }), {
      kind: 'match_phrase_prefix',
      boost: 3,
      field: 't',
      query: 'a b',
      slop: 1,
      maxExpansions: 5,
      zeroTermsQuery: 'none',
    });
  });
  it('refuse members they lack and a negative slop', () => {
    refuses(() => parseQuery({ match_phrase: { t: { query: 'a', operator: 'and' } } }), 'parsing_exception', '[match_phrase] query does not support [operator]');
    refuses(() => parseQuery({ match_phrase_prefix: { t: { query: 'a', fuzziness: 1 } } }), 'parsing_exception', '[match_phrase_prefix] query does not support [fuzziness]');
    refuses(() => parseQuery({ match_phrase: { t: { query: 'a', slop: -1 } } }), 'illegal_argument_exception', 'No negative slop allowed.');
    refuses(() => parseQuery({ match_phrase_prefix: { t: { query: 'a', max_expansions: -1 } } }), 'illegal_argument_exception', 'No negative maxExpansions allowed.');
    refuses(() => parseQuery({ match_phrase: {} }), 'illegal_argument_exception', '[match_phrase] requires fieldName');
    refuses(() => parseQuery({ match_phrase_prefix: { t: { slop: 1 } } }), 'illegal_argument_exception', '[match_phrase_prefix] requires query value');
  });
});

describe('multi_match', () => {
  it('defaults to best_fields over the default field', () => {
    assert.deepEqual(parseQuery({ multi_match: { query: 'q' } }), {
      kind: 'multi_match',
      boost: 1,
      fields: [],
      query: 'q',
      type: 'best_fields',
      operator: 'or',
      slop: 0,
      prefixLength: 0,
      maxExpansions: 50,
      lenient: false,
      zeroTermsQuery: 'none',
      fuzzyTranspositions: true,
    });
  });
  it('reads fields with boosts and every member', () => {
    const query = {
      multi_match: {
        query: 'q',
        fields: ['title^3', 'body', 'x^0.5'],
        type: 'most_fields',
        operator: 'and',
        analyzer: 'a',
        phrase_slop: 2,
        fuzziness: 1,
        prefix_length: 1,
        max_expansions: 9,
        minimum_should_match: 2,
        tie_breaker: 0.3,
        lenient: true,
        zero_terms_query: 'all',
        fuzzy_transpositions: false,
        fuzzy_rewrite: 'r',
        auto_generate_synonyms_phrase_query: true,
        _name: 'mm',
      },
    };
    assert.deepEqual(parseQuery(query), {
      kind: 'multi_match',
      boost: 1,
      name: 'mm',
      fields: [
        { field: 'title', boost: 3 },
        { field: 'body', boost: 1 },
        { field: 'x', boost: 0.5 },
      ],
      query: 'q',
      type: 'most_fields',
      operator: 'and',
      analyzer: 'a',
      slop: 2,
      fuzziness: { edits: 1 },
      prefixLength: 1,
      maxExpansions: 9,
      minimumShouldMatch: '2',
      tieBreaker: 0.3,
      lenient: true,
      zeroTermsQuery: 'all',
      fuzzyTranspositions: false,
      fuzzyRewrite: 'r',
    });
    assert.deepEqual((parseQuery({ multi_match: { query: 'q', fields: 'a^2' } }) as { fields: unknown }).fields, [{ field: 'a', boost: 2 }]);
  });
  it('refuses what MultiMatchQueryBuilder refuses', () => {
    refuses(() => parseQuery({ multi_match: { fields: ['a'] } }), 'parsing_exception', 'No text specified for multi_match query');
    refuses(() => parseQuery({ multi_match: { query: 'q', type: 'best' } }), 'parse_exception', 'failed to parse [multi_match] query type [best]. unknown type.');
    refuses(() => parseQuery({ multi_match: { query: 'q', type: 'phrase', fuzziness: 1 } }), 'parsing_exception', 'Fuzziness not allowed for type [phrase]');
    refuses(() => parseQuery({ multi_match: { query: 'q', foo: 1 } }), 'parsing_exception', '[multi_match] query does not support [foo]');
    refuses(() => parseQuery({ multi_match: { query: 'q', foo: [1] } }), 'parsing_exception', '[multi_match] query does not support [foo]');
  });
});
