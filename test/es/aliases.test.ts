import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assertEnvelope, envelope, esFetch, expectEsError, indexNotFound, TEST_OPTIONS, useEsServer } from './es-helpers.js';

function moreThanOneWriteIndex(alias: string, indices: string) {
  return envelope(500, 'illegal_state_exception', `alias [${alias}] has more than one write index [${indices}]`);
}

describe('POST /_aliases', () => {
  const ctx = useEsServer();
  before(async () => {
    for (const index of ['al-a', 'al-b', 'al-c']) await ctx.client.indices.create({ index });
  });

  it('adds an alias and answers acknowledged with errors:false', TEST_OPTIONS, async () => {
    const response = await ctx.client.indices.updateAliases({ actions: [{ add: { index: 'al-a', alias: 'first' } }] });
    assert.deepEqual(response, { acknowledged: true, errors: false });
    assert.deepEqual(await ctx.client.indices.getAlias({ name: 'first' }), { 'al-a': { aliases: { first: {} } } });
  });

  it('adds to several indices and several aliases at once, through lists and wildcards', TEST_OPTIONS, async () => {
    await ctx.client.indices.updateAliases({
      actions: [
        { add: { indices: ['al-a', 'al-b'], aliases: ['both-1', 'both-2'] } },
        { add: { index: 'al-*', alias: 'every' } },
      ],
    });
    assert.deepEqual(await ctx.client.indices.getAlias({ name: 'both-*' }), {
      'al-a': { aliases: { 'both-1': {}, 'both-2': {} } },
      'al-b': { aliases: { 'both-1': {}, 'both-2': {} } },
    });
    assert.deepEqual(Object.keys(await ctx.client.indices.getAlias({ name: 'every' })), ['al-a', 'al-b', 'al-c']);
  });

  it('keeps filter, routing, is_write_index and is_hidden', TEST_OPTIONS, async () => {
    await ctx.client.indices.updateAliases({
      actions: [
        { add: { index: 'al-c', alias: 'filtered', filter: { term: { user: 'kim' } }, routing: '3', is_write_index: true } },
        { add: { index: 'al-c', alias: 'split-routing', index_routing: '1', search_routing: '2', is_hidden: true } },
      ],
    });
    assert.deepEqual(await ctx.client.indices.getAlias({ index: 'al-c', name: 'filtered,split-routing' }), {
      'al-c': {
        aliases: {
          filtered: { filter: { term: { user: 'kim' } }, index_routing: '3', search_routing: '3', is_write_index: true },
          'split-routing': { index_routing: '1', search_routing: '2', is_hidden: true },
        },
      },
    });
  });

  it('removes aliases, by name or by pattern', TEST_OPTIONS, async () => {
    await ctx.client.indices.updateAliases({ actions: [{ add: { index: 'al-b', aliases: ['tmp-1', 'tmp-2', 'keep-1'] } }] });
    await ctx.client.indices.updateAliases({ actions: [{ remove: { index: 'al-b', alias: 'tmp-*' } }] });
    const aliases = (await ctx.client.indices.getAlias({ index: 'al-b' }))['al-b']!.aliases;
    assert.ok(!('tmp-1' in aliases) && !('tmp-2' in aliases));
    assert.ok('keep-1' in aliases);
    await ctx.client.indices.updateAliases({ actions: [{ remove: { index: 'al-b', alias: 'keep-1' } }] });
    assert.ok(!('keep-1' in (await ctx.client.indices.getAlias({ index: 'al-b' }))['al-b']!.aliases));
  });

  it('applies all actions at once: a write index moves atomically', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'roll-1', aliases: { roll: { is_write_index: true } } });
    await ctx.client.indices.create({ index: 'roll-2' });
    await ctx.client.indices.updateAliases({
      actions: [
        { add: { index: 'roll-1', alias: 'roll', is_write_index: false } },
        { add: { index: 'roll-2', alias: 'roll', is_write_index: true } },
      ],
    });
    assert.deepEqual(await ctx.client.indices.getAlias({ name: 'roll' }), {
      'roll-1': { aliases: { roll: { is_write_index: false } } },
      'roll-2': { aliases: { roll: { is_write_index: true } } },
    });
  });

  it('refuses a second write index with a 500 illegal_state_exception and changes nothing', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'wi-1', aliases: { wi: { is_write_index: true } } });
    await ctx.client.indices.create({ index: 'wi-2' });
    const response = await esFetch(ctx.url, '/_aliases', {
      method: 'POST',
      body: { actions: [{ add: { index: 'wi-2', alias: 'other-alias' } }, { add: { index: 'wi-2', alias: 'wi', is_write_index: true } }] },
    });
    assertEnvelope(response, moreThanOneWriteIndex('wi', 'wi-1,wi-2'));
    // Nothing of the request was applied, not even its first action.
    assert.deepEqual(await ctx.client.indices.getAlias({ index: 'wi-2' }), { 'wi-2': { aliases: {} } });
    await expectEsError(ctx.client.indices.putAlias({ index: 'wi-2', name: 'wi', is_write_index: true }), {
      status: 500,
      type: 'illegal_state_exception',
      reason: 'alias [wi] has more than one write index [wi-1,wi-2]',
    });
  });

  it('remove_index deletes the index together with its aliases', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'doomed', aliases: { 'doomed-alias': {} } });
    assert.deepEqual(await ctx.client.indices.updateAliases({ actions: [{ remove_index: { index: 'doomed' } }] }), { acknowledged: true, errors: false });
    assert.equal(await ctx.client.indices.exists({ index: 'doomed' }), false);
    assert.equal(await ctx.client.indices.existsAlias({ name: 'doomed-alias' }), false);
  });

  it('remove_index and add in one request swap an index for an alias', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'swap-old' });
    await ctx.client.indices.create({ index: 'swap-new' });
    await ctx.client.indices.updateAliases({ actions: [{ add: { index: 'swap-new', alias: 'swap-old' } }, { remove_index: { index: 'swap-old' } }] });
    assert.deepEqual(Object.keys(await ctx.client.indices.get({ index: 'swap-old' })), ['swap-new']);
  });

  it('a missing index is a 404 and nothing of the request is applied', TEST_OPTIONS, async () => {
    const response = await esFetch(ctx.url, '/_aliases', {
      method: 'POST',
      body: { actions: [{ add: { index: 'al-a', alias: 'never' } }, { add: { index: 'no-such-index', alias: 'never' } }] },
    });
    assertEnvelope(response, indexNotFound('no-such-index'));
    assert.equal(await ctx.client.indices.existsAlias({ name: 'never' }), false);
  });

  it('refuses invalid alias names', TEST_OPTIONS, async () => {
    for (const [alias, why] of [
      ['_under', "must not start with '_', '-', or '+'"],
      ['-dash', "must not start with '_', '-', or '+'"],
      ['has space', 'must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]'],
      ['a#b', "must not contain '#'"],
      ['a:b', "must not contain ':'"],
    ] as const) {
      await expectEsError(ctx.client.indices.updateAliases({ actions: [{ add: { index: 'al-a', alias } }] }), {
        status: 400,
        type: 'invalid_alias_name_exception',
        reason: `Invalid alias name [${alias}]: ${why}`,
      });
    }
    // Unlike index names, alias names may have capitals.
    await ctx.client.indices.updateAliases({ actions: [{ add: { index: 'al-a', alias: 'CamelCase' } }] });
    assert.equal(await ctx.client.indices.existsAlias({ name: 'CamelCase' }), true);
  });

  it('refuses an alias with the name of an index', TEST_OPTIONS, async () => {
    await expectEsError(ctx.client.indices.updateAliases({ actions: [{ add: { index: 'al-a', alias: 'al-b' } }] }), {
      status: 400,
      type: 'invalid_alias_name_exception',
      reason: 'Invalid alias name [al-b]: an index or data stream exists with the same name as the alias',
    });
  });

  it('refuses a request without actions, or an action without index or alias', TEST_OPTIONS, async () => {
    for (const body of [{ actions: [] }, {}, { actions: [{ add: { alias: 'x' } }] }, { actions: [{ add: { index: 'al-a' } }] }]) {
      const response = await esFetch(ctx.url, '/_aliases', { method: 'POST', body });
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.headers.get('x-elastic-product'), 'Elasticsearch');
      assert.equal(typeof response.json.error.type, 'string');
    }
  });

  describe('removing an alias that does not exist', () => {
    before(async () => {
      await ctx.client.indices.create({ index: 'rm-a', aliases: { present: {} } });
    });

    it('is a 404 aliases_not_found_exception when the request removes nothing, as in ES', TEST_OPTIONS, async () => {
      // TransportIndicesAliasesAction: no alias action left to apply → AliasesNotFoundException.
      const response = await esFetch(ctx.url, '/_aliases', { method: 'POST', body: { actions: [{ remove: { index: 'rm-a', alias: 'absent' } }] } });
      assertEnvelope(
        response,
        envelope(404, 'aliases_not_found_exception', 'aliases [absent] missing', { 'resource.type': 'aliases', 'resource.id': 'absent' }),
      );
    });

    it('with must_exist is a 404 resource_not_found_exception naming the alias, as in ES', TEST_OPTIONS, async () => {
      // MetadataIndexAliasesService AliasAction.Remove: "required alias [x] does not exist".
      const response = await esFetch(ctx.url, '/_aliases', {
        method: 'POST',
        body: { actions: [{ remove: { index: 'rm-a', alias: 'absent', must_exist: true } }] },
      });
      assertEnvelope(response, envelope(404, 'resource_not_found_exception', 'required alias [absent] does not exist'));
      const mixed = await esFetch(ctx.url, '/_aliases', {
        method: 'POST',
        body: { actions: [{ add: { index: 'rm-a', alias: 'added' } }, { remove: { index: 'rm-a', alias: 'absent', must_exist: true } }] },
      });
      assert.equal(mixed.status, 404);
      assert.equal(await ctx.client.indices.existsAlias({ name: 'added' }), false, 'the add was not applied');
    });

    it('next to an action that applies, reports errors:true with per-action results (ES 8.14+)', TEST_OPTIONS, async () => {
      const response = await esFetch(ctx.url, '/_aliases', {
        method: 'POST',
        body: { actions: [{ add: { index: 'rm-a', alias: 'also-added' } }, { remove: { index: 'rm-a', alias: 'absent' } }] },
      });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.json.acknowledged, true);
      assert.equal(response.json.errors, true);
      assert.deepEqual(response.json.action_results, [
        { action: { type: 'add', indices: ['rm-a'], aliases: ['also-added'] }, status: 200 },
        {
          action: { type: 'remove', indices: ['rm-a'], aliases: ['absent'] },
          status: 404,
          error: { type: 'aliases_not_found_exception', reason: 'aliases [absent] missing', 'resource.type': 'aliases', 'resource.id': 'absent' },
        },
      ]);
      assert.equal(await ctx.client.indices.existsAlias({ name: 'also-added' }), true);
    });
  });
});

