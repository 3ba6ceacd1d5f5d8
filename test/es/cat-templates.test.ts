/** `GET /_cat/templates[/<name>]` as ES's RestTemplatesAction answers it: legacy templates first, then composable ones. */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

describe('GET /_cat/templates with legacy templates', () => {
  const ctx = useEsServer();
  const get = async (path: string) => (await esFetch(ctx.url, path)).text;
  before(async () => {
    await esFetch(ctx.url, '/_template/old', { method: 'PUT', body: { index_patterns: ['old-*', 'older-*'], order: 3, version: 9 } });
    await esFetch(ctx.url, '/_template/also-old', { method: 'PUT', body: { index_patterns: ['x-*'] } });
    await ctx.client.cluster.putComponentTemplate({ name: 'ct', template: {} });
    await ctx.client.indices.putIndexTemplate({ name: 'new', index_patterns: ['new-*'], priority: 4, composed_of: ['ct'] });
  });

  it('lists the legacy templates, with their order and no composed_of, before the composable ones', TEST_OPTIONS, async () => {
    assert.equal(
      await get('/_cat/templates?v'),
      'name     index_patterns   order version composed_of\n' +
        'also-old [x-*]            0             \n' +
        'old      [old-*, older-*] 3     9       \n' +
        'new      [new-*]          4             [ct]\n',
    );
    assert.deepEqual(await ctx.client.cat.templates({ name: 'old', format: 'json' }), [{ name: 'old', index_patterns: '[old-*, older-*]', order: '3', version: '9', composed_of: '' }]);
  });

  it('takes a comma list of names and wildcards, as RestTemplatesAction splits it', TEST_OPTIONS, async () => {
    assert.equal(await get('/_cat/templates/new,also-*?h=n'), 'also-old\nnew\n');
    assert.equal(await get('/_cat/templates/nothing?h=n'), '');
    assert.equal(await get('/_cat/templates/*?h=n&s=n:desc'), 'old\nnew\nalso-old\n');
  });
});
