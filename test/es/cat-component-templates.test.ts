/** `GET /_cat/component_templates[/<name>]` as ES 8.17's RestCatComponentTemplateAction answers it. */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { useEsServer } from '../helpers/es.js';
import { assertEnvelope, envelope, esFetch, TEST_OPTIONS } from './es-helpers.js';

describe('GET /_cat/component_templates', () => {
  const ctx = useEsServer();
  const get = (path: string) => esFetch(ctx.server.url, path);
  before(async () => {
    await ctx.client.cluster.putComponentTemplate({
      name: 'ct-mappings',
      version: 7,
      _meta: { owner: 'ops', team: 'x' },
      template: {
        settings: { number_of_shards: 1, 'index.lifecycle.name': 'p' },
        mappings: { dynamic: 'strict', properties: { a: { type: 'keyword' }, b: { type: 'long' } }, dynamic_templates: [{ s: { match: 's_*', mapping: { type: 'keyword' } } }] },
        aliases: { 'all-logs': {}, 'other': {} },
      },
    });
    await ctx.client.cluster.putComponentTemplate({ name: 'ct-empty', template: {} });
    await ctx.client.indices.putIndexTemplate({ name: 'logs', index_patterns: ['logs-*'], composed_of: ['ct-mappings', 'ct-empty'] });
    await ctx.client.indices.putIndexTemplate({ name: 'metrics', index_patterns: ['metrics-*'], composed_of: ['ct-mappings'] });
  });

  it('answers one row per component template: counts of aliases, mappings, settings, _meta, and the index templates using it', TEST_OPTIONS, async () => {
    const raw = await get('/_cat/component_templates?v');
    assert.equal(raw.status, 200);
    assert.match(raw.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(
      raw.text,
      'name        version alias_count mapping_count settings_count metadata_count included_in\n' +
        'ct-empty            0           0             0              0              [logs]\n' +
        'ct-mappings 7       2           4             2              2              [metrics, logs]\n',
    );
    assert.deepEqual(await ctx.client.cat.componentTemplates({ format: 'json' }), [
      { name: 'ct-empty', version: null, alias_count: '0', mapping_count: '0', settings_count: '0', metadata_count: '0', included_in: '[logs]' },
      { name: 'ct-mappings', version: '7', alias_count: '2', mapping_count: '4', settings_count: '2', metadata_count: '2', included_in: '[metrics, logs]' },
    ]);
  });

  it('filters by a name or wildcard; a name matching nothing is an empty table', TEST_OPTIONS, async () => {
    assert.equal((await get('/_cat/component_templates/ct-e*?h=n,i')).text, 'ct-empty [logs]\n');
    assert.equal((await get('/_cat/component_templates/ct-mappings?h=name,m')).text, 'ct-mappings 4\n');
    assert.equal((await get('/_cat/component_templates/nothing')).text, '');
    assert.deepEqual(await ctx.client.cat.componentTemplates({ name: 'nothing*', format: 'json' }), []);
  });

  it('takes the cat parameters: s by alias and :desc, help, and a mapping wrapped in _doc counted inside it', TEST_OPTIONS, async () => {
    const put = await esFetch(ctx.server.url, '/_component_template/ct-doc', { method: 'PUT', body: { template: { mappings: { _doc: { properties: { x: { type: 'keyword' } } } } } } });
    assert.equal(put.status, 200);
    assert.equal((await get('/_cat/component_templates?h=n,m&s=m:desc,n')).text, 'ct-mappings 4\nct-doc      1\nct-empty    0\n');
    assert.equal(
      (await get('/_cat/component_templates?help')).text,
      [
        'name           | n  | component template name',
        'version        | v  | version                ',
        'alias_count    | a  | alias count            ',
        'mapping_count  | m  | mapping count          ',
        'settings_count | s  | settings count         ',
        'metadata_count | me | metadata count         ',
        'included_in    | i  | included in            ',
        '',
      ].join('\n'),
    );
    await ctx.client.cluster.deleteComponentTemplate({ name: 'ct-doc' });
  });

  it('refuses a parameter it does not take, as ES does', TEST_OPTIONS, async () => {
    assertEnvelope(
      await get('/_cat/component_templates?flat_settings=true'),
      envelope(400, 'illegal_argument_exception', 'request [/_cat/component_templates] contains unrecognized parameter: [flat_settings]'),
    );
  });
});
