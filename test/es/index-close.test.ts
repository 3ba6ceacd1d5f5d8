import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertEnvelope, envelope, esFetch, expectEsError, indexNotFound, TEST_OPTIONS, useEsServer } from './es-helpers.js';

async function uuidOf(client: Client, index: string): Promise<string> {
  const settings = await client.indices.getSettings({ index, flat_settings: true });
  return settings[index]!.settings!['index.uuid'] as string;
}

function closedEnvelope(index: string, uuid: string) {
  return envelope(400, 'index_closed_exception', 'closed', { index_uuid: uuid, index });
}

function blockEnvelope(index: string, block: string) {
  return envelope(403, 'cluster_block_exception', `index [${index}] blocked by: [${block}];`);
}

describe('POST /<index>/_close and POST /<index>/_open', () => {
  const ctx = useEsServer();

  it('closes an index with ES 8 response and opens it again', TEST_OPTIONS, async () => {
    const { client } = ctx;
    await client.indices.create({ index: 'c-basic' });
    assert.deepEqual(await client.indices.close({ index: 'c-basic' }), { acknowledged: true, shards_acknowledged: true, indices: { 'c-basic': { closed: true } } });
    // Closing a closed index is CloseIndexResponse.EMPTY.
    assert.deepEqual(await client.indices.close({ index: 'c-basic' }), { acknowledged: true, shards_acknowledged: false, indices: {} });
    assert.deepEqual(await client.indices.open({ index: 'c-basic' }), { acknowledged: true, shards_acknowledged: true });
    assert.deepEqual(await client.indices.open({ index: 'c-basic' }), { acknowledged: true, shards_acknowledged: true });
    await client.index({ index: 'c-basic', id: '1', document: { a: 1 } });
  });

  it('shows the state: index.verified_before_close in settings, status in _cat/indices, shards in health', TEST_OPTIONS, async () => {
    const { client } = ctx;
    await client.indices.create({ index: 'c-shown', settings: { number_of_replicas: 0 } });
    await client.indices.close({ index: 'c-shown' });
    const settings = await client.indices.getSettings({ index: 'c-shown', flat_settings: true });
    assert.equal(settings['c-shown']!.settings!['index.verified_before_close'], 'true');
    const got = await client.indices.get({ index: 'c-shown' });
    assert.equal((got['c-shown']!.settings!.index as Record<string, unknown>).verified_before_close, 'true');
    const cat = await client.cat.indices({ index: 'c-shown', format: 'json', h: ['index', 'status'] });
    assert.deepEqual(cat, [{ index: 'c-shown', status: 'close' }]);
    const health = await client.cluster.health({ index: 'c-shown' });
    assert.equal(health.status, 'green');
    assert.equal(health.active_primary_shards, 1);
    await client.indices.open({ index: 'c-shown' });
    const reopened = await client.indices.getSettings({ index: 'c-shown', flat_settings: true });
    assert.equal(reopened['c-shown']!.settings!['index.verified_before_close'], undefined);
    assert.deepEqual(await client.cat.indices({ index: 'c-shown', format: 'json', h: ['index', 'status'] }), [{ index: 'c-shown', status: 'open' }]);
  });

  it('refuses document reads and writes on a closed index with index_closed_exception', TEST_OPTIONS, async () => {
    const { client, url } = ctx;
    await client.indices.create({ index: 'c-docs' });
    await client.index({ index: 'c-docs', id: '1', document: { a: 1 } });
    await client.indices.close({ index: 'c-docs' });
    const closed = closedEnvelope('c-docs', await uuidOf(client, 'c-docs'));
    assertEnvelope(await esFetch(url, '/c-docs/_doc/1'), closed);
    assertEnvelope(await esFetch(url, '/c-docs/_doc/2', { method: 'PUT', body: { a: 2 } }), closed);
    assertEnvelope(await esFetch(url, '/c-docs/_doc', { method: 'POST', body: { a: 2 } }), closed);
    assertEnvelope(await esFetch(url, '/c-docs/_create/3', { method: 'PUT', body: { a: 3 } }), closed);
    assertEnvelope(await esFetch(url, '/c-docs/_update/1', { method: 'POST', body: { doc: { a: 9 } } }), closed);
    assertEnvelope(await esFetch(url, '/c-docs/_doc/1', { method: 'DELETE' }), closed);
    assertEnvelope(await esFetch(url, '/c-docs/_count'), closed);
    assertEnvelope(await esFetch(url, '/c-docs/_stats'), closed);
    assertEnvelope(await esFetch(url, '/c-docs/_refresh', { method: 'POST' }), closed);
    const bulk = await client.bulk({ operations: [{ index: { _index: 'c-docs', _id: '4' } }, { a: 4 }, { delete: { _index: 'c-docs', _id: '1' } }] });
    assert.equal(bulk.errors, true);
    const uuid = await uuidOf(client, 'c-docs');
    assert.deepEqual(bulk.items[0]!.index!.error, { type: 'index_closed_exception', reason: 'closed', index_uuid: uuid, index: 'c-docs' });
    assert.equal(bulk.items[0]!.index!.status, 400);
    assert.equal(bulk.items[1]!.delete!.status, 400);
    // Through an alias too.
    await client.indices.putAlias({ index: 'c-docs', name: 'c-docs-alias' });
    assertEnvelope(await esFetch(url, '/c-docs-alias/_doc/1'), closed);
    assertEnvelope(await esFetch(url, '/c-docs-alias/_doc/5', { method: 'PUT', body: {} }), closed);
    await client.indices.open({ index: 'c-docs' });
    assert.equal((await client.get({ index: 'c-docs', id: '1' }))._source !== undefined, true);
    assert.equal((await client.count({ index: 'c-docs' })).count, 1);
  });

  it('leaves closed indices out of wildcard reads, and ignore_unavailable skips a named one', TEST_OPTIONS, async () => {
    const { client, url } = ctx;
    await client.indices.create({ index: 'wc-open' });
    await client.indices.create({ index: 'wc-shut' });
    await client.index({ index: 'wc-open', document: {}, refresh: true });
    await client.index({ index: 'wc-shut', document: {}, refresh: true });
    await client.indices.close({ index: 'wc-shut' });
    assert.equal((await client.count({ index: 'wc-*' })).count, 1);
    assert.deepEqual(Object.keys((await client.indices.stats({ index: 'wc-*' })).indices!), ['wc-open']);
    assert.deepEqual(Object.keys(await client.indices.get({ index: 'wc-*' })), ['wc-open']);
    // Settings, _cat and deletion reach closed indices as ES's own options do.
    assert.deepEqual(Object.keys(await client.indices.getSettings({ index: 'wc-*' })).sort(), ['wc-open', 'wc-shut']);
    assert.deepEqual((await client.cat.indices({ index: 'wc-*', format: 'json', h: ['index', 'status'] })).map((r) => `${r.index}:${r.status}`), ['wc-open:open', 'wc-shut:close']);
    const count = await esFetch(url, '/wc-open,wc-shut/_count?ignore_unavailable=true');
    assert.equal(count.json.count, 1);
  });

  it('resolves expressions with close and open defaults and expand_wildcards', TEST_OPTIONS, async () => {
    const { client, url } = ctx;
    await client.cluster.putSettings({ transient: { 'action.destructive_requires_name': false } });
    try {
      await client.indices.create({ index: 'ex-a' });
      await client.indices.create({ index: 'ex-b' });
      assert.deepEqual(await client.indices.close({ index: 'ex-*' }), { acknowledged: true, shards_acknowledged: true, indices: { 'ex-a': { closed: true }, 'ex-b': { closed: true } } });
      // A close matching no open index closes nothing.
      assert.deepEqual(await client.indices.close({ index: 'ex-*' }), { acknowledged: true, shards_acknowledged: false, indices: {} });
      // Open's wildcards reach closed indices by default; close's and block's reach open ones.
      await client.indices.open({ index: 'ex-a*' });
      assert.deepEqual((await client.cat.indices({ index: 'ex-*', format: 'json', h: ['index', 'status'] })).map((r) => r.status), ['open', 'close']);
      assert.deepEqual(await client.indices.addBlock({ index: 'ex-*', block: 'write' }), { acknowledged: true, shards_acknowledged: true, indices: [{ name: 'ex-a', blocked: true }] });
      assert.deepEqual(await client.indices.addBlock({ index: 'ex-*', block: 'write', expand_wildcards: 'all' }), { acknowledged: true, shards_acknowledged: true, indices: [{ name: 'ex-b', blocked: true }] });
      assert.deepEqual(await client.indices.open({ index: 'ex-*', expand_wildcards: 'open' }), { acknowledged: true, shards_acknowledged: true });
      assert.equal((await client.cat.indices({ index: 'ex-b', format: 'json', h: ['status'] }))[0]!.status, 'close');
      assert.deepEqual(await client.indices.close({ index: 'ex-nothing*' }), { acknowledged: true, shards_acknowledged: false, indices: {} });
      assertEnvelope(await esFetch(url, '/ex-nothing*/_close?allow_no_indices=false', { method: 'POST' }), indexNotFound('ex-nothing*'));
      assertEnvelope(
        await esFetch(url, '/ex-a/_close?expand_wildcards=shut', { method: 'POST' }),
        envelope(400, 'illegal_argument_exception', 'No valid expand wildcard value [shut]'),
      );
      const badBoolean = await esFetch(url, '/ex-a/_close?ignore_unavailable=yes', { method: 'POST' });
      assert.equal(badBoolean.status, 400);
      assert.equal(badBoolean.json.error.reason, 'Could not convert [ignore_unavailable] to boolean');
      assert.equal(badBoolean.json.error.caused_by.reason, 'Failed to parse value [yes] as only [true] or [false] are allowed.');
    } finally {
      await client.cluster.putSettings({ transient: { 'action.destructive_requires_name': null } });
    }
  });

  it('refuses wildcards and _all under action.destructive_requires_name, and a missing index', TEST_OPTIONS, async () => {
    const { client, url } = ctx;
    const refused = envelope(400, 'illegal_argument_exception', 'Wildcard expressions or all indices are not allowed');
    for (const path of ['/d-*/_close', '/_all/_close', '/*/_open', '/d-*/_open']) assertEnvelope(await esFetch(url, path, { method: 'POST' }), refused);
    assertEnvelope(await esFetch(url, '/d-*/_block/write', { method: 'PUT' }), refused);
    assertEnvelope(await esFetch(url, '/missing/_close', { method: 'POST' }), indexNotFound('missing'));
    assertEnvelope(await esFetch(url, '/missing/_open', { method: 'POST' }), indexNotFound('missing'));
    assertEnvelope(await esFetch(url, '/missing/_block/write', { method: 'PUT' }), indexNotFound('missing'));
    assert.deepEqual(await client.indices.close({ index: 'missing', ignore_unavailable: true }), { acknowledged: true, shards_acknowledged: false, indices: {} });
  });

  it('refuses wait_for_active_shards, which it would not wait for', TEST_OPTIONS, async () => {
    const { client, url } = ctx;
    await client.indices.create({ index: 'c-wait' });
    assertEnvelope(
      await esFetch(url, '/c-wait/_close?wait_for_active_shards=1', { method: 'POST' }),
      envelope(400, 'illegal_argument_exception', 'request [/c-wait/_close] contains unrecognized parameter: [wait_for_active_shards]'),
    );
  });

  it('refuses closing when cluster.indices.close.enable is false', TEST_OPTIONS, async () => {
    const { client, url } = ctx;
    await client.indices.create({ index: 'c-disabled' });
    await client.cluster.putSettings({ transient: { 'cluster.indices.close.enable': false } });
    try {
      assertEnvelope(
        await esFetch(url, '/c-disabled/_close', { method: 'POST' }),
        envelope(500, 'illegal_state_exception', 'closing indices is disabled - set [cluster.indices.close.enable: true] to enable it. NOTE: closed indices still consume a significant amount of diskspace'),
      );
    } finally {
      await client.cluster.putSettings({ transient: { 'cluster.indices.close.enable': null } });
    }
  });

  it('takes static settings on a closed index only, and never final ones', TEST_OPTIONS, async () => {
    const { client, url } = ctx;
    await client.indices.create({ index: 'c-settings' });
    const uuid = await uuidOf(client, 'c-settings');
    assertEnvelope(
      await esFetch(url, '/c-settings/_settings', { method: 'PUT', body: { 'index.codec': 'best_compression' } }),
      envelope(400, 'illegal_argument_exception', `Can't update non dynamic settings [[index.codec]] for open indices [[c-settings/${uuid}]]`),
    );
    await client.indices.close({ index: 'c-settings' });
    assert.deepEqual(await client.indices.putSettings({ index: 'c-settings', settings: { 'index.codec': 'best_compression', number_of_replicas: 0 } }), { acknowledged: true });
    const settings = await client.indices.getSettings({ index: 'c-settings', flat_settings: true });
    assert.equal(settings['c-settings']!.settings!['index.codec'], 'best_compression');
    assertEnvelope(
      await esFetch(url, '/c-settings/_settings', { method: 'PUT', body: { 'index.number_of_shards': 2 } }),
      envelope(400, 'illegal_argument_exception', 'final c-settings setting [index.number_of_shards], not updateable'),
    );
    assertEnvelope(
      await esFetch(url, '/c-settings/_settings', { method: 'PUT', body: { 'index.verified_before_close': false } }),
      envelope(400, 'illegal_argument_exception', 'unknown setting [index.verified_before_close] is a private setting and cannot be set by users'),
    );
  });

  it('keeps aliases on a closed index, and rolls over a closed write index', TEST_OPTIONS, async () => {
    const { client } = ctx;
    await client.indices.create({ index: 'roll-000001', aliases: { roll: { is_write_index: true } } });
    await client.indices.close({ index: 'roll-000001' });
    await client.indices.putAlias({ index: 'roll-000001', name: 'roll-read' });
    assert.deepEqual(Object.keys(await client.indices.getAlias({ name: 'roll-read' })), ['roll-000001']);
    const rolled = await client.indices.rollover({ alias: 'roll' });
    assert.equal(rolled.rolled_over, true);
    assert.equal(rolled.new_index, 'roll-000002');
    await client.index({ index: 'roll', id: '1', document: {} });
  });
});

