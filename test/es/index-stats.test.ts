/**
 * `GET /_stats` and `/<index>/_stats`: `level` (cluster, indices; shards refused, with why), the indices options and
 * `forbid_closed_indices`, as RestIndicesStatsAction reads them.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assertEnvelope, envelope, esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

describe('index stats: level and indices options', () => {
  const ctx = useEsServer();

  before(async () => {
    const { client } = ctx;
    await client.indices.create({ index: 'st-open', settings: { number_of_shards: 2 } });
    await client.indices.create({ index: 'st-hidden', settings: { 'index.hidden': true } });
    await client.indices.create({ index: 'st-shut' });
    await client.index({ index: 'st-open', document: { a: 1 }, refresh: true });
    await client.index({ index: 'st-open', document: { a: 2 }, refresh: true });
    await client.index({ index: 'st-hidden', document: { a: 3 }, refresh: true });
    await client.indices.close({ index: 'st-shut' });
  });

  it('answers the indices level by default, and the totals alone at level=cluster', TEST_OPTIONS, async () => {
    const indices = await ctx.client.indices.stats({ index: 'st-*' });
    assert.deepEqual(Object.keys(indices.indices!), ['st-open']);
    assert.equal(indices._all.primaries!.docs!.count, 2);
    const cluster = (await esFetch(ctx.url, '/st-*/_stats?level=cluster')).json;
    assert.deepEqual(Object.keys(cluster), ['_shards', '_all']);
    assert.equal(cluster._all.primaries.docs.count, 2);
    // One node: the replicas are counted but not started.
    assert.deepEqual(cluster._shards, { total: 4, successful: 2, failed: 0 });
  });

  it('reaches hidden indices with expand_wildcards, and closed ones only when forbid_closed_indices=false', TEST_OPTIONS, async () => {
    const hidden = (await esFetch(ctx.url, '/st-*/_stats?expand_wildcards=open,hidden')).json;
    assert.deepEqual(Object.keys(hidden.indices), ['st-hidden', 'st-open']);
    assert.equal(hidden._all.primaries.docs.count, 3);
    const withClosed = (await esFetch(ctx.url, '/st-*/_stats?expand_wildcards=all&forbid_closed_indices=false')).json;
    assert.deepEqual(Object.keys(withClosed.indices), ['st-hidden', 'st-open', 'st-shut']);
    assert.equal(withClosed.indices['st-shut'].status, 'close');
    const skipped = (await esFetch(ctx.url, '/st-open,st-nope/_stats?ignore_unavailable=true')).json;
    assert.deepEqual(Object.keys(skipped.indices), ['st-open']);
  });

  it('refuses a level it does not know in ES words, and level=shards saying why', TEST_OPTIONS, async () => {
    assertEnvelope(
      await esFetch(ctx.url, '/_stats?level=node'),
      envelope(400, 'illegal_argument_exception', 'level parameter must be one of [cluster] or [indices] or [shards] but was [node]'),
    );
    assertEnvelope(
      await esFetch(ctx.url, '/st-open/_stats?level=shards'),
      envelope(400, 'illegal_argument_exception', "level [shards] is not supported: Tessera keeps each index's documents together, not in shards, so it has no per-shard statistics; use level=indices"),
    );
    assertEnvelope(
      await esFetch(ctx.url, '/_stats?forbid_closed_indices=maybe'),
      envelope(400, 'illegal_argument_exception', 'Failed to parse value [maybe] as only [true] or [false] are allowed.'),
    );
    assertEnvelope(
      await esFetch(ctx.url, '/_stats?expand_wildcards=shut'),
      envelope(400, 'illegal_argument_exception', 'No valid expand wildcard value [shut]'),
    );
  });
});
