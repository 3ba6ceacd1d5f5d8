/** The two forms of the explain record (spec, Versioning 2): the later one adds creation date, time since creation and age. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer } from '../helpers/es.js';

describe('explain record forms', () => {
  const es = useEsServer();

  it('gives the later form by default and the earlier one to clients asking for compatibility with 7', async () => {
    await es.client.ilm.putLifecycle({ name: 'p', policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } } } } });
    await es.client.indices.create({ index: 'forms', settings: { 'index.lifecycle.name': 'p' } });
    await es.advance('1d');
    const later = (await es.client.ilm.explainLifecycle({ index: 'forms' })).indices.forms as unknown as Record<string, unknown>;
    for (const field of ['index_creation_date_millis', 'time_since_index_creation', 'age']) assert.ok(field in later, field);
    assert.equal(later.age, '1d');
    const response = await fetch(`${es.server.url}/forms/_ilm/explain`, { headers: { accept: 'application/vnd.elasticsearch+json; compatible-with=7' } });
    assert.equal(response.headers.get('content-type'), 'application/vnd.elasticsearch+json;compatible-with=7');
    const earlier = ((await response.json()) as { indices: Record<string, Record<string, unknown>> }).indices.forms!;
    for (const field of ['index_creation_date_millis', 'time_since_index_creation', 'age']) assert.ok(!(field in earlier), field);
    const { index_creation_date_millis: _a, time_since_index_creation: _b, age: _c, ...rest } = later;
    assert.deepEqual(earlier, rest);
  });
});
