import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import {
  assertEnvelope,
  envelope,
  esFetch,
  expectEsError,
  indexNotFound,
  invalidIndexName,
  rawPathRequest,
  TEST_OPTIONS,
  useEsServer,
} from './es-helpers.js';

const INVALID_CHARS_REASON = 'must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]';

async function uuidOf(client: Client, index: string): Promise<string> {
  const settings = await client.indices.getSettings({ index, flat_settings: true });
  return settings[index]!.settings!['index.uuid'] as string;
}

describe('PUT /<index>', () => {
  const ctx = useEsServer();

  it('creates an index and answers acknowledged, shards_acknowledged and the name', TEST_OPTIONS, async () => {
    assert.deepEqual(await ctx.client.indices.create({ index: 'plain' }), { acknowledged: true, shards_acknowledged: true, index: 'plain' });
    assert.equal(await ctx.client.indices.exists({ index: 'plain' }), true);
  });

  it('gives a new index ES defaults and its own metadata settings', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'defaults' });
    const got = await ctx.client.indices.get({ index: 'defaults' });
    assert.deepEqual(Object.keys(got), ['defaults']);
    const entry = got.defaults!;
    assert.deepEqual(entry.aliases, {});
    assert.deepEqual(entry.mappings, {});
    const index = entry.settings!.index as Record<string, any>;
    assert.equal(index.number_of_shards, '1');
    assert.equal(index.number_of_replicas, '1');
    assert.equal(index.provided_name, 'defaults');
    assert.match(index.uuid, /^[A-Za-z0-9_-]{22}$/);
    assert.match(index.creation_date, /^\d{13}$/);
    assert.ok(Math.abs(Number(index.creation_date) - Date.now()) < 60_000, 'creation_date is the creation time in millis');
    assert.match(index.version.created, /^\d+$/);
  });

  it('takes settings nested, flat or without the index. prefix, plus mappings and aliases', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({
      index: 'configured',
      settings: { index: { number_of_shards: 3 }, 'index.number_of_replicas': 0, 'lifecycle.name': 'my-policy', refresh_interval: '5s' },
      mappings: { properties: { message: { type: 'text' }, '@timestamp': { type: 'date' } } },
      aliases: { 'configured-read': {}, 'configured-write': { is_write_index: true } },
    });
    const got = (await ctx.client.indices.get({ index: 'configured', flat_settings: true })).configured!;
    assert.deepEqual(got.aliases, { 'configured-read': {}, 'configured-write': { is_write_index: true } });
    assert.deepEqual(got.mappings, { properties: { message: { type: 'text' }, '@timestamp': { type: 'date' } } });
    const settings = got.settings as Record<string, string>;
    assert.equal(settings['index.number_of_shards'], '3');
    assert.equal(settings['index.number_of_replicas'], '0');
    assert.equal(settings['index.lifecycle.name'], 'my-policy');
    assert.equal(settings['index.refresh_interval'], '5s');
    assert.equal(settings['index.provided_name'], 'configured');
  });

  it('accepts index.lifecycle.name even when no such policy exists', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'lifecycle-named', settings: { 'index.lifecycle.name': 'not-yet-defined' } });
    const settings = await ctx.client.indices.getSettings({ index: 'lifecycle-named', flat_settings: true });
    assert.equal(settings['lifecycle-named']!.settings!['index.lifecycle.name'], 'not-yet-defined');
  });

  it('refuses an index that already exists, naming its uuid', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'twice' });
    const uuid = await uuidOf(ctx.client, 'twice');
    const response = await esFetch(ctx.url, '/twice', { method: 'PUT', body: { settings: { number_of_shards: 4 } } });
    assertEnvelope(
      response,
      envelope(400, 'resource_already_exists_exception', `index [twice/${uuid}] already exists`, { index_uuid: uuid, index: 'twice' }),
    );
    // The first index is untouched.
    assert.equal(await uuidOf(ctx.client, 'twice'), uuid);
    const settings = await ctx.client.indices.getSettings({ index: 'twice', flat_settings: true });
    assert.equal(settings.twice!.settings!['index.number_of_shards'], '1');
  });

  it('refuses a name that an alias already has', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'aliased', aliases: { 'taken-name': {} } });
    const response = await esFetch(ctx.url, '/taken-name', { method: 'PUT' });
    assertEnvelope(response, invalidIndexName('taken-name', 'already exists as alias'));
    assert.equal(await ctx.client.indices.exists({ index: 'taken-name' }), true, 'the alias still resolves');
    assert.deepEqual(Object.keys(await ctx.client.indices.get({ index: 'taken-name' })), ['aliased']);
  });

  describe('index name rules (MetadataCreateIndexService.validateIndexOrAliasName, in its order)', () => {
    const cases: [name: string, why: string][] = [
      ['Upper', 'must be lowercase'],
      ['logs-Prod', 'must be lowercase'],
      ['_hidden', "must not start with '_', '-', or '+'"],
      ['-minus', "must not start with '_', '-', or '+'"],
      ['+plus', "must not start with '_', '-', or '+'"],
      ['a#b', "must not contain '#'"],
      ['a:b', "must not contain ':'"],
      // The character rule comes before the others; '#' and ':' before the start and case rules.
      ['_A b', INVALID_CHARS_REASON],
      ['A#b', "must not contain '#'"],
      ['_a:b', "must not contain ':'"],
      ['_Upper', "must not start with '_', '-', or '+'"],
      ...[' ', '"', '*', '\\', '<', '|', ',', '>', '/', '?'].map((c): [string, string] => [`a${c}b`, INVALID_CHARS_REASON]),
    ];
    for (const [name, why] of cases) {
      it(`refuses ${JSON.stringify(name)}: ${why}`, TEST_OPTIONS, async () => {
        const response = await esFetch(ctx.url, `/${encodeURIComponent(name)}`, { method: 'PUT' });
        assertEnvelope(response, invalidIndexName(name, why));
      });
    }

    for (const name of ['.', '..']) {
      it(`refuses ${JSON.stringify(name)}`, TEST_OPTIONS, async () => {
        const response = await rawPathRequest(ctx.url, 'PUT', `/${name}`);
        assertEnvelope(response, invalidIndexName(name, "must not be '.' or '..'"));
      });
    }

    it('refuses names over 255 UTF-8 bytes, counting bytes not characters', TEST_OPTIONS, async () => {
      const ascii = 'a'.repeat(256);
      assertEnvelope(
        await esFetch(ctx.url, `/${ascii}`, { method: 'PUT' }),
        invalidIndexName(ascii, 'index name is too long, (256 > 255)'),
      );
      const accented = 'é'.repeat(128);
      assertEnvelope(
        await esFetch(ctx.url, `/${encodeURIComponent(accented)}`, { method: 'PUT' }),
        invalidIndexName(accented, 'index name is too long, (256 > 255)'),
      );
    });

    it('accepts names of up to 255 bytes, and finds, reads and deletes them', TEST_OPTIONS, async () => {
      for (const name of ['b'.repeat(101), 'c'.repeat(255), 'é'.repeat(127)]) {
        assert.deepEqual(await ctx.client.indices.create({ index: name }), { acknowledged: true, shards_acknowledged: true, index: name });
        assert.equal(await ctx.client.indices.exists({ index: name }), true);
        assert.deepEqual(Object.keys(await ctx.client.indices.get({ index: name })), [name]);
        await ctx.client.indices.delete({ index: name });
        assert.equal(await ctx.client.indices.exists({ index: name }), false);
      }
      // A long name that does not exist is an ordinary missing index.
      const missing = 'd'.repeat(150);
      assertEnvelope(await esFetch(ctx.url, `/${missing}`), indexNotFound(missing));
    });

    it('accepts dots, digits, underscores and dashes after the first character', TEST_OPTIONS, async () => {
      for (const name of ['.dotted', 'a.b_c-d', '2026.01.01', 'ünïcode']) {
        assert.equal((await ctx.client.indices.create({ index: name })).index, name);
      }
    });
  });

  describe('settings validation', () => {
    it('refuses an unknown setting', TEST_OPTIONS, async () => {
      const response = await esFetch(ctx.url, '/bad-settings', { method: 'PUT', body: { settings: { index: { no_such_thing: 1 } } } });
      assertEnvelope(
        response,
        envelope(
          400,
          'illegal_argument_exception',
          'unknown setting [index.no_such_thing] please check that any required plugins are installed, or check the breaking changes documentation for removed settings',
        ),
      );
      // An unprefixed key is read as an index setting.
      await expectEsError(ctx.client.indices.create({ index: 'bad-settings', settings: { foo: 'bar' } }), {
        status: 400,
        type: 'illegal_argument_exception',
        reason: 'unknown setting [index.foo] please check that any required plugins are installed, or check the breaking changes documentation for removed settings',
      });
      assert.equal(await ctx.client.indices.exists({ index: 'bad-settings' }), false);
    });

    it('refuses a bad number_of_shards: below 1, above 1024, or not a number', TEST_OPTIONS, async () => {
      await expectEsError(ctx.client.indices.create({ index: 'bad-shards', settings: { number_of_shards: 0 } }), {
        status: 400,
        type: 'illegal_argument_exception',
        reason: 'Failed to parse value [0] for setting [index.number_of_shards] must be >= 1',
      });
      await expectEsError(ctx.client.indices.create({ index: 'bad-shards', settings: { 'index.number_of_shards': 1025 } }), {
        status: 400,
        type: 'illegal_argument_exception',
        reason: 'Failed to parse value [1025] for setting [index.number_of_shards] must be <= 1024',
      });
      await expectEsError(ctx.client.indices.create({ index: 'bad-shards', settings: { number_of_shards: 'two' } }), {
        status: 400,
        type: 'illegal_argument_exception',
        reason: 'Failed to parse value [two] for setting [index.number_of_shards]',
      });
      assert.equal(await ctx.client.indices.exists({ index: 'bad-shards' }), false);
      // The bounds themselves are allowed.
      await ctx.client.indices.create({ index: 'max-shards', settings: { number_of_shards: 1024, number_of_replicas: 0 } });
    });

    it('refuses negative replicas, a non-boolean boolean and a time value without unit', TEST_OPTIONS, async () => {
      await expectEsError(ctx.client.indices.create({ index: 'bad-values', settings: { number_of_replicas: -1 } }), {
        status: 400,
        type: 'illegal_argument_exception',
        reason: 'Failed to parse value [-1] for setting [index.number_of_replicas] must be >= 0',
      });
      await expectEsError(ctx.client.indices.create({ index: 'bad-values', settings: { 'index.hidden': 'yes' } }), {
        status: 400,
        type: 'illegal_argument_exception',
        reason: 'Failed to parse value [yes] as only [true] or [false] are allowed.',
      });
      await expectEsError(ctx.client.indices.create({ index: 'bad-values', settings: { refresh_interval: '5' } }), {
        status: 400,
        type: 'illegal_argument_exception',
        reason: 'failed to parse setting [index.refresh_interval] with value [5] as a time value: unit is missing or unrecognized',
      });
      assert.equal(await ctx.client.indices.exists({ index: 'bad-values' }), false);
    });

    it('refuses settings only the server sets', TEST_OPTIONS, async () => {
      await expectEsError(ctx.client.indices.create({ index: 'private-settings', settings: { 'index.uuid': 'mine' } }), {
        status: 400,
        type: 'illegal_argument_exception',
      });
      assert.equal(await ctx.client.indices.exists({ index: 'private-settings' }), false);
    });

    it('refuses an unknown key in the body', TEST_OPTIONS, async () => {
      const response = await esFetch(ctx.url, '/bad-body', { method: 'PUT', body: { setting: {} } });
      assertEnvelope(response, envelope(400, 'parse_exception', 'unknown key [setting] for create index'));
    });
  });
});

