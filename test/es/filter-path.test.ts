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
