import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { esErrorOf } from '../helpers/es.js';
import { assertEnvelope, envelope, esFetch, expectEsError, TEST_OPTIONS, useEsServer } from './es-helpers.js';

async function flatSettings(client: Client, index: string): Promise<Record<string, string>> {
  return (await client.indices.getSettings({ index, flat_settings: true }))[index]!.settings as Record<string, string>;
}

describe('PUT/GET/DELETE /_index_template/<name>', () => {
  const ctx = useEsServer();

  it('stores a template and answers it in ES shape', TEST_OPTIONS, async () => {
    const put = await ctx.client.indices.putIndexTemplate({
      name: 'shape',
      index_patterns: ['shape-*'],
      priority: 5,
      version: 3,
      _meta: { owner: 'tests' },
      template: {
        settings: { number_of_shards: 2, 'index.lifecycle.name': 'p' },
        mappings: { properties: { a: { type: 'keyword' } } },
        aliases: { 'shape-all': {} },
      },
    });
    assert.deepEqual(put, { acknowledged: true });
    const got = await ctx.client.indices.getIndexTemplate({ name: 'shape' });
    assert.deepEqual(got, {
      index_templates: [
        {
          name: 'shape',
          index_template: {
            index_patterns: ['shape-*'],
            template: {
              settings: { index: { number_of_shards: '2', lifecycle: { name: 'p' } } },
              mappings: { properties: { a: { type: 'keyword' } } },
              aliases: { 'shape-all': {} },
            },
            composed_of: [],
            priority: 5,
            version: 3,
            _meta: { owner: 'tests' },
          },
        },
      ],
    });
    const flat = await ctx.client.indices.getIndexTemplate({ name: 'shape', flat_settings: true });
    assert.deepEqual(flat.index_templates[0]!.index_template.template?.settings, { 'index.number_of_shards': '2', 'index.lifecycle.name': 'p' });
  });

  it('a single pattern string is read as a list', TEST_OPTIONS, async () => {
    await ctx.client.indices.putIndexTemplate({ name: 'single', index_patterns: 'single-*' });
    const got = await ctx.client.indices.getIndexTemplate({ name: 'single' });
    assert.deepEqual(got.index_templates[0]!.index_template.index_patterns, ['single-*']);
  });

  it('GET without a name, with a wildcard or a list answers every match, sorted by name', TEST_OPTIONS, async () => {
    await ctx.client.indices.putIndexTemplate({ name: 'list-b', index_patterns: ['lb-*'] });
    await ctx.client.indices.putIndexTemplate({ name: 'list-a', index_patterns: ['la-*'] });
    const all = await ctx.client.indices.getIndexTemplate();
    assert.deepEqual(
      all.index_templates.map((t) => t.name),
      ['list-a', 'list-b', 'shape', 'single'],
    );
    assert.deepEqual(
      (await ctx.client.indices.getIndexTemplate({ name: 'list-*' })).index_templates.map((t) => t.name),
      ['list-a', 'list-b'],
    );
    assert.deepEqual(
      (await ctx.client.indices.getIndexTemplate({ name: 'single,list-b' })).index_templates.map((t) => t.name),
      ['list-b', 'single'],
    );
    assert.deepEqual(await ctx.client.indices.getIndexTemplate({ name: 'none-*' }), { index_templates: [] });
  });

  it('a missing template is a 404 resource_not_found_exception', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(ctx.url, '/_index_template/absent'), envelope(404, 'resource_not_found_exception', 'index template matching [absent] not found'));
    await expectEsError(ctx.client.indices.getIndexTemplate({ name: 'absent' }), {
      status: 404,
      type: 'resource_not_found_exception',
      reason: 'index template matching [absent] not found',
    });
    assert.equal(await ctx.client.indices.existsIndexTemplate({ name: 'absent' }), false);
    assert.equal(await ctx.client.indices.existsIndexTemplate({ name: 'shape' }), true);
  });

  it('PUT replaces a template of the same name', TEST_OPTIONS, async () => {
    await ctx.client.indices.putIndexTemplate({ name: 'replaced', index_patterns: ['r1-*'], priority: 1 });
    await ctx.client.indices.putIndexTemplate({ name: 'replaced', index_patterns: ['r2-*'], priority: 1 });
    const got = await ctx.client.indices.getIndexTemplate({ name: 'replaced' });
    assert.deepEqual(got.index_templates[0]!.index_template.index_patterns, ['r2-*']);
  });

  it('create=true refuses a name that exists', TEST_OPTIONS, async () => {
    await expectEsError(ctx.client.indices.putIndexTemplate({ name: 'replaced', index_patterns: ['r3-*'], create: true }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'index template [replaced] already exists',
    });
    await ctx.client.indices.putIndexTemplate({ name: 'brand-new', index_patterns: ['bn-*'], create: true });
  });

  it('DELETE removes a template; a missing one is a 404', TEST_OPTIONS, async () => {
    await ctx.client.indices.putIndexTemplate({ name: 'to-delete', index_patterns: ['td-*'] });
    assert.deepEqual(await ctx.client.indices.deleteIndexTemplate({ name: 'to-delete' }), { acknowledged: true });
    await expectEsError(ctx.client.indices.getIndexTemplate({ name: 'to-delete' }), { status: 404 });
    assertEnvelope(await esFetch(ctx.url, '/_index_template/to-delete', { method: 'DELETE' }), envelope(404, 'resource_not_found_exception', 'index_template [to-delete] missing'));
  });

  it('refuses a template without index_patterns, or with a negative priority', TEST_OPTIONS, async () => {
    assertEnvelope(
      await esFetch(ctx.url, '/_index_template/invalid', { method: 'PUT', body: { priority: 1 } }),
      envelope(400, 'action_request_validation_exception', 'Validation Failed: 1: index patterns are missing;'),
    );
    assertEnvelope(
      await esFetch(ctx.url, '/_index_template/invalid', { method: 'PUT', body: { index_patterns: ['x-*'], priority: -1 } }),
      envelope(400, 'action_request_validation_exception', 'Validation Failed: 1: index template priority must be >= 0;'),
    );
    // priority and version are longs: a number or a string holding one, as ES's parser coerces them.
    assertEnvelope(
      await esFetch(ctx.url, '/_index_template/invalid', { method: 'PUT', body: { index_patterns: ['x-*'], priority: 'high' } }),
      envelope(400, 'x_content_parse_exception', '[index_template] failed to parse field [priority]'),
    );
    assertEnvelope(
      await esFetch(ctx.url, '/_index_template/invalid', { method: 'PUT', body: { index_patterns: ['x-*'], version: true } }),
      envelope(400, 'x_content_parse_exception', '[index_template] failed to parse field [version]'),
    );
    assert.equal(await ctx.client.indices.existsIndexTemplate({ name: 'invalid' }), false);
    await esFetch(ctx.url, '/_index_template/coerced', { method: 'PUT', body: { index_patterns: ['co-*'], priority: '7', version: '2' } });
    const coerced = (await ctx.client.indices.getIndexTemplate({ name: 'coerced' })).index_templates[0]!.index_template;
    assert.deepEqual([coerced.priority, coerced.version], [7, 2]);
  });

  it('refuses unknown index settings in the template', TEST_OPTIONS, async () => {
    await expectEsError(ctx.client.indices.putIndexTemplate({ name: 'invalid', index_patterns: ['x-*'], template: { settings: { wrong: true } } }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'unknown setting [index.wrong] please check that any required plugins are installed, or check the breaking changes documentation for removed settings',
    });
    await expectEsError(ctx.client.indices.putIndexTemplate({ name: 'invalid', index_patterns: ['x-*'], template: { settings: { number_of_shards: 0 } } }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'Failed to parse value [0] for setting [index.number_of_shards] must be >= 1',
    });
  });

  it('refuses unknown fields and a missing body', TEST_OPTIONS, async () => {
    const unknown = await esFetch(ctx.url, '/_index_template/invalid', { method: 'PUT', body: { index_patterns: ['x-*'], colour: 'red' } });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.json.error.type, 'x_content_parse_exception');
    assert.match(unknown.json.error.reason, /unknown field \[colour\]/);
    assertEnvelope(await esFetch(ctx.url, '/_index_template/invalid', { method: 'PUT' }), envelope(400, 'parse_exception', 'request body is required'));
  });
});

