/**
 * Explain and `_cat/indices` over many indices stream their answer (chunked, made as the client reads it) instead of
 * building it whole. The streamed bytes are the buffered answer's: `filter_path=**` keeps everything but takes the
 * buffered path, so the two are compared byte for byte, with `pretty` and `human` too.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { EPOCH } from '../helpers/es.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { esClient, esFetch, type RawResponse } from './es-helpers.js';

/** Enough indices for an answer of several 64 KiB chunks; names JSON orders first (integer-like) and non-ASCII ones. */
const NAMES = [...Array.from({ length: 120 }, (_, i) => `idx-${String(i).padStart(3, '0')}`), '7', '42', '1000', 'café-ü', 'ünï-\u2028'];

function assertStreamed(response: RawResponse): void {
  assert.equal(response.status, 200, response.text);
  assert.equal(response.headers.get('transfer-encoding'), 'chunked');
  assert.equal(response.headers.get('content-length'), null);
}

function assertBuffered(response: RawResponse): void {
  assert.equal(response.status, 200, response.text);
  assert.notEqual(response.headers.get('content-length'), null);
}

/** The answer at `path`, streamed, is the buffered answer byte for byte. */
async function assertSameAsBuffered(url: string, path: string): Promise<RawResponse> {
  const streamed = await esFetch(url, path);
  assertStreamed(streamed);
  const buffered = await esFetch(url, `${path}${path.includes('?') ? '&' : '?'}filter_path=**`);
  assertBuffered(buffered);
  assert.equal(streamed.headers.get('content-type'), buffered.headers.get('content-type'));
  assert.equal(streamed.text, buffered.text);
  return streamed;
}

describe('answers over many indices, streamed', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ clock: new VirtualClock(EPOCH) });
    const put = async (path: string, body: unknown) => {
      const response = await esFetch(server.url, path, { method: 'PUT', body });
      assert.ok(response.status < 300, `${path}: ${response.text}`);
    };
    await put('/_ilm/policy/streamed', { policy: { phases: { hot: { actions: { set_priority: { priority: 10 } } }, warm: { min_age: '1d', actions: {} } } } });
    for (let i = 0; i < NAMES.length; i += 10) {
      await Promise.all(
        NAMES.slice(i, i + 10).map((name, j) =>
          put(`/${encodeURIComponent(name)}`, { settings: { number_of_replicas: (i + j) % 3 === 0 ? 1 : 0, ...((i + j) % 4 !== 0 && { 'index.lifecycle.name': 'streamed' }) } }),
        ),
      );
    }
    await esFetch(server.url, '/_tessera/clock/_advance', { method: 'POST', body: { by: '2h' } });
  });
  after(async () => {
    await server.dispose();
  });

  it('explain: the bytes of the buffered answer, integer-like names first as JSON orders them', async () => {
    const streamed = await assertSameAsBuffered(server.url, '/*/_ilm/explain');
    assert.deepEqual(Object.keys(streamed.json.indices).slice(0, 3), ['7', '42', '1000']);
    assert.equal(Object.keys(streamed.json.indices).length, NAMES.length);
    assert.equal(streamed.json.indices['idx-001'].phase, 'hot');
  });

  it('explain: pretty, human, only_managed and only_errors (no record at all) stream the same bytes', async () => {
    const pretty = await assertSameAsBuffered(server.url, '/*/_ilm/explain?pretty');
    assert.ok(pretty.text.startsWith('{\n  "indices" : {\n') || pretty.text.startsWith('{\n  "indices": {\n'));
    const large = await assertSameAsBuffered(server.url, '/*/_ilm/explain?human&pretty=true');
    assert.ok(large.text.length > 64 * 1024, `${large.text.length} bytes: more than one chunk`);
    await assertSameAsBuffered(server.url, '/*/_ilm/explain?only_managed=true');
    const none = await assertSameAsBuffered(server.url, '/*/_ilm/explain?only_errors=true');
    assert.equal(none.text, '{"indices":{}}');
    assert.equal((await assertSameAsBuffered(server.url, '/*/_ilm/explain?only_errors&pretty')).text, '{\n  "indices": {}\n}\n');
  });

  it('explain: filter_path still filters, and few indices are answered whole, with their length', async () => {
    const filtered = await esFetch(server.url, '/*/_ilm/explain?filter_path=indices.idx-00*.phase');
    assertBuffered(filtered);
    // Every fourth index has no policy, and so no phase.
    const managed = Array.from({ length: 10 }, (_, i) => i).filter((i) => i % 4 !== 0);
    assert.deepEqual(filtered.json, { indices: Object.fromEntries(managed.map((i) => [`idx-00${i}`, { phase: 'hot' }])) });
    assertBuffered(await esFetch(server.url, '/idx-00*/_ilm/explain'));
  });

  it('explain: the official client reads the streamed answer', async () => {
    const client = esClient(server.url);
    try {
      const response = await client.ilm.explainLifecycle({ index: '*' });
      assert.equal(Object.keys(response.indices).length, NAMES.length);
      assert.equal((response.indices['café-ü'] as { managed: boolean }).managed, true);
    } finally {
      await client.close();
    }
  });

  it('_cat/indices as JSON: the bytes of the buffered answer, pretty too', async () => {
    const streamed = await assertSameAsBuffered(server.url, '/_cat/indices?format=json');
    assert.equal(streamed.json.length, NAMES.length);
    await assertSameAsBuffered(server.url, '/_cat/indices?format=json&pretty&bytes=b&h=index,docs.count,creation.date.string&s=docs.count:desc,index');
    const client = esClient(server.url);
    try {
      assert.equal((await client.cat.indices({ format: 'json' })).length, NAMES.length);
    } finally {
      await client.close();
    }
  });

  it('_cat/indices as text: every line padded to the widest cell of its column over all rows', async () => {
    const rows = (await esFetch(server.url, '/_cat/indices?format=json&h=health,index,rep,uuid&s=index&filter_path=**')).json as Record<string, string>[];
    const columns = ['health', 'index', 'rep', 'uuid'];
    const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => r[c]!.length)));
    const line = (cells: string[]) => `${cells.map((cell, i) => (i === cells.length - 1 ? cell : columns[i] === 'rep' ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' ')}\n`;
    const expected = line(columns) + rows.map((r) => line(columns.map((c) => r[c]!))).join('');
    const streamed = await esFetch(server.url, '/_cat/indices?v&h=health,index,rep,uuid&s=index');
    assertStreamed(streamed);
    assert.equal(streamed.headers.get('content-type'), 'text/plain; charset=UTF-8');
    assert.equal(streamed.text, expected);
  });
});