describe('GET and HEAD /<index>', () => {
  const ctx = useEsServer();
  before(async () => {
    for (const index of ['get-a', 'get-b', 'other-c']) await ctx.client.indices.create({ index, aliases: index === 'get-b' ? { 'get-alias': {} } : {} });
  });

  it('HEAD answers 200 for an index and 404 for a missing one, without a body', TEST_OPTIONS, async () => {
    const found = await esFetch(ctx.url, '/get-a', { method: 'HEAD' });
    assert.equal(found.status, 200);
    assert.equal(found.text, '');
    assert.equal(found.headers.get('x-elastic-product'), 'Elasticsearch');
    const missing = await esFetch(ctx.url, '/get-missing', { method: 'HEAD' });
    assert.equal(missing.status, 404);
    assert.equal(missing.text, '');
    assert.equal(missing.headers.get('x-elastic-product'), 'Elasticsearch');
    assert.equal(await ctx.client.indices.exists({ index: 'get-a' }), true);
    assert.equal(await ctx.client.indices.exists({ index: 'get-missing' }), false);
    assert.equal(await ctx.client.indices.exists({ index: 'get-a,get-b' }), true);
    assert.equal(await ctx.client.indices.exists({ index: 'get-a,get-missing' }), false);
    assert.equal(await ctx.client.indices.exists({ index: 'get-*' }), true);
    assert.equal(await ctx.client.indices.exists({ index: 'get-alias' }), true);
  });

  it('a missing index is a 404 index_not_found_exception in the ES envelope', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(ctx.url, '/get-missing'), indexNotFound('get-missing'));
    await expectEsError(ctx.client.indices.get({ index: 'get-missing' }), { status: 404, body: indexNotFound('get-missing') });
  });

  it('resolves comma lists and wildcards, sorted by name', TEST_OPTIONS, async () => {
    assert.deepEqual(Object.keys(await ctx.client.indices.get({ index: 'get-b,get-a' })), ['get-a', 'get-b']);
    assert.deepEqual(Object.keys(await ctx.client.indices.get({ index: 'get-*' })), ['get-a', 'get-b']);
    assert.deepEqual(Object.keys(await ctx.client.indices.get({ index: 'get-*,other-*' })), ['get-a', 'get-b', 'other-c']);
    assert.deepEqual(Object.keys(await ctx.client.indices.get({ index: '*' })), ['get-a', 'get-b', 'other-c']);
    assert.deepEqual(Object.keys(await ctx.client.indices.get({ index: '_all' })), ['get-a', 'get-b', 'other-c']);
    assert.deepEqual(Object.keys(await ctx.client.indices.get({ index: '*,-get-a' })), ['get-b', 'other-c']);
  });

  it('a wildcard that matches nothing is an empty answer; a missing name in a list is a 404', TEST_OPTIONS, async () => {
    assert.deepEqual(await ctx.client.indices.get({ index: 'nothing-*' }), {});
    assertEnvelope(await esFetch(ctx.url, '/get-a,get-missing'), indexNotFound('get-missing'));
  });

  it('ignore_unavailable skips missing names', TEST_OPTIONS, async () => {
    assert.deepEqual(Object.keys(await ctx.client.indices.get({ index: 'get-a,get-missing', ignore_unavailable: true })), ['get-a']);
    assert.deepEqual(await ctx.client.indices.get({ index: 'get-missing', ignore_unavailable: true }), {});
  });

  it('an alias resolves to its indices', TEST_OPTIONS, async () => {
    const got = await ctx.client.indices.get({ index: 'get-alias' });
    assert.deepEqual(Object.keys(got), ['get-b']);
    assert.deepEqual(got['get-b']!.aliases, { 'get-alias': {} });
  });

  it('flat_settings renders settings as flat keys', TEST_OPTIONS, async () => {
    const got = await ctx.client.indices.get({ index: 'get-a', flat_settings: true });
    const settings = got['get-a']!.settings as Record<string, unknown>;
    assert.equal(settings['index.number_of_shards'], '1');
    assert.equal(settings['index.provided_name'], 'get-a');
    assert.ok(Object.keys(settings).every((key) => key.startsWith('index.')));
  });
});

