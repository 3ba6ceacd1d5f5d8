import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

const NODE_ID = 'tessera0000000000000000';

describe('GET /_cluster/state', () => {
  const es = useEsServer();

  before(async () => {
    await es.client.indices.create({ index: 'state-a', settings: { number_of_replicas: 0 }, mappings: { properties: { msg: { type: 'text' } } }, aliases: { 'state-alias': {} } });
    await es.client.indices.create({ index: 'state-b', settings: { number_of_shards: 2, number_of_replicas: 1 } });
    await es.client.indices.putIndexTemplate({ name: 'state-template', index_patterns: ['state-t-*'], priority: 5 });
    await es.client.ilm.putLifecycle({ name: 'state-policy', policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } } } } });
  });

  it('answers every metric for the whole cluster', TEST_OPTIONS, async () => {
    const state = (await es.client.cluster.state()) as any;
    const { uuid: clusterUuid } = { uuid: (await es.client.info()).cluster_uuid };
    assert.deepEqual(Object.keys(state), ['cluster_name', 'cluster_uuid', 'version', 'master_node', 'blocks', 'nodes', 'metadata', 'routing_table', 'routing_nodes', 'snapshots', 'restore', 'snapshot_deletions']);
    assert.equal(state.cluster_name, 'tessera');
    assert.equal(state.cluster_uuid, clusterUuid);
    assert.equal(typeof state.version, 'number');
    assert.equal(state.master_node, NODE_ID);
    assert.deepEqual(state.blocks, {});
    assert.deepEqual(Object.keys(state.nodes), [NODE_ID]);
    assert.equal(state.nodes[NODE_ID].name, 'tessera-0');
    assert.deepEqual(state.nodes[NODE_ID].roles, ['data', 'ingest', 'master']);
    const metadata = state.metadata;
    assert.equal(metadata.cluster_uuid, clusterUuid);
    assert.equal(metadata.cluster_uuid_committed, true);
    assert.deepEqual(metadata.templates, {});
    assert.deepEqual(Object.keys(metadata.indices), ['state-a', 'state-b']);
    const a = metadata.indices['state-a'];
    assert.equal(a.state, 'open');
    assert.deepEqual(a.aliases, ['state-alias']);
    assert.deepEqual(a.mappings, { _doc: { properties: { msg: { type: 'text' } } } });
    assert.equal(a.settings.index.number_of_replicas, '0');
    assert.deepEqual(metadata.indices['state-b'].mappings, {});
    assert.deepEqual(metadata.index_template.index_template['state-template'], { index_patterns: ['state-t-*'], composed_of: [], priority: 5 });
    const policy = metadata.index_lifecycle.policies['state-policy'];
    assert.equal(policy.version, 1);
    assert.deepEqual(policy.policy.phases.delete.actions, { delete: { delete_searchable_snapshot: true } });
    assert.equal(metadata.index_lifecycle.operation_mode, 'RUNNING');
    assert.deepEqual(metadata.reserved_state, {});
    // state-b: two primaries started here, one replica each never assigned.
    const b = state.routing_table.indices['state-b'].shards;
    assert.deepEqual(Object.keys(b), ['0', '1']);
    assert.deepEqual(b['0'].map((c: any) => [c.state, c.primary, c.node]), [['STARTED', true, NODE_ID], ['UNASSIGNED', false, null]]);
    assert.equal(state.routing_nodes.unassigned.length, 2);
    assert.equal(state.routing_nodes.nodes[NODE_ID].length, 3);
  });

  it('answers only the metrics asked for; unknown ones are ignored as ES ignores them', TEST_OPTIONS, async () => {
    const state = await es.client.cluster.state({ metric: ['version', 'master_node'] });
    assert.deepEqual(Object.keys(state), ['cluster_name', 'cluster_uuid', 'version', 'master_node']);
    const unknown = await esFetch(es.url, '/_cluster/state/bogus');
    assert.equal(unknown.status, 200);
    assert.deepEqual(Object.keys(unknown.json), ['cluster_name', 'cluster_uuid']);
    const all = await esFetch(es.url, '/_cluster/state/_all/state-a');
    assert.deepEqual(Object.keys(all.json.metadata.indices), ['state-a']);
  });

  it('filters metadata and routing by index, leniently, and flattens settings on request', TEST_OPTIONS, async () => {
    const state = (await es.client.cluster.state({ metric: ['metadata', 'routing_table'], index: 'state-a,missing', flat_settings: true })) as any;
    assert.deepEqual(Object.keys(state.metadata.indices), ['state-a']);
    assert.equal(state.metadata.indices['state-a'].settings['index.number_of_replicas'], '0');
    assert.equal(state.metadata.cluster_uuid_committed, false);
    // A filtered metadata is built afresh with the indices only.
    assert.equal(state.metadata.index_lifecycle, undefined);
    assert.deepEqual(Object.keys(state.routing_table.indices), ['state-a']);
    const alias = (await es.client.cluster.state({ metric: 'metadata', index: 'state-alias' })) as any;
    assert.deepEqual(Object.keys(alias.metadata.indices), ['state-a']);
  });

  it('refuses the parameters it does not implement', TEST_OPTIONS, async () => {
    const response = await esFetch(es.url, '/_cluster/state?wait_for_metadata_version=3');
    assert.equal(response.status, 400);
    assert.equal(response.json.error.reason, 'request [/_cluster/state] contains unrecognized parameter: [wait_for_metadata_version]');
  });

  it('honours filter_path', TEST_OPTIONS, async () => {
    const response = await esFetch(es.url, '/_cluster/state?filter_path=metadata.indices.*.state,master_node');
    assert.deepEqual(response.json, { master_node: NODE_ID, metadata: { indices: { 'state-a': { state: 'open' }, 'state-b': { state: 'open' } } } });
  });
});
