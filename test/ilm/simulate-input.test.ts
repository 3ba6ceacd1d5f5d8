/**
 * `POST /_tessera/ilm/simulate` and `GET /_tessera/ilm/timeline/<index>` with bad input: each is refused with
 * ES's envelope and the parser's own message, what `PUT /_ilm/policy` or `PUT /<index>` would refuse is refused
 * in their words, and no forecast, good or bad, leaves anything behind on the server.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esEnvelope, rawRequest, useEsServer } from '../helpers/es.js';

const POLICY = { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } };
const INDEX = { name: 'logs-000001', settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'logs' }, aliases: { logs: { is_write_index: true } } };

describe('simulate: bad input', () => {
  const es = useEsServer();
  const post = (body?: unknown) => rawRequest(es.server.url, 'POST', '/_tessera/ilm/simulate', body);
  const get = (path: string) => rawRequest(es.server.url, 'GET', path);
  const base = { policy: POLICY, index: INDEX };
  const parse = 'x_content_parse_exception';
  const illegal = 'illegal_argument_exception';

  const cases: [string, unknown, number, string, string][] = [
    ['a body that is not an object', [base], 400, parse, '[simulate_request] request body must be an object'],
    ['an unknown field', { ...base, rate: 5 }, 400, parse, '[simulate_request] unknown field [rate]'],
    ['no index', { policy: POLICY }, 400, parse, '[simulate_request] Required [index]'],
    ['neither policy nor name', { index: INDEX }, 400, 'action_request_validation_exception', 'Validation Failed: 1: exactly one of [policy] or [name] is required;'],
    ['an index without a name', { policy: POLICY, index: { settings: {} } }, 400, parse, '[index] Required [name]'],
    ['a horizon that is not a string', { ...base, horizon: 90 }, 400, parse, '[simulate_request] failed to parse field [horizon]'],
    ['a horizon without a unit', { ...base, horizon: 'soon' }, 400, illegal, 'failed to parse setting [horizon] with value [soon] as a time value: unit is missing or unrecognized'],
    ['a horizon of nothing', { ...base, horizon: '0d' }, 400, illegal, '[horizon] must be more than 0 and at most 3650d, got [0d]'],
    ['a horizon beyond ten years', { ...base, horizon: '3651d' }, 400, illegal, '[horizon] must be more than 0 and at most 3650d, got [3651d]'],
    ['documents that are not an object', { ...base, documents: 1000 }, 400, parse, '[simulate_request] failed to parse field [documents]'],
    ['an unknown field in documents', { ...base, documents: { rate: 5 } }, 400, parse, '[documents] unknown field [rate]'],
    ['a rate that is not a number', { ...base, documents: { per_day: '1000' } }, 400, parse, '[documents] failed to parse field [per_day]'],
    ['a negative rate', { ...base, documents: { per_day: -1 } }, 400, illegal, '[per_day] must not be negative, got [-1]'],
    ['a rate beyond ten million a second', { ...base, documents: { per_day: 1e300 } }, 400, illegal, '[per_day] must be at most 864000000000, got [1e+300]'],
    ['a size without a unit', { ...base, documents: { per_day: 1, size: '1 mile' } }, 400, illegal, 'failed to parse setting [size] with value [1 mile] as a size in bytes: unit is missing or unrecognized'],
    ['a policy PUT would refuse', { ...base, policy: { phases: { warm: { actions: { rollover: { max_age: '1d' } } } } } }, 400, 'action_request_validation_exception', 'Validation Failed: 1: invalid action [rollover] defined in phase [warm];'],
    ['an index no policy would manage', { policy: POLICY, index: { name: 'logs-000001' } }, 400, illegal, 'index [logs-000001] has no [index.lifecycle.name], in its settings or in a matching index template, so no policy would manage it'],
    ['a stored policy that does not exist', { name: 'nope', index: INDEX }, 404, 'resource_not_found_exception', 'Lifecycle policy not found: nope'],
  ];
  for (const [what, body, status, type, reason] of cases) {
    it(`refuses ${what}: ${status} ${type}`, async () => {
      const response = await post(body);
      assert.equal(response.status, status, JSON.stringify(response.json));
      assert.deepEqual(response.json, esEnvelope(status, type, reason));
    });
  }

  it('refuses a request without a body', async () => {
    const response = await post();
    assert.equal(response.status, 400);
    assert.deepEqual(response.json, esEnvelope(400, 'parse_exception', 'request body is required'));
  });

  it("refuses an index PUT would refuse, with PUT's own error", async () => {
    const put = await rawRequest(es.server.url, 'PUT', '/Bad', {});
    const response = await post({ policy: POLICY, index: { name: 'Bad' } });
    assert.equal(response.status, 400);
    assert.deepEqual(response.json, put.json);
    assert.equal(response.json.error.type, 'invalid_index_name_exception');
  });

  it('refuses a timeline of an index that does not exist, or that no policy manages', async () => {
    const missing = await get('/_tessera/ilm/timeline/nope');
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.json, (await get('/nope')).json);
    await es.client.indices.create({ index: 'plain' });
    const plain = await get('/_tessera/ilm/timeline/plain');
    assert.equal(plain.status, 400);
    assert.deepEqual(plain.json, esEnvelope(400, illegal, 'index [plain] is not managed by a lifecycle policy: it has no [index.lifecycle.name]'));
  });

  it("refuses bad query parameters of a timeline in the query's own names", async () => {
    await es.client.ilm.putLifecycle({ name: 'logs', policy: POLICY as never });
    await es.client.indices.create({ index: 'logs-000009', settings: INDEX.settings });
    const queries: [string, string, string][] = [
      ['horizon=soon', illegal, 'failed to parse setting [horizon] with value [soon] as a time value: unit is missing or unrecognized'],
      ['horizon=-1', illegal, '[horizon] must be more than 0 and at most 3650d, got [-1]'],
      ['docs_per_day=many', parse, '[timeline] failed to parse field [docs_per_day]'],
      ['docs_per_day=-5', illegal, '[docs_per_day] must not be negative, got [-5]'],
      ['doc_size=big', illegal, 'failed to parse setting [doc_size] with value [big] as a size in bytes: unit is missing or unrecognized'],
    ];
    for (const [query, type, reason] of queries) {
      const response = await get(`/_tessera/ilm/timeline/logs-000009?${query}`);
      assert.equal(response.status, 400, query);
      assert.deepEqual(response.json, esEnvelope(400, type, reason), query);
    }
    const fine = await get('/_tessera/ilm/timeline/logs-000009?horizon=2d&docs_per_day=100&doc_size=2kb');
    assert.equal(fine.status, 200);
    assert.deepEqual(fine.json.documents, { per_day: 100, size_in_bytes: 2048 });
    assert.equal(fine.json.horizon, '2d');
  });

  it('leaves no trace: the policy is not stored, no index is created, the clock does not move', async () => {
    const before = await Promise.all([get('/_cat/indices?format=json&h=index'), get('/_ilm/policy'), get('/_tessera/clock')]);
    const forecast = await post({ policy: { phases: { ...POLICY.phases, delete: { min_age: '2d', actions: { delete: {} } } } }, index: { ...INDEX, name: 'logs-000100' }, documents: { per_day: 10_000 } });
    assert.equal(forecast.status, 200);
    assert.ok(forecast.json.events.some((e: { kind: string }) => e.kind === 'deleted'));
    const after = await Promise.all([get('/_cat/indices?format=json&h=index'), get('/_ilm/policy'), get('/_tessera/clock')]);
    assert.deepEqual(after, before);
  });
});