describe('PUT /<index>/_block/<block>', () => {
  const ctx = useEsServer();

  it('adds a block as its index.blocks setting, with ES 8 responses', TEST_OPTIONS, async () => {
    const { client } = ctx;
    await client.indices.create({ index: 'b-write' });
    assert.deepEqual(await client.indices.addBlock({ index: 'b-write', block: 'write' }), { acknowledged: true, shards_acknowledged: true, indices: [{ name: 'b-write', blocked: true }] });
    // A block the index already has is AddIndexBlockResponse.EMPTY.
    assert.deepEqual(await client.indices.addBlock({ index: 'b-write', block: 'write' }), { acknowledged: true, shards_acknowledged: false, indices: [] });
    const settings = await client.indices.getSettings({ index: 'b-write', flat_settings: true });
    assert.equal(settings['b-write']!.settings!['index.blocks.write'], 'true');
  });

  it('refuses a block name ES does not have', TEST_OPTIONS, async () => {
    const { client, url } = ctx;
    await client.indices.create({ index: 'b-name' });
    assertEnvelope(await esFetch(url, '/b-name/_block/readonly', { method: 'PUT' }), envelope(400, 'illegal_argument_exception', 'No block found with name readonly'));
    // The block is read before anything else: a missing index does not come first.
    assertEnvelope(await esFetch(url, '/missing/_block/nope', { method: 'PUT' }), envelope(400, 'illegal_argument_exception', 'No block found with name nope'));
  });

  it('enforces each block as ES does', TEST_OPTIONS, async () => {
    const { client, url } = ctx;
    for (const name of ['b-ro', 'b-read', 'b-w', 'b-meta']) {
      await client.indices.create({ index: name });
      await client.index({ index: name, id: '1', document: { a: 1 } });
    }
    await client.indices.addBlock({ index: 'b-ro', block: 'read_only' });
    await client.indices.addBlock({ index: 'b-read', block: 'read' });
    await client.indices.addBlock({ index: 'b-w', block: 'write' });
    await client.indices.addBlock({ index: 'b-meta', block: 'metadata' });

    const readOnly = blockEnvelope('b-ro', 'FORBIDDEN/5/index read-only (api)');
    assertEnvelope(await esFetch(url, '/b-ro/_doc/2', { method: 'PUT', body: {} }), readOnly);
    assertEnvelope(await esFetch(url, '/b-ro/_settings', { method: 'PUT', body: { number_of_replicas: 0 } }), readOnly);
    assertEnvelope(await esFetch(url, '/b-ro/_close', { method: 'POST' }), readOnly);
    assertEnvelope(await esFetch(url, '/b-ro', { method: 'DELETE' }), readOnly);
    assertEnvelope(await esFetch(url, '/b-ro/_block/write', { method: 'PUT' }), readOnly);
    assert.equal((await client.get({ index: 'b-ro', id: '1' })).found, true);
    // The settings that lift the block may always be changed.
    await client.indices.putSettings({ index: 'b-ro', settings: { 'index.blocks.read_only': false } });
    await client.index({ index: 'b-ro', id: '2', document: {} });

    const read = blockEnvelope('b-read', 'FORBIDDEN/7/index read (api)');
    assertEnvelope(await esFetch(url, '/b-read/_doc/1'), read);
    assertEnvelope(await esFetch(url, '/b-read/_count'), read);
    await client.index({ index: 'b-read', id: '2', document: {} });

    assertEnvelope(await esFetch(url, '/b-w/_doc/2', { method: 'PUT', body: {} }), blockEnvelope('b-w', 'FORBIDDEN/8/index write (api)'));
    assertEnvelope(await esFetch(url, '/b-w/_update/1', { method: 'POST', body: { doc: { a: 2 } } }), blockEnvelope('b-w', 'FORBIDDEN/8/index write (api)'));
    await client.indices.putSettings({ index: 'b-w', settings: { number_of_replicas: 0 } });

    const metadata = blockEnvelope('b-meta', 'FORBIDDEN/9/index metadata (api)');
    assertEnvelope(await esFetch(url, '/b-meta'), metadata);
    assertEnvelope(await esFetch(url, '/b-meta/_settings'), metadata);
    assertEnvelope(await esFetch(url, '/b-meta/_stats'), metadata);
    assertEnvelope(await esFetch(url, '/b-meta/_settings', { method: 'PUT', body: { number_of_replicas: 0 } }), metadata);
    assertEnvelope(await esFetch(url, '/b-meta/_close', { method: 'POST' }), metadata);
    // Documents are not metadata.
    assert.equal((await client.get({ index: 'b-meta', id: '1' })).found, true);
    await client.indices.putSettings({ index: 'b-meta', settings: { 'index.blocks.metadata': false } });
    await client.indices.close({ index: 'b-meta' });
  });

  it('adds a block to a closed index', TEST_OPTIONS, async () => {
    const { client } = ctx;
    await client.indices.create({ index: 'b-closed' });
    await client.indices.close({ index: 'b-closed' });
    assert.deepEqual(await client.indices.addBlock({ index: 'b-closed', block: 'read_only' }), { acknowledged: true, shards_acknowledged: true, indices: [{ name: 'b-closed', blocked: true }] });
    // Open is a metadata write, which the read-only block stops.
    await expectEsError(client.indices.open({ index: 'b-closed' }), { status: 403, type: 'cluster_block_exception', reason: 'index [b-closed] blocked by: [FORBIDDEN/5/index read-only (api)];' });
  });
});
