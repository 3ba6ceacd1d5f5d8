/** `{index}` in a template alias's name becomes the name of the index the template applies to, as ES resolves template aliases. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

describe('the {index} placeholder in template aliases', () => {
  const ctx = useEsServer();
  const aliasesOf = async (index: string) => ((await esFetch(ctx.url, `/${index}/_alias`)).json as Record<string, { aliases: Record<string, unknown> }>)[index]!.aliases;

  it('a legacy template\'s alias gets the new index\'s name for each {index}; the template keeps the placeholder', TEST_OPTIONS, async () => {
    const put = await esFetch(ctx.url, '/_template/legacy', { method: 'PUT', body: { index_patterns: ['legacy-*'], aliases: { '{index}-alias': {}, 'all-{index}-{index}': { is_hidden: true }, plain: {} } } });
    assert.equal(put.status, 200);
    await ctx.client.indices.create({ index: 'legacy-1' });
    assert.deepEqual(await aliasesOf('legacy-1'), { 'all-legacy-1-legacy-1': { is_hidden: true }, 'legacy-1-alias': {}, plain: {} });
    assert.deepEqual((await ctx.client.indices.getTemplate({ name: 'legacy' })).legacy!.aliases, { '{index}-alias': {}, 'all-{index}-{index}': { is_hidden: true }, plain: {} });
    // An index auto-created by a write gets them too.
    await ctx.client.index({ index: 'legacy-2', id: '1', document: { a: 1 } });
    assert.deepEqual(Object.keys(await aliasesOf('legacy-2')).sort(), ['all-legacy-2-legacy-2', 'legacy-2-alias', 'plain']);
  });

  it('a composable template\'s and a component template\'s aliases are resolved the same way, and _simulate_index shows them resolved', TEST_OPTIONS, async () => {
    await ctx.client.cluster.putComponentTemplate({ name: 'ct-alias', template: { aliases: { '{index}-from-component': {} } } });
    await ctx.client.indices.putIndexTemplate({ name: 'modern', index_patterns: ['modern-*'], composed_of: ['ct-alias'], template: { aliases: { '{index}-read': { is_write_index: false } } } });
    await ctx.client.indices.create({ index: 'modern-1' });
    assert.deepEqual(await aliasesOf('modern-1'), { 'modern-1-from-component': {}, 'modern-1-read': { is_write_index: false } });
    const simulated = await ctx.client.indices.simulateIndexTemplate({ name: 'modern-7' });
    assert.deepEqual(simulated.template.aliases, { 'modern-7-from-component': {}, 'modern-7-read': { is_write_index: false } });
    // _simulate resolves them for ES's temporary index, named with the same random suffix as the template it adds.
    const template = await esFetch(ctx.url, '/_index_template/_simulate/modern', { method: 'POST' });
    assert.deepEqual(Object.keys(template.json.template.aliases).map((a: string) => a.replace(/^simulate_template_index_.+?-(?=(from-component|read)$)/, '<tmp>-')).sort(), ['<tmp>-from-component', '<tmp>-read']);
  });

  it('an alias the request names itself wins over the template\'s of that name; rollover resolves them for the new index', TEST_OPTIONS, async () => {
    await esFetch(ctx.url, '/_template/rolled', { method: 'PUT', body: { index_patterns: ['rolled-*'], aliases: { '{index}-mine': {}, shared: { is_hidden: true } } } });
    await ctx.client.indices.create({ index: 'rolled-000001', aliases: { shared: {}, rolled: { is_write_index: true } } });
    assert.deepEqual(await aliasesOf('rolled-000001'), { rolled: { is_write_index: true }, 'rolled-000001-mine': {}, shared: {} });
    const rollover = await ctx.client.indices.rollover({ alias: 'rolled' });
    assert.equal(rollover.new_index, 'rolled-000002');
    assert.deepEqual(await aliasesOf('rolled-000002'), { rolled: { is_write_index: true }, 'rolled-000002-mine': {}, shared: { is_hidden: true } });
  });
});