describe('PUT/DELETE /<index>/_alias/<name>', () => {
  const ctx = useEsServer();
  before(async () => {
    for (const index of ['pa-1', 'pa-2']) await ctx.client.indices.create({ index });
  });

  it('PUT adds an alias, with a body of alias properties', TEST_OPTIONS, async () => {
    assert.deepEqual(await ctx.client.indices.putAlias({ index: 'pa-1', name: 'pa' }), { acknowledged: true });
    assert.deepEqual(await ctx.client.indices.putAlias({ index: 'pa-2', name: 'pa', is_write_index: true, routing: 'r' }), { acknowledged: true });
    assert.deepEqual(await ctx.client.indices.getAlias({ name: 'pa' }), {
      'pa-1': { aliases: { pa: {} } },
      'pa-2': { aliases: { pa: { is_write_index: true, index_routing: 'r', search_routing: 'r' } } },
    });
    // The _aliases spelling and POST work too.
    const viaPost = await esFetch(ctx.url, '/pa-1/_aliases/pa-post', { method: 'POST' });
    assert.equal(viaPost.status, 200, viaPost.text);
    assert.equal(await ctx.client.indices.existsAlias({ name: 'pa-post' }), true);
  });

  it('PUT on a wildcard or list adds to every index', TEST_OPTIONS, async () => {
    await ctx.client.indices.putAlias({ index: 'pa-*', name: 'pa-all' });
    assert.deepEqual(Object.keys(await ctx.client.indices.getAlias({ name: 'pa-all' })), ['pa-1', 'pa-2']);
  });

  it('PUT on a missing index is a 404', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(ctx.url, '/pa-missing/_alias/x', { method: 'PUT' }), indexNotFound('pa-missing'));
  });

  it('DELETE removes an alias; several names or a pattern remove several', TEST_OPTIONS, async () => {
    await ctx.client.indices.putAlias({ index: 'pa-1', name: 'gone-1' });
    await ctx.client.indices.putAlias({ index: 'pa-1', name: 'gone-2' });
    await ctx.client.indices.putAlias({ index: 'pa-1', name: 'gone-3' });
    assert.deepEqual(await ctx.client.indices.deleteAlias({ index: 'pa-1', name: 'gone-1' }), { acknowledged: true });
    assert.equal(await ctx.client.indices.existsAlias({ name: 'gone-1' }), false);
    await ctx.client.indices.deleteAlias({ index: 'pa-1', name: 'gone-2,gone-3' });
    assert.equal(await ctx.client.indices.existsAlias({ name: 'gone-2' }), false);
    assert.equal(await ctx.client.indices.existsAlias({ name: 'gone-3' }), false);
    await ctx.client.indices.deleteAlias({ index: 'pa-*', name: 'pa-a*' });
    assert.equal(await ctx.client.indices.existsAlias({ name: 'pa-all' }), false);
  });

  it('DELETE of an alias the index does not have is a 404 aliases_not_found_exception', TEST_OPTIONS, async () => {
    const response = await esFetch(ctx.url, '/pa-2/_alias/not-there', { method: 'DELETE' });
    assertEnvelope(
      response,
      envelope(404, 'aliases_not_found_exception', 'aliases [not-there] missing', { 'resource.type': 'aliases', 'resource.id': 'not-there' }),
    );
    await expectEsError(ctx.client.indices.deleteAlias({ index: 'pa-2', name: 'not-there' }), { status: 404, type: 'aliases_not_found_exception' });
  });

  it('DELETE on a missing index is a 404 index_not_found_exception', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(ctx.url, '/pa-missing/_alias/pa', { method: 'DELETE' }), indexNotFound('pa-missing'));
  });
});

