/**
 * `_msearch`, `_validate/query`, and the hit extras (`highlight`, `fields`, `docvalue_fields`, `stored_fields`,
 * `explain`) through the official client, each answer computed from the test's own documents.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esErrorOf, useEsServer } from '../helpers/es.js';

const LOGS = [
  { id: '1', source: { '@timestamp': '2026-01-01T10:00:00Z', service: 'api', message: 'upstream timeout contacting backend', status: 504 } },
  { id: '2', source: { '@timestamp': '2026-01-02T11:30:00Z', service: 'web', message: 'request served', status: 200 } },
  { id: '3', source: { '@timestamp': '2026-01-03T12:00:00Z', service: 'api', message: 'Timeout again: timeout after timeout', status: 504 } },
];

/** A search that fails on every shard: its status, and the root cause ES reports under `all shards failed`. */
async function shardFailureOf(promise: Promise<unknown>): Promise<{ status: number; type: string; reason: string }> {
  try {
    await promise;
  } catch (error) {
    const { statusCode, body } = (error as { meta: { statusCode: number; body: any } }).meta;
    assert.equal(body.error.type, 'search_phase_execution_exception');
    assert.equal(body.error.reason, 'all shards failed');
    return { status: statusCode, type: body.error.root_cause[0].type, reason: body.error.root_cause[0].reason };
  }
  throw new Error('expected an error');
}

