/**
 * Answers over every index sort their names and rows over several turns of the event loop: sorted runs, merged
 * pairwise. The server here sorts 3 a turn, so its 125 indices take six levels of merges; each order is
 * checked against a plain sort of what the test itself created.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { sortInTurns } from '../../src/platform/turns.js';
import { EPOCH } from '../helpers/es.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { esFetch } from './es-helpers.js';

/**
 * Created in this (unsorted) order; integer-like names, which JSON writes first, among them. Over 100 of them, so
 * that explain and lint stream their answers.
 */
const NAMES = [
  ...['q-17', 'b-03', '42', 'x-40', 'a-01', 'm-22', '7', 'c-05', 'z-99', 'k-11', 'd-08', 'p-16', 'e-09', 'y-41', 'f-10', 'n-14', 'g-12', 'h-13', 'r-18', 's-19', 'café', 't-20', 'u-21', 'v-23', 'w-24'],
  ...Array.from({ length: 100 }, (_, i) => `j-${String((i * 37) % 100).padStart(2, '0')}`),
];
/** Few distinct counts, so that most rows tie and the merge must keep ties in name order, as a stable sort does. */
const docsOf = (name: string) => [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 4;
const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
const byName = [...NAMES].sort();

describe('answers sorted over several turns', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ clock: new VirtualClock(EPOCH), sortedPerTurn: 3 });
    assert.equal((await esFetch(server.url, '/_ilm/policy/p', { method: 'PUT', body: { policy: { phases: { hot: { actions: {} } } } } })).status, 200);
    for (let i = 0; i < NAMES.length; i += 10) {
      await Promise.all(
        NAMES.slice(i, i + 10).map(async (name) => {
          const created = await esFetch(server.url, `/${encodeURIComponent(name)}`, { method: 'PUT', body: { settings: { 'index.lifecycle.name': 'p' } } });
          assert.equal(created.status, 200, created.text);
        }),
      );
    }
    const lines = NAMES.flatMap((name) => Array.from({ length: docsOf(name) }, () => `{"index":{"_index":${JSON.stringify(name)}}}\n{"n":1}\n`));
    const bulk = await esFetch(server.url, '/_bulk?refresh=true', { method: 'POST', body: lines.join(''), headers: { 'content-type': 'application/x-ndjson' } });
    assert.equal(bulk.json.errors, false, bulk.text);
  });
  after(async () => {
    await server.dispose();
  });

  const catRows = async (query: string) => (await esFetch(server.url, `/_cat/indices?format=json&h=index,docs.count&${query}`)).json as { index: string; 'docs.count': string }[];

  it('_cat/indices: by name, by name descending, and by document count with ties in name order', async () => {
    assert.deepEqual((await catRows('')).map((r) => r.index), byName);
    assert.deepEqual((await catRows('s=index:desc')).map((r) => r.index), [...byName].reverse());
    const byDocs = [...byName].sort((a, b) => docsOf(a) - docsOf(b));
    const rows = await catRows('s=docs.count');
    assert.deepEqual(rows.map((r) => r.index), byDocs);
    assert.deepEqual(rows.map((r) => Number(r['docs.count'])), byDocs.map(docsOf));
    const byDocsDescThenNameDesc = [...byName].sort((a, b) => docsOf(b) - docsOf(a) || compare(b, a));
    assert.deepEqual((await catRows('s=dc:desc,i:desc')).map((r) => r.index), byDocsDescThenNameDesc);
  });

  it('_cat/indices as text, sorted by name descending', async () => {
    const text = (await esFetch(server.url, '/_cat/indices?h=index&s=index:desc')).text;
    assert.deepEqual(text.trimEnd().split('\n').map((line) => line.trim()), [...byName].reverse());
  });

  it('explain and lint: every index by name, the integer-like names first as JSON writes them', async () => {
    const jsonOrder = [...byName.filter((n) => /^\d+$/.test(n)).sort((a, b) => Number(a) - Number(b)), ...byName.filter((n) => !/^\d+$/.test(n))];
    assert.deepEqual(Object.keys((await esFetch(server.url, '/*/_ilm/explain')).json.indices), jsonOrder);
    assert.deepEqual(Object.keys((await esFetch(server.url, '/_tessera/ilm/lint')).json.indices), jsonOrder);
  });

  it('lint streams the bytes of its buffered answer', async () => {
    for (const query of ['', '?pretty']) {
      const streamed = await esFetch(server.url, `/_tessera/ilm/lint${query}`);
      assert.equal(streamed.headers.get('transfer-encoding'), 'chunked');
      const buffered = await esFetch(server.url, `/_tessera/ilm/lint${query}${query ? '&' : '?'}filter_path=**`);
      assert.notEqual(buffered.headers.get('content-length'), null);
      assert.equal(streamed.text, buffered.text);
    }
  });

  it('sortInTurns sorts as a stable Array.prototype.sort does, whatever the run length', async () => {
    const items = Array.from({ length: 1_000 }, (_, i) => ({ key: (i * 7919) % 13, at: i }));
    const expected = [...items].sort((a, b) => a.key - b.key);
    for (const perTurn of [1, 2, 3, 7, 64, 999, 1_000, 5_000]) assert.deepEqual(await sortInTurns(items, (a, b) => a.key - b.key, perTurn), expected, `${perTurn} a turn`);
    assert.deepEqual(await sortInTurns([], compare, 3), []);
  });
});
