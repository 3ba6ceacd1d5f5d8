/**
 * elasticdump, as users run it against Elasticsearch, exports an index's mapping and documents from Tessera and
 * imports them into another index, unchanged: it reads with scroll and writes with _bulk.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { useEsServer } from '../helpers/es.js';

const ELASTICDUMP = fileURLToPath(new URL('../../node_modules/elasticdump/bin/elasticdump', import.meta.url));

async function elasticdump(args: string[]): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [ELASTICDUMP, ...args], { timeout: 120_000 });
  return `${stdout}${stderr}`;
}

describe('elasticdump', () => {
  const es = useEsServer();

  it('copies an index (mapping, then data) into another, every document unchanged', { timeout: 180_000 }, async () => {
    await es.client.indices.create({
      index: 'dump-src',
      mappings: { properties: { title: { type: 'text' }, tags: { type: 'keyword' }, n: { type: 'long' }, at: { type: 'date' }, nested: { properties: { x: { type: 'double' } } } } },
    });
    const docs = Array.from({ length: 450 }, (_, i) => ({ title: `document ${i} with ünïcödé`, tags: i % 3 === 0 ? ['a', 'b'] : [`t${i % 7}`], n: i * 7 - 100, at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(), nested: { x: i / 4 } }));
    await es.client.bulk({ refresh: true, operations: docs.flatMap((d, i) => [{ index: { _index: 'dump-src', _id: `id-${i}`, ...(i % 10 === 0 && { routing: `r${i}` }) } }, d]) });
    const source = `${es.server.url}/dump-src`;
    const target = `${es.server.url}/dump-dst`;
    await elasticdump([`--input=${source}`, `--output=${target}`, '--type=mapping']);
    await elasticdump([`--input=${source}`, `--output=${target}`, '--type=data', '--limit=100']);
    await es.client.indices.refresh({ index: 'dump-dst' });
    const mappings = await es.client.indices.getMapping({ index: 'dump-src,dump-dst' });
    assert.deepEqual(mappings['dump-dst']!.mappings, mappings['dump-src']!.mappings);
    const copied = await es.client.search({ index: 'dump-dst', size: 1000, sort: [{ n: 'asc' }] });
    assert.equal(copied.hits.total && typeof copied.hits.total === 'object' ? copied.hits.total.value : copied.hits.total, docs.length);
    const byId = new Map(copied.hits.hits.map((h) => [h._id, h]));
    for (const [i, d] of docs.entries()) {
      const hit = byId.get(`id-${i}`);
      assert.ok(hit, `id-${i}`);
      assert.deepEqual(hit._source, d);
      if (i % 10 === 0) assert.equal(hit._routing, `r${i}`);
    }
    // The copy is searchable as the original is.
    assert.equal((await es.client.count({ index: 'dump-dst', query: { match: { title: 'ünïcödé' } } })).count, docs.length);
  });
});