describe('booleans as ES reads them', () => {
  const ctx = useEsServer();

  it('is_write_index and is_hidden take "true" and "false" as strings, and nothing else', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'sb-1' });
    const put = (body: unknown) => esFetch(ctx.url, '/sb-1/_alias/sb', { method: 'PUT', body });
    assert.equal((await put({ is_write_index: 'true', is_hidden: 'false' })).status, 200);
    assert.deepEqual(await ctx.client.indices.getAlias({ name: 'sb' }), { 'sb-1': { aliases: { sb: { is_write_index: true, is_hidden: false } } } });
    assertEnvelope(await put({ is_write_index: 'yes' }), envelope(400, 'parse_exception', '[alias] failed to parse field [is_write_index]'));
    const template = await esFetch(ctx.url, '/_index_template/sb-t', { method: 'PUT', body: { index_patterns: ['sb-t-*'], allow_auto_create: 'false' } });
    assert.equal(template.status, 200, template.text);
    const [stored] = (await ctx.client.indices.getIndexTemplate({ name: 'sb-t' })).index_templates;
    assert.equal(stored!.index_template.allow_auto_create, false);
  });
});

describe('GET /_alias and GET /<index>/_alias', () => {
  const ctx = useEsServer();
  before(async () => {
    await ctx.client.indices.create({ index: 'ga-1', aliases: { shared: {}, 'only-1': { is_write_index: true } } });
    await ctx.client.indices.create({ index: 'ga-2', aliases: { shared: {} } });
    await ctx.client.indices.create({ index: 'ga-bare' });
  });

  it('GET /_alias lists every index, those without aliases too', TEST_OPTIONS, async () => {
    assert.deepEqual(await ctx.client.indices.getAlias(), {
      'ga-1': { aliases: { 'only-1': { is_write_index: true }, shared: {} } },
      'ga-2': { aliases: { shared: {} } },
      'ga-bare': { aliases: {} },
    });
  });

  it('GET /_alias/<name> lists only the indices with that alias; wildcards and lists work', TEST_OPTIONS, async () => {
    assert.deepEqual(await ctx.client.indices.getAlias({ name: 'shared' }), { 'ga-1': { aliases: { shared: {} } }, 'ga-2': { aliases: { shared: {} } } });
    assert.deepEqual(await ctx.client.indices.getAlias({ name: 'only-*' }), { 'ga-1': { aliases: { 'only-1': { is_write_index: true } } } });
    assert.deepEqual(await ctx.client.indices.getAlias({ name: 'only-1,shared' }), {
      'ga-1': { aliases: { 'only-1': { is_write_index: true }, shared: {} } },
      'ga-2': { aliases: { shared: {} } },
    });
    assert.deepEqual(await ctx.client.indices.getAlias({ name: 'nomatch-*' }), {});
  });

  it('GET /<index>/_alias[/<name>] narrows to the index; an alias as the index resolves to its indices', TEST_OPTIONS, async () => {
    assert.deepEqual(await ctx.client.indices.getAlias({ index: 'ga-bare' }), { 'ga-bare': { aliases: {} } });
    assert.deepEqual(await ctx.client.indices.getAlias({ index: 'ga-2' }), { 'ga-2': { aliases: { shared: {} } } });
    assert.deepEqual(await ctx.client.indices.getAlias({ index: 'ga-1', name: 'shared' }), { 'ga-1': { aliases: { shared: {} } } });
    assert.deepEqual(Object.keys(await ctx.client.indices.getAlias({ index: 'shared' })), ['ga-1', 'ga-2']);
    assertEnvelope(await esFetch(ctx.url, '/ga-missing/_alias'), indexNotFound('ga-missing'));
  });

  it('a missing alias is a 404 whose body is {"error":"alias [x] missing","status":404}', TEST_OPTIONS, async () => {
    const response = await esFetch(ctx.url, '/_alias/absent');
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('x-elastic-product'), 'Elasticsearch');
    assert.deepEqual(response.json, { error: 'alias [absent] missing', status: 404 });
    await expectEsError(ctx.client.indices.getAlias({ name: 'absent' }), { status: 404, body: { error: 'alias [absent] missing', status: 404 } });
    const onIndex = await esFetch(ctx.url, '/ga-2/_alias/only-1');
    assert.equal(onIndex.status, 404);
    assert.deepEqual(onIndex.json, { error: 'alias [only-1] missing', status: 404 });
  });

  it('a list with missing aliases is a 404 naming them, with the aliases that were found', TEST_OPTIONS, async () => {
    const one = await esFetch(ctx.url, '/_alias/shared,absent');
    assert.equal(one.status, 404);
    assert.deepEqual(one.json, {
      error: 'alias [absent] missing',
      status: 404,
      'ga-1': { aliases: { shared: {} } },
      'ga-2': { aliases: { shared: {} } },
    });
    const two = await esFetch(ctx.url, '/_alias/absent-1,only-1,absent-2');
    assert.equal(two.status, 404);
    assert.deepEqual(two.json, { error: 'aliases [absent-1,absent-2] missing', status: 404, 'ga-1': { aliases: { 'only-1': { is_write_index: true } } } });
  });

  it('HEAD /_alias/<name> answers whether the alias exists', TEST_OPTIONS, async () => {
    assert.equal(await ctx.client.indices.existsAlias({ name: 'shared' }), true);
    assert.equal(await ctx.client.indices.existsAlias({ name: 'absent' }), false);
    assert.equal(await ctx.client.indices.existsAlias({ index: 'ga-2', name: 'only-1' }), false);
  });
});

