/** The index list's pages over more indices than a page picks without sorting them all (index-list.ts): the same order either way. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ClusterState, createIndex } from '../../src/cluster/index.js';
import { listIndices, type IndexListQuery } from '../../src/ilm/index.js';
import { EPOCH } from '../helpers/es.js';

describe('pages of the index list', () => {
  // Created in a shuffled order, so the state's own order is not the answer's.
  const names = Array.from({ length: 1_200 }, (_, i) => `i${String((i * 7_919) % 1_200).padStart(4, '0')}`);
  let draft = ClusterState.draft(ClusterState.empty());
  for (const [i, name] of names.entries()) draft = createIndex(draft, { name, body: {}, now: EPOCH + i, uuid: `u${i}` }).state;
  const state = ClusterState.finish(draft);
  const query = (from: number, size: number, order: 'asc' | 'desc' = 'asc'): IndexListQuery => ({ from, size, onlyErrors: false, sort: 'index', order });
  const sorted = [...names].sort();

  it('answers the same rows for a shallow page (picked) and a deep one (sorted)', async () => {
    const page = async (q: IndexListQuery) => (await listIndices(state, q, EPOCH)).indices.map((row) => row.index);
    assert.deepEqual(await page(query(0, 5)), sorted.slice(0, 5));
    assert.deepEqual(await page(query(990, 20)), sorted.slice(990, 1_010), 'past the rows picked without a sort');
    assert.deepEqual(await page(query(1_195, 50)), sorted.slice(1_195));
    assert.deepEqual(await page(query(0, 3, 'desc')), sorted.slice(-3).reverse());
    assert.deepEqual(await page(query(0, 0)), []);
    assert.equal((await listIndices(state, query(0, 0), EPOCH)).total, 1_200);
  });
});