describe('search extras', () => {
  const es = useEsServer();

  it('sets up an index of logs', async () => {
    await es.client.indices.create({
      index: 'logs',
      mappings: { properties: { '@timestamp': { type: 'date' }, service: { type: 'keyword' }, message: { type: 'text', fields: { raw: { type: 'keyword' } } }, status: { type: 'long' } } },
    });
    await es.client.indices.create({ index: 'other', mappings: { properties: { service: { type: 'keyword' }, status: { type: 'long' } } } });
    const operations = LOGS.flatMap(({ id, source }) => [{ index: { _index: 'logs', _id: id } }, source]);
    await es.client.bulk({ refresh: true, operations });
  });

  describe('_msearch', () => {
    it('answers each search in order, a failed one with its error beside the others', async () => {
      const response = await es.client.msearch({
        searches: [
          { index: 'logs' },
          { query: { term: { service: 'api' } }, sort: ['status', { '@timestamp': 'asc' }], _source: false },
          { index: 'missing' },
          { query: { match_all: {} } },
          {},
          { query: { term: { status: 'abc' } } },
          { index: 'logs' },
          { size: 0, query: { match: { message: 'served' } } },
        ],
        index: 'logs',
      });
      assert.equal(typeof response.took, 'number');
      const [first, missing, bad, counted] = response.responses as any[];
      assert.equal(first.status, 200);
      assert.deepEqual(first.hits.hits.map((h: any) => [h._id, h.sort]), [['1', [504, 1767261600000]], ['3', [504, 1767441600000]]]);
      assert.deepEqual(first.hits.total, { value: 2, relation: 'eq' });
      assert.equal(first.timed_out, false);
      assert.deepEqual(missing, {
        error: { root_cause: [{ type: 'index_not_found_exception', reason: 'no such index [missing]', 'resource.type': 'index_or_alias', 'resource.id': 'missing', index_uuid: '_na_', index: 'missing' }], type: 'index_not_found_exception', reason: 'no such index [missing]', 'resource.type': 'index_or_alias', 'resource.id': 'missing', index_uuid: '_na_', index: 'missing' },
        status: 404,
      });
      assert.equal(bad.status, 400);
      assert.equal(bad.error.type, 'search_phase_execution_exception');
      assert.equal(bad.error.reason, 'all shards failed');
      assert.equal(counted.status, 200);
      assert.deepEqual(counted.hits, { total: { value: 1, relation: 'eq' }, max_score: null, hits: [] });
    });

    it('takes the header’s options, rest_total_hits_as_int and the URL index as the default', async () => {
      const response = await es.client.msearch({
        searches: [{ index: 'miss*,logs', ignore_unavailable: true }, { size: 1, sort: ['status'] }, { index: 'nope', ignore_unavailable: true }, {}],
        rest_total_hits_as_int: true,
      });
      const [a, b] = response.responses as any[];
      assert.equal(a.hits.total, 3);
      assert.deepEqual(a.hits.hits.map((h: any) => h._id), ['2']);
      assert.equal(b.hits.total, 0);
    });

    it('reads a JSON content type as lines too, as ES does', async () => {
      const body = '{"index":"logs"}\n{"size":0}\n';
      const response = await fetch(`${es.server.url}/_msearch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      assert.equal(response.status, 200);
      const json = (await response.json()) as any;
      assert.deepEqual(json.responses.map((r: any) => [r.status, r.hits.total]), [[200, { value: 3, relation: 'eq' }]]);
    });

    it('refuses what ES refuses, for the whole request', async () => {
      assert.deepEqual(await esErrorOf(es.client.msearch({ searches: [{ index: 'logs', foo: 1 } as any, {}] })), { status: 400, type: 'illegal_argument_exception', reason: 'key [foo] is not supported in the metadata section' });
      assert.deepEqual(await esErrorOf(es.client.msearch({ searches: [{ index: 'logs' }, { query: { nope: {} } } as any] })), { status: 400, type: 'parsing_exception', reason: 'unknown query [nope]' });
      assert.deepEqual(await esErrorOf(es.client.msearch({ searches: [{}, {}], max_concurrent_searches: 0 })), { status: 400, type: 'illegal_argument_exception', reason: 'maxConcurrentSearchRequests must be positive' });
      const raw = await fetch(`${es.server.url}/_msearch`, { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body: '{}\n{}' });
      assert.equal(raw.status, 400);
      assert.equal(((await raw.json()) as any).error.reason, 'The msearch request must be terminated by a newline [\n]');
      const empty = await fetch(`${es.server.url}/_msearch`, { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body: '\n' });
      assert.equal(((await empty.json()) as any).error.reason, 'Validation Failed: 1: no requests added;');
      const tooMany = '{}\n{"size":0}\n'.repeat(1001);
      const capped = await fetch(`${es.server.url}/_msearch`, { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body: tooMany });
      assert.equal(((await capped.json()) as any).error.reason, 'Tessera runs at most [1000] searches in one _msearch request; split the request');
    });
  });

  describe('_validate/query', () => {
    it('explains a valid query in Lucene’s syntax', async () => {
      const response = await es.client.indices.validateQuery({ index: 'logs', explain: true, query: { bool: { must: { match: { message: 'timeout' } }, filter: { term: { service: 'api' } } } } });
      assert.deepEqual(response, { _shards: { total: 1, successful: 1, failed: 0 }, valid: true, explanations: [{ index: 'logs', valid: true, explanation: '+message:timeout #service:api' }] });
      const cases: [object, string][] = [
        [{ match_all: {} }, '*:*'],
        [{ match: { message: 'Upstream TIMEOUT' } }, 'message:upstream message:timeout'],
        [{ match: { message: { query: 'upstream timeout', operator: 'and' } } }, '+message:upstream +message:timeout'],
        [{ match_phrase: { message: 'upstream timeout' } }, 'message:"upstream timeout"'],
        [{ term: { status: 504 } }, 'status:[504 TO 504]'],
        [{ range: { status: { gte: 200, lt: 500 } } }, 'status:[200 TO 499]'],
        [{ terms: { service: ['api', 'web'] } }, 'service:(api web)'],
        [{ exists: { field: 'service' } }, 'FieldExistsQuery [field=service]'],
        [{ bool: { must_not: { term: { service: 'web' } } } }, '-service:web #*:*'],
        [{ constant_score: { filter: { term: { service: 'api' } }, boost: 2 } }, '(ConstantScore(service:api))^2.0'],
        [{ bool: { should: [{ term: { service: 'api' } }, { bool: { must: [{ term: { service: 'web' } }, { term: { status: 200 } }] } }] } }, 'service:api (+service:web +status:[200 TO 200])'],
      ];
      for (const [query, explanation] of cases) {
        const r = await es.client.indices.validateQuery({ index: 'logs', explain: true, query });
        assert.equal(r.explanations?.[0]?.explanation, explanation, JSON.stringify(query));
      }
    });

    it('answers valid: false with 200 for a query that does not parse or cannot be built', async () => {
      assert.deepEqual(await es.client.indices.validateQuery({ index: 'logs', query: { nope: {} } as any }), { valid: false });
      assert.deepEqual(await es.client.indices.validateQuery({ index: 'logs', explain: true, query: { match_al: {} } as any }), {
        valid: false,
        error: 'org.elasticsearch.common.ParsingException: unknown query [match_al] did you mean any of [match_all, match, match_none, match_phrase]?',
      });
      const r = await es.client.indices.validateQuery({ index: 'logs', explain: true, query: { term: { status: 'abc' } } });
      assert.equal(r.valid, false);
      assert.deepEqual(r._shards, { total: 1, successful: 1, failed: 0 });
      assert.equal(r.explanations?.length, 1);
      const [e] = r.explanations as any[];
      const uuid = (await es.client.indices.get({ index: 'logs' })).logs!.settings!.index!.uuid;
      assert.deepEqual(e, { index: 'logs', valid: false, error: `[logs/${uuid}] org.elasticsearch.index.query.QueryShardException: failed to create query: For input string: "abc"; java.lang.NumberFormatException: For input string: "abc"` });
      assert.deepEqual(await es.client.indices.validateQuery({ index: 'logs', q: 'service:api' }), { _shards: { total: 1, successful: 1, failed: 0 }, valid: true });
      assert.deepEqual(await es.client.indices.validateQuery({ index: 'logs,other', q: 'service:api', all_shards: true }), {
        _shards: { total: 2, successful: 2, failed: 0 },
        valid: true,
        explanations: [{ index: 'logs', shard: 0, valid: true, explanation: 'service:api' }, { index: 'other', shard: 0, valid: true, explanation: 'service:api' }],
      });
      const malformed = await fetch(`${es.server.url}/logs/_validate/query`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":' });
      assert.equal(malformed.status, 200);
      assert.deepEqual(await malformed.json(), { valid: false });
      const other = await fetch(`${es.server.url}/logs/_validate/query?explain=false`, { method: 'POST', headers: { 'content-type': 'application/json' } , body: '{"query":{"match_all":{}}}' });
      assert.deepEqual(await other.json(), { _shards: { total: 1, successful: 1, failed: 0 }, valid: true });
      assert.deepEqual(await esErrorOf(es.client.indices.validateQuery({ index: 'missing', q: 'x' })), { status: 404, type: 'index_not_found_exception', reason: 'no such index [missing]' });
    });
  });

  describe('highlight', () => {
    const LONG = 'The backend answered slowly. A timeout occurred while the api waited for the database, and the retry hit another timeout before the circuit breaker opened; operators saw no timeout after the restart.';
    const highlightOf = async (query: object, highlight: any) => (await es.client.search({ index: 'hl', query, highlight, _source: false })).hits.hits[0]!.highlight;
    const TIMEOUT = { bool: { must: { match: { message: 'timeout' } }, filter: { term: { service: 'db' } } } };

    it('marks the query’s terms in fragments of about fragment_size characters, as the plain highlighter cuts them', async () => {
      await es.client.indices.create({ index: 'hl', mappings: { properties: { message: { type: 'text' }, service: { type: 'keyword' }, n: { type: 'long' } } } });
      await es.client.index({ index: 'hl', id: '4', document: { message: [LONG, 'no match here', 'second timeout value'], service: 'db', n: 1 }, refresh: true });
      assert.deepEqual(await highlightOf(TIMEOUT, { fields: { message: { fragment_size: 40 } } }), {
        message: ['The backend answered slowly. A <em>timeout</em>', ' <em>timeout</em> before the circuit breaker opened', '; operators saw no <em>timeout</em> after the restart.', 'second <em>timeout</em> value'],
      });
      assert.deepEqual(await highlightOf(TIMEOUT, { fields: { message: { fragment_size: 40, number_of_fragments: 2 } } }), {
        message: ['The backend answered slowly. A <em>timeout</em>', ' <em>timeout</em> before the circuit breaker opened'],
      });
      // number_of_fragments 0: each value whole.
      assert.deepEqual(await highlightOf(TIMEOUT, { fields: { message: { number_of_fragments: 0 } } }), {
        message: [LONG.replaceAll('timeout', '<em>timeout</em>'), 'second <em>timeout</em> value'],
      });
      // Tags, and a pattern that reaches only the text and keyword fields.
      assert.deepEqual(await highlightOf(TIMEOUT, { pre_tags: ['<b>'], post_tags: ['</b>'], fields: { '*': {} } }), {
        message: ['The backend answered slowly. A <b>timeout</b> occurred while the api waited for the database, and the', ' retry hit another <b>timeout</b> before the circuit breaker opened; operators saw no <b>timeout</b> after the restart.', 'second <b>timeout</b> value'],
        // The filter's term is the query's too: it marks the field it names.
        service: ['<b>db</b>'],
      });
    });

    it('takes highlight_query, phrases, require_field_match, no_match_size and order', async () => {
      assert.deepEqual(await highlightOf(TIMEOUT, { fields: { message: { highlight_query: { match: { message: 'circuit breaker' } }, fragment_size: 30 } } }), { message: [' timeout before the <em>circuit</em> <em>breaker</em>'] });
      assert.deepEqual(await highlightOf(TIMEOUT, { fields: { message: { no_match_size: 20, highlight_query: { match: { message: 'zzz' } } } } }), { message: ['The backend answered'] });
      // A phrase marks its words only where they make the phrase.
      assert.deepEqual(await highlightOf({ match_phrase: { message: 'another timeout' } }, { fields: { message: { number_of_fragments: 0 } } }), {
        message: [LONG.replace('another timeout', '<em>another</em> <em>timeout</em>')],
      });
      // By default a field shows only its own terms; require_field_match: false lets any field's terms mark it.
      assert.equal(await highlightOf({ term: { service: 'db' } }, { fields: { service: {}, message: {} } }).then((h) => JSON.stringify(h)), JSON.stringify({ service: ['<em>db</em>'] }));
      // The fragments with the most distinct terms come first; order: score sorts the fragments of every value together.
      const query = { match: { message: 'restart breaker circuit second' } };
      assert.deepEqual(await highlightOf(query, { fields: { message: { fragment_size: 40, type: 'unified' } } }), {
        message: [' timeout before the <em>circuit</em> <em>breaker</em> opened', '; operators saw no timeout after the <em>restart</em>.', '<em>second</em> timeout value'],
      });
      // number_of_fragments bounds the fragments of all the values together.
      assert.deepEqual(await highlightOf(query, { fields: { message: { fragment_size: 40, number_of_fragments: 1 } } }), { message: [' timeout before the <em>circuit</em> <em>breaker</em> opened'] });
      const two = { match: { message: 'restart second value' } };
      assert.deepEqual(await highlightOf(two, { fields: { message: { fragment_size: 40 } } }), { message: ['; operators saw no timeout after the <em>restart</em>.', '<em>second</em> timeout <em>value</em>'] });
      assert.deepEqual(await highlightOf(two, { order: 'score', fields: { message: { fragment_size: 40 } } }), { message: ['<em>second</em> timeout <em>value</em>', '; operators saw no timeout after the <em>restart</em>.'] });
    });

    it('refuses what it cannot do, with ES’s words', async () => {
      const search = (highlight: any) => es.client.search({ index: 'hl', query: TIMEOUT, highlight });
      assert.deepEqual(await esErrorOf(search({ fields: { message: {} }, foo: 1 })), { status: 400, type: 'x_content_parse_exception', reason: '[highlight] unknown field [foo]' });
      assert.deepEqual(await esErrorOf(search({ fields: { message: { type: 'nope' } } })), { status: 400, type: 'illegal_argument_exception', reason: 'unknown highlighter type [nope] for the field [message]' });
      assert.deepEqual(await esErrorOf(search({ fields: { message: { type: 'fvh' } } })), { status: 400, type: 'illegal_argument_exception', reason: 'Tessera does not support the [fvh] highlighter (Tessera keeps no term vectors) yet' });
      assert.deepEqual(await esErrorOf(search({ fields: { message: { boundary_scanner: 'word' } } })), { status: 400, type: 'illegal_argument_exception', reason: 'Tessera does not support [boundary_scanner] in highlight yet' });
      await es.client.indices.putSettings({ index: 'hl', settings: { 'index.highlight.max_analyzed_offset': 100 } });
      assert.deepEqual(await shardFailureOf(search({ fields: { message: {} } })), {
        status: 400,
        type: 'illegal_argument_exception',
        reason: `The length [${LONG.length}] of field [message] in doc[0]/index[hl] exceeds the [index.highlight.max_analyzed_offset] limit [100]. To avoid this error, set the query parameter [max_analyzed_offset] to a value less than index setting [100] and this will tolerate long field values by truncating them.`,
      });
    });
  });

  describe('fields, docvalue_fields, stored_fields', () => {
    it('reads values through the mapping: arrays, multi-fields, dates in their format, numbers as numbers', async () => {
      await es.client.indices.create({
        index: 'fv',
        mappings: { properties: { at: { type: 'date' }, day: { type: 'date', format: 'yyyy-MM-dd' }, tags: { type: 'keyword' }, msg: { type: 'text', fields: { raw: { type: 'keyword' } } }, n: { type: 'long' }, x: { type: 'float' }, ok: { type: 'boolean' }, obj: { properties: { k: { type: 'keyword' } } } } },
      });
      await es.client.index({ index: 'fv', id: '1', document: { at: 1767261600000, day: '2026-01-05', tags: ['b', 'a', 'b'], msg: 'Hello World', n: '42', x: 1.1, ok: 'true', obj: [{ k: 'p' }, { k: 'q' }], extra: 'unmapped' }, refresh: true });
      const hit = (await es.client.search({ index: 'fv', fields: ['at', { field: 'day', format: 'dd/MM/yyyy' }, 'tags', 'msg*', 'n', 'x', 'ok', 'obj.*', 'extra'], _source: false })).hits.hits[0]!;
      assert.deepEqual(hit.fields, { at: ['2026-01-01T10:00:00.000Z'], day: ['05/01/2026'], tags: ['b', 'a', 'b'], msg: ['Hello World'], 'msg.raw': ['Hello World'], n: [42], x: [1.1], ok: [true], 'obj.k': ['p', 'q'], extra: ['unmapped'] });
      assert.equal(hit._source, undefined);
      const dv = (await es.client.search({ index: 'fv', docvalue_fields: ['tags', 'n', { field: 'at', format: 'epoch_millis' }, 'day', 'ok', 'msg.raw'], _source: false })).hits.hits[0]!;
      assert.deepEqual(dv.fields, { tags: ['a', 'b'], n: [42], at: ['1767261600000'], day: ['2026-01-05'], ok: [true], 'msg.raw': ['Hello World'] });
    });

    it('stored_fields: _none_ loads neither _id nor _source; names load the stored fields, and _source only when asked for; text doc values are refused', async () => {
      const response = await es.client.search({ index: 'fv', stored_fields: ['_none_'] });
      assert.deepEqual(response.hits.hits, [{ _index: 'fv', _score: 1 }]);
      // Nothing in fv is mapped with store: true: stored fields load nothing, and the source is left out unless asked for.
      assert.deepEqual((await es.client.search({ index: 'fv', stored_fields: ['msg'] })).hits.hits, [{ _index: 'fv', _id: '1', _score: 1 }]);
      const withSource = (await es.client.search({ index: 'fv', stored_fields: ['*'], _source: true })).hits.hits[0]!;
      assert.equal((withSource._source as { msg: string }).msg, 'Hello World');
      await es.client.indices.create({ index: 'stored', mappings: { properties: { title: { type: 'keyword', store: true }, body: { type: 'text' } } } });
      await es.client.index({ index: 'stored', id: '1', document: { title: 'T', body: 'B' }, refresh: true });
      assert.deepEqual((await es.client.search({ index: 'stored', stored_fields: ['*'] })).hits.hits, [{ _index: 'stored', _id: '1', _score: 1, fields: { title: ['T'] } }]);
      assert.deepEqual((await es.client.search({ index: 'stored', stored_fields: ['title', '_source'] })).hits.hits[0]!._source, { title: 'T', body: 'B' });
      assert.deepEqual(await shardFailureOf(es.client.search({ index: 'fv', docvalue_fields: ['msg'] })), {
        status: 400,
        type: 'illegal_argument_exception',
        reason: 'Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [msg] in order to load field data by uninverting the inverted index. Note that this can use significant memory.',
      });
      assert.deepEqual(await esErrorOf(es.client.search({ index: 'fv', fields: [{ field: 'n', nope: 1 } as any] })), { status: 400, type: 'x_content_parse_exception', reason: '[fetch_field_and_format] unknown field [nope]' });
    });
  });

  describe('explain', () => {
    it('explains a BM25 term score as ES does (the documented one-document example)', async () => {
      await es.client.index({ index: 'bm25', id: '1', document: { user: 'kimchy' }, refresh: true });
      const [hit] = (await es.client.search({ index: 'bm25', query: { match: { user: 'kimchy' } }, explain: true })).hits.hits as any[];
      assert.equal(hit._shard, '[bm25][0]');
      assert.equal(typeof hit._node, 'string');
      const leaf = (value: number, description: string) => ({ value, description, details: [] });
      assert.deepEqual(hit._explanation, {
        value: 0.2876821,
        description: 'weight(user:kimchy in 0) [PerFieldSimilarity], result of:',
        details: [
          {
            value: 0.2876821,
            description: 'score(freq=1.0), computed as boost * idf * tf from:',
            details: [
              leaf(2.2, 'boost'),
              { value: 0.2876821, description: 'idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:', details: [leaf(1, 'n, number of documents containing term'), leaf(1, 'N, total number of documents with field')] },
              {
                value: 0.45454544,
                description: 'tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:',
                details: [leaf(1, 'freq, occurrences of term within document'), leaf(1.2, 'k1, term saturation parameter'), leaf(0.75, 'b, length normalization parameter'), leaf(1, 'dl, length of field'), leaf(1, 'avgdl, average length of field')],
              },
            ],
          },
        ],
      });
    });

    it('sums a compound query’s clauses to the hit’s score, and explains constant scores by their query', async () => {
      const response = await es.client.search({ index: 'logs', explain: true, query: { bool: { should: [{ match: { message: 'timeout' } }, { constant_score: { filter: { term: { service: 'api' } }, boost: 2 } }] } } });
      for (const hit of response.hits.hits as any[]) {
        assert.equal(hit._explanation.value, hit._score);
        assert.equal(hit._explanation.description, 'sum of:');
        assert.deepEqual(hit._explanation.details[1], { value: 2, description: 'service:api^2.0', details: [] });
        assert.match(hit._explanation.details[0].description, new RegExp(`^weight\\(message:timeout in \\d+\\) \\[PerFieldSimilarity\\], result of:$`));
      }
      const all = await es.client.search({ index: 'logs', explain: 'true' as any, size: 1, query: { match_all: {} } });
      assert.deepEqual((all.hits.hits[0] as any)._explanation, { value: 1, description: '*:*', details: [] });
    });
  });
});
