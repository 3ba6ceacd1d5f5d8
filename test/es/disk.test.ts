/** The node's disk: usage from the stored documents, watermark settings, and the flood-stage block. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esErrorOf } from '../helpers/es.js';
import { useEsServer } from './es-helpers.js';

describe('disk', () => {
  const es = useEsServer();

  it('reports usage as the sum of the store sizes, in _nodes/stats and _cat/allocation', async () => {
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'tessera.disk.capacity': '1mb' } });
    await client.index({ index: 'disk-a', document: { text: 'x'.repeat(1000) } });
    const size = Buffer.byteLength(JSON.stringify({ text: 'x'.repeat(1000) }));
    const stats = await client.nodes.stats({ metric: 'fs' });
    const fs = Object.values(stats.nodes)[0]!.fs!;
    assert.deepEqual([fs.total?.total_in_bytes, fs.total?.free_in_bytes, fs.total?.available_in_bytes], [1024 * 1024, 1024 * 1024 - size, 1024 * 1024 - size]);
    const [row] = await client.cat.allocation({ format: 'json', bytes: 'b' });
    assert.deepEqual([row!['disk.used'], row!['disk.total'], row!['disk.percent'], row!.node], [String(size), String(1024 * 1024), '0', 'tessera-0']);
    await client.indices.delete({ index: 'disk-a' });
    await client.cluster.putSettings({ persistent: { 'tessera.disk.capacity': null } });
  });

  it('validates watermark settings as ES does', async () => {
    const { client } = es;
    assert.deepEqual(await esErrorOf(client.cluster.putSettings({ persistent: { 'cluster.routing.allocation.disk.watermark.high': 'lots' } })), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'unable to consistently parse [cluster.routing.allocation.disk.watermark.high=lots] as percentage or bytes',
    });
    assert.deepEqual(await esErrorOf(client.cluster.putSettings({ persistent: { 'cluster.routing.allocation.disk.watermark.low': '95%' } })), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'low disk watermark [95%] more than high disk watermark [90%]',
    });
    await client.cluster.putSettings({ persistent: { 'cluster.routing.allocation.disk.watermark.flood_stage': '500b' } });
    await client.cluster.putSettings({ persistent: { 'cluster.routing.allocation.disk.watermark.flood_stage': null } });
  });

  it('above flood stage blocks writes with read_only_allow_delete; freeing space lifts the block', async () => {
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'tessera.disk.capacity': '10kb' } });
    const big = { text: 'y'.repeat(5000) };
    await client.index({ index: 'disk-full', id: '1', document: big });
    await client.index({ index: 'disk-full', id: '2', document: big });
    const settings = await client.indices.getSettings({ index: 'disk-full', flat_settings: true });
    assert.equal(settings['disk-full']?.settings?.['index.blocks.read_only_allow_delete'], 'true', 'over 95% of 10kb');
    assert.deepEqual(await esErrorOf(client.index({ index: 'disk-full', id: '3', document: { n: 1 } })), {
      status: 429,
      type: 'cluster_block_exception',
      reason: 'index [disk-full] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block];',
    });
    // Deletes are allowed under the block, and freeing space below the high watermark releases it.
    await client.delete({ index: 'disk-full', id: '2' });
    const after = await client.indices.getSettings({ index: 'disk-full', flat_settings: true });
    assert.equal(after['disk-full']?.settings?.['index.blocks.read_only_allow_delete'], undefined);
    await client.index({ index: 'disk-full', id: '3', document: { n: 1 } });
  });

  it('threshold_enabled false turns the watermarks off, as in ES; true turns them back on', async () => {
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'tessera.disk.capacity': '10kb' } });
    await client.index({ index: 'disk-off', id: '1', document: { text: 'z'.repeat(9_900) } });
    const blocked = await client.indices.getSettings({ index: 'disk-off', flat_settings: true });
    assert.equal(blocked['disk-off']?.settings?.['index.blocks.read_only_allow_delete'], 'true');
    await client.cluster.putSettings({ persistent: { 'cluster.routing.allocation.disk.threshold_enabled': false } });
    const released = await client.indices.getSettings({ index: 'disk-off', flat_settings: true });
    assert.equal(released['disk-off']?.settings?.['index.blocks.read_only_allow_delete'], undefined);
    await client.index({ index: 'disk-off', id: '2', document: { n: 2 } });
    await client.cluster.putSettings({ persistent: { 'cluster.routing.allocation.disk.threshold_enabled': null } });
    const again = await client.indices.getSettings({ index: 'disk-off', flat_settings: true });
    assert.equal(again['disk-off']?.settings?.['index.blocks.read_only_allow_delete'], 'true');
    await client.indices.delete({ index: 'disk-off' });
    await client.cluster.putSettings({ persistent: { 'tessera.disk.capacity': null } });
  });
});

describe('allocation explain', () => {
  const es = useEsServer();

  it('explains the unassigned replica, and names the high watermark when the disk is above it', async () => {
    const { client } = es;
    assert.deepEqual(await esErrorOf(client.cluster.allocationExplain()), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'there are no unassigned or unmoveable shards in this cluster',
    });
    await client.indices.create({ index: 'ae-1', settings: { 'index.number_of_replicas': 1 } });
    const replica = await client.cluster.allocationExplain();
    assert.deepEqual([replica.index, replica.shard, replica.primary, replica.current_state, replica.can_allocate], ['ae-1', 0, false, 'unassigned', 'no']);
    assert.deepEqual(replica.node_allocation_decisions?.[0]?.deciders?.map((d) => d.decider), ['same_shard']);

    await client.cluster.putSettings({ persistent: { 'tessera.disk.capacity': '1kb', 'cluster.routing.allocation.disk.watermark.flood_stage': '100%', 'cluster.routing.allocation.disk.watermark.high': '90%' } });
    await client.index({ index: 'ae-1', document: { t: 'z'.repeat(950) } });
    const primary = await client.cluster.allocationExplain({ index: 'ae-1', shard: 0, primary: true });
    assert.deepEqual([primary.current_state, primary.can_remain_on_current_node], ['started', 'no']);
    const blocked = await client.cluster.allocationExplain({ index: 'ae-1', shard: 0, primary: false });
    const disk = blocked.node_allocation_decisions?.[0]?.deciders?.find((d) => d.decider === 'disk_threshold');
    assert.match(String(disk?.explanation), /^the node is above the high watermark cluster setting \[cluster\.routing\.allocation\.disk\.watermark\.high=90%\]/);
    assert.deepEqual(await esErrorOf(client.cluster.allocationExplain({ index: 'nope', shard: 0, primary: true })), {
      status: 404,
      type: 'index_not_found_exception',
      reason: 'no such index [nope]',
    });
  });

  it('reads its body as ClusterAllocationExplainRequest does, refusing what it does not take', async () => {
    const { client } = es;
    const explain = (body: unknown) => esErrorOf(client.transport.request({ method: 'POST', path: '/_cluster/allocation/explain', body: body as never }));
    const parse = (reason: string) => ({ status: 400, type: 'x_content_parse_exception', reason });
    assert.deepEqual(await explain({ index: 'ae-1', shard: 0, primary: true, bogus: 1 }), parse('[cluster/allocation/explain] unknown field [bogus]'));
    assert.deepEqual(await explain({ index: 'ae-1', primry: true }), parse('[cluster/allocation/explain] unknown field [primry] did you mean [primary]?'));
    assert.deepEqual(await explain({ index: 'ae-1' }), {
      status: 400,
      type: 'action_request_validation_exception',
      reason: 'Validation Failed: 1: shard must be specified;2: primary must be specified;',
    });
    assert.deepEqual(await explain({ index: 1, shard: 0, primary: true }), parse("[cluster/allocation/explain] index doesn't support values of type: VALUE_NUMBER"));
    assert.deepEqual(await explain({ index: 'ae-1', shard: 'x', primary: true }), parse('[cluster/allocation/explain] failed to parse field [shard]'));
    assert.deepEqual(await explain({ index: 'ae-1', shard: 0, primary: 'yes' }), parse('[cluster/allocation/explain] failed to parse field [primary]'));
    assert.deepEqual(await explain({ index: 'ae-1', shard: 0, primary: false, current_node: 'tessera-0' }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'Tessera runs one node, which holds no replica: [current_node] cannot name the node of an assigned replica',
    });
    // Numbers and booleans as strings, as ES's parser takes them.
    const primary = (await client.transport.request({ method: 'POST', path: '/_cluster/allocation/explain', body: { index: 'ae-1', shard: '0', primary: 'true' } })) as { primary: boolean };
    assert.equal(primary.primary, true);
  });
});
