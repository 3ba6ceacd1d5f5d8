/**
 * Aggregations in _search through the official client: each aggregation's buckets and values are compared with the
 * test's own computation over the seeded documents, on whichever store the suite runs on; the same documents split
 * over two indices reduce to the one index's answer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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

const LEVELS = ['info', 'warn', 'error', 'debug', 'trace', 'fatal'];
const DAY = 86_400_000;
const HOUR = 3_600_000;

function seed(count: number): Doc[] {
  const random = prng(23);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const doc: Doc = {
      id: `d${i}`,
      title: `entry ${pick(['alpha', 'beta', 'gamma'])}`,
      tags: [...new Set(Array.from({ length: Math.floor(random() * 3) }, () => pick(['a', 'b', 'c', 'd', 'e'])))],
      at: new Date(EPOCH - Math.floor(random() * 70) * DAY - Math.floor(random() * DAY)).toISOString(),
    };
    if (random() < 0.85) doc.level = LEVELS[Math.floor(random() ** 2 * LEVELS.length)];
    if (random() < 0.8) doc.n = Math.floor(random() * 100) - 20;
    if (random() < 0.7) doc.price = Math.round(random() * 10_000) / 100;
    if (random() < 0.6) doc.flag = random() < 0.5;
    return doc;
  });
}

const DOCS = seed(200);
const MAPPINGS = { properties: { title: { type: 'text' }, level: { type: 'keyword' }, tags: { type: 'keyword' }, n: { type: 'long' }, price: { type: 'double' }, at: { type: 'date' }, flag: { type: 'boolean' } } } as const;

type Key = string | number;
interface Bucket {
  key: Key;
  doc_count: number;
  [sub: string]: unknown;
}

/** Documents per distinct value (a document once per value), ordered by count desc then key asc. */
function countBy(docs: readonly Doc[], values: (d: Doc) => readonly Key[]): [Key, number][] {
  const counts = new Map<Key, number>();
  for (const d of docs) for (const v of new Set(values(d))) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

function termsOf(docs: readonly Doc[], values: (d: Doc) => readonly Key[], size = 10) {
  const all = countBy(docs, values);
  return {
    buckets: all.slice(0, size).map(([key, doc_count]) => ({ key, doc_count })),
    sum_other_doc_count: all.slice(size).reduce((n, [, c]) => n + c, 0),
  };
}

const plain = (buckets: readonly Bucket[]) => buckets.map((b) => ({ key: b.key, doc_count: b.doc_count }));
const numbers = (docs: readonly Doc[], f: (d: Doc) => number | undefined) => docs.map(f).filter((v): v is number => v !== undefined);
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const close = (actual: unknown, expected: number, what: string) => assert.ok(Math.abs((actual as number) - expected) < 1e-6 * Math.max(1, Math.abs(expected)), `${what}: ${String(actual)} vs ${expected}`);

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = (p / 100) * (sorted.length - 1);
  const low = Math.floor(index);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low]! + (index - low) * (sorted[high]! - sorted[low]!);
}

/** Buckets from the first to the last key, empty ones included, as a histogram with min_doc_count 0 lists them. */
function histogramOf(values: readonly (readonly number[])[], round: (v: number) => number, next: (k: number) => number): [number, number][] {
  const counts = new Map<number, number>();
  for (const docValues of values) for (const k of new Set(docValues.map(round))) counts.set(k, (counts.get(k) ?? 0) + 1);
  const keys = [...counts.keys()].sort((a, b) => a - b);
  const out: [number, number][] = [];
  if (keys.length === 0) return out;
  for (let k = keys[0]!; k <= keys.at(-1)!; k = next(k)) out.push([k, counts.get(k) ?? 0]);
  return out;
}

const iso = (millis: number) => new Date(millis).toISOString();
const dayOf = (millis: number) => Math.floor(millis / DAY) * DAY;
const monthOf = (millis: number) => Date.UTC(new Date(millis).getUTCFullYear(), new Date(millis).getUTCMonth(), 1);
const nextMonth = (millis: number) => Date.UTC(new Date(millis).getUTCFullYear(), new Date(millis).getUTCMonth() + 1, 1);

