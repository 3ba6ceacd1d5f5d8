/** bool, constant_score and nested, and the dispatch every query goes through (parseInnerQueryBuilder's words). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseQuery } from '../../../../src/cluster/search/dsl/index.js';
import { refuses } from './refusal.js';

const all = { kind: 'match_all', boost: 1 };
const term = { kind: 'term', boost: 1, field: 'f', value: 'v', caseInsensitive: false };

describe('bool', () => {
  it('takes each clause as an object or an array', () => {
    assert.deepEqual(parseQuery({ bool: { must: { match_all: {} }, should: [{ term: { f: 'v' } }, { match_all: {} }], filter: [], must_not: { term: { f: 'v' } } } }), {
      kind: 'bool',
      boost: 1,
      must: [all],
      should: [term, all],
      filter: [],
      mustNot: [term],
    });
  });
  it('reads minimum_should_match as written, adjust_pure_negative, boost and _name', () => {
    const bool = parseQuery({ bool: { should: [{ match_all: {} }], minimum_should_match: 1, boost: 2, _name: 'b', adjust_pure_negative: true } });
    assert.deepEqual(bool, { kind: 'bool', boost: 2, name: 'b', must: [], should: [all], filter: [], mustNot: [], minimumShouldMatch: '1' });
    assert.equal((parseQuery({ bool: { minimum_should_match: '75%' } }) as { minimumShouldMatch: string }).minimumShouldMatch, '75%');
    assert.equal((parseQuery({ bool: { adjust_pure_negative: false } }) as { adjustPureNegative?: false }).adjustPureNegative, false);
  });
  it('refuses members it lacks, as BoolQueryBuilder words each branch', () => {
    refuses(() => parseQuery({ bool: { musts: { match_all: {} } } }), 'parsing_exception', '[bool] query does not support [musts]');
    refuses(() => parseQuery({ bool: { musts: [{ match_all: {} }] } }), 'parsing_exception', 'bool query does not support [musts]');
    refuses(() => parseQuery({ bool: { foo: 1 } }), 'parsing_exception', '[bool] query does not support [foo]');
    refuses(() => parseQuery({ bool: { must: [{}] } }), 'illegal_argument_exception', 'query malformed, empty clause found');
    refuses(() => parseQuery({ bool: { must: ['x'] } }), 'parsing_exception', '[_na] query malformed, must start with start_object');
  });
});

describe('constant_score', () => {
  it('wraps one filter', () => {
    assert.deepEqual(parseQuery({ constant_score: { filter: { term: { f: 'v' } }, boost: 1.2 } }), { kind: 'constant_score', boost: 1.2, filter: term });
  });
  it('refuses a missing filter and other members', () => {
    refuses(() => parseQuery({ constant_score: {} }), 'parsing_exception', "[constant_score] requires a 'filter' element");
    refuses(() => parseQuery({ constant_score: { query: { match_all: {} } } }), 'parsing_exception', '[constant_score] query does not support [query]');
    refuses(() => parseQuery({ constant_score: { filter: [] } }), 'parsing_exception', 'unexpected token [START_ARRAY]');
  });
});

describe('nested', () => {
  it('reads path, query, score_mode and ignore_unmapped', () => {
    assert.deepEqual(parseQuery({ nested: { path: 'p', query: { match_all: {} } } }), { kind: 'nested', boost: 1, path: 'p', query: all, scoreMode: 'avg', ignoreUnmapped: false });
    assert.deepEqual(parseQuery({ nested: { path: 'p', query: { match_all: {} }, score_mode: 'max', ignore_unmapped: true, _name: 'n' } }), {
      kind: 'nested',
      boost: 1,
      name: 'n',
      path: 'p',
      query: all,
      scoreMode: 'max',
      ignoreUnmapped: true,
    });
  });
  it('refuses inner_hits, a bad score mode and a missing path or query', () => {
    refuses(() => parseQuery({ nested: { path: 'p', query: { match_all: {} }, inner_hits: {} } }), 'illegal_argument_exception', 'Tessera does not support [inner_hits] in a [nested] query yet');
    refuses(() => parseQuery({ nested: { path: 'p', query: { match_all: {} }, score_mode: 'mean' } }), 'illegal_argument_exception', 'No score mode for child query [mean] found');
    refuses(() => parseQuery({ nested: { query: { match_all: {} } } }), 'illegal_argument_exception', "[nested] requires 'path' field");
    refuses(() => parseQuery({ nested: { path: 'p' } }), 'illegal_argument_exception', "[nested] requires 'query' field");
  });
});

describe('the query object', () => {
  it('refuses a malformed one with parseInnerQueryBuilder’s words', () => {
    refuses(() => parseQuery('match_all'), 'parsing_exception', '[_na] query malformed, must start with start_object');
    refuses(() => parseQuery({}), 'illegal_argument_exception', 'query malformed, empty clause found');
    refuses(() => parseQuery({ term: 'x' }), 'parsing_exception', '[term] query malformed, no start_object after query name');
    refuses(() => parseQuery({ match_all: {}, term: { f: 'v' } }), 'parsing_exception', '[match_all] malformed query, expected [END_OBJECT] but found [FIELD_NAME]');
  });
  it('refuses an unknown name with ES’s suggestions', () => {
    refuses(() => parseQuery({ matc: { f: 'v' } }), 'parsing_exception', 'unknown query [matc] did you mean [match]?');
    refuses(() => parseQuery({ foo: {} }), 'parsing_exception', 'unknown query [foo]');
  });
  it('refuses a query ES knows and Tessera does not evaluate', () => {
    for (const name of ['geo_distance', 'script', 'function_score', 'more_like_this']) {
      refuses(() => parseQuery({ [name]: {} }), 'illegal_argument_exception', `Tessera does not support the [${name}] query yet`);
    }
  });
  it('refuses a query nested deeper than indices.query.bool.max_nested_depth', () => {
    let query: unknown = { match_all: {} };
    for (let i = 0; i < 29; i++) query = { bool: { must: query } };
    assert.equal((parseQuery(query) as { kind: string }).kind, 'bool');
    refuses(
      () => parseQuery({ bool: { must: query } }),
      'illegal_argument_exception',
      'The nested depth of the query exceeds the maximum nested depth for queries set in [indices.query.bool.max_nested_depth]',
    );
  });
});
