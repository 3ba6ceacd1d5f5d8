/** Term-level queries parse in short and long form with ES's defaults, and refuse what ES refuses in its words. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseQuery } from '../../../../src/cluster/search/dsl/index.js';
import { refuses } from './refusal.js';

describe('match_all and match_none', () => {
  it('take boost and _name alone', () => {
    assert.deepEqual(parseQuery({ match_all: {} }), { kind: 'match_all', boost: 1 });
    assert.deepEqual(parseQuery({ match_none: { boost: 2, _name: 'n' } }), { kind: 'match_none', boost: 2, name: 'n' });
    assert.deepEqual(parseQuery({ match_all: { boost: '1.5' } }), { kind: 'match_all', boost: 1.5 });
  });
  it('refuse anything else as ObjectParser words it', () => {
    refuses(() => parseQuery({ match_all: { boots: 1 } }), 'parsing_exception', '[match_all] unknown field [boots] did you mean [boost]?');
    refuses(() => parseQuery({ match_all: { boost: true } }), 'parsing_exception', "[match_all] boost doesn't support values of type: VALUE_BOOLEAN");
    refuses(() => parseQuery({ match_all: { boost: -1 } }), 'parsing_exception', '[match_all] failed to parse field [boost]');
    refuses(() => parseQuery({ match_none: { _name: 3 } }), 'parsing_exception', "[match_none] _name doesn't support values of type: VALUE_NUMBER");
  });
});

describe('term', () => {
  it('reads the short form', () => {
    assert.deepEqual(parseQuery({ term: { user: 'kimchy' } }), { kind: 'term', boost: 1, field: 'user', value: 'kimchy', caseInsensitive: false });
    assert.deepEqual(parseQuery({ term: { n: 5 } }), { kind: 'term', boost: 1, field: 'n', value: 5, caseInsensitive: false });
  });
  it('reads the long form, `value` or `term`', () => {
    assert.deepEqual(parseQuery({ term: { user: { value: 'K', boost: 2, case_insensitive: true, _name: 'q' } } }), {
      kind: 'term',
      boost: 2,
      name: 'q',
      field: 'user',
      value: 'K',
      caseInsensitive: true,
    });
    assert.deepEqual(parseQuery({ term: { ok: { term: true, case_insensitive: 'false' } } }), { kind: 'term', boost: 1, field: 'ok', value: true, caseInsensitive: false });
  });
  it('refuses what TermQueryBuilder refuses', () => {
    refuses(() => parseQuery({ term: { f: { value: 1, foo: 2 } } }), 'parsing_exception', '[term] query does not support [foo]');
    refuses(() => parseQuery({ term: { a: 1, b: 2 } }), 'parsing_exception', "[term] query doesn't support multiple fields, found [a] and [b]");
    refuses(() => parseQuery({ term: { a: [1, 2] } }), 'parsing_exception', '[term] query does not support array of values');
    refuses(() => parseQuery({ term: {} }), 'illegal_argument_exception', 'field name is null or empty');
    refuses(() => parseQuery({ term: { f: { boost: 2 } } }), 'illegal_argument_exception', 'value cannot be null');
    refuses(() => parseQuery({ term: { f: { value: 1, case_insensitive: 'yes' } } }), 'illegal_argument_exception', 'Failed to parse value [yes] as only [true] or [false] are allowed.');
    refuses(() => parseQuery({ term: { f: { value: 1, boost: 'x' } } }), 'number_format_exception', 'For input string: "x"');
    refuses(
      () => parseQuery({ term: { f: { value: 1, boost: -2 } } }),
      'illegal_argument_exception',
      'negative [boost] are not allowed in [{"term":{"f":{"value":1,"boost":-2}}}], use a value between 0 and 1 to deboost',
    );
  });
});

describe('terms', () => {
  it('reads one field with its values, boost and _name', () => {
    assert.deepEqual(parseQuery({ terms: { tag: ['a', 1, true], boost: 3, _name: 't' } }), { kind: 'terms', boost: 3, name: 't', field: 'tag', values: ['a', 1, true] });
  });
  it('refuses the lookup form, a second field and members it lacks', () => {
    refuses(() => parseQuery({ terms: { tag: { index: 'i', id: '1', path: 'p' } } }), 'illegal_argument_exception', 'Tessera does not support terms lookup (the object form of a [terms] query) yet');
    refuses(() => parseQuery({ terms: { a: ['x'], b: ['y'] } }), 'parsing_exception', '[terms] query does not support multiple fields');
    refuses(() => parseQuery({ terms: { a: ['x'], foo: 'y' } }), 'parsing_exception', '[terms] query does not support [foo]');
    refuses(() => parseQuery({ terms: { boost: 2 } }), 'parsing_exception', '[terms] query requires a field name, followed by array of terms or a document lookup specification');
    refuses(() => parseQuery({ terms: { a: ['x', null] } }), 'illegal_argument_exception', 'No value specified for terms query');
  });
});

describe('exists and ids', () => {
  it('read their members', () => {
    assert.deepEqual(parseQuery({ exists: { field: 'f', boost: 2, _name: 'e' } }), { kind: 'exists', boost: 2, name: 'e', field: 'f' });
    assert.deepEqual(parseQuery({ ids: { values: ['1', 2] } }), { kind: 'ids', boost: 1, values: ['1', '2'] });
    assert.deepEqual(parseQuery({ ids: {} }), { kind: 'ids', boost: 1, values: [] });
  });
  it('refuse with their builders’ words', () => {
    refuses(() => parseQuery({ exists: {} }), 'parsing_exception', '[exists] must be provided with a [field]');
    refuses(() => parseQuery({ exists: { field: 'f', foo: 1 } }), 'parsing_exception', '[exists] query does not support [foo]');
    refuses(() => parseQuery({ exists: { field: ['f'] } }), 'parsing_exception', '[exists] unknown token [START_ARRAY] after [field]');
    refuses(() => parseQuery({ ids: { value: ['1'] } }), 'parsing_exception', '[ids] unknown field [value] did you mean [values]?');
    refuses(() => parseQuery({ ids: { values: 1 } }), 'parsing_exception', "[ids] values doesn't support values of type: VALUE_NUMBER");
  });
});
