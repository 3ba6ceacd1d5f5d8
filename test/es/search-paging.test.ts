/**
 * Paging through the official client: `search_after`, points in time and scrolls. A context's pages must hold
 * every document it saw at open exactly once, as the test recorded them then, while documents are indexed, updated
 * and deleted between pages; contexts expire on the virtual clock; each error carries ES's status, type and reason.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { estypes } from '@elastic/elasticsearch';
import { esErrorOf, rawRequest, useEsServer } from '../helpers/es.js';

interface Doc {
  n: number;
  tag: string;
  v: number;
}

const INDEX = 'paged';
const COUNT = 57;

function doc(i: number, v = 0): Doc {
  return { n: i % 10, tag: `t${String(i % 7)}`, v };
}

describe('search paging', () => {
  const es = useEsServer();
  /** What the index holds, as the test wrote it: id → source. */
  const live = new Map<string, Doc>();
  let nextId = COUNT;

  const write = async (ops: { index?: [string, Doc]; delete?: string }[]) => {
    for (const op of ops) {
      if (op.index) {
        await es.client.index({ index: INDEX, id: op.index[0], document: op.index[1], refresh: true });
        live.set(op.index[0], op.index[1]);
      } else if (op.delete) {
        await es.client.delete({ index: INDEX, id: op.delete, refresh: true });
        live.delete(op.delete);
      }
    }
  };

  /** Writes between pages: a new document, an update and a delete of documents the context saw. */
  const churn = async (step: number) => {
    const ids = [...live.keys()].sort();
    const updated = ids[(step * 5) % ids.length]!;
    const deleted = ids[(step * 11 + 3) % ids.length]!;
    await write([{ index: [`new${nextId++}`, doc(step, 1)] }, { index: [updated, { ...live.get(updated)!, v: live.get(updated)!.v + 100 }] }, ...(deleted !== updated ? [{ delete: deleted }] : [])]);
  };

  const snapshot = () => new Map([...live].map(([id, source]) => [id, { ...source }]));

  it('indexes the documents', async () => {
    await es.client.indices.create({ index: INDEX, mappings: { properties: { n: { type: 'long' }, tag: { type: 'keyword' }, v: { type: 'long' } } } });
    const operations = Array.from({ length: COUNT }, (_, i) => [{ index: { _index: INDEX, _id: `d${String(i).padStart(3, '0')}` } }, doc(i)]).flat();
    await es.client.bulk({ operations, refresh: true });
    for (let i = 0; i < COUNT; i++) live.set(`d${String(i).padStart(3, '0')}`, doc(i));
  });

  it('search_after pages by the sort values, strictly after them', async () => {
    const all = await es.client.search<Doc>({ index: INDEX, size: 100, sort: [{ n: 'asc' }, { tag: 'desc' }] });
    const first = all.hits.hits[4]!;
    const next = await es.client.search<Doc>({ index: INDEX, size: 100, sort: [{ n: 'asc' }, { tag: 'desc' }], search_after: first.sort! });
    // Equal sort values are skipped without a tiebreaker, as ES skips them.
    const expected = all.hits.hits.filter((h) => (h._source!.n > first._source!.n || (h._source!.n === first._source!.n && h._source!.tag < first._source!.tag)));
    assert.deepEqual(next.hits.hits.map((h) => h._id), expected.map((h) => h._id));
  });

  it('a point in time with search_after returns each document it saw exactly once while writes continue', async () => {
    const seen = snapshot();
    const pit = await es.client.openPointInTime({ index: INDEX, keep_alive: '1m' });
    assert.equal(typeof pit.id, 'string');
    assert.deepEqual(pit._shards, { total: 1, successful: 1, skipped: 0, failed: 0 });
    const got = new Map<string, Doc>();
    let after: estypes.SortResults | undefined;
    for (let step = 0; ; step++) {
      const page = await es.client.search<Doc>({ pit: { id: pit.id, keep_alive: '1m' }, size: 6, sort: [{ n: 'desc' }], ...(after && { search_after: after }) });
      assert.equal(page.pit_id, pit.id);
      assert.equal(page.hits.total && typeof page.hits.total === 'object' ? page.hits.total.value : -1, seen.size);
      if (page.hits.hits.length === 0) break;
      for (const hit of page.hits.hits) {
        assert.ok(!got.has(hit._id!), `${hit._id} twice`);
        got.set(hit._id!, hit._source!);
        // The implicit `_shard_doc` tiebreaker ends the sort values.
        assert.equal(hit.sort!.length, 2);
      }
      after = page.hits.hits.at(-1)!.sort;
      await churn(step);
    }
    assert.deepEqual(new Map([...got].sort()), new Map([...seen].sort()));
    // The live index moved on meanwhile.
    const now = await es.client.count({ index: INDEX });
    assert.equal(now.count, live.size);
    const closed = await es.client.closePointInTime({ id: pit.id });
    assert.deepEqual(closed, { succeeded: true, num_freed: 1 });
    const again = await es.client.closePointInTime({ id: pit.id });
    assert.deepEqual(again, { succeeded: true, num_freed: 0 });
  });

  it('a scroll returns each document it saw exactly once while writes continue', async () => {
    const seen = snapshot();
    const got = new Map<string, Doc>();
    let page = await es.client.search<Doc>({ index: INDEX, scroll: '1m', size: 7, sort: ['_doc'] });
    const total = page.hits.total;
    for (let step = 0; page.hits.hits.length > 0; step++) {
      for (const hit of page.hits.hits) {
        assert.ok(!got.has(hit._id!), `${hit._id} twice`);
        got.set(hit._id!, hit._source!);
      }
      await churn(100 + step);
      page = await es.client.scroll<Doc>({ scroll_id: page._scroll_id!, scroll: '1m' });
      assert.deepEqual(page.hits.total, total);
    }
    assert.deepEqual(new Map([...got].sort()), new Map([...seen].sort()));
    const cleared = await es.client.clearScroll({ scroll_id: page._scroll_id! });
    assert.deepEqual(cleared, { succeeded: true, num_freed: 1 });
  });

  it('a scroll by score (the default order) and the scroll helper read every document', async () => {
    const seen = snapshot();
    const got: string[] = [];
    for await (const result of es.client.helpers.scrollSearch<Doc>({ index: INDEX, size: 9, scroll: '30s', query: { match_all: {} } })) {
      for (const hit of result.body.hits.hits) got.push(hit._id!);
      await churn(200 + got.length);
    }
    assert.deepEqual(got.sort(), [...seen.keys()].sort());
  });

  it('a scroll ranked by score keeps its scores while writes change the statistics they come from', async () => {
    const matches = (d: Doc) => d.tag === 't3' || d.n >= 8;
    const seen = [...live].filter(([, d]) => matches(d)).map(([id]) => id).sort();
    const query = { bool: { should: [{ match: { tag: 't3' } }, { range: { n: { gte: 8 } } }] } };
    const got: string[] = [];
    let page = await es.client.search<Doc>({ index: INDEX, scroll: '1m', size: 4, query });
    const scores = new Map<string, number>();
    for (let step = 0; page.hits.hits.length > 0; step++) {
      for (const hit of page.hits.hits) {
        got.push(hit._id!);
        scores.set(hit._id!, hit._score!);
      }
      // More and fewer `t3` documents: its document frequency, and so live scores, move between pages.
      const t3 = [...live].filter(([, d]) => d.tag === 't3').map(([id]) => id);
      await write([{ index: [`new${nextId++}`, { n: 0, tag: 't3', v: 2 }] }, { index: [`new${nextId++}`, { n: 1, tag: 't3', v: 2 }] }, ...(t3.length > 3 ? [{ delete: t3[0]! }] : [])]);
      page = await es.client.scroll<Doc>({ scroll_id: page._scroll_id!, scroll: '1m' });
    }
    assert.deepEqual([...got].sort(), seen);
    // Pages come in score order, highest first.
    const ordered = got.map((id) => scores.get(id)!);
    assert.deepEqual(ordered, [...ordered].sort((x, y) => y - x));
    await es.client.clearScroll({ scroll_id: '_all' });
  });

  it('every context expires after its keep_alive', async () => {
    const pit = await es.client.openPointInTime({ index: INDEX, keep_alive: '1m' });
    const scroll = await es.client.search({ index: INDEX, scroll: '2m', size: 1 });
    await es.advance('70s');
    const pitError = await esErrorOf(es.client.search({ pit: { id: pit.id }, size: 1 }));
    assert.equal(pitError.status, 404);
    assert.equal(pitError.type, 'search_phase_execution_exception');
    assert.equal(pitError.reason, 'all shards failed');
    // Still alive: a scroll page renews it for its keep-alive.
    const renewed = await es.client.scroll({ scroll_id: scroll._scroll_id!, scroll: '1m' });
    assert.equal(renewed.hits.hits.length, 1);
    await es.advance('61s');
    const { status, json } = await rawRequest(es.server.url, 'POST', '/_search/scroll', { scroll: '1m', scroll_id: scroll._scroll_id });
    assert.equal(status, 404);
    const reason = json.error.root_cause[0].reason as string;
    assert.match(reason, /^No search context found for id \[.+\]$/);
    assert.deepEqual(json, {
      error: {
        root_cause: [{ type: 'search_context_missing_exception', reason }],
        type: 'search_phase_execution_exception',
        reason: 'all shards failed',
        phase: 'query',
        grouped: true,
        failed_shards: [{ shard: -1, index: null, reason: { type: 'search_context_missing_exception', reason } }],
        caused_by: { type: 'search_context_missing_exception', reason },
      },
      status: 404,
    });
  });

  it('after the last context closes, old versions are swept and live searches are unchanged', async () => {
    const pit = await es.client.openPointInTime({ index: INDEX, keep_alive: '1m' });
    await churn(300);
    await es.client.closePointInTime({ id: pit.id });
    const all = await es.client.search<Doc>({ index: INDEX, size: 1000 });
    assert.deepEqual(all.hits.hits.map((h) => h._id).sort(), [...live.keys()].sort());
    for (const hit of all.hits.hits) assert.deepEqual(hit._source, live.get(hit._id!));
    const byTag = await es.client.count({ index: INDEX, query: { term: { tag: 't3' } } });
    assert.equal(byTag.count, [...live.values()].filter((d) => d.tag === 't3').length);
  });

  it('refuses what ES refuses, with its words', async () => {
    const cases: [() => Promise<unknown>, number, string, string][] = [
      [() => es.client.search({ index: INDEX, from: 2, sort: [{ n: 'asc' }], search_after: [1] }), 400, 'action_request_validation_exception', 'Validation Failed: 1: [from] parameter must be set to 0 when [search_after] is used;'],
      [() => es.client.search({ index: INDEX, scroll: '1m', sort: [{ n: 'asc' }], search_after: [1] }), 400, 'action_request_validation_exception', 'Validation Failed: 1: [search_after] cannot be used in a scroll context;'],
      [() => es.client.search({ index: INDEX, sort: [{ _shard_doc: 'asc' }] }), 400, 'action_request_validation_exception', 'Validation Failed: 1: [_shard_doc] sort field cannot be used without [point in time];'],
      [() => es.client.search({ index: INDEX, pit: { id: 'x' } }), 400, 'action_request_validation_exception', 'Validation Failed: 1: [indices] cannot be used with point in time. Do not specify any index with point in time.;'],
    ];
    for (const [call, status, type, reason] of cases) assert.deepEqual(await esErrorOf(call()), { status, type, reason });

    const noKeepAlive = await rawRequest(es.server.url, 'POST', `/${INDEX}/_pit`);
    assert.deepEqual([noKeepAlive.status, noKeepAlive.json.error.type, noKeepAlive.json.error.reason], [400, 'action_request_validation_exception', 'Validation Failed: 1: [keep_alive] is not specified;']);
    assert.deepEqual(await esErrorOf(es.client.scroll({ scroll_id: 'not-ours', scroll: '1m' })), { status: 400, type: 'illegal_argument_exception', reason: 'Cannot parse scroll id' });
    assert.deepEqual(await esErrorOf(es.client.clearScroll({ scroll_id: 'not-ours' })), { status: 400, type: 'illegal_argument_exception', reason: 'Cannot parse scroll id' });
    assert.deepEqual(await esErrorOf(es.client.search({ pit: { id: 'not-ours' } })), { status: 400, type: 'illegal_argument_exception', reason: 'invalid id: [not-ours]' });

    const mismatch = await rawRequest(es.server.url, 'POST', `/${INDEX}/_search`, { sort: [{ n: 'asc' }], search_after: [1, 2] });
    assert.equal(mismatch.status, 400);
    assert.equal(mismatch.json.error.type, 'search_phase_execution_exception');
    assert.deepEqual(mismatch.json.error.root_cause, [{ type: 'illegal_argument_exception', reason: 'search_after has 2 value(s) but sort has 1.' }]);

    // A point in time's sort ends with the implicit `_shard_doc`, which search_after must then carry too.
    const pit = await es.client.openPointInTime({ index: INDEX, keep_alive: '1m' });
    const short = await rawRequest(es.server.url, 'POST', '/_search', { pit: { id: pit.id }, sort: [{ n: 'asc' }], search_after: [1] });
    assert.equal(short.status, 400);
    assert.deepEqual(short.json.error.root_cause, [{ type: 'illegal_argument_exception', reason: 'search_after has 1 value(s) but sort has 2.' }]);
    const noSort = await rawRequest(es.server.url, 'POST', `/${INDEX}/_search`, { search_after: [1] });
    assert.deepEqual(noSort.json.error.root_cause, [{ type: 'illegal_argument_exception', reason: 'Sort must contain at least one field.' }]);
    await es.client.closePointInTime({ id: pit.id });

    const tooLong = await esErrorOf(es.client.search({ index: INDEX, scroll: '25h' }));
    assert.deepEqual(tooLong, { status: 400, type: 'search_phase_execution_exception', reason: 'all shards failed' });
    const tooLongPit = await rawRequest(es.server.url, 'POST', `/${INDEX}/_pit?keep_alive=2d`);
    assert.equal(tooLongPit.json.error.root_cause[0].reason, 'Keep alive for request (2d) is too large. It must be less than (1d). This limit can be set by changing the [search.max_keep_alive] cluster level setting.');

    await es.client.cluster.putSettings({ transient: { 'search.max_open_scroll_context': 1 } });
    const open = await es.client.search({ index: INDEX, scroll: '1m', size: 1 });
    const tooMany = await rawRequest(es.server.url, 'POST', `/${INDEX}/_search?scroll=1m`, {});
    assert.equal(tooMany.status, 429);
    assert.deepEqual(tooMany.json.error.root_cause, [{ type: 'too_many_scroll_contexts_exception', reason: 'Trying to create too many scroll contexts. Must be less than or equal to: [1]. This limit can be set by changing the [search.max_open_scroll_context] setting.' }]);
    const all = await rawRequest(es.server.url, 'DELETE', '/_search/scroll/_all');
    assert.deepEqual(all.json, { succeeded: true, num_freed: 1 });
    await es.client.cluster.putSettings({ transient: { 'search.max_open_scroll_context': null } });
    void open;
  });
});