describe('DELETE /<index>', () => {
  const ctx = useEsServer();

  it('deletes one index, then a comma list', TEST_OPTIONS, async () => {
    for (const index of ['del-1', 'del-2', 'del-3']) await ctx.client.indices.create({ index });
    assert.deepEqual(await ctx.client.indices.delete({ index: 'del-1' }), { acknowledged: true });
    assert.equal(await ctx.client.indices.exists({ index: 'del-1' }), false);
    assert.deepEqual(await ctx.client.indices.delete({ index: 'del-2,del-3' }), { acknowledged: true });
    assert.equal(await ctx.client.indices.exists({ index: 'del-2' }), false);
    assert.equal(await ctx.client.indices.exists({ index: 'del-3' }), false);
  });

  it('a missing index is a 404 and nothing of the list is deleted', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'del-kept' });
    assertEnvelope(await esFetch(ctx.url, '/del-missing', { method: 'DELETE' }), indexNotFound('del-missing'));
    assertEnvelope(await esFetch(ctx.url, '/del-kept,del-missing', { method: 'DELETE' }), indexNotFound('del-missing'));
    assert.equal(await ctx.client.indices.exists({ index: 'del-kept' }), true);
  });

  it('the deleted index is gone from GET, _cat and the cluster health', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'del-gone', settings: { number_of_shards: 2 } });
    const before = await ctx.client.cluster.health();
    await ctx.client.indices.delete({ index: 'del-gone' });
    assertEnvelope(await esFetch(ctx.url, '/del-gone'), indexNotFound('del-gone'));
    const rows = (await ctx.client.cat.indices({ format: 'json' })) as unknown as { index: string }[];
    assert.ok(!rows.some((row) => row.index === 'del-gone'));
    const afterDelete = await ctx.client.cluster.health();
    assert.equal(afterDelete.active_primary_shards, before.active_primary_shards - 2);
    // The name is free again.
    await ctx.client.indices.create({ index: 'del-gone' });
  });

  it('ignore_unavailable makes a missing index a no-op, as in ES', TEST_OPTIONS, async () => {
    // TransportDeleteIndexAction answers acknowledged when the expression resolves to no index.
    const response = await esFetch(ctx.url, '/del-never?ignore_unavailable=true', { method: 'DELETE' });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.json, { acknowledged: true });
    await ctx.client.indices.create({ index: 'del-present' });
    assert.deepEqual(await ctx.client.indices.delete({ index: 'del-present,del-never', ignore_unavailable: true }), { acknowledged: true });
    assert.equal(await ctx.client.indices.exists({ index: 'del-present' }), false);
  });

  it('refuses to delete through an alias, as ES 8 does', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'del-behind-alias', aliases: { 'del-alias': {} } });
    const response = await esFetch(ctx.url, '/del-alias', { method: 'DELETE' });
    assertEnvelope(
      response,
      envelope(400, 'illegal_argument_exception', 'The provided expression [del-alias] matches an alias, specify the corresponding concrete indices instead.'),
    );
    assert.equal(await ctx.client.indices.exists({ index: 'del-behind-alias' }), true);
  });

  it('refuses wildcards by default (action.destructive_requires_name is true in ES 8)', TEST_OPTIONS, async () => {
    for (const index of ['wild-1', 'wild-2']) await ctx.client.indices.create({ index });
    const response = await esFetch(ctx.url, '/wild-*', { method: 'DELETE' });
    assertEnvelope(response, envelope(400, 'illegal_argument_exception', 'Wildcard expressions or all indices are not allowed'));
    assert.equal(await ctx.client.indices.exists({ index: 'wild-1' }), true);
    assert.equal(await ctx.client.indices.exists({ index: 'wild-2' }), true);
  });

  it('deletes by wildcard once action.destructive_requires_name is false', TEST_OPTIONS, async () => {
    for (const index of ['glob-1', 'glob-2', 'globe']) await ctx.client.indices.create({ index });
    await ctx.client.cluster.putSettings({ transient: { 'action.destructive_requires_name': false } });
    try {
      assert.deepEqual(await ctx.client.indices.delete({ index: 'glob-*' }), { acknowledged: true });
      assert.equal(await ctx.client.indices.exists({ index: 'glob-1' }), false);
      assert.equal(await ctx.client.indices.exists({ index: 'glob-2' }), false);
      assert.equal(await ctx.client.indices.exists({ index: 'globe' }), true);
      // A wildcard that matches nothing is fine.
      assert.deepEqual(await ctx.client.indices.delete({ index: 'glob-*' }), { acknowledged: true });
    } finally {
      await ctx.client.cluster.putSettings({ transient: { 'action.destructive_requires_name': null } as any });
    }
  });
});

