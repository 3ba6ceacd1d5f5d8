import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer } from '../helpers/es.js';

describe('filter_path', () => {
  const es = useEsServer();

  it('keeps what the paths name: exact keys, * for one level, ** for any depth', async () => {
    await es.client.indices.create({ index: 'fp-1', settings: { 'index.number_of_replicas': 0 } });
    const get = async (filter: string) => (await fetch(`${es.server.url}/fp-1/_ilm/explain?filter_path=${filter}`)).json();
    assert.deepEqual(await get('indices.fp-1.managed'), { indices: { 'fp-1': { managed: false } } });
    assert.deepEqual(await get('indices.*.index'), { indices: { 'fp-1': { index: 'fp-1' } } });
    assert.deepEqual(await get('**.managed'), { indices: { 'fp-1': { managed: false } } });
    assert.deepEqual(await get('indices.**'), { indices: { 'fp-1': { index: 'fp-1', managed: false } } });
    assert.deepEqual(await get('nothing.here'), {});
  });
});

describe('filter_path on errors', () => {
  const es = useEsServer();

  it('leaves error bodies whole, as ES does', async () => {
    const response = await fetch(`${es.server.url}/nope/_ilm/explain?filter_path=indices.*.step`);
    assert.equal(response.status, 404);
    const body = (await response.json()) as { error: { type: string }; status: number };
    assert.equal(body.error.type, 'index_not_found_exception');
    assert.equal(body.status, 404);
  });

  it('still filters a 408 health answer (a body, not an error)', async () => {
    const response = await fetch(`${es.server.url}/_cluster/health/missing?timeout=1ms&filter_path=status`);
    assert.equal(response.status, 408);
    assert.deepEqual(await response.json(), { status: 'red' });
  });
});