describe('creating indices with aliases', () => {
  const ctx = useEsServer();

  it('refuses a second write index at creation with a 500 and does not create the index', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'cw-1', aliases: { cw: { is_write_index: true } } });
    const response = await esFetch(ctx.url, '/cw-2', { method: 'PUT', body: { aliases: { cw: { is_write_index: true } } } });
    assertEnvelope(response, moreThanOneWriteIndex('cw', 'cw-1,cw-2'));
    assert.equal(await ctx.client.indices.exists({ index: 'cw-2' }), false);
    // Without the flag the alias simply spans both indices.
    await ctx.client.indices.create({ index: 'cw-2', aliases: { cw: {} } });
    assert.deepEqual(Object.keys(await ctx.client.indices.getAlias({ name: 'cw' })), ['cw-1', 'cw-2']);
  });

  it('refuses an invalid alias name at creation', TEST_OPTIONS, async () => {
    await expectEsError(ctx.client.indices.create({ index: 'cw-bad', aliases: { '_bad': {} } }), {
      status: 400,
      type: 'invalid_alias_name_exception',
      reason: "Invalid alias name [_bad]: must not start with '_', '-', or '+'",
    });
    assert.equal(await ctx.client.indices.exists({ index: 'cw-bad' }), false);
  });

  it('refuses an alias named like its own index', TEST_OPTIONS, async () => {
    await expectEsError(ctx.client.indices.create({ index: 'self', aliases: { self: {} } }), {
      status: 400,
      type: 'invalid_alias_name_exception',
      reason: 'Invalid alias name [self]: an index or data stream exists with the same name as the alias',
    });
    assert.equal(await ctx.client.indices.exists({ index: 'self' }), false);
  });
});