describe('destructive paths that must not delete everything', () => {
  const ctx = useEsServer();
  before(async () => {
    await ctx.client.indices.create({ index: 'survivor' });
  });

  it('DELETE /_all is refused by default', TEST_OPTIONS, async () => {
    const response = await esFetch(ctx.url, '/_all', { method: 'DELETE' });
    assertEnvelope(response, envelope(400, 'illegal_argument_exception', 'Wildcard expressions or all indices are not allowed'));
    assert.equal(await ctx.client.indices.exists({ index: 'survivor' }), true);
  });

  it('DELETE /* is refused by default', TEST_OPTIONS, async () => {
    const response = await esFetch(ctx.url, '/*', { method: 'DELETE' });
    assertEnvelope(response, envelope(400, 'illegal_argument_exception', 'Wildcard expressions or all indices are not allowed'));
    assert.equal(await ctx.client.indices.exists({ index: 'survivor' }), true);
  });

  it('DELETE / is a 405 (only GET and HEAD are routed at /) and deletes nothing', TEST_OPTIONS, async () => {
    const response = await esFetch(ctx.url, '/', { method: 'DELETE' });
    assert.equal(response.status, 405, response.text);
    assert.equal(response.headers.get('x-elastic-product'), 'Elasticsearch');
    assert.match(String(response.json?.error), /^Incorrect HTTP method for uri \[\/\] and method \[DELETE\], allowed: /);
    assert.equal(await ctx.client.indices.exists({ index: 'survivor' }), true);
  });

  it('PUT / is a 405, not an index named ""', TEST_OPTIONS, async () => {
    const response = await esFetch(ctx.url, '/', { method: 'PUT' });
    assert.equal(response.status, 405, response.text);
    assert.match(String(response.json?.error), /^Incorrect HTTP method for uri \[\/\] and method \[PUT\], allowed: /);
  });
});

