/** The search request from body and URL: each member into SearchRequest, the URL over the body, ES's refusals. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSearchRequest } from '../../../../src/cluster/search/dsl/index.js';
import { refuses } from './refusal.js';

const DEFAULTS = {
  from: 0,
  size: 10,
  source: { fetch: true, includes: [], excludes: [] },
  trackTotalHits: 10000,
  trackScores: false,
  version: false,
  seqNoPrimaryTerm: false,
  explain: false,
  totalHitsAsInt: false,
  typedKeys: false,
  allowPartialSearchResults: true,
};
const all = { kind: 'match_all', boost: 1 };

describe('parseSearchRequest: the body', () => {
  it('gives the defaults for no body', () => {
    assert.deepEqual(parseSearchRequest(undefined, {}), DEFAULTS);
    assert.deepEqual(parseSearchRequest({}, {}), DEFAULTS);
  });
  it('reads every member it evaluates', () => {
    const body = {
      query: { match_all: {} },
      post_filter: { match_all: {} },
      // 0: a `from` beside `search_after` is refused (SearchSourceBuilder.validate).
      from: 0,
      size: '20',
      sort: ['_score', { n: 'desc' }],
      search_after: [1, 'a', null, true],
      _source: { includes: ['a*'], exclude: 'b' },
      fields: ['f', { field: 'd', format: 'yyyy', include_unmapped: true }],
      docvalue_fields: ['n'],
      stored_fields: '_none_',
      track_total_hits: 100,
      track_scores: true,
      timeout: '2s',
      terminate_after: 7,
      min_score: 0.5,
      version: true,
      seq_no_primary_term: 'true',
      explain: true,
      aggs: { a: { terms: { field: 'f' } } },
      highlight: { fields: { t: {} } },
      pit: { id: 'abc', keep_alive: '1m' },
      profile: false,
    };
    assert.deepEqual(parseSearchRequest(body, {}), {
      ...DEFAULTS,
      query: all,
      postFilter: all,
      from: 0,
      size: 20,
      sort: [
        { field: '_score', order: 'desc' },
        { field: 'n', order: 'desc' },
      ],
      searchAfter: [1, 'a', null, true],
      source: { fetch: true, includes: ['a*'], excludes: ['b'] },
      sourceGiven: true,
      fields: [{ field: 'f' }, { field: 'd', format: 'yyyy', includeUnmapped: true }],
      docvalueFields: [{ field: 'n' }],
      storedFields: ['_none_'],
      trackTotalHits: 100,
      trackScores: true,
      timeoutMillis: 2000,
      terminateAfter: 7,
      minScore: 0.5,
      version: true,
      seqNoPrimaryTerm: true,
      explain: true,
      aggregations: { a: { terms: { field: 'f' } } },
      highlight: { fields: { t: {} } },
      pit: { id: 'abc', keepAlive: '1m' },
    });
  });
  it('reads track_total_hits as a boolean, -1 and Integer.MAX_VALUE', () => {
    const track = (value: unknown) => parseSearchRequest({ track_total_hits: value }, {}).trackTotalHits;
    assert.equal(track(false), false);
    assert.equal(track('true'), true);
    assert.equal(track(-1), false);
    assert.equal(track(2147483647), true);
    refuses(() => track(-2), 'illegal_argument_exception', '[track_total_hits] parameter must be positive or equals to -1, got -2');
  });
  it('lets the later of aggs and aggregations win, as ES sets one builder', () => {
    assert.deepEqual(parseSearchRequest({ aggs: { a: {} }, aggregations: { b: {} } }, {}).aggregations, { b: {} });
  });
  it('refuses negative from, size and terminate_after with SearchSourceBuilder’s words', () => {
    refuses(() => parseSearchRequest({ from: -1 }, {}), 'illegal_argument_exception', '[from] parameter cannot be negative but was [-1]');
    refuses(() => parseSearchRequest({ size: -1 }, {}), 'illegal_argument_exception', '[size] parameter cannot be negative, found [-1]');
    refuses(() => parseSearchRequest({ terminate_after: -1 }, {}), 'illegal_argument_exception', 'terminateAfter must be > 0');
    refuses(() => parseSearchRequest({ size: 'ten' }, {}), 'number_format_exception', 'For input string: "ten"');
  });
  it('refuses unknown members, and known ones of the wrong token, as "Unknown key"', () => {
    refuses(() => parseSearchRequest({ foo: 'x' }, {}), 'parsing_exception', 'Unknown key for a VALUE_STRING in [foo].');
    refuses(() => parseSearchRequest({ foo: {} }, {}), 'parsing_exception', 'Unknown key for a START_OBJECT in [foo].');
    refuses(() => parseSearchRequest({ query: [] }, {}), 'parsing_exception', 'Unknown key for a START_ARRAY in [query].');
    refuses(() => parseSearchRequest({ from: null }, {}), 'parsing_exception', 'Unknown key for a VALUE_NULL in [from].');
    refuses(() => parseSearchRequest({ point_in_time: { id: 'x' } }, {}), 'parsing_exception', 'Unknown key for a START_OBJECT in [point_in_time].');
    refuses(() => parseSearchRequest([], {}), 'parsing_exception', 'Expected [START_OBJECT] but found [START_ARRAY]');
  });
  it('refuses the members ES knows and Tessera does not evaluate', () => {
    const members: [string, unknown][] = [
      ['collapse', { field: 'f' }],
      ['rescore', [{}]],
      ['suggest', {}],
      ['script_fields', {}],
      ['runtime_mappings', {}],
      ['indices_boost', [{ i: 2 }]],
      ['stats', ['x']],
      ['profile', true],
      ['ext', {}],
      ['knn', {}],
      ['slice', { id: 0, max: 2 }],
      ['retriever', {}],
      ['rank', {}],
      ['sub_searches', []],
    ];
    for (const [member, value] of members) {
      refuses(() => parseSearchRequest({ [member]: value }, {}), 'illegal_argument_exception', `Tessera does not support [${member}] in a search request yet`);
    }
  });
  it('refuses a pit without id and a bad fetch field', () => {
    refuses(() => parseSearchRequest({ pit: { keep_alive: '1m' } }, {}), 'illegal_argument_exception', 'point in time id is not provided');
    refuses(() => parseSearchRequest({ pit: { id: 'x', foo: 1 } }, {}), 'x_content_parse_exception', '[pit] unknown field [foo]');
    refuses(() => parseSearchRequest({ fields: [{ field: 'f', formats: 'x' }] }, {}), 'x_content_parse_exception', '[fetch_field_and_format] unknown field [formats] did you mean [format]?');
    refuses(() => parseSearchRequest({ search_after: [{}] }, {}), 'parsing_exception', 'Expected [VALUE_STRING, VALUE_NUMBER, VALUE_BOOLEAN, VALUE_NULL] but found [START_OBJECT] inside search_after.');
  });
});

describe('parseSearchRequest: _source and stored_fields', () => {
  it('reads each body form of _source', () => {
    const source = (value: unknown) => parseSearchRequest({ _source: value }, {}).source;
    assert.deepEqual(source(false), { fetch: false });
    assert.deepEqual(source('a.*'), { fetch: true, includes: ['a.*'], excludes: [] });
    assert.deepEqual(source(['a', 'b']), { fetch: true, includes: ['a', 'b'], excludes: [] });
    assert.deepEqual(source({ include: ['a'], excludes: ['b'] }), { fetch: true, includes: ['a'], excludes: ['b'] });
  });
  it('refuses a malformed _source with FetchSourceContext’s words', () => {
    refuses(() => parseSearchRequest({ _source: 1 }, {}), 'parsing_exception', 'Expected one of [VALUE_BOOLEAN, START_OBJECT] but found [VALUE_NUMBER]');
    refuses(() => parseSearchRequest({ _source: { foo: ['a'] } }, {}), 'parsing_exception', 'Unknown key for a START_ARRAY in [foo].');
    refuses(() => parseSearchRequest({ _source: { includes: [1] } }, {}), 'parsing_exception', 'Unknown key for a VALUE_NUMBER in [includes].');
  });
  it('reads the URL’s _source over the body’s', () => {
    assert.deepEqual(parseSearchRequest({ _source: false }, { _source: 'true' }).source, { fetch: true, includes: [], excludes: [] });
    assert.deepEqual(parseSearchRequest(undefined, { _source: 'a,b' }).source, { fetch: true, includes: ['a', 'b'], excludes: [] });
    assert.deepEqual(parseSearchRequest(undefined, { _source: 'a', _source_includes: 'c', _source_excludes: 'd' }).source, { fetch: true, includes: ['c'], excludes: ['d'] });
    assert.deepEqual(parseSearchRequest(undefined, { _source: 'false' }).source, { fetch: false });
  });
  it('refuses stored_fields of another type', () => {
    refuses(() => parseSearchRequest({ stored_fields: [1] }, {}), 'parsing_exception', 'Expected [VALUE_STRING] in [stored_fields] but found [VALUE_NUMBER]');
  });
});

describe('parseSearchRequest: sort', () => {
  const sort = (value: unknown) => parseSearchRequest({ sort: value }, {}).sort;
  it('reads strings, objects and arrays of both', () => {
    assert.deepEqual(sort('n'), [{ field: 'n', order: 'asc' }]);
    assert.deepEqual(sort({ _score: { order: 'asc' } }), [{ field: '_score', order: 'asc' }]);
    assert.deepEqual(sort(['_doc', { a: 'DESC', b: { order: 'desc', missing: '_first', mode: 'max', unmapped_type: 'long', format: 'epoch_millis', numeric_type: 'date' } }]), [
      { field: '_doc', order: 'asc' },
      { field: 'a', order: 'desc' },
      { field: 'b', order: 'desc', missing: '_first', mode: 'max', unmappedType: 'long', format: 'epoch_millis', numericType: 'date' },
    ]);
  });
  it('refuses what SortBuilder and FieldSortBuilder refuse', () => {
    refuses(() => sort([1]), 'illegal_argument_exception', 'malformed sort format, within the sort array, an object, or an actual string are allowed');
    refuses(() => sort({ a: 'up' }), 'illegal_argument_exception', 'No enum constant org.elasticsearch.search.sort.SortOrder.UP');
    refuses(() => sort({ a: { ordr: 'asc' } }), 'x_content_parse_exception', '[field_sort] unknown field [ordr] did you mean [order]?');
    refuses(() => sort({ a: { mode: 'mean' } }), 'x_content_parse_exception', '[field_sort] failed to parse field [mode]');
    refuses(() => sort({ a: { nested_path: 'p' } }), 'parsing_exception', '[nested_path] has been removed in favour of the [nested] parameter');
    refuses(() => sort({ a: { nested: { path: 'p' } } }), 'illegal_argument_exception', 'Tessera does not support [nested] in a sort yet');
    refuses(() => sort({ _geo_distance: { loc: [0, 0] } }), 'illegal_argument_exception', 'Tessera does not support [_geo_distance] sorts yet');
  });
  it('adds the URL’s sorts after the body’s', () => {
    assert.deepEqual(parseSearchRequest({ sort: 'a' }, { sort: 'b:desc,_score,c:asc' }).sort, [
      { field: 'a', order: 'asc' },
      { field: 'b', order: 'desc' },
      { field: '_score', order: 'desc' },
      { field: 'c', order: 'asc' },
    ]);
    refuses(() => parseSearchRequest(undefined, { sort: 'b:up' }), 'illegal_argument_exception', 'Tessera does not support the sort order [up] in [sort=b:up]: only [asc] and [desc]');
  });
});