describe('same-priority overlap', () => {
  const ctx = useEsServer();
  before(async () => {
    await ctx.client.indices.putIndexTemplate({ name: 'logs', index_patterns: ['logs-*'], priority: 10 });
  });

  it('refuses a template whose patterns overlap one of the same priority, naming both', TEST_OPTIONS, async () => {
    const response = await esFetch(ctx.url, '/_index_template/logs-app', { method: 'PUT', body: { index_patterns: ['logs-app-*'], priority: 10 } });
    assertEnvelope(
      response,
      envelope(
        400,
        'illegal_argument_exception',
        'index template [logs-app] has index patterns [logs-app-*] matching patterns from existing templates [logs] with patterns (logs => [logs-*]) that have the same priority [10], multiple index templates may not match during index creation, please use a different priority',
      ),
    );
    assert.equal(await ctx.client.indices.existsIndexTemplate({ name: 'logs-app' }), false);
  });

  it('treats a missing priority as 0', TEST_OPTIONS, async () => {
    await ctx.client.indices.putIndexTemplate({ name: 'metrics', index_patterns: ['metrics-*'] });
    await expectEsError(ctx.client.indices.putIndexTemplate({ name: 'metrics-zero', index_patterns: ['metrics-*'], priority: 0 }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason:
        'index template [metrics-zero] has index patterns [metrics-*] matching patterns from existing templates [metrics] with patterns (metrics => [metrics-*]) that have the same priority [0], multiple index templates may not match during index creation, please use a different priority',
    });
  });

  it('accepts the same patterns with another priority, and disjoint patterns with the same one', TEST_OPTIONS, async () => {
    await ctx.client.indices.putIndexTemplate({ name: 'logs-app', index_patterns: ['logs-app-*'], priority: 20 });
    await ctx.client.indices.putIndexTemplate({ name: 'traces', index_patterns: ['traces-*'], priority: 10 });
  });

  it('refuses a pattern that can match a name of the other, wherever the wildcards are', TEST_OPTIONS, async () => {
    await ctx.client.indices.putIndexTemplate({ name: 'suffix-x', index_patterns: ['*-x'], priority: 30 });
    // "k-x" matches both.
    await expectEsError(ctx.client.indices.putIndexTemplate({ name: 'contains-k', index_patterns: ['*k*'], priority: 30 }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: /^index template \[contains-k\] has index patterns \[\*k\*\] matching patterns from existing templates \[suffix-x\]/,
    });
  });

  it('accepts patterns that no name can match both of (ES intersects the pattern automatons)', TEST_OPTIONS, async () => {
    // MetadataIndexTemplateService.findConflictingV2Templates: Operations.intersection of the two automatons is empty.
    await ctx.client.indices.putIndexTemplate({ name: 'ends-x', index_patterns: ['*-x'], priority: 40 });
    await ctx.client.indices.putIndexTemplate({ name: 'ends-y', index_patterns: ['*-y'], priority: 40 });
    await ctx.client.indices.putIndexTemplate({ name: 'k-a', index_patterns: ['k-*-a'], priority: 41 });
    await ctx.client.indices.putIndexTemplate({ name: 'k-b', index_patterns: ['k-*-b'], priority: 41 });
  });
});