describe('_search aggregations', () => {
  const es = useEsServer();
  const aggs = async (body: Record<string, unknown>, index = 'agg-all'): Promise<any> => (await es.client.search({ index, size: 0, ...body } as never)).aggregations;

  it('seeds one index with every document and two with half each', async () => {
    for (const index of ['agg-all', 'agg-a', 'agg-b']) await es.client.indices.create({ index, mappings: MAPPINGS });
    const operations = DOCS.flatMap(({ id, ...source }, i) => [{ index: { _index: 'agg-all', _id: id } }, source, { index: { _index: i % 2 === 0 ? 'agg-a' : 'agg-b', _id: id } }, source]);
    const bulk = await es.client.bulk({ refresh: true, operations });
    assert.equal(bulk.errors, false);
  });

  it('terms: keywords, multi-valued keywords, longs, booleans and dates, with the other documents counted', async () => {
    const r = await aggs({
      aggs: {
        levels: { terms: { field: 'level' } },
        tags: { terms: { field: 'tags', size: 3 } },
        ns: { terms: { field: 'n', size: 5 } },
        flags: { terms: { field: 'flag' } },
        days: { terms: { field: 'at', size: 2 } },
      },
    });
    for (const [name, values, size] of [
      ['levels', (d: Doc) => (d.level ? [d.level] : []), 10],
      ['tags', (d: Doc) => d.tags, 3],
      ['ns', (d: Doc) => (d.n === undefined ? [] : [d.n]), 5],
    ] as const) {
      const expected = termsOf(DOCS, values, size);
      assert.deepEqual(plain(r[name].buckets), expected.buckets, name);
      assert.equal(r[name].sum_other_doc_count, expected.sum_other_doc_count, name);
      assert.equal(r[name].doc_count_error_upper_bound, 0, name);
    }
    const flags = termsOf(DOCS, (d) => (d.flag === undefined ? [] : [d.flag ? 1 : 0]));
    assert.deepEqual(r.flags.buckets, flags.buckets.map((b) => ({ ...b, key_as_string: b.key === 1 ? 'true' : 'false' })));
    const days = termsOf(DOCS, (d) => [Date.parse(d.at)], 2);
    assert.deepEqual(r.days.buckets, days.buckets.map((b) => ({ ...b, key_as_string: iso(b.key as number) })));
  });

  it('terms: order by key, by a sub-aggregation, min_doc_count 0, missing, include and exclude', async () => {
    const errors = DOCS.filter((d) => d.level === 'warn');
    const r = await aggs({
      query: { term: { level: 'warn' } },
      aggs: {
        byKey: { terms: { field: 'tags', order: { _key: 'desc' } } },
        byAvg: { terms: { field: 'level', order: { avg_n: 'desc' }, size: 20 }, aggs: { avg_n: { avg: { field: 'n' } } } },
        all: { terms: { field: 'level', min_doc_count: 0, size: 20 } },
        missing: { terms: { field: 'tags', missing: 'none' } },
        include: { terms: { field: 'tags', include: '[a-c]', exclude: ['b'] } },
      },
    });
    assert.deepEqual(plain(r.byKey.buckets), countBy(errors, (d) => d.tags).sort((a, b) => (a[0] < b[0] ? 1 : -1)).map(([key, doc_count]) => ({ key, doc_count })));
    assert.deepEqual(plain(r.byAvg.buckets), [{ key: 'warn', doc_count: errors.length }]);
    const avg = sum(numbers(errors, (d) => d.n)) / numbers(errors, (d) => d.n).length;
    close(r.byAvg.buckets[0].avg_n.value, avg, 'avg under terms');
    const everyLevel = [...new Set(DOCS.flatMap((d) => (d.level ? [d.level] : [])))].filter((l) => l !== 'warn').sort();
    assert.deepEqual(plain(r.all.buckets), [{ key: 'warn', doc_count: errors.length }, ...everyLevel.map((key) => ({ key, doc_count: 0 }))]);
    assert.deepEqual(plain(r.missing.buckets), termsOf(errors, (d) => (d.tags.length === 0 ? ['none'] : d.tags)).buckets);
    assert.deepEqual(plain(r.include.buckets), termsOf(errors, (d) => d.tags.filter((t) => t === 'a' || t === 'c')).buckets);
    // Ordered by a metric over all levels.
    const ordered = await aggs({ aggs: { levels: { terms: { field: 'level', order: [{ max_price: 'asc' }] }, aggs: { max_price: { max: { field: 'price' } } } } } });
    const maxPrice = (level: Key) => Math.max(...numbers(DOCS.filter((d) => d.level === level), (d) => d.price));
    const expected = countBy(DOCS, (d) => (d.level ? [d.level] : [])).sort((a, b) => maxPrice(a[0]) - maxPrice(b[0]) || (a[0] < b[0] ? -1 : 1));
    assert.deepEqual(plain(ordered.levels.buckets), expected.map(([key, doc_count]) => ({ key, doc_count })));
    // The same order through a multi-value metric's member, and through a single-bucket aggregation.
    const byStats = await aggs({ aggs: { levels: { terms: { field: 'level', order: { 'st.max': 'asc' } }, aggs: { st: { stats: { field: 'price' } } } } } });
    assert.deepEqual(plain(byStats.levels.buckets), plain(ordered.levels.buckets));
    const byPath = await aggs({ aggs: { levels: { terms: { field: 'level', order: { 'f>m': 'asc' } }, aggs: { f: { filter: { exists: { field: 'price' } }, aggs: { m: { max: { field: 'price' } } } } } } } });
    assert.deepEqual(plain(byPath.levels.buckets), plain(ordered.levels.buckets));
  });

  it('metrics: min, max, avg, sum, value_count, cardinality, stats, extended_stats, percentiles', async () => {
    const r = await aggs({
      aggs: {
        min: { min: { field: 'price' } },
        max: { max: { field: 'price' } },
        avg: { avg: { field: 'price' } },
        sum: { sum: { field: 'n' } },
        count: { value_count: { field: 'tags' } },
        distinct: { cardinality: { field: 'tags' } },
        distinctN: { cardinality: { field: 'n' } },
        stats: { stats: { field: 'n' } },
        ext: { extended_stats: { field: 'price' } },
        pct: { percentiles: { field: 'n' } },
        pct2: { percentiles: { field: 'price', percents: [10, 50, 99.9], keyed: false } },
        first: { min: { field: 'at' } },
        avgMissing: { avg: { field: 'n', missing: 1000 } },
      },
    });
    const prices = numbers(DOCS, (d) => d.price);
    const ns = numbers(DOCS, (d) => d.n);
    close(r.min.value, Math.min(...prices), 'min');
    close(r.max.value, Math.max(...prices), 'max');
    close(r.avg.value, sum(prices) / prices.length, 'avg');
    assert.equal(r.sum.value, sum(ns));
    assert.equal(r.count.value, sum(DOCS.map((d) => d.tags.length)));
    assert.equal(r.distinct.value, new Set(DOCS.flatMap((d) => d.tags)).size);
    assert.equal(r.distinctN.value, new Set(ns).size);
    assert.deepEqual(r.stats, { count: ns.length, min: Math.min(...ns), max: Math.max(...ns), avg: sum(ns) / ns.length, sum: sum(ns) });
    const mean = sum(prices) / prices.length;
    const variance = sum(prices.map((p) => (p - mean) ** 2)) / prices.length;
    close(r.ext.variance, variance, 'variance');
    close(r.ext.std_deviation, Math.sqrt(variance), 'std_deviation');
    close(r.ext.variance_sampling, (variance * prices.length) / (prices.length - 1), 'variance_sampling');
    close(r.ext.std_deviation_bounds.upper, mean + 2 * Math.sqrt(variance), 'upper');
    close(r.ext.sum_of_squares, sum(prices.map((p) => p * p)), 'sum_of_squares');
    assert.deepEqual(Object.keys(r.pct.values), ['1.0', '5.0', '25.0', '50.0', '75.0', '95.0', '99.0']);
    for (const p of [1, 5, 25, 50, 75, 95, 99]) close(r.pct.values[`${p}.0`], percentile(ns, p), `percentile ${p}`);
    assert.deepEqual(r.pct2.values.map((v: { key: number }) => v.key), [10, 50, 99.9]);
    for (const v of r.pct2.values) close(v.value, percentile(prices, v.key), `percentile ${v.key}`);
    const first = Math.min(...DOCS.map((d) => Date.parse(d.at)));
    assert.deepEqual(r.first, { value: first, value_as_string: iso(first) });
    close(r.avgMissing.value, (sum(ns) + 1000 * (DOCS.length - ns.length)) / DOCS.length, 'avg with missing');
  });

  it('histogram and date_histogram: empty buckets between, bounds, calendar and fixed intervals, time zones, offsets, formats', async () => {
    const r = await aggs({
      aggs: {
        h: { histogram: { field: 'n', interval: 10 } },
        hOff: { histogram: { field: 'price', interval: 25, offset: 5, min_doc_count: 1 } },
        hExt: { histogram: { field: 'n', interval: 50, extended_bounds: { min: -100, max: 200 } } },
        day: { date_histogram: { field: 'at', calendar_interval: 'day' } },
        month: { date_histogram: { field: 'at', calendar_interval: '1M', format: 'yyyy-MM' } },
        week: { date_histogram: { field: 'at', calendar_interval: 'week' } },
        twelve: { date_histogram: { field: 'at', fixed_interval: '12h', min_doc_count: 1 } },
        india: { date_histogram: { field: 'at', calendar_interval: 'day', time_zone: '+05:30', min_doc_count: 1 } },
        paris: { date_histogram: { field: 'at', calendar_interval: 'month', time_zone: 'Europe/Paris' } },
        shifted: { date_histogram: { field: 'at', calendar_interval: 'day', offset: '+6h', min_doc_count: 1 } },
      },
    });
    const ns = DOCS.map((d) => (d.n === undefined ? [] : [d.n]));
    const ats = DOCS.map((d) => [Date.parse(d.at)]);
    const pairs = (buckets: Bucket[]) => buckets.map((b) => [b.key, b.doc_count]);
    assert.deepEqual(pairs(r.h.buckets), histogramOf(ns, (v) => Math.floor(v / 10) * 10, (k) => k + 10));
    assert.deepEqual(pairs(r.hOff.buckets), histogramOf(DOCS.map((d) => (d.price === undefined ? [] : [d.price])), (v) => Math.floor((v - 5) / 25) * 25 + 5, (k) => k + 25).filter(([, c]) => c > 0));
    assert.deepEqual(pairs(r.hExt.buckets).map(([k]) => k), [-100, -50, 0, 50, 100, 150, 200]);
    assert.deepEqual(pairs(r.day.buckets), histogramOf(ats, dayOf, (k) => k + DAY));
    assert.deepEqual(r.day.buckets[0].key_as_string, iso(r.day.buckets[0].key));
    assert.deepEqual(pairs(r.month.buckets), histogramOf(ats, monthOf, nextMonth));
    assert.equal(r.month.buckets.at(-1).key_as_string, '2025-12');
    const monday = (v: number) => dayOf(v) - ((new Date(v).getUTCDay() + 6) % 7) * DAY;
    assert.deepEqual(pairs(r.week.buckets), histogramOf(ats, monday, (k) => k + 7 * DAY));
    assert.deepEqual(pairs(r.twelve.buckets), histogramOf(ats, (v) => Math.floor(v / (12 * HOUR)) * 12 * HOUR, (k) => k + 12 * HOUR).filter(([, c]) => c > 0));
    const ist = 5.5 * HOUR;
    assert.deepEqual(pairs(r.india.buckets), histogramOf(ats, (v) => dayOf(v + ist) - ist, (k) => k + DAY).filter(([, c]) => c > 0));
    assert.match(r.india.buckets[0].key_as_string, /T00:00:00\.000\+05:30$/);
    // Paris is at +02:00 until 2025-10-26T01:00Z, then at +01:00: months start at 22:00 or 23:00 UTC the day before.
    const parisOffset = (utc: number) => (utc < Date.UTC(2025, 9, 26, 1) ? 2 * HOUR : HOUR);
    const parisMonth = (local: number) => monthOf(local) - parisOffset(monthOf(local) - 2 * HOUR);
    assert.deepEqual(pairs(r.paris.buckets), histogramOf(ats, (v) => parisMonth(v + parisOffset(v)), (k) => parisMonth(nextMonth(k + 3 * HOUR))));
    assert.deepEqual(r.paris.buckets.map((b: Bucket) => b.key_as_string), ['2025-10-01T00:00:00.000+02:00', '2025-11-01T00:00:00.000+01:00', '2025-12-01T00:00:00.000+01:00']);
    assert.deepEqual(pairs(r.shifted.buckets), histogramOf(ats, (v) => dayOf(v - 6 * HOUR) + 6 * HOUR, (k) => k + DAY).filter(([, c]) => c > 0));
    const keyed = await aggs({ aggs: { k: { histogram: { field: 'n', interval: 40, keyed: true, min_doc_count: 1 } } } });
    assert.deepEqual(Object.keys(keyed.k.buckets), histogramOf(ns, (v) => Math.floor(v / 40) * 40, (k) => k + 40).filter(([, c]) => c > 0).map(([k]) => `${k}.0`));
  });

  it('range and date_range, keyed and not, with sub-aggregations', async () => {
    const r = await aggs({
      aggs: {
        prices: { range: { field: 'price', ranges: [{ to: 25 }, { from: 25, to: 50 }, { from: 50, key: 'high' }] }, aggs: { s: { sum: { field: 'n' } } } },
        dates: { date_range: { field: 'at', ranges: [{ from: 'now-10d/d' }, { to: 'now-10d/d' }], keyed: true } },
      },
    });
    const within = (from?: number, to?: number) => DOCS.filter((d) => d.price !== undefined && (from === undefined || d.price >= from) && (to === undefined || d.price < to));
    assert.deepEqual(
      r.prices.buckets.map((b: Bucket) => ({ key: b.key, from: b.from, to: b.to, doc_count: b.doc_count })),
      [
        { key: '*-25.0', from: undefined, to: 25, doc_count: within(undefined, 25).length },
        { key: '25.0-50.0', from: 25, to: 50, doc_count: within(25, 50).length },
        { key: 'high', from: 50, to: undefined, doc_count: within(50).length },
      ],
    );
    assert.equal(r.prices.buckets[2].s.value, sum(numbers(within(50), (d) => d.n)));
    const cut = dayOf(EPOCH - 10 * DAY);
    const key = `${iso(cut).replace('Z', 'Z')}`;
    assert.deepEqual(r.dates.buckets, {
      [`*-${key}`]: { to: cut, to_as_string: key, doc_count: DOCS.filter((d) => Date.parse(d.at) < cut).length },
      [`${key}-*`]: { from: cut, from_as_string: key, doc_count: DOCS.filter((d) => Date.parse(d.at) >= cut).length },
    });
  });

  it('filter, filters (named, anonymous, other bucket) and missing', async () => {
    const r = await aggs({
      aggs: {
        cheap: { filter: { range: { price: { lt: 20 } } }, aggs: { levels: { terms: { field: 'level' } } } },
        named: { filters: { filters: { warn: { term: { level: 'warn' } }, tagged: { exists: { field: 'tags' } } }, other_bucket_key: 'rest' } },
        anonymous: { filters: { filters: [{ term: { tags: 'a' } }, { match: { title: 'alpha' } }], other_bucket: true } },
        noPrice: { missing: { field: 'price' }, aggs: { avg: { avg: { field: 'n' } } } },
      },
    });
    const cheap = DOCS.filter((d) => d.price !== undefined && d.price < 20);
    assert.equal(r.cheap.doc_count, cheap.length);
    assert.deepEqual(plain(r.cheap.levels.buckets), termsOf(cheap, (d) => (d.level ? [d.level] : [])).buckets);
    const warn = DOCS.filter((d) => d.level === 'warn');
    const tagged = DOCS.filter((d) => d.tags.length > 0);
    assert.deepEqual(r.named.buckets, { warn: { doc_count: warn.length }, tagged: { doc_count: tagged.length }, rest: { doc_count: DOCS.filter((d) => d.level !== 'warn' && d.tags.length === 0).length } });
    const a = DOCS.filter((d) => d.tags.includes('a'));
    const alpha = DOCS.filter((d) => d.title.includes('alpha'));
    assert.deepEqual(r.anonymous.buckets, [{ doc_count: a.length }, { doc_count: alpha.length }, { doc_count: DOCS.filter((d) => !d.tags.includes('a') && !d.title.includes('alpha')).length }]);
    const noPrice = DOCS.filter((d) => d.price === undefined);
    assert.equal(r.noPrice.doc_count, noPrice.length);
    close(r.noPrice.avg.value, sum(numbers(noPrice, (d) => d.n)) / numbers(noPrice, (d) => d.n).length, 'avg under missing');
  });

  it('top_hits: the best documents of each bucket as search hits', async () => {
    const r = await aggs({ aggs: { levels: { terms: { field: 'level', size: 2 }, aggs: { top: { top_hits: { size: 2, sort: [{ price: 'desc' }], _source: ['price'] } } } } } });
    for (const bucket of r.levels.buckets) {
      const docs = DOCS.filter((d) => d.level === bucket.key);
      const best = [...docs].sort((x, y) => (y.price ?? -Infinity) - (x.price ?? -Infinity) || Number(x.id.slice(1)) - Number(y.id.slice(1))).slice(0, 2);
      assert.deepEqual(bucket.top.hits.total, { value: docs.length, relation: 'eq' });
      assert.equal(bucket.top.hits.max_score, null);
      assert.deepEqual(bucket.top.hits.hits.map((h: any) => [h._index, h._id, h._score, h._source, h.sort]), best.map((d) => ['agg-all', d.id, null, { price: d.price }, [d.price]]));
    }
    // Without a sort, by score: the query's scores, as the search itself ranks the bucket's documents.
    const match = { match: { title: 'alpha' } };
    const scored = await aggs({ query: match, aggs: { levels: { terms: { field: 'level', size: 3 }, aggs: { top: { top_hits: { size: 2, _source: false } } } } } });
    for (const bucket of scored.levels.buckets) {
      const search = await es.client.search({ index: 'agg-all', size: 2, _source: false, query: { bool: { must: [match], filter: [{ term: { level: bucket.key } }] } } });
      assert.deepEqual(bucket.top.hits.hits.map((h: any) => [h._id, h._score]), search.hits.hits.map((h) => [h._id, h._score]));
      assert.equal(bucket.top.hits.max_score, search.hits.max_score);
    }
    const all = await aggs({ aggs: { top: { top_hits: { size: 2, _source: false } } } });
    assert.deepEqual(all.top.hits, { total: { value: DOCS.length, relation: 'eq' }, max_score: 1, hits: DOCS.slice(0, 2).map((d) => ({ _index: 'agg-all', _id: d.id, _score: 1 })) });
  });

  it('sub-aggregations at depth, before the post filter, with size 0 or hits', async () => {
    const r = await es.client.search({
      index: 'agg-all',
      size: 3,
      query: { range: { n: { gte: 0 } } },
      post_filter: { term: { level: 'info' } },
      aggs: { levels: { terms: { field: 'level' }, aggs: { months: { date_histogram: { field: 'at', calendar_interval: 'month' }, aggs: { p: { avg: { field: 'price' } } } } } } },
    } as never);
    const matching = DOCS.filter((d) => d.n !== undefined && d.n >= 0);
    assert.equal(r.hits.hits.length, 3);
    const levels = (r.aggregations as any).levels;
    assert.deepEqual(plain(levels.buckets), termsOf(matching, (d) => (d.level ? [d.level] : [])).buckets);
    for (const level of levels.buckets) {
      const docs = matching.filter((d) => d.level === level.key);
      assert.deepEqual(level.months.buckets.map((b: Bucket) => [b.key, b.doc_count]), histogramOf(docs.map((d) => [Date.parse(d.at)]), monthOf, nextMonth));
      for (const month of level.months.buckets) {
        const inMonth = docs.filter((d) => monthOf(Date.parse(d.at)) === month.key);
        const prices = numbers(inMonth, (d) => d.price);
        if (prices.length === 0) assert.equal(month.p.value, null);
        else close(month.p.value, sum(prices) / prices.length, 'avg at depth 3');
      }
    }
  });

  it('aggregates only the documents collected before terminate_after stops', async () => {
    const r = (await es.client.search({ index: 'agg-all', size: 0, terminate_after: 10, aggs: { all: { filter: { match_all: {} } }, s: { sum: { field: 'n' } } } } as never)) as any;
    assert.equal(r.terminated_early, true);
    assert.equal(r.aggregations.all.doc_count, 10);
    assert.equal(r.aggregations.s.value, sum(numbers(DOCS.slice(0, 10), (d) => d.n)));
  });

  it('reduces across indices as over one, and names results by type under typed_keys', async () => {
    const body = {
      aggs: {
        levels: { terms: { field: 'level', size: 20 }, aggs: { s: { stats: { field: 'n' } } } },
        days: { date_histogram: { field: 'at', calendar_interval: 'week' } },
        ranges: { range: { field: 'n', ranges: [{ to: 0 }, { from: 0 }] } },
        distinct: { cardinality: { field: 'n' } },
        pct: { percentiles: { field: 'price', percents: [50] } },
        top: { top_hits: { size: 3, sort: [{ n: 'desc' }, { _doc: 'asc' }], _source: false } },
      },
    };
    const one = await aggs(body);
    const two = await aggs(body, 'agg-a,agg-b');
    assert.deepEqual(two.levels.buckets, one.levels.buckets);
    assert.deepEqual(two.days, one.days);
    assert.deepEqual(two.ranges, one.ranges);
    assert.deepEqual(two.distinct, one.distinct);
    assert.deepEqual(two.pct, one.pct);
    assert.deepEqual(two.top.hits.hits.map((h: any) => h.sort[0]), one.top.hits.hits.map((h: any) => h.sort[0]));
    assert.equal(two.top.hits.total.value, DOCS.length);
    // size 1: each index returns its best two levels (shard_size 1·1.5+10 is 2 for size 1), so counts may err.
    const halves = [DOCS.filter((_, i) => i % 2 === 0), DOCS.filter((_, i) => i % 2 === 1)];
    const levelOf = (d: Doc) => (d.level ? [d.level] : []);
    const shardTop = halves.map((docs) => countBy(docs, levelOf).slice(0, 2));
    const merged = countBy(shardTop.flatMap((top) => top.flatMap(([key, n]) => Array.from({ length: n }, () => ({ level: key }) as Doc))), levelOf);
    const cut = await aggs({ aggs: { levels: { terms: { field: 'level', size: 1 } } } }, 'agg-a,agg-b');
    assert.deepEqual(plain(cut.levels.buckets), [{ key: merged[0]![0], doc_count: merged[0]![1] }]);
    assert.equal(cut.levels.doc_count_error_upper_bound, sum(shardTop.map((top) => (top.length < 2 ? 0 : top[1]![1]))));
    assert.equal(cut.levels.sum_other_doc_count, DOCS.filter((d) => d.level).length - merged[0]![1]);
    const byIndex = await aggs({ aggs: { indices: { terms: { field: '_index' }, aggs: { n: { value_count: { field: 'n' } } } } } }, 'agg-a,agg-b');
    assert.deepEqual(byIndex.indices.buckets, halves.map((docs, i) => ({ key: i === 0 ? 'agg-a' : 'agg-b', doc_count: docs.length, n: { value: numbers(docs, (d) => d.n).length } })));
    const typed = (await es.client.search({
      index: 'agg-all',
      size: 0,
      typed_keys: true,
      aggs: {
        a: { terms: { field: 'level' }, aggs: { m: { avg: { field: 'n' } } } },
        b: { terms: { field: 'n' } },
        c: { terms: { field: 'price' } },
        d: { terms: { field: 'nope' } },
        e: { date_histogram: { field: 'at', calendar_interval: 'year' } },
        f: { histogram: { field: 'n', interval: 100 } },
        g: { date_range: { field: 'at', ranges: [{ to: 'now' }] } },
        h: { filter: { match_all: {} } },
        i: { filters: { filters: [{ match_all: {} }] } },
        j: { missing: { field: 'n' } },
        k: { percentiles: { field: 'n' } },
        l: { value_count: { field: 'n' } },
        m: { top_hits: { size: 1 } },
      },
    } as never)) as any;
    assert.deepEqual(Object.keys(typed.aggregations), [
      'sterms#a', 'lterms#b', 'dterms#c', 'umterms#d', 'date_histogram#e', 'histogram#f', 'date_range#g', 'filter#h', 'filters#i', 'missing#j', 'tdigest_percentiles#k', 'value_count#l', 'top_hits#m',
    ]);
    assert.ok('avg#m' in typed.aggregations['sterms#a'].buckets[0]);
  });

  it('writes ES’s shapes: meta, keyed date buckets within extended bounds, date strings, empty statistics', async () => {
    await es.client.indices.create({ index: 'agg-shapes', mappings: { properties: { at: { type: 'date' }, n: { type: 'long' }, k: { type: 'keyword' }, b: { type: 'boolean' } } } });
    await es.client.bulk({ refresh: true, operations: [{ index: { _index: 'agg-shapes' } }, { at: '2025-01-05T10:00:00Z', n: 5, k: 'a', b: true }, { index: { _index: 'agg-shapes' } }, { at: '2025-03-01T00:00:00Z', n: 7, k: 'b', b: false }] });
    const r = await aggs(
      {
        aggs: {
          m: { meta: { color: 'blue' }, date_histogram: { field: 'at', calendar_interval: 'month', keyed: true, format: 'yyyy-MM', extended_bounds: { min: '2024-12', max: '2025-04' } } },
          empty: { filter: { term: { k: 'zzz' } }, aggs: { s: { stats: { field: 'at' } }, p: { percentiles: { field: 'n', percents: [50] } }, mn: { min: { field: 'at' } }, c: { value_count: { field: 'k' } } } },
          s: { stats: { field: 'at' } },
          bmin: { min: { field: 'b' } },
          r: { range: { field: 'at', ranges: [{ from: 0 }] } },
          hb: { date_histogram: { field: 'at', calendar_interval: 'month', hard_bounds: { min: '2025-02-01', max: '2025-03-15' } } },
        },
      },
      'agg-shapes',
    );
    const month = (m: string, doc_count: number) => [m, { key_as_string: m, key: Date.parse(`${m}-01T00:00:00Z`), doc_count }];
    assert.deepEqual(r.m, { meta: { color: 'blue' }, buckets: Object.fromEntries([month('2024-12', 0), month('2025-01', 1), month('2025-02', 0), month('2025-03', 1), month('2025-04', 0)]) });
    assert.deepEqual(r.empty, { doc_count: 0, s: { count: 0, min: null, max: null, avg: null, sum: 0 }, p: { values: { '50.0': null } }, mn: { value: null }, c: { value: 0 } });
    const [a, b] = [Date.parse('2025-01-05T10:00:00Z'), Date.parse('2025-03-01T00:00:00Z')];
    assert.deepEqual(r.s, { count: 2, min: a, min_as_string: iso(a), max: b, max_as_string: iso(b), avg: (a + b) / 2, avg_as_string: iso((a + b) / 2), sum: a + b, sum_as_string: iso(a + b) });
    assert.deepEqual(r.bmin, { value: 0, value_as_string: 'false' });
    assert.deepEqual(r.r, { buckets: [{ key: '1970-01-01T00:00:00.000Z-*', from: 0, from_as_string: '1970-01-01T00:00:00.000Z', doc_count: 2 }] });
    assert.deepEqual(r.hb, { buckets: [{ key_as_string: iso(b), key: b, doc_count: 1 }] });
    const pct = await aggs({ aggs: { p: { percentiles: { field: 'at', percents: [0, 100], keyed: false } } } }, 'agg-shapes');
    assert.deepEqual(pct.p.values, [{ key: 0, value: a, value_as_string: iso(a) }, { key: 100, value: b, value_as_string: iso(b) }]);
    // A long field beside a (dynamically mapped) float one reduces to double terms.
    await es.client.index({ index: 'agg-shapes-double', document: { n: 5.5 }, refresh: true });
    const mixed = (await es.client.search({ index: 'agg-shapes,agg-shapes-double', size: 0, typed_keys: true, aggs: { t: { terms: { field: 'n' } } } } as never)) as any;
    assert.deepEqual(Object.keys(mixed.aggregations), ['dterms#t']);
    assert.deepEqual(plain(mixed.aggregations['dterms#t'].buckets), [{ key: 5, doc_count: 1 }, { key: 5.5, doc_count: 1 }, { key: 7, doc_count: 1 }]);
  });

  it('answers an unmapped field with empty results, and a text field with the fielddata failure', async () => {
    const r = await aggs({ aggs: { t: { terms: { field: 'nope' } }, a: { avg: { field: 'nope' } }, s: { sum: { field: 'nope' } }, h: { date_histogram: { field: 'nope', calendar_interval: 'day' } }, c: { cardinality: { field: 'nope' } } } });
    assert.deepEqual(r, { t: { doc_count_error_upper_bound: 0, sum_other_doc_count: 0, buckets: [] }, a: { value: null }, s: { value: 0 }, h: { buckets: [] }, c: { value: 0 } });
    const text = (await es.client.transport.request({ method: 'POST', path: '/agg-all/_search', body: { aggs: { t: { terms: { field: 'title' } } } } }, { ignore: [400] })) as any;
    assert.equal(text.status, 400);
    assert.equal(text.error.type, 'search_phase_execution_exception');
    assert.equal(text.error.root_cause[0].type, 'illegal_argument_exception');
    assert.match(text.error.root_cause[0].reason, /^Text fields are not optimised for operations that require per-document field data like aggregations and sorting.*\[title\]/);
    const keyword = (await es.client.transport.request({ method: 'POST', path: '/agg-all/_search', body: { aggs: { t: { avg: { field: 'level' } } } } }, { ignore: [400] })) as any;
    assert.equal(keyword.error.root_cause[0].reason, 'Field [level] of type [keyword] is not supported for aggregation [avg]');
  });

  it('answers malformed and unsupported aggregations as Elasticsearch words them', async () => {
    const search = (aggregations: unknown) => es.client.search({ index: 'agg-all', aggs: aggregations } as never);
    const cases: [unknown, number, string, string][] = [
      [{ x: { termz: { field: 'level' } } }, 400, 'parsing_exception', 'Unknown aggregation type [termz] did you mean [terms]?'],
      [{ x: 'terms' }, 400, 'parsing_exception', 'Aggregation definition for [x starts with a [VALUE_STRING], expected a [START_OBJECT].'],
      [{ x: { terms: { field: 'level' }, avg: { field: 'n' } } }, 400, 'parsing_exception', 'Found two aggregation type definitions in [x]: [terms] and [avg]'],
      [{ x: {} }, 400, 'parsing_exception', 'Missing definition for aggregation [x]'],
      [{ x: { aggs: { y: { avg: { field: 'n' } } } } }, 400, 'parsing_exception', 'Missing definition for aggregation [x]'],
      [{ 'a>b': { avg: { field: 'n' } } }, 400, 'parsing_exception', "Invalid aggregation name [a>b]. Aggregation names can contain any character except '[', ']', and '>'"],
      [{ x: { terms: 'level' } }, 400, 'parsing_exception', 'Expected [START_OBJECT] under [terms], but got a [VALUE_STRING] in [x]'],
      [{ x: { geo_bounds: { field: 'n' } } }, 400, 'illegal_argument_exception', 'Tessera does not support the [geo_bounds] aggregation yet'],
      [{ x: { significant_terms: { field: 'level' } } }, 400, 'illegal_argument_exception', 'Tessera does not support the [significant_terms] aggregation yet'],
      [{ x: { composite: { sources: [] } } }, 400, 'illegal_argument_exception', 'Tessera does not support the [composite] aggregation yet'],
      [{ x: { bucket_sort: { sort: [] } } }, 400, 'illegal_argument_exception', 'Tessera does not support the [bucket_sort] aggregation yet'],
      [{ x: { terms: { field: 'level', size: 0 } } }, 400, 'illegal_argument_exception', '[size] must be greater than 0. Found [0] in [x]'],
      [{ x: { terms: { fieldd: 'level' } } }, 400, 'x_content_parse_exception', '[terms] unknown field [fieldd] did you mean [field]?'],
      [{ x: { date_histogram: { field: 'at', calendar_interval: '2d' } } }, 400, 'illegal_argument_exception', 'The supplied interval [2d] could not be parsed as a calendar interval.'],
      [{ x: { histogram: { field: 'n', interval: 0 } } }, 400, 'illegal_argument_exception', '[interval] must be >0 for histogram aggregation [x]'],
      [{ x: { avg: { field: 'n' }, aggs: { y: { avg: { field: 'n' } } } } }, 500, 'aggregation_initialization_exception', 'Aggregator [x] of type [avg] cannot accept sub-aggregations'],
    ];
    for (const [aggregations, status, type, reason] of cases) assert.deepEqual(await esErrorOf(search(aggregations)), { status, type, reason }, JSON.stringify(aggregations));
    // A date_histogram without an interval fails where ES's shards build its rounding.
    const noInterval = (await es.client.transport.request({ method: 'POST', path: '/agg-all/_search', body: { aggs: { x: { date_histogram: { field: 'at' } } } } }, { ignore: [400] })) as any;
    assert.equal(noInterval.error.type, 'search_phase_execution_exception');
    assert.deepEqual(noInterval.error.root_cause, [{ type: 'illegal_argument_exception', reason: 'Invalid interval specified, must be non-null and non-empty' }]);
  });
});
