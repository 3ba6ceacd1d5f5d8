/**
 * Search contexts on two instances sharing one PostgreSQL database: a point in time or a scroll opened on one is
 * served by the other, which also keeps the snapshot while writes go through either.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@elastic/elasticsearch';
import { startInstance, type Instance } from '../helpers/instances.js';
import { removeTestData, TEST_DATABASE_URL, tempDataDir } from '../helpers/server.js';

const skip = TEST_DATABASE_URL ? false : 'needs PostgreSQL: set TESSERA_TEST_DATABASE_URL';

describe('search contexts across instances', { skip }, () => {
  const dataDir = tempDataDir();
  const instances: Instance[] = [];
  let a: Client;
  let b: Client;

  before(async () => {
    instances.push(...(await Promise.all([0, 1].map(() => startInstance(dataDir)))));
    [a, b] = instances.map((i) => new Client({ node: i.url })) as [Client, Client];
    await a.indices.create({ index: 'shared', mappings: { properties: { n: { type: 'long' } } } });
    await a.bulk({ refresh: true, operations: Array.from({ length: 20 }, (_, i) => [{ index: { _index: 'shared', _id: `d${i}` } }, { n: i }]).flat() });
  });

  after(async () => {
    await Promise.all([a, b].map((c) => c.close()));
    await Promise.all(instances.map((i) => i.stop()));
    await removeTestData(dataDir);
  });

  it('serves a point in time opened elsewhere, as of its opening, while the other instance writes', async () => {
    const pit = await a.openPointInTime({ index: 'shared', keep_alive: '1m' });
    await b.index({ index: 'shared', id: 'd1', document: { n: 100 }, refresh: true });
    await b.delete({ index: 'shared', id: 'd2', refresh: true });
    await b.index({ index: 'shared', id: 'x', document: { n: 5 }, refresh: true });
    const page = await b.search<{ n: number }>({ pit: { id: pit.id }, size: 100, sort: [{ n: 'asc' }] });
    assert.deepEqual(page.hits.hits.map((h) => [h._id, h._source!.n]), Array.from({ length: 20 }, (_, i) => [`d${i}`, i]));
    const live = await a.search<{ n: number }>({ index: 'shared', size: 100, sort: [{ n: 'asc' }] });
    assert.equal(live.hits.hits.length, 20);
    assert.equal(live.hits.hits.at(-1)!._source!.n, 100);
    assert.deepEqual(await b.closePointInTime({ id: pit.id }), { succeeded: true, num_freed: 1 });
  });

  it('continues a scroll on the other instance', async () => {
    const first = await a.search({ index: 'shared', scroll: '1m', size: 8, sort: ['_doc'] });
    const ids = first.hits.hits.map((h) => h._id);
    let page = await b.scroll({ scroll_id: first._scroll_id!, scroll: '1m' });
    while (page.hits.hits.length > 0) {
      ids.push(...page.hits.hits.map((h) => h._id));
      page = await (ids.length % 16 === 0 ? a : b).scroll({ scroll_id: page._scroll_id!, scroll: '1m' });
    }
    assert.equal(ids.length, 20);
    assert.equal(new Set(ids).size, 20);
    await a.clearScroll({ scroll_id: '_all' });
  });
});
