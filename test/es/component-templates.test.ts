/** `PUT/GET/HEAD/DELETE /_component_template/<name>`: storage, ES's answers and errors, and the rules tying them to index templates. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertEnvelope, envelope, esFetch, expectEsError, TEST_OPTIONS, useEsServer } from './es-helpers.js';

describe('PUT/GET/HEAD /_component_template/<name>', () => {
  const ctx = useEsServer();

  it('stores a component template and answers it in ES shape', TEST_OPTIONS, async () => {
    const put = await ctx.client.cluster.putComponentTemplate({
      name: 'shape',
      template: {
        settings: { number_of_shards: 2, 'index.lifecycle.name': 'p' },
        mappings: { properties: { a: { type: 'keyword' } } },
        aliases: { 'shape-all': {} },
      },
      version: 3,
      _meta: { owner: 'tests' },
      deprecated: true,
    });
    assert.deepEqual(put, { acknowledged: true });
    const got = await ctx.client.cluster.getComponentTemplate({ name: 'shape' });
    assert.deepEqual(got, {
      component_templates: [
        {
          name: 'shape',
          component_template: {
            template: {
              settings: { index: { number_of_shards: '2', lifecycle: { name: 'p' } } },
              mappings: { properties: { a: { type: 'keyword' } } },
              aliases: { 'shape-all': {} },
            },
            version: 3,
            _meta: { owner: 'tests' },
            deprecated: true,
          },
        },
      ],
    });
    const flat = await ctx.client.cluster.getComponentTemplate({ name: 'shape', flat_settings: true });
    assert.deepEqual(flat.component_templates[0]!.component_template.template.settings, { 'index.number_of_shards': '2', 'index.lifecycle.name': 'p' });
    // POST is PUT's other method; an empty template is a template.
    assert.equal((await esFetch(ctx.url, '/_component_template/empty', { method: 'POST', body: { template: {} } })).status, 200);
    assert.deepEqual((await ctx.client.cluster.getComponentTemplate({ name: 'empty' })).component_templates, [{ name: 'empty', component_template: { template: {} } }]);
  });

  it('GET without a name answers all, a wildcard its matches, HEAD whether any exist', TEST_OPTIONS, async () => {
    await ctx.client.cluster.putComponentTemplate({ name: 'list-a', template: {} });
    await ctx.client.cluster.putComponentTemplate({ name: 'list-b', template: {} });
    const names = (body: { component_templates: { name: string }[] }) => body.component_templates.map((t) => t.name).sort();
    assert.deepEqual(names(await ctx.client.cluster.getComponentTemplate()), ['empty', 'list-a', 'list-b', 'shape']);
    assert.deepEqual(names(await ctx.client.cluster.getComponentTemplate({ name: 'list-*' })), ['list-a', 'list-b']);
    assert.equal(await ctx.client.cluster.existsComponentTemplate({ name: 'list-a' }), true);
    assert.equal(await ctx.client.cluster.existsComponentTemplate({ name: 'list-*' }), true);
    assert.equal(await ctx.client.cluster.existsComponentTemplate({ name: 'nope' }), false);
    assert.equal(await ctx.client.cluster.existsComponentTemplate({ name: 'nope-*' }), false);
  });

  it('GET of a name that does not exist is ES\'s 404; a wildcard matching nothing answers 404 with an empty list', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(ctx.url, '/_component_template/nope'), envelope(404, 'resource_not_found_exception', 'component template matching [nope] not found'));
    // One name, as ES reads it: a list is a name that does not exist.
    assertEnvelope(await esFetch(ctx.url, '/_component_template/list-a,list-b'), envelope(404, 'resource_not_found_exception', 'component template matching [list-a,list-b] not found'));
    const none = await esFetch(ctx.url, '/_component_template/nope-*');
    assert.equal(none.status, 404);
    assert.deepEqual(none.json, { component_templates: [] });
  });

  it('create=true refuses to replace one; without it a PUT replaces the whole template', TEST_OPTIONS, async () => {
    await expectEsError(ctx.client.cluster.putComponentTemplate({ name: 'shape', create: true, template: {} }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'component template [shape] already exists',
    });
    await ctx.client.cluster.putComponentTemplate({ name: 'shape', template: { settings: { number_of_replicas: 0 } } });
    assert.deepEqual((await ctx.client.cluster.getComponentTemplate({ name: 'shape' })).component_templates[0]!.component_template, {
      template: { settings: { index: { number_of_replicas: '0' } } },
    });
  });

  it('refuses bodies as ES parses them', TEST_OPTIONS, async () => {
    const put = (body: unknown, name = 'bad') => esFetch(ctx.url, `/_component_template/${name}`, { method: 'PUT', ...(body !== undefined && { body }) });
    assertEnvelope(await put(undefined), envelope(400, 'parse_exception', 'request body is required'));
    assertEnvelope(await put({}), envelope(400, 'illegal_argument_exception', 'Required [template]'));
    assertEnvelope(await put({ template: {}, colour: 'red' }), envelope(400, 'x_content_parse_exception', '[component_template] unknown field [colour]'));
    assertEnvelope(await put({ template: { settings: {}, colour: 'red' } }), envelope(400, 'x_content_parse_exception', '[template] unknown field [colour]'));
    assertEnvelope(await put({ template: {}, version: 'x' }), envelope(400, 'x_content_parse_exception', '[component_template] failed to parse field [version]'));
    assertEnvelope(await put({ template: {}, _meta: 'x' }), envelope(400, 'x_content_parse_exception', '[component_template] failed to parse field [_meta]'));
    assertEnvelope(await put({ template: {}, deprecated: 'x' }), envelope(400, 'x_content_parse_exception', '[component_template] failed to parse field [deprecated]'));
    assertEnvelope(await put({ template: 'x' }), envelope(400, 'x_content_parse_exception', '[component_template] failed to parse field [template]'));
    assertEnvelope(
      await put({ template: { settings: { number_of_shards: 0 } } }),
      envelope(400, 'illegal_argument_exception', 'Failed to parse value [0] for setting [index.number_of_shards] must be >= 1'),
    );
    assertEnvelope(
      await put({ template: {} }, 'Bad_Name'),
      envelope(400, 'invalid_index_template_exception', 'index_template [Bad_Name] invalid, cause [Validation Failed: 1: name must be lower cased;]'),
    );
    // A data stream lifecycle only data streams use: refused, not stored to do nothing.
    assertEnvelope(
      await put({ template: { lifecycle: { data_retention: '7d' } } }),
      envelope(
        400,
        'illegal_argument_exception',
        'component template [bad] specifies data stream lifecycle configuration, which Tessera does not support: manage the data stream with ILM ([index.lifecycle.name]) and leave [lifecycle] out',
      ),
    );
    assert.equal(await ctx.client.cluster.existsComponentTemplate({ name: 'bad' }), false);
    assertEnvelope(await esFetch(ctx.url, '/_component_template/bad?cause=x', { method: 'PUT', body: { template: {} } }), envelope(400, 'illegal_argument_exception', 'request [/_component_template/bad] contains unrecognized parameter: [cause]'));
  });

  it('the cluster state shows component templates in its metadata', TEST_OPTIONS, async () => {
    const state = (await ctx.client.cluster.state({ metric: 'metadata' })) as unknown as { metadata: { component_template: { component_template: Record<string, unknown> } } };
    assert.deepEqual(state.metadata.component_template.component_template['list-a'], { template: {} });
  });
});

describe('DELETE /_component_template/<name>', () => {
  const ctx = useEsServer();

  it('deletes one, a list, or a wildcard\'s matches', TEST_OPTIONS, async () => {
    for (const name of ['a1', 'a2', 'b1', 'b2']) await ctx.client.cluster.putComponentTemplate({ name, template: {} });
    assert.deepEqual(await ctx.client.cluster.deleteComponentTemplate({ name: 'a1' }), { acknowledged: true });
    assert.deepEqual(await ctx.client.cluster.deleteComponentTemplate({ name: 'b*' }), { acknowledged: true });
    assert.equal(await ctx.client.cluster.existsComponentTemplate({ name: 'b1' }), false);
    assert.equal(await ctx.client.cluster.existsComponentTemplate({ name: 'a2' }), true);
    await ctx.client.cluster.putComponentTemplate({ name: 'c1', template: {} });
    assert.deepEqual((await esFetch(ctx.url, '/_component_template/a2,c1', { method: 'DELETE' })).json, { acknowledged: true });
    assert.deepEqual((await esFetch(ctx.url, '/_component_template')).json, { component_templates: [] });
    // Nothing to delete through `*` is no error.
    assert.deepEqual((await esFetch(ctx.url, '/_component_template/*', { method: 'DELETE' })).json, { acknowledged: true });
  });

  it('a missing one is ES\'s 404 naming it; in a list, every missing name', TEST_OPTIONS, async () => {
    await ctx.client.cluster.putComponentTemplate({ name: 'kept', template: {} });
    assertEnvelope(await esFetch(ctx.url, '/_component_template/nope', { method: 'DELETE' }), envelope(404, 'resource_not_found_exception', 'nope'));
    assertEnvelope(await esFetch(ctx.url, '/_component_template/nope-*', { method: 'DELETE' }), envelope(404, 'resource_not_found_exception', 'nope-*'));
    assertEnvelope(await esFetch(ctx.url, '/_component_template/kept,x,y', { method: 'DELETE' }), envelope(404, 'resource_not_found_exception', 'x,y'));
    assert.equal(await ctx.client.cluster.existsComponentTemplate({ name: 'kept' }), true, 'a refused list deletes none of it');
  });

  it('one an index template uses is refused with ES\'s message, by name or through a wildcard', TEST_OPTIONS, async () => {
    await ctx.client.cluster.putComponentTemplate({ name: 'used', template: {} });
    await ctx.client.indices.putIndexTemplate({ name: 'user', index_patterns: ['user-*'], composed_of: ['used'] });
    const refusal = envelope(400, 'illegal_argument_exception', 'component templates [used] cannot be removed as they are still in use by index templates [user]');
    assertEnvelope(await esFetch(ctx.url, '/_component_template/used', { method: 'DELETE' }), refusal);
    assertEnvelope(await esFetch(ctx.url, '/_component_template/use*', { method: 'DELETE' }), refusal);
    assertEnvelope(await esFetch(ctx.url, '/_component_template/*', { method: 'DELETE' }), refusal);
    assert.equal(await ctx.client.cluster.existsComponentTemplate({ name: 'used' }), true);
    await ctx.client.indices.deleteIndexTemplate({ name: 'user' });
    assert.deepEqual(await ctx.client.cluster.deleteComponentTemplate({ name: 'used' }), { acknowledged: true });
  });
});

describe('index templates composed of component templates', () => {
  const ctx = useEsServer();

  it('composed_of must name component templates that exist, unless ignore_missing_component_templates lists them', TEST_OPTIONS, async () => {
    await ctx.client.cluster.putComponentTemplate({ name: 'present', template: { settings: { number_of_replicas: 0 } } });
    await expectEsError(ctx.client.indices.putIndexTemplate({ name: 't', index_patterns: ['t-*'], composed_of: ['present', 'absent'] }), {
      status: 400,
      type: 'invalid_index_template_exception',
      reason: 'index_template [t] invalid, cause [index template [t] specifies component templates [absent] that do not exist]',
    });
    await ctx.client.indices.putIndexTemplate({ name: 't', index_patterns: ['t-*'], composed_of: ['present', 'absent'], ignore_missing_component_templates: ['absent'] });
    await ctx.client.indices.create({ index: 't-1' });
    const settings = (await ctx.client.indices.getSettings({ index: 't-1', flat_settings: true }))['t-1']!.settings as Record<string, string>;
    assert.equal(settings['index.number_of_replicas'], '0');
  });

  it('an index template composing a deprecated component template earns ES\'s deprecation warning, unless it is deprecated itself', TEST_OPTIONS, async () => {
    await ctx.client.cluster.putComponentTemplate({ name: 'old', template: {}, deprecated: true });
    const response = await esFetch(ctx.url, '/_index_template/uses-old', { method: 'PUT', body: { index_patterns: ['uses-old-*'], composed_of: ['old', 'present'] } });
    assert.equal(response.status, 200);
    const header = response.headers.get('warning') ?? '';
    assert.match(header, /^299 Elasticsearch-8\.\d+\.\d+-[^ ]+ "index template \[uses-old\] uses deprecated component template \[old\]"$/);
    const viaClient = await ctx.client.indices.putIndexTemplate({ name: 'uses-old', index_patterns: ['uses-old-*'], composed_of: ['old'] }, { meta: true });
    assert.equal(viaClient.warnings?.length, 1);
    const deprecated = await esFetch(ctx.url, '/_index_template/uses-old', { method: 'PUT', body: { index_patterns: ['uses-old-*'], composed_of: ['old'], deprecated: true } });
    assert.equal(deprecated.headers.get('warning'), null);
  });

  it('a global template may not resolve to index.hidden, from itself or a component template, and a component template may not bring it in later', TEST_OPTIONS, async () => {
    await ctx.client.cluster.putComponentTemplate({ name: 'hiding', template: { settings: { 'index.hidden': true } } });
    await expectEsError(ctx.client.indices.putIndexTemplate({ name: 'global', index_patterns: ['*'], composed_of: ['hiding'] }), {
      status: 400,
      type: 'invalid_index_template_exception',
      reason: 'index_template [global] invalid, cause [global composable templates may not specify the setting index.hidden]',
    });
    await ctx.client.cluster.putComponentTemplate({ name: 'plain', template: {} });
    await ctx.client.indices.putIndexTemplate({ name: 'global', index_patterns: ['*'], priority: 1, composed_of: ['plain'] });
    await expectEsError(ctx.client.cluster.putComponentTemplate({ name: 'plain', template: { settings: { 'index.hidden': false } } }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'cannot update component template [plain] because the following global templates would resolve to specifying the [index.hidden] setting: [global]',
    });
    assert.deepEqual((await ctx.client.cluster.getComponentTemplate({ name: 'plain' })).component_templates[0]!.component_template.template, {});
    await ctx.client.indices.deleteIndexTemplate({ name: 'global' });
  });

  it('an index takes the component templates in order, then the template\'s own, then the request\'s', TEST_OPTIONS, async () => {
    await ctx.client.cluster.putComponentTemplate({
      name: 'base-settings',
      template: {
        settings: { number_of_shards: 3, number_of_replicas: 2, refresh_interval: '5s' },
        aliases: { 'logs-all': {}, shared: { filter: { term: { from: 'settings' } } } },
      },
    });
    await ctx.client.cluster.putComponentTemplate({
      name: 'base-mappings',
      template: {
        settings: { number_of_replicas: 1 },
        mappings: {
          dynamic: 'strict',
          properties: { message: { type: 'text' }, host: { properties: { name: { type: 'keyword' } } }, level: { type: 'keyword', ignore_above: 64 } },
        },
        aliases: { shared: { is_hidden: true } },
      },
    });
    await ctx.client.indices.putIndexTemplate({
      name: 'logs',
      index_patterns: ['logs-*'],
      composed_of: ['base-settings', 'base-mappings'],
      template: {
        settings: { refresh_interval: '10s' },
        mappings: { properties: { host: { properties: { ip: { type: 'ip' } } }, level: { type: 'integer' } } },
        aliases: { own: {} },
      },
    });
    await ctx.client.indices.create({
      index: 'logs-1',
      settings: { number_of_shards: 1 },
      mappings: { properties: { extra: { type: 'long' } } },
      aliases: { own: { is_write_index: true } },
    });
    const index = (await ctx.client.indices.get({ index: 'logs-1', flat_settings: true }))['logs-1']!;
    const settings = index.settings as Record<string, string>;
    assert.deepEqual(
      [settings['index.number_of_shards'], settings['index.number_of_replicas'], settings['index.refresh_interval']],
      ['1', '1', '10s'],
      'request > template > later component > earlier component',
    );
    assert.deepEqual(index.mappings, {
      dynamic: 'strict',
      properties: {
        message: { type: 'text' },
        // Object fields merge; a leaf field defined again is replaced whole.
        host: { properties: { name: { type: 'keyword' } , ip: { type: 'ip' } } },
        level: { type: 'integer' },
        extra: { type: 'long' },
      },
    });
    assert.deepEqual(index.aliases, { 'logs-all': {}, own: { is_write_index: true }, shared: { is_hidden: true } });
  });

  it('mappings that do not read, or do not compose, are refused as ES refuses them: the component, the index template, a component update', TEST_OPTIONS, async () => {
    const fooType = { properties: { a: { type: 'foo' } } };
    const parseFailure = {
      type: 'mapper_parsing_exception',
      reason: 'Failed to parse mapping: No handler for type [foo] declared on field [a]',
      caused_by: { type: 'mapper_parsing_exception', reason: 'No handler for type [foo] declared on field [a]' },
    };
    assertEnvelope(await esFetch(ctx.url, '/_component_template/bad-mapping', { method: 'PUT', body: { template: { mappings: fooType } } }), {
      error: { root_cause: [{ type: 'mapper_parsing_exception', reason: 'No handler for type [foo] declared on field [a]' }], ...parseFailure },
      status: 400,
    });
    const composite = (template: string, composed: string, cause: Record<string, unknown>) => ({
      type: 'illegal_argument_exception',
      reason: `composable template [${template}] template after composition ${composed}is invalid`,
      caused_by: { type: 'illegal_argument_exception', reason: `invalid composite mappings for [${template}]`, caused_by: cause },
    });
    const own = composite('bad', '', parseFailure);
    assertEnvelope(await esFetch(ctx.url, '/_index_template/bad', { method: 'PUT', body: { index_patterns: ['bad-*'], template: { mappings: fooType } } }), {
      error: { root_cause: [{ type: own.type, reason: own.reason }], ...own },
      status: 400,
    });
    assert.equal(await ctx.client.indices.existsIndexTemplate({ name: 'bad' }), false);

    await ctx.client.cluster.putComponentTemplate({ name: 'fields', template: { mappings: { properties: { a: { type: 'keyword' } } } } });
    await ctx.client.indices.putIndexTemplate({
      name: 'limited',
      index_patterns: ['limited-*'],
      composed_of: ['fields'],
      template: { settings: { 'index.mapping.total_fields.limit': 2 }, mappings: { properties: { b: { type: 'keyword' } } } },
    });
    const update = await esFetch(ctx.url, '/_component_template/fields', { method: 'PUT', body: { template: { mappings: { properties: { a: { type: 'keyword' }, c: { type: 'keyword' } } } } } });
    const outer = 'updating component template [fields] results in invalid composable template [limited] after templates are merged';
    assertEnvelope(update, {
      error: {
        root_cause: [{ type: 'illegal_argument_exception', reason: outer }],
        type: 'illegal_argument_exception',
        reason: outer,
        caused_by: composite('limited', 'with component templates [fields] ', { type: 'illegal_argument_exception', reason: 'Limit of total fields [2] has been exceeded' }),
      },
      status: 400,
    });
    assert.deepEqual((await ctx.client.cluster.getComponentTemplate({ name: 'fields' })).component_templates[0]!.component_template.template.mappings, {
      properties: { a: { type: 'keyword' } },
    });

    // Composing, a later field replaces an earlier one whole, but an object never becomes a field nor a field an object.
    await ctx.client.cluster.putComponentTemplate({ name: 'shape', template: { mappings: { properties: { a: { type: 'object', properties: { b: { type: 'keyword' } } }, n: { type: 'keyword' } } } } });
    const reshaped = await esFetch(ctx.url, '/_index_template/reshaped', {
      method: 'PUT',
      body: { index_patterns: ['reshaped-*'], composed_of: ['shape'], template: { mappings: { properties: { a: { type: 'keyword' } } } } },
    });
    assertEnvelope(reshaped, {
      error: {
        root_cause: [{ type: 'illegal_argument_exception', reason: 'composable template [reshaped] template after composition with component templates [shape] is invalid' }],
        ...composite('reshaped', 'with component templates [shape] ', { type: 'illegal_argument_exception', reason: "can't merge a non object mapping [a] with an object mapping" }),
      },
      status: 400,
    });
    await ctx.client.indices.putIndexTemplate({ name: 'retyped', index_patterns: ['retyped-*'], composed_of: ['shape'], template: { mappings: { properties: { n: { type: 'long' } } } } });
    await ctx.client.indices.create({ index: 'retyped-1' });
    const mapping = await ctx.client.indices.getMapping({ index: 'retyped-1' });
    assert.deepEqual(mapping['retyped-1']!.mappings.properties!.n, { type: 'long' });
  });

  it('rollover refuses an alias that a component template of the new index\'s template brings in, naming the index template', TEST_OPTIONS, async () => {
    await ctx.client.cluster.putComponentTemplate({ name: 'roll-aliases', template: { aliases: { roll: {}, 'roll-read': {} } } });
    await ctx.client.indices.putIndexTemplate({ name: 'roll', index_patterns: ['roll-*'], composed_of: ['roll-aliases'] });
    await ctx.client.indices.create({ index: 'roll-000001', aliases: { roll: { is_write_index: true } } });
    await expectEsError(ctx.client.indices.rollover({ alias: 'roll' }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'Rollover alias [roll] can point to multiple indices, found duplicated alias [[roll, roll-read]] in index template [roll]',
    });
  });

  it('GET /_ilm/policy counts a template whose component template names the policy', TEST_OPTIONS, async () => {
    await ctx.client.ilm.putLifecycle({ name: 'via-component', policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } } } } });
    await ctx.client.cluster.putComponentTemplate({ name: 'lifecycle', template: { settings: { 'index.lifecycle.name': 'via-component' } } });
    await ctx.client.indices.putIndexTemplate({ name: 'managed', index_patterns: ['managed-*'], composed_of: ['lifecycle'] });
    // The client's types lack in_use_by.
    const policy = (await ctx.client.ilm.getLifecycle({ name: 'via-component' }))['via-component'] as unknown as { in_use_by: unknown };
    assert.deepEqual(policy.in_use_by, { indices: [], data_streams: [], composable_templates: ['managed'] });
  });
});