describe('templates applied to new indices', () => {
  const ctx = useEsServer();
  before(async () => {
    await ctx.client.indices.putIndexTemplate({
      name: 'app-low',
      index_patterns: ['app-*'],
      priority: 1,
      template: {
        settings: { number_of_shards: 3, number_of_replicas: 0, 'index.lifecycle.name': 'app-policy' },
        aliases: { 'app-all': {}, 'app-low-only': {} },
        mappings: { properties: { low: { type: 'keyword' } } },
      },
    });
    await ctx.client.indices.putIndexTemplate({
      name: 'app-high',
      index_patterns: ['app-prod-*'],
      priority: 50,
      template: { settings: { number_of_shards: 2 }, aliases: { 'app-prod': {} } },
    });
  });

  it('applies the matching template’s settings, aliases and mappings', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'app-dev-1' });
    const settings = await flatSettings(ctx.client, 'app-dev-1');
    assert.equal(settings['index.number_of_shards'], '3');
    assert.equal(settings['index.number_of_replicas'], '0');
    assert.equal(settings['index.lifecycle.name'], 'app-policy');
    const got = (await ctx.client.indices.get({ index: 'app-dev-1' }))['app-dev-1']!;
    assert.deepEqual(got.aliases, { 'app-all': {}, 'app-low-only': {} });
    assert.deepEqual(got.mappings, { properties: { low: { type: 'keyword' } } });
  });

  it('the request’s settings and aliases win over the template’s', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({
      index: 'app-dev-2',
      settings: { index: { number_of_shards: 5 }, 'index.lifecycle.name': 'own-policy' },
      aliases: { 'app-all': { is_write_index: true }, mine: {} },
    });
    const settings = await flatSettings(ctx.client, 'app-dev-2');
    assert.equal(settings['index.number_of_shards'], '5');
    assert.equal(settings['index.lifecycle.name'], 'own-policy');
    assert.equal(settings['index.number_of_replicas'], '0', 'template settings the request does not name stay');
    assert.deepEqual((await ctx.client.indices.getAlias({ index: 'app-dev-2' }))['app-dev-2']!.aliases, {
      'app-all': { is_write_index: true },
      'app-low-only': {},
      mine: {},
    });
  });

  it('uses only the highest-priority match: its settings and aliases, none of the lower one’s', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'app-prod-1' });
    const settings = await flatSettings(ctx.client, 'app-prod-1');
    assert.equal(settings['index.number_of_shards'], '2');
    assert.equal(settings['index.number_of_replicas'], '1', 'the default, not the lower template’s 0');
    assert.equal(settings['index.lifecycle.name'], undefined);
    assert.deepEqual((await ctx.client.indices.getAlias({ index: 'app-prod-1' }))['app-prod-1']!.aliases, { 'app-prod': {} });
  });

  it('leaves an index no template matches with the defaults', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'other-1' });
    const settings = await flatSettings(ctx.client, 'other-1');
    assert.equal(settings['index.number_of_shards'], '1');
    assert.equal(settings['index.number_of_replicas'], '1');
    assert.deepEqual((await ctx.client.indices.getAlias({ index: 'other-1' }))['other-1']!.aliases, {});
  });

  it('does not change indices that exist when the template is put or deleted', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'late-1' });
    await ctx.client.indices.putIndexTemplate({ name: 'late', index_patterns: ['late-*'], template: { settings: { number_of_shards: 4 } } });
    assert.equal((await flatSettings(ctx.client, 'late-1'))['index.number_of_shards'], '1');
    await ctx.client.indices.create({ index: 'late-2' });
    assert.equal((await flatSettings(ctx.client, 'late-2'))['index.number_of_shards'], '4');
    await ctx.client.indices.deleteIndexTemplate({ name: 'late' });
    assert.equal((await flatSettings(ctx.client, 'late-2'))['index.number_of_shards'], '4');
    await ctx.client.indices.create({ index: 'late-3' });
    assert.equal((await flatSettings(ctx.client, 'late-3'))['index.number_of_shards'], '1', 'a deleted template no longer applies');
  });

  it('a template write alias on a second matching index is refused with the two-write-indices 500', TEST_OPTIONS, async () => {
    await ctx.client.indices.putIndexTemplate({ name: 'writer', index_patterns: ['writer-*'], template: { aliases: { writer: { is_write_index: true } } } });
    await ctx.client.indices.create({ index: 'writer-1' });
    const response = await esFetch(ctx.url, '/writer-2', { method: 'PUT' });
    assertEnvelope(response, envelope(500, 'illegal_state_exception', 'alias [writer] has more than one write index [writer-1,writer-2]'));
    assert.equal(await ctx.client.indices.exists({ index: 'writer-2' }), false);
    // The request can turn the template's flag off.
    await ctx.client.indices.create({ index: 'writer-2', aliases: { writer: { is_write_index: false } } });
    assert.deepEqual(await ctx.client.indices.getAlias({ name: 'writer' }), {
      'writer-1': { aliases: { writer: { is_write_index: true } } },
      'writer-2': { aliases: { writer: { is_write_index: false } } },
    });
  });
});