describe('GET/PUT /<index>/_settings and /_settings', () => {
  const ctx = useEsServer();
  before(async () => {
    await ctx.client.indices.create({ index: 'set-a', settings: { number_of_shards: 2 } });
    await ctx.client.indices.create({ index: 'set-b' });
  });

  it('GET answers nested settings per index, or flat ones', TEST_OPTIONS, async () => {
    const nested = await ctx.client.indices.getSettings({ index: 'set-a' });
    assert.deepEqual(Object.keys(nested), ['set-a']);
    const index = nested['set-a']!.settings!.index as Record<string, unknown>;
    assert.equal(index.number_of_shards, '2');
    assert.equal(index.number_of_replicas, '1');
    assert.equal(index.provided_name, 'set-a');
    const flat = await ctx.client.indices.getSettings({ index: 'set-a', flat_settings: true });
    assert.equal(flat['set-a']!.settings!['index.number_of_shards'], '2');
  });

  it('GET /_settings answers every index; lists and wildcards narrow it', TEST_OPTIONS, async () => {
    assert.deepEqual(Object.keys(await ctx.client.indices.getSettings()), ['set-a', 'set-b']);
    assert.deepEqual(Object.keys(await ctx.client.indices.getSettings({ index: 'set-b,set-a' })), ['set-a', 'set-b']);
    assert.deepEqual(Object.keys(await ctx.client.indices.getSettings({ index: 'set-*' })), ['set-a', 'set-b']);
    assertEnvelope(await esFetch(ctx.url, '/set-missing/_settings'), indexNotFound('set-missing'));
    assert.deepEqual(await ctx.client.indices.getSettings({ index: 'set-missing', ignore_unavailable: true }), {});
  });

  it('PUT updates dynamic settings given nested, flat, unprefixed or under "settings"', TEST_OPTIONS, async () => {
    assert.deepEqual(await ctx.client.indices.putSettings({ index: 'set-a', settings: { number_of_replicas: 0 } }), { acknowledged: true });
    await esFetch(ctx.url, '/set-a/_settings', { method: 'PUT', body: { index: { 'lifecycle.name': 'policy-a' } } });
    await esFetch(ctx.url, '/set-a/_settings', { method: 'PUT', body: { 'index.refresh_interval': '30s' } });
    await esFetch(ctx.url, '/set-a/_settings', { method: 'PUT', body: { settings: { 'index.lifecycle.rollover_alias': 'set' } } });
    const flat = (await ctx.client.indices.getSettings({ index: 'set-a', flat_settings: true }))['set-a']!.settings as Record<string, string>;
    assert.equal(flat['index.number_of_replicas'], '0');
    assert.equal(flat['index.lifecycle.name'], 'policy-a');
    assert.equal(flat['index.refresh_interval'], '30s');
    assert.equal(flat['index.lifecycle.rollover_alias'], 'set');
    assert.equal(flat['index.number_of_shards'], '2', 'untouched settings stay');
    // The index became green: its replicas are gone.
    assert.equal((await ctx.client.cluster.health({ index: 'set-a' })).status, 'green');
  });

  it('PUT with null resets a setting to its default', TEST_OPTIONS, async () => {
    await ctx.client.indices.putSettings({ index: 'set-a', settings: { 'index.refresh_interval': null } as any });
    const flat = (await ctx.client.indices.getSettings({ index: 'set-a', flat_settings: true }))['set-a']!.settings as Record<string, string>;
    assert.equal(flat['index.refresh_interval'], undefined);
  });

  it('PUT /_settings and wildcards update every matching index', TEST_OPTIONS, async () => {
    await ctx.client.indices.putSettings({ settings: { 'index.lifecycle.indexing_complete': true } });
    await ctx.client.indices.putSettings({ index: 'set-*', settings: { 'index.priority': 7 } });
    const all = await ctx.client.indices.getSettings({ flat_settings: true });
    for (const name of ['set-a', 'set-b']) {
      assert.equal(all[name]!.settings!['index.lifecycle.indexing_complete'], 'true');
      assert.equal(all[name]!.settings!['index.priority'], '7');
    }
  });

  it('refuses to update a non-dynamic setting of an open index', TEST_OPTIONS, async () => {
    const uuid = await uuidOf(ctx.client, 'set-b');
    const response = await esFetch(ctx.url, '/set-b/_settings', { method: 'PUT', body: { index: { number_of_shards: 3 } } });
    assertEnvelope(
      response,
      envelope(400, 'illegal_argument_exception', `Can't update non dynamic settings [[index.number_of_shards]] for open indices [[set-b/${uuid}]]`),
    );
    const flat = (await ctx.client.indices.getSettings({ index: 'set-b', flat_settings: true }))['set-b']!.settings as Record<string, string>;
    assert.equal(flat['index.number_of_shards'], '1');
  });

  it('refuses an unknown setting and a bad value, changing nothing', TEST_OPTIONS, async () => {
    await expectEsError(ctx.client.indices.putSettings({ index: 'set-b', settings: { number_of_replicas: 0, 'index.bogus': 1 } }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'unknown setting [index.bogus] please check that any required plugins are installed, or check the breaking changes documentation for removed settings',
    });
    await expectEsError(ctx.client.indices.putSettings({ index: 'set-b', settings: { number_of_replicas: 'many' } }), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'Failed to parse value [many] for setting [index.number_of_replicas]',
    });
    const flat = (await ctx.client.indices.getSettings({ index: 'set-b', flat_settings: true }))['set-b']!.settings as Record<string, string>;
    assert.equal(flat['index.number_of_replicas'], '1');
  });

  it('a missing index is a 404', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(ctx.url, '/set-missing/_settings', { method: 'PUT', body: { number_of_replicas: 0 } }), indexNotFound('set-missing'));
  });
});

