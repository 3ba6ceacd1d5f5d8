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
      assert.deepEqual(await esErrorOf(es.client.indices.validateQuery({ index: 'missing', q: 'x' })), { status: 404, type: 'index_not_found_exception', reason: 'no such index [missing]' });
    });
  });
});
