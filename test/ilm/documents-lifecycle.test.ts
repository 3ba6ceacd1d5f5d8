/** Rollover conditions and shrink on real documents. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { explainRecord, useEsServer } from '../helpers/es.js';

describe('rollover on real data', () => {
  const es = useEsServer();

  it('the rollover API measures max_docs, max_size, max_primary_shard_docs and min_docs on the stored documents', async () => {
    const { client } = es;
    await client.indices.create({ index: 'data-000001', settings: { 'index.number_of_shards': 2 }, aliases: { data: { is_write_index: true } } });
    for (let i = 0; i < 3; i++) await client.index({ index: 'data', document: { i, text: 'x'.repeat(100) } });
    const dry = await client.indices.rollover({
      alias: 'data',
      dry_run: true,
      conditions: { max_docs: 3, max_primary_shard_docs: 2, max_size: '1kb', min_docs: 4 },
    });
    assert.deepEqual(dry.conditions, { '[max_docs: 3]': true, '[max_primary_shard_docs: 2]': true, '[max_size: 1kb]': false, '[min_docs: 4]': false });
    assert.equal(dry.rolled_over, false);
    const real = await client.indices.rollover({ alias: 'data', conditions: { max_docs: 3 } });
    assert.deepEqual([real.rolled_over, real.new_index], [true, 'data-000002']);
    assert.equal((await client.index({ index: 'data', document: {} }))._index, 'data-000002', 'writes go to the new index');
    assert.equal((await client.count({ index: 'data-000001' })).count, 3);
  });

  it('ILM waits for the implicit min_docs: 1, then rolls over once a document is written', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'by-docs', policy: { phases: { hot: { actions: { rollover: { max_docs: 2 } } } } } });
    await client.indices.create({
      index: 'ilm-docs-000001',
      settings: { 'index.lifecycle.name': 'by-docs', 'index.lifecycle.rollover_alias': 'ilm-docs' },
      aliases: { 'ilm-docs': { is_write_index: true } },
    });
    await es.advance('1h');
    assert.equal((await explainRecord(client, 'ilm-docs-000001')).step, 'check-rollover-ready');
    await client.index({ index: 'ilm-docs', document: { a: 1 } });
    await es.advance('1h');
    assert.equal((await explainRecord(client, 'ilm-docs-000001')).step, 'check-rollover-ready', 'one document is below max_docs 2');
    await client.index({ index: 'ilm-docs', document: { a: 2 } });
    await es.advance('10m');
    const done = await explainRecord(client, 'ilm-docs-000001');
    assert.deepEqual([done.phase, done.action, done.step], ['hot', 'complete', 'complete']);
    assert.equal(await client.indices.exists({ index: 'ilm-docs-000002' }), true);
  });
});

describe('shrink on real data', () => {
  const es = useEsServer();

  it('the shrunken index keeps every document', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'shrink-docs', policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 1 } } } } } });
    await client.indices.create({ index: 'keep-000001', settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-docs' } });
    const operations = Array.from({ length: 25 }, (_, i) => [{ index: { _index: 'keep-000001', _id: `d${i}` } }, { i }]).flat();
    await client.bulk({ operations });
    await es.advance('1d');
    await es.advance('30m');
    const explained = await client.ilm.explainLifecycle({ index: 'keep-000001' });
    const shrunk = Object.keys(explained.indices)[0]!;
    assert.match(shrunk, /^shrink-[a-z0-9]{4}-keep-000001$/);
    assert.equal((await client.count({ index: shrunk })).count, 25);
    assert.deepEqual((await client.get({ index: shrunk, id: 'd7' }))._source, { i: 7 });
    assert.equal((await client.count({ index: 'keep-000001' })).count, 25, 'the old name is now an alias of the shrunken index');
  });
});

describe('every rollover condition on real data', () => {
  const es = useEsServer();

  it('evaluates each max_* and min_* condition against the stored documents and the index age', async () => {
    const { client } = es;
    await client.indices.create({ index: 'conds-000001', settings: { 'index.number_of_shards': 2 }, aliases: { conds: { is_write_index: true } } });
    // 4 documents of 1,008 bytes: 4,032 bytes, 2,016 per primary shard on average.
    for (let i = 0; i < 4; i++) await client.index({ index: 'conds', document: { t: 'q'.repeat(1000) } });
    await es.advance('2h');
    const conditions = {
      max_age: '1h',
      max_docs: 5,
      max_size: '4kb',
      max_primary_shard_size: '2kb',
      max_primary_shard_docs: 2,
      min_age: '3h',
      min_docs: 4,
      min_size: '3kb',
      min_primary_shard_size: '2kb',
      min_primary_shard_docs: 3,
    };
    const dry = await client.indices.rollover({ alias: 'conds', dry_run: true, conditions });
    assert.deepEqual(dry.conditions, {
      '[max_age: 1h]': true,
      '[max_docs: 5]': false,
      '[max_size: 4kb]': false,
      '[max_primary_shard_size: 2kb]': false,
      '[max_primary_shard_docs: 2]': true,
      '[min_age: 3h]': false,
      '[min_docs: 4]': true,
      '[min_size: 3kb]': true,
      '[min_primary_shard_size: 2kb]': false,
      '[min_primary_shard_docs: 3]': false,
    });
    assert.equal(dry.rolled_over, false, 'a min_* condition is not met');
  });
});
