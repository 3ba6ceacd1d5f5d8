/** `POST /_index_template/_simulate_index/<index>` and `POST /_index_template/_simulate[/<name>]`: what the templates would give an index. */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assertEnvelope, envelope, esFetch, expectEsError, TEST_OPTIONS, useEsServer } from './es-helpers.js';

describe('simulating index templates', () => {
  const ctx = useEsServer();

  before(async () => {
    await ctx.client.cluster.putComponentTemplate({
      name: 'ct-settings',
      template: { settings: { number_of_shards: 2, number_of_replicas: 0 }, aliases: { 'from-ct': {} } },
    });
    await ctx.client.cluster.putComponentTemplate({ name: 'ct-mappings', template: { mappings: { properties: { '@timestamp': { type: 'date' } } } } });
    await ctx.client.indices.putIndexTemplate({
      name: 'logs',
      index_patterns: ['logs-*'],
      priority: 10,
      composed_of: ['ct-settings', 'ct-mappings'],
      template: { settings: { number_of_shards: 1 }, mappings: { properties: { message: { type: 'text' } } }, aliases: { 'logs-all': {} } },
    });
    await ctx.client.indices.putIndexTemplate({ name: 'catch-all', index_patterns: ['l*'], priority: 1 });
  });

  const LOGS = {
    settings: { index: { number_of_shards: '1', number_of_replicas: '0' } },
    mappings: { properties: { '@timestamp': { type: 'date' }, message: { type: 'text' } } },
    aliases: { 'from-ct': {}, 'logs-all': {} },
  };

  it('_simulate_index answers the composed template the index would get, and the templates overlapping it', TEST_OPTIONS, async () => {
    const response = await ctx.client.indices.simulateIndexTemplate({ name: 'logs-2026' });
    assert.deepEqual(response, { template: LOGS, overlapping: [{ name: 'catch-all', index_patterns: ['l*'] }] });
    // The simulation stores nothing.
    assert.equal(await ctx.client.indices.exists({ index: 'logs-2026' }), false);
  });

  it('refuses a malformed create flag with or without a template in the body', TEST_OPTIONS, async () => {
    for (const path of ['/_index_template/_simulate_index/sim-flag-1?create=x', '/_index_template/_simulate?create=off']) {
      assertEnvelope(await esFetch(ctx.url, path, { method: 'POST' }), envelope(400, 'illegal_argument_exception', 'Failed to parse value [' + path.split('=')[1] + '] as only [true] or [false] are allowed.'));
    }
  });

  it('_simulate_index answers {} when no template matches, and an index created from the template has what it simulated', TEST_OPTIONS, async () => {
    assert.deepEqual((await esFetch(ctx.url, '/_index_template/_simulate_index/other', { method: 'POST' })).json, {});
    await ctx.client.indices.create({ index: 'logs-created' });
    const index = (await ctx.client.indices.get({ index: 'logs-created' }))['logs-created']!;
    assert.deepEqual(index.mappings, LOGS.mappings);
    assert.deepEqual(index.aliases, LOGS.aliases);
    assert.deepEqual([index.settings?.index?.number_of_shards, index.settings?.index?.number_of_replicas], ['1', '0']);
  });

  it('_simulate_index with a template in the body adds it first, as PUT would', TEST_OPTIONS, async () => {
    const response = await ctx.client.indices.simulateIndexTemplate({
      name: 'logs-2026',
      index_template: { index_patterns: ['logs-*'], priority: 20, composed_of: ['ct-mappings'], template: { settings: { number_of_replicas: 3 } } },
    });
    const overlapping = (response.overlapping ?? []).map((o) => o.name).sort();
    assert.deepEqual(response.template, { settings: { index: { number_of_replicas: '3' } }, mappings: { properties: { '@timestamp': { type: 'date' } } }, aliases: {} });
    assert.deepEqual(overlapping, ['catch-all', 'logs']);
    assert.deepEqual((await ctx.client.indices.getIndexTemplate()).index_templates.map((t) => t.name).sort(), ['catch-all', 'logs'], 'nothing stored');
    // Its composed_of is checked as PUT checks it.
    const missing = await esFetch(ctx.url, '/_index_template/_simulate_index/logs-2026', { method: 'POST', body: { index_patterns: ['logs-*'], priority: 20, composed_of: ['nope'] } });
    assert.equal(missing.status, 400);
    assert.equal(missing.json.error.type, 'invalid_index_template_exception');
    assert.match(missing.json.error.reason, /^index_template \[simulate_index_template_[a-z0-9_-]+\] invalid, cause \[index template \[simulate_index_template_[a-z0-9_-]+\] specifies component templates \[nope\] that do not exist\]$/);
  });

  it('_simulate/<name> resolves a stored template, and a body in its place under that name', TEST_OPTIONS, async () => {
    assert.deepEqual(await ctx.client.indices.simulateTemplate({ name: 'logs' }), { template: LOGS, overlapping: [{ name: 'catch-all', index_patterns: ['l*'] }] });
    const replaced = await ctx.client.indices.simulateTemplate({ name: 'logs', index_patterns: ['logs-*'], priority: 10, template: { settings: { number_of_shards: 4 } } });
    assert.deepEqual(replaced.template, { settings: { index: { number_of_shards: '4' } }, aliases: {} });
    await expectEsError(ctx.client.indices.simulateTemplate({ name: 'logs', create: true, index_patterns: ['logs-*'], priority: 10 }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'index template [logs] already exists',
    });
  });

  it('_simulate with only a body resolves that template', TEST_OPTIONS, async () => {
    const response = await ctx.client.indices.simulateTemplate({ index_patterns: ['metrics-*'], composed_of: ['ct-settings'] });
    assert.deepEqual(response, { template: { settings: { index: { number_of_shards: '2', number_of_replicas: '0' } }, aliases: { 'from-ct': {} } }, overlapping: [] });
  });

  it('refuses what ES refuses', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(ctx.url, '/_index_template/_simulate', { method: 'POST' }), envelope(400, 'illegal_argument_exception', 'a template name to match or a new template body must be specified'));
    assertEnvelope(await esFetch(ctx.url, '/_index_template/_simulate/nope', { method: 'POST' }), envelope(400, 'illegal_argument_exception', 'unable to simulate template [nope] that does not exist'));
    assertEnvelope(
      await esFetch(ctx.url, '/_index_template/_simulate/x', { method: 'POST', body: { index_patterns: ['x-*'], colour: 'red' } }),
      envelope(400, 'x_content_parse_exception', '[index_template] unknown field [colour]'),
    );
    assertEnvelope(
      await esFetch(ctx.url, '/_index_template/_simulate_index/logs-1?flat_settings=true', { method: 'POST' }),
      envelope(400, 'illegal_argument_exception', 'request [/_index_template/_simulate_index/logs-1] contains unrecognized parameter: [flat_settings]'),
    );
  });
});