describe('index template members Tessera cannot honour yet are refused, not ignored', () => {
  const fx = useEsServer();
  const refusal = async (body: Record<string, unknown>) => esErrorOf(fx.client.indices.putIndexTemplate({ name: 'ds', index_patterns: ['logs-*'], ...body } as never));

  it('a data stream lifecycle is refused (Tessera runs ILM, not DSL), and so are unknown data_stream members', async () => {
    assert.deepEqual(await refusal({ data_stream: {}, template: { lifecycle: { data_retention: '7d' } } }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'index template [ds] specifies data stream lifecycle configuration, which Tessera does not support: manage the data stream with ILM ([index.lifecycle.name]) and leave [lifecycle] out',
    });
    assert.deepEqual(await refusal({ template: { lifecycle: { data_retention: '7d' } } }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'index template [ds] specifies lifecycle configuration that can only be used in combination with a data stream',
    });
    assert.deepEqual(await refusal({ data_stream: { failure_store: true } }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'data stream failure stores are not supported by Tessera: leave [failure_store] out of [data_stream]',
    });
    assert.deepEqual(await refusal({ data_stream: { timestamp_field: '@ts' } }), { status: 400, type: 'x_content_parse_exception', reason: '[data_stream_template] unknown field [timestamp_field]' });
    assert.deepEqual(await refusal({ data_stream: { hidden: 'maybe' } }), { status: 400, type: 'x_content_parse_exception', reason: '[data_stream_template] failed to parse field [hidden]' });
    assert.equal((await fx.client.indices.existsIndexTemplate({ name: 'ds' })), false);
  });

  it('composed_of naming component templates that do not exist is refused with ES\'s error, unless they are all ignored', async () => {
    assert.deepEqual(await refusal({ composed_of: ['logs@mappings', 'logs@settings'] }), {
      status: 400,
      type: 'invalid_index_template_exception',
      reason: 'index_template [ds] invalid, cause [index template [ds] specifies component templates [logs@mappings, logs@settings] that do not exist]',
    });
    assert.deepEqual(await refusal({ composed_of: ['logs@mappings', 'logs@custom'], ignore_missing_component_templates: ['logs@custom'] }), {
      status: 400,
      type: 'invalid_index_template_exception',
      reason:
        "index_template [ds] invalid, cause [index template [ds] specifies a missing component templates [logs@mappings] that does not exist and is not part of 'ignore_missing_component_templates']",
    });
    assert.equal((await fx.client.indices.existsIndexTemplate({ name: 'ds' })), false);
    await fx.client.indices.putIndexTemplate({ name: 'ds', index_patterns: ['logs-*'], composed_of: ['logs@custom'], ignore_missing_component_templates: ['logs@custom'], deprecated: true });
    const [stored] = (await fx.client.indices.getIndexTemplate({ name: 'ds' })).index_templates;
    assert.deepEqual(stored!.index_template.composed_of, ['logs@custom']);
    assert.deepEqual(stored!.index_template.ignore_missing_component_templates, ['logs@custom']);
    assert.equal(stored!.index_template.deprecated, true);
  });
});
