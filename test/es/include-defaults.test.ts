/**
 * `include_defaults` where ES 8.17's REST spec takes it on the template and mapping reads: taken where Tessera's
 * answer is ES's, refused as an unrecognized parameter where ES would add defaults Tessera cannot list as ES does.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assertEnvelope, envelope, esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

describe('include_defaults', () => {
  const ctx = useEsServer();
  const unrecognized = (path: string) => envelope(400, 'illegal_argument_exception', `request [${path}] contains unrecognized parameter: [include_defaults]`);
  before(async () => {
    await ctx.client.cluster.putComponentTemplate({ name: 'ct', template: { settings: { number_of_shards: 1 }, mappings: { properties: { a: { type: 'keyword' } } } } });
    await ctx.client.indices.putIndexTemplate({ name: 'it', index_patterns: ['it-*'], composed_of: ['ct'], template: { settings: { number_of_replicas: 0 } } });
    await ctx.client.indices.create({ index: 'idx', mappings: { properties: { a: { type: 'keyword' } } } });
  });

  it('GET and HEAD of component and index templates take it: without a data stream lifecycle ES adds nothing', TEST_OPTIONS, async () => {
    assert.deepEqual(await ctx.client.cluster.getComponentTemplate({ name: 'ct', include_defaults: true }), await ctx.client.cluster.getComponentTemplate({ name: 'ct' }));
    assert.deepEqual(await ctx.client.cluster.getComponentTemplate({ include_defaults: true, flat_settings: true }), await ctx.client.cluster.getComponentTemplate({ flat_settings: true }));
    assert.deepEqual(await ctx.client.indices.getIndexTemplate({ name: 'it', include_defaults: true }), await ctx.client.indices.getIndexTemplate({ name: 'it' }));
    assert.deepEqual(await ctx.client.indices.getIndexTemplate({ include_defaults: true }), await ctx.client.indices.getIndexTemplate());
    assert.equal((await esFetch(ctx.url, '/_component_template/ct?include_defaults', { method: 'HEAD' })).status, 200);
    assert.equal((await esFetch(ctx.url, '/_index_template/it?include_defaults=false', { method: 'HEAD' })).status, 200);
  });

  it('a value that is not a boolean is refused as ES parses it', TEST_OPTIONS, async () => {
    const notBoolean = envelope(400, 'illegal_argument_exception', 'Failed to parse value [yes] as only [true] or [false] are allowed.');
    assertEnvelope(await esFetch(ctx.url, '/_component_template/ct?include_defaults=yes'), notBoolean);
    assertEnvelope(await esFetch(ctx.url, '/_component_template?include_defaults=yes'), notBoolean);
    assertEnvelope(await esFetch(ctx.url, '/_index_template/it?include_defaults=yes'), notBoolean);
    assertEnvelope(await esFetch(ctx.url, '/_index_template?include_defaults=yes'), notBoolean);
  });

  it('GET /<index>, _settings and _mapping/field would list every default setting or mapping parameter: refused', TEST_OPTIONS, async () => {
    for (const path of ['/idx', '/idx/_settings', '/_settings', '/idx/_mapping/field/a', '/_mapping/field/a']) {
      assertEnvelope(await esFetch(ctx.url, `${path}?include_defaults=true`), unrecognized(path));
    }
  });

  it('GET _mapping does not take it in ES either', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(ctx.url, '/idx/_mapping?include_defaults=true'), unrecognized('/idx/_mapping'));
    assertEnvelope(await esFetch(ctx.url, '/_mapping?include_defaults'), unrecognized('/_mapping'));
  });
});
