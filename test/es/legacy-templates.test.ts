/** Legacy index templates, `PUT/GET/HEAD/DELETE /_template/<name>`: storage, ES's warnings and errors, and their place behind composable templates. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertEnvelope, envelope, esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

const DEPRECATION = 'Legacy index templates are deprecated in favor of composable templates.';
const warningsOf = (header: string | null) => [...(header ?? '').matchAll(/299 Elasticsearch-8\.\d+\.\d+-[^ ]+ "((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);

describe('PUT/GET/HEAD/DELETE /_template/<name>', () => {
  const ctx = useEsServer();

  it('stores a legacy template with ES\'s deprecation warning and answers it in ES shape', TEST_OPTIONS, async () => {
    const put = await esFetch(ctx.url, '/_template/shape', {
      method: 'PUT',
      body: { index_patterns: 'shape-*', order: 2, version: 7, settings: { number_of_shards: 2 }, mappings: { properties: { a: { type: 'keyword' } } }, aliases: { 'shape-all': {} } },
    });
    assert.equal(put.status, 200);
    assert.deepEqual(put.json, { acknowledged: true });
    assert.deepEqual(warningsOf(put.headers.get('warning')), [DEPRECATION]);
    const expected = {
      order: 2,
      version: 7,
      index_patterns: ['shape-*'],
      settings: { index: { number_of_shards: '2' } },
      mappings: { properties: { a: { type: 'keyword' } } },
      aliases: { 'shape-all': {} },
    };
    assert.deepEqual(await ctx.client.indices.getTemplate({ name: 'shape' }), { shape: expected });
    const flat = await ctx.client.indices.getTemplate({ name: 'shape', flat_settings: true });
    assert.deepEqual(flat.shape!.settings, { 'index.number_of_shards': '2' });
    // The cluster state keeps the mapping under its type, as ES stores it.
    const state = (await ctx.client.cluster.state({ metric: 'metadata' })) as { metadata: { templates: Record<string, unknown> } };
    assert.deepEqual(state.metadata.templates.shape, { ...expected, mappings: { _doc: expected.mappings } });
    // Through the client: the same warning reaches it; the URL's `order` applies when the body has none.
    const viaClient = await ctx.client.indices.putTemplate({ name: 'minimal', index_patterns: ['minimal-*'], order: 5 }, { meta: true });
    assert.deepEqual(warningsOf(viaClient.warnings?.join(", ") ?? null), [DEPRECATION]);
    assert.deepEqual(await ctx.client.indices.getTemplate({ name: 'minimal' }), { minimal: { order: 5, index_patterns: ['minimal-*'], settings: {}, mappings: {}, aliases: {} } });
  });

  it('GET lists all or a wildcard\'s matches; a missing name is 404 with {}; HEAD says whether any exist', TEST_OPTIONS, async () => {
    const all = await ctx.client.indices.getTemplate();
    assert.deepEqual(Object.keys(all).sort(), ['minimal', 'shape']);
    assert.deepEqual(Object.keys(await ctx.client.indices.getTemplate({ name: 'sha*' })), ['shape']);
    const missing = await esFetch(ctx.url, '/_template/nope');
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.json, {});
    assert.equal(await ctx.client.indices.existsTemplate({ name: 'shape' }), true);
    assert.equal(await ctx.client.indices.existsTemplate({ name: 'nope' }), false);
  });

  it('create=true refuses an existing name; a body key ES does not know is refused; patterns are required', TEST_OPTIONS, async () => {
    assertEnvelope(
      await esFetch(ctx.url, '/_template/shape?create=true', { method: 'PUT', body: { index_patterns: ['shape-*'] } }),
      envelope(400, 'illegal_argument_exception', 'index_template [shape] already exists'),
    );
    assertEnvelope(await esFetch(ctx.url, '/_template/odd', { method: 'PUT', body: { index_patterns: ['odd-*'], priority: 1 } }), envelope(400, 'parse_exception', 'unknown key [priority] in the template '));
    assertEnvelope(await esFetch(ctx.url, '/_template/odd', { method: 'PUT', body: { order: 1 } }), envelope(400, 'action_request_validation_exception', 'Validation Failed: 1: index patterns are missing;'));
    assertEnvelope(await esFetch(ctx.url, '/_template/odd?include_type_name=true', { method: 'PUT', body: { index_patterns: ['odd-*'] } }), envelope(400, 'illegal_argument_exception', 'request [/_template/odd] contains unrecognized parameter: [include_type_name]'));
  });

  it('DELETE removes a template; a missing one is ES\'s index_template_missing_exception', TEST_OPTIONS, async () => {
    await ctx.client.indices.putTemplate({ name: 'gone', index_patterns: ['gone-*'] });
    assert.deepEqual(await ctx.client.indices.deleteTemplate({ name: 'gone' }), { acknowledged: true });
    assert.equal(await ctx.client.indices.existsTemplate({ name: 'gone' }), false);
    assertEnvelope(await esFetch(ctx.url, '/_template/gone', { method: 'DELETE' }), envelope(404, 'index_template_missing_exception', 'index_template [gone] missing'));
    assert.equal((await esFetch(ctx.url, '/_template/*', { method: 'DELETE' })).status, 200);
    assert.deepEqual(await ctx.client.indices.getTemplate(), {});
  });

  it('a new index gets every matching legacy template, merged by order (the higher wins)', TEST_OPTIONS, async () => {
    await ctx.client.indices.putTemplate({ name: 'low', index_patterns: ['merge-*'], order: 1, settings: { number_of_replicas: 0, number_of_shards: 3 }, mappings: { properties: { a: { type: 'keyword' }, b: { type: 'long' } } }, aliases: { 'from-low': {} } });
    await ctx.client.indices.putTemplate({ name: 'high', index_patterns: ['merge-a*'], order: 2, settings: { number_of_shards: 2 }, mappings: { properties: { a: { type: 'text' } } } });
    await ctx.client.indices.create({ index: 'merge-a1' });
    const settings = (await ctx.client.indices.getSettings({ index: 'merge-a1', flat_settings: true }))['merge-a1']!.settings as Record<string, string>;
    assert.equal(settings['index.number_of_shards'], '2');
    assert.equal(settings['index.number_of_replicas'], '0');
    const mapping = await ctx.client.indices.getMapping({ index: 'merge-a1' });
    assert.deepEqual(mapping['merge-a1']!.mappings.properties, { a: { type: 'text' }, b: { type: 'long' } });
    assert.deepEqual(Object.keys((await ctx.client.indices.getAlias({ index: 'merge-a1' }))['merge-a1']!.aliases), ['from-low']);
    // An index only the lower one matches gets only it.
    await ctx.client.indices.create({ index: 'merge-b1' });
    const other = (await ctx.client.indices.getSettings({ index: 'merge-b1', flat_settings: true }))['merge-b1']!.settings as Record<string, string>;
    assert.equal(other['index.number_of_shards'], '3');
  });

  it('a composable template wins over legacy ones; a legacy template overlapping one is refused, or warned about when global or unchanged', TEST_OPTIONS, async () => {
    await ctx.client.indices.putTemplate({ name: 'v1-wins-not', index_patterns: ['prec-*'], settings: { number_of_shards: 4 } });
    await ctx.client.indices.putIndexTemplate({ name: 'v2', index_patterns: ['prec-x*', 'other'], template: { settings: { number_of_shards: 5 } } });
    await ctx.client.indices.create({ index: 'prec-x1' });
    const settings = (await ctx.client.indices.getSettings({ index: 'prec-x1', flat_settings: true }))['prec-x1']!.settings as Record<string, string>;
    assert.equal(settings['index.number_of_shards'], '5');
    assertEnvelope(
      await esFetch(ctx.url, '/_template/overlap', { method: 'PUT', body: { index_patterns: ['prec-x*', 'zzz'] } }),
      envelope(400, 'illegal_argument_exception', 'legacy template [overlap] has index patterns [prec-x*, zzz] matching patterns from existing composable templates [v2] with patterns (v2 => [prec-x*, other]), use composable templates (/_index_template) instead'),
    );
    // Re-putting the existing template with the same patterns only warns.
    const again = await esFetch(ctx.url, '/_template/v1-wins-not', { method: 'PUT', body: { index_patterns: ['prec-*'] } });
    assert.equal(again.status, 200);
    assert.deepEqual(warningsOf(again.headers.get('warning')), [
      DEPRECATION,
      'legacy template [v1-wins-not] has index patterns [prec-*] matching patterns from existing composable templates [v2] with patterns (v2 => [prec-x*, other]); this template [v1-wins-not] may be ignored in favor of a composable template at index creation time',
    ]);
    const global = await esFetch(ctx.url, '/_template/global', { method: 'PUT', body: { index_patterns: ['*'] } });
    assert.equal(global.status, 200);
    assert.equal(warningsOf(global.headers.get('warning')).length, 2);
    await ctx.client.indices.deleteTemplate({ name: 'global' });
  });

  it('_simulate_index reports the legacy templates a composable template shadows', TEST_OPTIONS, async () => {
    await ctx.client.indices.putIndexTemplate({ name: 'sim-v2', index_patterns: ['sim-*'] });
    const global = await esFetch(ctx.url, '/_template/sim-legacy', { method: 'PUT', body: { index_patterns: ['*'], order: 3 } });
    assert.equal(global.status, 200);
    const response = await ctx.client.indices.simulateIndexTemplate({ name: 'sim-1' });
    assert.deepEqual(
      (response.overlapping ?? []).filter((o) => o.name === 'sim-legacy'),
      [{ name: 'sim-legacy', index_patterns: ['*'] }],
    );
    await ctx.client.indices.deleteTemplate({ name: 'sim-legacy' });
  });

  it('rollover refuses a legacy template that would give the new index the rollover alias too', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'roll-legacy-000001', aliases: { 'roll-legacy': { is_write_index: true } } });
    await ctx.client.indices.putTemplate({ name: 'roll-legacy', index_patterns: ['roll-legacy-*'], aliases: { 'roll-legacy': {} } });
    assertEnvelope(
      await esFetch(ctx.url, '/roll-legacy/_rollover', { method: 'POST' }),
      envelope(400, 'illegal_argument_exception', 'Rollover alias [roll-legacy] can point to multiple indices, found duplicated alias [[roll-legacy]] in index template [roll-legacy]'),
    );
  });
});