describe('GET /_cat/aliases', () => {
  const ctx = useEsServer();
  before(async () => {
    await ctx.client.indices.create({ index: 'ca-1', aliases: { writer: { is_write_index: true }, routed: { routing: '5', filter: { term: { a: 1 } } } } });
    await ctx.client.indices.create({ index: 'ca-2', aliases: { writer: { is_write_index: false } } });
  });

  it('format=json answers a row per alias and index', TEST_OPTIONS, async () => {
    const rows = await ctx.client.cat.aliases({ format: 'json' });
    assert.deepEqual(rows, [
      { alias: 'routed', index: 'ca-1', filter: '*', 'routing.index': '5', 'routing.search': '5', is_write_index: '-' },
      { alias: 'writer', index: 'ca-1', filter: '-', 'routing.index': '-', 'routing.search': '-', is_write_index: 'true' },
      { alias: 'writer', index: 'ca-2', filter: '-', 'routing.index': '-', 'routing.search': '-', is_write_index: 'false' },
    ]);
  });

  it('an alias pattern narrows the rows; h= picks columns', TEST_OPTIONS, async () => {
    assert.deepEqual(await ctx.client.cat.aliases({ name: 'wr*', format: 'json', h: ['index', 'alias'] }), [
      { index: 'ca-1', alias: 'writer' },
      { index: 'ca-2', alias: 'writer' },
    ]);
  });

  it('answers aligned text, with headers under v', TEST_OPTIONS, async () => {
    const raw = await esFetch(ctx.url, '/_cat/aliases?v');
    assert.equal(raw.status, 200);
    assert.match(raw.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(raw.headers.get('x-elastic-product'), 'Elasticsearch');
    assert.deepEqual(
      raw.text.split('\n').map((line) => line.trimEnd()),
      [
        'alias  index filter routing.index routing.search is_write_index',
        'routed ca-1  *      5             5              -',
        'writer ca-1  -      -             -              true',
        'writer ca-2  -      -             -              false',
        '',
      ],
    );
    const client = (await ctx.client.cat.aliases({ h: ['alias', 'index'] })) as unknown as string;
    assert.deepEqual(
      client.split('\n').map((line) => line.trimEnd()),
      ['routed ca-1', 'writer ca-1', 'writer ca-2', ''],
    );
  });
});