describe('GET /_cat/indices', () => {
  const ctx = useEsServer();
  before(async () => {
    await ctx.client.indices.create({ index: 'cat-a', settings: { number_of_shards: 1, number_of_replicas: 0 } });
    await ctx.client.indices.create({ index: 'cat-bb', settings: { number_of_shards: 12 } });
  });

  it('format=json answers one row per index with ES column names, all strings', TEST_OPTIONS, async () => {
    const rows = (await ctx.client.cat.indices({ format: 'json' })) as unknown as Record<string, string>[];
    assert.deepEqual(
      rows.map((r) => r.index),
      ['cat-a', 'cat-bb'],
    );
    const a = rows[0]!;
    assert.deepEqual(Object.keys(a), ['health', 'status', 'index', 'uuid', 'pri', 'rep', 'docs.count', 'docs.deleted', 'store.size', 'pri.store.size', 'dataset.size']);
    assert.equal(a.health, 'green');
    assert.equal(a.status, 'open');
    assert.equal(a.pri, '1');
    assert.equal(a.rep, '0');
    assert.equal(a.uuid, await uuidOf(ctx.client, 'cat-a'));
    assert.equal(rows[1]!.health, 'yellow');
    assert.equal(rows[1]!.pri, '12');
    assert.equal(rows[1]!.rep, '1');
  });

  it('h= picks and orders columns; an index expression narrows the rows', TEST_OPTIONS, async () => {
    const rows = await esFetch(ctx.url, '/_cat/indices/cat-b*?format=json&h=rep,index');
    assert.equal(rows.status, 200);
    assert.deepEqual(rows.json, [{ rep: '1', index: 'cat-bb' }]);
  });

  it('answers text, with a header line under v', TEST_OPTIONS, async () => {
    const text = (await ctx.client.cat.indices({ v: true })) as unknown as string;
    assert.equal(typeof text, 'string');
    const lines = text.trimEnd().split('\n');
    assert.deepEqual(lines[0]!.split(/\s+/), ['health', 'status', 'index', 'uuid', 'pri', 'rep', 'docs.count', 'docs.deleted', 'store.size', 'pri.store.size', 'dataset.size']);
    assert.equal(lines.length, 3);
    const raw = await esFetch(ctx.url, '/_cat/indices?h=index');
    assert.equal(raw.status, 200);
    assert.match(raw.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(raw.headers.get('x-elastic-product'), 'Elasticsearch');
    assert.deepEqual(raw.text.split('\n').map((l) => l.trimEnd()), ['cat-a', 'cat-bb', '']);
  });

  it('aligns the columns, numbers to the right as ES does (text-align:right)', TEST_OPTIONS, async () => {
    const raw = await esFetch(ctx.url, '/_cat/indices?v&h=index,pri,rep');
    assert.equal(raw.status, 200);
    assert.equal(raw.text, ['index  pri rep', 'cat-a    1   0', 'cat-bb  12   1', ''].join('\n'));
  });

  it('counts the documents and their store size; bytes= gives whole units of the size', TEST_OPTIONS, async () => {
    // 3 documents of 700 bytes each: 2100 bytes, ES's 2kb in human form.
    const source = { m: 'x'.repeat(692) };
    await ctx.client.bulk({ refresh: true, operations: [1, 2, 3].flatMap((id) => [{ index: { _index: 'cat-a', _id: String(id) } }, source]) });
    const columns = 'index,docs.count,docs.deleted,store.size,pri.store.size,dataset.size';
    const human = await esFetch(ctx.url, `/_cat/indices/cat-a?format=json&h=${columns}`);
    assert.deepEqual(human.json, [{ index: 'cat-a', 'docs.count': '3', 'docs.deleted': '0', 'store.size': '2kb', 'pri.store.size': '2kb', 'dataset.size': '2kb' }]);
    const inBytes = await esFetch(ctx.url, `/_cat/indices/cat-a?format=json&h=${columns}&bytes=b`);
    assert.deepEqual(inBytes.json, [{ index: 'cat-a', 'docs.count': '3', 'docs.deleted': '0', 'store.size': '2100', 'pri.store.size': '2100', 'dataset.size': '2100' }]);
    const inKb = await esFetch(ctx.url, '/_cat/indices/cat-a?format=json&h=store.size&bytes=kb');
    assert.deepEqual(inKb.json, [{ 'store.size': '2' }]);
    await ctx.client.delete({ index: 'cat-a', id: '1', refresh: true });
    const after = await esFetch(ctx.url, '/_cat/indices/cat-a?format=json&h=docs.count,store.size&bytes=b');
    assert.deepEqual(after.json, [{ 'docs.count': '2', 'store.size': '1400' }]);
  });
});
