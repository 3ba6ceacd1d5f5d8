/**
 * Search through the official client: each query's hits are compared with the test's own evaluation of the same
 * documents (seeded, so a failure replays), on whichever store the suite runs on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { estypes } from '@elastic/elasticsearch';
import { EPOCH, esErrorOf, useEsServer } from '../helpers/es.js';
import { prng } from '../helpers/prng.js';

interface Doc {
  id: string;
  title: string;
  level?: string;
  tags: string[];
  n?: number;
  price?: number;
  at: string;
  flag?: boolean;
}

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'error', 'timeout', 'disk', 'full', 'node', 'quick'];
const LEVELS = ['info', 'warn', 'error'];
const DAY = 86_400_000;

function seed(count: number): Doc[] {
  const random = prng(19);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(WORDS));
    const doc: Doc = {
      id: `d${i}`,
      title: words.map((w, j) => (j === 0 ? w[0]!.toUpperCase() + w.slice(1) : w)).join(' '),
      tags: Array.from({ length: Math.floor(random() * 3) }, () => pick(['a', 'b', 'c', 'd'])),
      at: new Date(EPOCH - Math.floor(random() * 30) * DAY - Math.floor(random() * DAY)).toISOString(),
    };
    if (random() < 0.85) doc.level = pick(LEVELS);
    if (random() < 0.8) doc.n = Math.floor(random() * 100) - 20;
    if (random() < 0.7) doc.price = Math.round(random() * 10_000) / 100;
    if (random() < 0.6) doc.flag = random() < 0.5;
    return doc;
  });
}

const DOCS = seed(160);
const tokens = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);
const ids = (docs: readonly Doc[]) => docs.map((d) => d.id).sort();
const byId = new Map(DOCS.map((d) => [d.id, d]));

describe('_search', () => {
  const es = useEsServer();

  const search = async (body: estypes.SearchRequest): Promise<estypes.SearchResponse<Doc>> => es.client.search<Doc>({ index: 'items', size: 1000, ...body });
  const hitIds = (response: estypes.SearchResponse<Doc>) => response.hits.hits.map((h) => h._id!).sort();

  it('indexes documents with a mapping and finds each query’s documents, as the test evaluates them', async () => {
    await es.client.indices.create({
      index: 'items',
      mappings: { properties: { title: { type: 'text' }, level: { type: 'keyword' }, tags: { type: 'keyword' }, n: { type: 'long' }, price: { type: 'double' }, at: { type: 'date' }, flag: { type: 'boolean' } } },
    });
    const operations = DOCS.flatMap(({ id, ...source }) => [{ index: { _index: 'items', _id: id } }, source]);
    const bulk = await es.client.bulk({ refresh: true, operations });
    assert.equal(bulk.errors, false);
    const cases: [string, estypes.QueryDslQueryContainer, (d: Doc) => boolean][] = [
      ['match_all', { match_all: {} }, () => true],
      ['term on a keyword', { term: { level: 'error' } }, (d) => d.level === 'error'],
      ['term on a multi-valued keyword', { term: { tags: 'b' } }, (d) => d.tags.includes('b')],
      ['terms', { terms: { level: ['info', 'warn'] } }, (d) => d.level === 'info' || d.level === 'warn'],
      ['term on a long', { term: { n: 7 } }, (d) => d.n === 7],
      ['term on a long with a decimal part matches nothing', { term: { n: 7.5 } }, () => false],
      ['term on a boolean', { term: { flag: true } }, (d) => d.flag === true],
      ['range on a long', { range: { n: { gte: 10, lt: 40 } } }, (d) => d.n !== undefined && d.n >= 10 && d.n < 40],
      ['range on a double', { range: { price: { gt: 25.5 } } }, (d) => d.price !== undefined && d.price > 25.5],
      ['range on a date with date math', { range: { at: { gte: 'now-7d/d' } } }, (d) => Date.parse(d.at) >= EPOCH - 7 * DAY],
      ['range on a date, lte rounds up', { range: { at: { lte: '2025-12-20||/d' } } }, (d) => Date.parse(d.at) < Date.UTC(2025, 11, 21)],
      ['range on a keyword', { range: { level: { gte: 'info', lte: 'warn' } } }, (d) => d.level !== undefined && d.level >= 'info' && d.level <= 'warn'],
      ['exists', { exists: { field: 'price' } }, (d) => d.price !== undefined],
      ['exists on a text field', { exists: { field: 'title' } }, () => true],
      ['ids', { ids: { values: ['d1', 'd5', 'nope'] } }, (d) => d.id === 'd1' || d.id === 'd5'],
      ['prefix on a keyword', { prefix: { level: 'in' } }, (d) => d.level?.startsWith('in') === true],
      ['wildcard on a keyword', { wildcard: { level: { value: '*r*' } } }, (d) => d.level?.includes('r') === true],
      ['term on text matches a token', { term: { title: 'timeout' } }, (d) => tokens(d.title).includes('timeout')],
      ['term on text does not analyse', { term: { title: 'Timeout' } }, () => false],
      ['match, or', { match: { title: 'DISK timeout' } }, (d) => tokens(d.title).some((t) => t === 'disk' || t === 'timeout')],
      ['match, and', { match: { title: { query: 'disk timeout', operator: 'and' } } }, (d) => tokens(d.title).includes('disk') && tokens(d.title).includes('timeout')],
      ['match, minimum_should_match', { match: { title: { query: 'disk timeout node', minimum_should_match: 2 } } }, (d) => ['disk', 'timeout', 'node'].filter((w) => tokens(d.title).includes(w)).length >= 2],
      ['match_phrase', { match_phrase: { title: 'disk full' } }, (d) => tokens(d.title).join(' ').includes('disk full')],
      ['prefix on text', { prefix: { title: 'ti' } }, (d) => tokens(d.title).some((t) => t.startsWith('ti'))],
      ['fuzzy', { fuzzy: { title: { value: 'gama' } } }, (d) => tokens(d.title).includes('gamma')],
      [
        'bool must, filter, must_not',
        { bool: { must: [{ match: { title: 'error' } }], filter: [{ range: { n: { gte: 0 } } }], must_not: [{ term: { level: 'info' } }] } },
        (d) => tokens(d.title).includes('error') && d.n !== undefined && d.n >= 0 && d.level !== 'info',
      ],
      ['bool should alone needs one', { bool: { should: [{ term: { tags: 'a' } }, { term: { tags: 'd' } }] } }, (d) => d.tags.includes('a') || d.tags.includes('d')],
      [
        'bool should with minimum_should_match',
        { bool: { should: [{ term: { tags: 'a' } }, { term: { tags: 'b' } }, { term: { level: 'warn' } }], minimum_should_match: 2 } },
        (d) => [d.tags.includes('a'), d.tags.includes('b'), d.level === 'warn'].filter(Boolean).length >= 2,
      ],
      ['bool should beside must is optional', { bool: { must: [{ term: { level: 'warn' } }], should: [{ term: { tags: 'c' } }] } }, (d) => d.level === 'warn'],
      ['bool must_not alone', { bool: { must_not: [{ exists: { field: 'level' } }] } }, (d) => d.level === undefined],
      ['constant_score', { constant_score: { filter: { term: { flag: false } } } }, (d) => d.flag === false],
      ['match_none', { match_none: {} }, () => false],
      ['multi_match', { multi_match: { query: 'warn alpha', fields: ['title', 'level'] } }, (d) => tokens(d.title).includes('alpha')],
      ['multi_match on a keyword takes the whole text', { multi_match: { query: 'warn', fields: ['title^2', 'lev*'] } }, (d) => d.level === 'warn'],
    ];
    for (const [name, query, predicate] of cases) {
      const response = await search({ query });
      const expected = ids(DOCS.filter(predicate));
      assert.deepEqual(hitIds(response), expected, name);
      assert.deepEqual(response.hits.total, { value: expected.length, relation: 'eq' }, name);
      assert.equal((await es.client.count({ index: 'items', query })).count, expected.length, `${name} (_count)`);
    }
  });

  it('ranks by relevance as BM25 does: more of the query’s terms, rarer terms, shorter fields first', async () => {
    await es.client.index({ index: 'bm25', id: '1', document: { user: 'kimchy' }, refresh: true });
    // The score Elasticsearch's documentation shows for this one-document search.
    const one = await es.client.search({ index: 'bm25', query: { match: { user: 'kimchy' } } });
    assert.equal(one.hits.max_score, 0.2876821);
    assert.equal(one.hits.hits[0]!._score, 0.2876821);
    const response = await search({ query: { match: { title: 'disk timeout' } } });
    const scores = response.hits.hits.map((h) => h._score!);
    assert.deepEqual([...scores].sort((a, b) => b - a), scores, 'descending');
    assert.equal(response.hits.max_score, scores[0]);
    const both = response.hits.hits.filter((h) => ['disk', 'timeout'].every((w) => tokens(byId.get(h._id!)!.title).includes(w)));
    const one_ = response.hits.hits.filter((h) => ['disk', 'timeout'].filter((w) => tokens(byId.get(h._id!)!.title).includes(w)).length === 1);
    // A title holding both terms once each outscores any title of the same length holding one.
    for (const b of both) {
      const length = tokens(byId.get(b._id!)!.title).length;
      for (const o of one_) if (tokens(byId.get(o._id!)!.title).length === length && tokens(byId.get(o._id!)!.title).filter((t) => t === 'disk' || t === 'timeout').length === 1) assert.ok(b._score! > o._score!);
    }
    // Filters score nothing; constant_score and match_all score their boost.
    assert.deepEqual(new Set((await search({ query: { bool: { filter: { term: { level: 'info' } } } } })).hits.hits.map((h) => h._score)), new Set([0]));
    assert.deepEqual(new Set((await search({ query: { constant_score: { filter: { term: { level: 'info' } }, boost: 3 } } })).hits.hits.map((h) => h._score)), new Set([3]));
    assert.deepEqual(new Set((await search({ query: { match_all: { boost: 1.5 } }, size: 5 })).hits.hits.map((h) => h._score)), new Set([1.5]));
  });

  it('ranks a match the same whether the store picks the best (one field) or every match is scored here (a compound query)', async () => {
    for (const query of ['disk timeout', 'error node quick', 'alpha']) {
      const alone = await search({ query: { match: { title: query } }, size: 25 });
      const compound = await search({ query: { bool: { must: [{ match: { title: query } }], should: [{ match_none: {} }] } }, size: 25 });
      assert.deepEqual(alone.hits.hits.map((h) => [h._id, h._score]), compound.hits.hits.map((h) => [h._id, h._score]), query);
      assert.equal(alone.hits.max_score, compound.hits.max_score);
      assert.deepEqual(alone.hits.total, compound.hits.total);
      const filtered = await search({ query: { bool: { must: [{ match: { title: query } }], filter: [{ term: { level: 'info' } }] } }, size: 5 });
      const expected = alone.hits.hits.filter((h) => byId.get(h._id!)!.level === 'info').slice(0, 5);
      if (expected.length === 5) assert.deepEqual(filtered.hits.hits.map((h) => h._id), expected.map((h) => h._id), `${query} filtered`);
    }
  });

  it('sorts by fields (missing last, or first), pages with from and size, and filters _source', async () => {
    const sorted = [...DOCS].sort((a, b) => (a.n === undefined ? 1 : b.n === undefined ? -1 : a.n - b.n || Number(a.id.slice(1)) - Number(b.id.slice(1))));
    const asc = await search({ sort: [{ n: 'asc' }], size: 200 });
    assert.deepEqual(asc.hits.hits.map((h) => h._id), sorted.map((d) => d.id).filter((id) => byId.get(id)!.n !== undefined).concat(sorted.filter((d) => d.n === undefined).map((d) => d.id)).slice(0, 160));
    assert.equal(asc.hits.max_score, null);
    assert.equal(asc.hits.hits[0]!._score, null);
    assert.deepEqual(asc.hits.hits[0]!.sort, [sorted[0]!.n]);
    assert.deepEqual(asc.hits.hits.at(-1)!.sort, [9223372036854775807]);
    const desc = await search({ sort: [{ at: { order: 'desc' } }], from: 10, size: 5, _source: ['title', 'at'] });
    const byDate = [...DOCS].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || Number(a.id.slice(1)) - Number(b.id.slice(1)));
    assert.deepEqual(desc.hits.hits.map((h) => h._id), byDate.slice(10, 15).map((d) => d.id));
    assert.deepEqual(desc.hits.hits[0]!._source, { title: byDate[10]!.title, at: byDate[10]!.at });
    assert.deepEqual(desc.hits.hits[0]!.sort, [Date.parse(byDate[10]!.at)]);
    const first = await search({ sort: [{ price: { order: 'asc', missing: '_first' } }, { _doc: { order: 'asc' } }], size: 3, _source: false });
    const noPrice = DOCS.filter((d) => d.price === undefined).map((d) => d.id);
    assert.deepEqual(first.hits.hits.map((h) => h._id), noPrice.slice(0, 3));
    assert.equal(first.hits.hits[0]!._source, undefined);
    const keyword = await search({ sort: [{ level: 'desc' }, { n: 'desc' }], size: 1 });
    const top = [...DOCS].filter((d) => d.level === 'warn').sort((a, b) => (b.n ?? -Infinity) - (a.n ?? -Infinity))[0]!;
    assert.equal(keyword.hits.hits[0]!._id, top.id);
  });

  it('sorts a multi-valued field by its highest value descending (its lowest ascending), also under a range on the same field', async () => {
    const docs = [
      { id: 'a', v: [5, 50] },
      { id: 'b', v: [20] },
      { id: 'c', v: [10, 30] },
      { id: 'd', v: [] as number[] },
      { id: 'e', v: [25, 1] },
    ];
    await es.client.bulk({ refresh: true, operations: docs.flatMap((d) => [{ index: { _index: 'mv-sort', _id: d.id } }, { v: d.v }]) });
    const order = async (body: estypes.SearchRequest) => (await es.client.search({ index: 'mv-sort', ...body })).hits.hits.map((h) => h._id);
    const inRange = (d: (typeof docs)[number]) => d.v.some((x) => x >= 10 && x <= 30);
    const expected = (order: 'asc' | 'desc', filter: (d: (typeof docs)[number]) => boolean) => {
      const key = (d: (typeof docs)[number]) => (d.v.length === 0 ? undefined : order === 'desc' ? Math.max(...d.v) : Math.min(...d.v));
      return docs.filter(filter).sort((x, y) => {
        const [a, b] = [key(x), key(y)];
        if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
        return order === 'desc' ? b - a : a - b;
      }).map((d) => d.id);
    };
    assert.deepEqual(await order({ sort: [{ v: 'desc' }] }), expected('desc', () => true));
    assert.deepEqual(await order({ sort: [{ v: 'asc' }] }), expected('asc', () => true));
    assert.deepEqual(await order({ sort: [{ v: 'desc' }], query: { range: { v: { gte: 10, lte: 30 } } } }), expected('desc', inRange));
    assert.deepEqual(await order({ sort: [{ v: 'asc' }], query: { range: { v: { gte: 10, lte: 30 } } }, size: 2 }), expected('asc', inRange).slice(0, 2));
    assert.deepEqual(await order({ sort: [{ v: { order: 'desc', missing: '_first' } }] }), ['d', ...expected('desc', (d) => d.v.length > 0)]);
  });

  it('counts total hits up to track_total_hits, and not at all when false', async () => {
    assert.deepEqual((await search({ track_total_hits: 50, size: 0 })).hits.total, { value: 50, relation: 'gte' });
    assert.deepEqual((await search({ track_total_hits: true, size: 0 })).hits.total, { value: 160, relation: 'eq' });
    const none = await search({ track_total_hits: false, size: 2 });
    assert.equal(none.hits.total, undefined);
    assert.equal(none.hits.hits.length, 2);
    const asInt = await es.client.transport.request<{ hits: { total: number } }>({ method: 'GET', path: '/items/_search', querystring: { rest_total_hits_as_int: 'true', size: '0' } });
    assert.equal(asInt.hits.total, 160);
  });

  it('follows writes: an update moves a document between results, a delete removes it, a deleted index takes its index structure along', async () => {
    await es.client.index({ index: 'moving', id: 'x', document: { state: 'open', body: 'first words' }, refresh: true });
    assert.equal((await es.client.count({ index: 'moving', query: { term: { 'state.keyword': 'open' } } })).count, 1);
    await es.client.update({ index: 'moving', id: 'x', doc: { state: 'closed', body: 'second words' }, refresh: true });
    assert.equal((await es.client.count({ index: 'moving', query: { term: { 'state.keyword': 'open' } } })).count, 0);
    assert.equal((await es.client.count({ index: 'moving', query: { match: { body: 'first' } } })).count, 0);
    assert.equal((await es.client.count({ index: 'moving', query: { match: { body: 'second' } } })).count, 1);
    await es.client.delete({ index: 'moving', id: 'x', refresh: true });
    assert.equal((await es.client.count({ index: 'moving', query: { match: { body: 'second' } } })).count, 0);
    await es.client.index({ index: 'moving', id: 'y', document: { body: 'second' }, refresh: true });
    await es.client.indices.delete({ index: 'moving' });
    await es.client.index({ index: 'moving', id: 'z', document: { body: 'third' }, refresh: true });
    // The recreated index holds only its own document: nothing of the deleted one's structure is left.
    assert.deepEqual((await es.client.search({ index: 'moving', query: { match: { body: 'second third' } } })).hits.hits.map((h) => h._id), ['z']);
  });

  it('searches several indices, aliases (with their filters) and data streams, and orders hits across them', async () => {
    await es.client.bulk({ refresh: true, operations: [{ index: { _index: 'multi-a', _id: '1' } }, { k: 'x', v: 3 }, { index: { _index: 'multi-b', _id: '2' } }, { k: 'x', v: 1 }, { index: { _index: 'multi-b', _id: '3' } }, { k: 'y', v: 2 }] });
    const all = await es.client.search({ index: 'multi-*', sort: [{ v: 'asc' }] });
    assert.deepEqual(all.hits.hits.map((h) => [h._index, h._id]), [['multi-b', '2'], ['multi-b', '3'], ['multi-a', '1']]);
    assert.deepEqual(all._shards, { total: 2, successful: 2, skipped: 0, failed: 0 });
    await es.client.indices.updateAliases({ actions: [{ add: { index: 'multi-*', alias: 'only-x', filter: { term: { 'k.keyword': 'x' } } } }] });
    assert.deepEqual((await es.client.search({ index: 'only-x', sort: [{ v: 'asc' }] })).hits.hits.map((h) => h._id), ['2', '1']);
    assert.equal((await es.client.count({ index: 'only-x' })).count, 2);
    // Named outright beside the alias, an index is searched whole.
    assert.equal((await es.client.count({ index: 'only-x,multi-b' })).count, 3);
    await es.client.indices.putIndexTemplate({ name: 'stream', index_patterns: ['stream-*'], data_stream: {}, template: { mappings: { properties: { '@timestamp': { type: 'date' } } } } });
    await es.client.index({ index: 'stream-1', document: { '@timestamp': '2026-01-01T00:00:00Z', msg: 'hello' }, refresh: true });
    await es.client.indices.rollover({ alias: 'stream-1' });
    await es.client.index({ index: 'stream-1', document: { '@timestamp': '2026-01-02T00:00:00Z', msg: 'hello again' }, refresh: true });
    const stream = await es.client.search({ index: 'stream-1', query: { match: { msg: 'hello' } }, sort: [{ '@timestamp': 'desc' }] });
    assert.equal(stream.hits.hits.length, 2);
    assert.match(stream.hits.hits[0]!._index, /^\.ds-stream-1-\d{4}\.\d{2}\.\d{2}-000002$/);
  });

  it('expands patterns, and takes id lists, far longer than a statement’s parameters allow inline', async () => {
    const operations = Array.from({ length: 3000 }, (_, i) => [{ index: { _index: 'wide', _id: `w${i}` } }, { code: `k-${i}`, text: `t${i}x` }]).flat();
    assert.equal((await es.client.bulk({ refresh: true, operations })).errors, false);
    assert.equal((await es.client.count({ index: 'wide', query: { wildcard: { 'code.keyword': 'k-1*' } } })).count, 1111);
    assert.equal((await es.client.count({ index: 'wide', query: { prefix: { text: 't2' } } })).count, 1111);
    assert.equal((await es.client.count({ index: 'wide', query: { ids: { values: Array.from({ length: 2500 }, (_, i) => `w${i * 2}`) } } })).count, 1500);
    assert.equal((await es.client.count({ index: 'wide', query: { terms: { 'code.keyword': Array.from({ length: 2000 }, (_, i) => `k-${i}`) } } })).count, 2000);
    assert.equal((await es.client.count({ index: 'wide', query: { bool: { must_not: { regexp: { text: 't[0-9]*5x' } } } } })).count, 2700);
  });

  it('answers errors as Elasticsearch words them', async () => {
    assert.deepEqual(await esErrorOf(search({ query: { nope: {} } as never })), { status: 400, type: 'parsing_exception', reason: 'unknown query [nope]' });
    assert.deepEqual(await esErrorOf(search({ query: { term: { n: 'abc' } } })), {
      status: 400,
      type: 'search_phase_execution_exception',
      reason: 'all shards failed',
    });
    const body = (await es.client.transport.request({ method: 'POST', path: '/items/_search', body: { query: { term: { n: 'abc' } } } }, { ignore: [400] })) as any;
    assert.deepEqual(body.error.root_cause, [{ type: 'query_shard_exception', reason: 'failed to create query: For input string: "abc"', index_uuid: body.error.root_cause[0].index_uuid, index: 'items' }]);
    assert.deepEqual(body.error.failed_shards[0].reason.caused_by, { type: 'number_format_exception', reason: 'For input string: "abc"' });
    const window = (await es.client.transport.request({ method: 'POST', path: '/items/_search', body: { from: 9995, size: 10 } }, { ignore: [400] })) as any;
    assert.equal(window.status, 400);
    assert.deepEqual(window.error.root_cause, [
      {
        type: 'illegal_argument_exception',
        reason:
          'Result window is too large, from + size must be less than or equal to: [10000] but was [10005]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.',
      },
    ]);
    const text = (await es.client.transport.request({ method: 'POST', path: '/items/_search', body: { sort: ['title'] } }, { ignore: [400] })) as any;
    assert.match(text.error.root_cause[0].reason, /^Text fields are not optimised for operations that require per-document field data/);
    const unmapped = (await es.client.transport.request({ method: 'POST', path: '/items/_search', body: { sort: ['nope'] } }, { ignore: [400] })) as any;
    assert.equal(unmapped.error.root_cause[0].reason, 'No mapping found for [nope] in order to sort on');
    assert.equal(unmapped.error.root_cause[0].type, 'query_shard_exception');
    assert.deepEqual((await search({ sort: [{ nope: { order: 'asc', unmapped_type: 'long' } }], size: 1 })).hits.hits.length, 1);
    assert.deepEqual(await esErrorOf(search({ collapse: { field: 'level' } })), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'Tessera does not support [collapse] in a search request yet',
    });
    assert.deepEqual(await esErrorOf(es.client.search({ index: 'missing-index' })), { status: 404, type: 'index_not_found_exception', reason: 'no such index [missing-index]' });
    // One index failing the query: its failure is listed beside the others' hits, unless partial results are refused.
    await es.client.index({ index: 'partial-text', id: '1', document: { n: 'text here' }, refresh: true });
    const partial = await es.client.search({ index: 'items,partial-text', query: { term: { n: 'abc' } } });
    assert.equal(partial._shards.failed, 1);
    assert.equal(partial._shards.successful, 1);
    assert.deepEqual(await esErrorOf(es.client.search({ index: 'items,partial-text', query: { term: { n: 'abc' } }, allow_partial_search_results: false })), {
      status: 400,
      type: 'search_phase_execution_exception',
      reason: 'Partial shards failure',
    });
    // Scoring every match of a compound query in memory is bounded by the request breaker.
    await es.client.cluster.putSettings({ transient: { 'indices.breaker.request.limit': '1kb' } });
    try {
      const refused = await esErrorOf(search({ query: { bool: { should: [{ match: { title: 'alpha' } }, { match: { title: 'beta' } }] } } }));
      assert.equal(refused.status, 429);
      assert.equal(refused.type, 'circuit_breaking_exception');
      assert.match(refused.reason, /^\[request\] Data too large, data for \[<search_scores>\] would be \[\d+\/[\d.]+kb\], which is larger than the limit of \[1024\/1kb\]$/);
    } finally {
      await es.client.cluster.putSettings({ transient: { 'indices.breaker.request.limit': null } });
    }
    assert.equal((await es.client.search({ index: 'missing-*' })).hits.hits.length, 0);
  });
});
