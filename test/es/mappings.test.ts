import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { envelope, esFetch, expectEsError, TEST_OPTIONS, useEsServer } from './es-helpers.js';

/** The envelope of an error with a cause, as ES renders it: root_cause is the innermost error. */
function withCause(status: number, type: string, reason: string, cause: { type: string; reason: string }) {
  return { error: { root_cause: [cause], type, reason, caused_by: cause }, status };
}

describe('mappings: index creation, GET and PUT _mapping', () => {
  const ctx = useEsServer();

  it('parses the mappings of a new index and answers them as ES serialises them', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({
      index: 'm-shape',
      mappings: {
        dynamic: 'strict',
        _meta: { owner: 'tests' },
        _source: { excludes: ['secret'] },
        properties: {
          title: { type: 'text', fields: { raw: { type: 'keyword', ignore_above: 100 } } },
          'user.name': { type: 'keyword' },
          count: { type: 'integer', coerce: false },
          price: { type: 'scaled_float', scaling_factor: 100 },
          at: { type: 'date', format: 'yyyy-MM-dd||epoch_millis' },
          tags: { type: 'keyword', copy_to: 'all' },
          all: { type: 'text' },
          where: { type: 'object' },
          items: { type: 'nested', properties: { sku: { type: 'keyword' } } },
          title_alias: { type: 'alias', path: 'title' },
        },
      },
    });
    const expected = {
      dynamic: 'strict',
      _meta: { owner: 'tests' },
      _source: { excludes: ['secret'] },
      properties: {
        all: { type: 'text' },
        at: { type: 'date', format: 'yyyy-MM-dd||epoch_millis' },
        count: { type: 'integer', coerce: false },
        items: { type: 'nested', properties: { sku: { type: 'keyword' } } },
        price: { type: 'scaled_float', scaling_factor: 100 },
        tags: { type: 'keyword', copy_to: ['all'] },
        title: { type: 'text', fields: { raw: { type: 'keyword', ignore_above: 100 } } },
        title_alias: { type: 'alias', path: 'title' },
        user: { properties: { name: { type: 'keyword' } } },
        where: { type: 'object' },
      },
    };
    assert.deepEqual(await ctx.client.indices.getMapping({ index: 'm-shape' }), { 'm-shape': { mappings: expected } });
    const index = await ctx.client.indices.get({ index: 'm-shape' });
    assert.deepEqual(index['m-shape']!.mappings, expected);
    const all = (await ctx.client.indices.getMapping()) as Record<string, unknown>;
    assert.deepEqual(all['m-shape'], { mappings: expected });
  });

  it('answers an index without mappings as {} and accepts the _doc type wrapper', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'm-empty' });
    assert.deepEqual(await ctx.client.indices.getMapping({ index: 'm-empty' }), { 'm-empty': { mappings: {} } });
    const created = await esFetch(ctx.url, '/m-typed', { method: 'PUT', body: { mappings: { _doc: { properties: { a: { type: 'long' } } } } } });
    assert.equal(created.status, 200, created.text);
    assert.deepEqual(await ctx.client.indices.getMapping({ index: 'm-typed' }), { 'm-typed': { mappings: { properties: { a: { type: 'long' } } } } });
  });

  it('refuses a mapping ES cannot parse, with its reasons', TEST_OPTIONS, async () => {
    const cases: [unknown, string][] = [
      [{ properties: { bar: { type: 'foo' } } }, 'No handler for type [foo] declared on field [bar]'],
      [{ properties: { f: { type: 'keyword', x: 1 } } }, 'unknown parameter [x] on mapper [f] of type [keyword]'],
      [{ foo: 'bar' }, 'Root mapping definition has unsupported parameters:  [foo : bar]'],
      [{ properties: { o: { properties: {}, bogus: true } } }, 'Mapping definition for [o] has unsupported parameters:  [bogus : true]'],
      [{ properties: { p: { type: 'scaled_float' } } }, 'Field [scaling_factor] is required'],
      [{ properties: { a: { type: 'alias' } } }, 'The [path] property must be specified for field [a].'],
      [{ properties: { x: {} } }, 'No type specified for field [x]'],
      [{ properties: { x: 'keyword' } }, 'Expected map for property [fields] on field [x] but got a class java.lang.String'],
      [{ properties: { d: { type: 'date', format: 'yyyy-MM-ddQ' } } }, 'Invalid format: [yyyy-MM-ddQ]: Unknown pattern letter: Q'],
    ];
    for (const [mappings, reason] of cases) {
      const response = await esFetch(ctx.url, '/m-bad', { method: 'PUT', body: { mappings } });
      assert.deepEqual(response.json, withCause(400, 'mapper_parsing_exception', `Failed to parse mapping: ${reason}`, { type: 'mapper_parsing_exception', reason }), reason);
    }
    // What stops the mapping being read is wrapped; what the read mapping fails afterwards is not.
    const notMap = await esFetch(ctx.url, '/m-bad', { method: 'PUT', body: { mappings: { properties: 'x' } } });
    assert.deepEqual(notMap.json, withCause(400, 'mapper_parsing_exception', 'Failed to parse mapping: properties must be a map type', { type: 'parse_exception', reason: 'properties must be a map type' }));
    const alias = await esFetch(ctx.url, '/m-bad', { method: 'PUT', body: { mappings: { properties: { a: { type: 'alias', path: 'missing' } } } } });
    assert.deepEqual(alias.json, envelope(400, 'mapper_parsing_exception', 'Invalid [path] value [missing] for field alias [a]: an alias must refer to an existing field in the mappings.'));
    await ctx.client.indices.create({ index: 'm-put-bad' });
    const put = await esFetch(ctx.url, '/m-put-bad/_mapping', { method: 'PUT', body: { properties: { bar: { type: 'foo' } } } });
    const reason = 'No handler for type [foo] declared on field [bar]';
    assert.deepEqual(put.json, withCause(400, 'mapper_parsing_exception', `Failed to parse mapping: ${reason}`, { type: 'mapper_parsing_exception', reason }));
    const putAlias = await esFetch(ctx.url, '/m-put-bad/_mapping', { method: 'PUT', body: { properties: { a: { type: 'alias', path: 'a' } } } });
    assert.deepEqual(putAlias.json, envelope(400, 'mapper_parsing_exception', 'Invalid [path] value [a] for field alias [a]: an alias cannot refer to itself.'));
  });

  it('merges PUT _mapping: new fields added, updateable parameters changed, conflicts refused', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'm-merge', mappings: { properties: { n: { type: 'long' }, k: { type: 'keyword', ignore_above: 10 }, t: { type: 'text', fields: { kw: { type: 'keyword' } } } } } });
    assert.deepEqual(await ctx.client.indices.putMapping({ index: 'm-merge', properties: { extra: { type: 'boolean' }, k: { type: 'keyword', ignore_above: 20 }, t: { type: 'text', fields: { more: { type: 'keyword' } } } } }), { acknowledged: true });
    const post = await esFetch(ctx.url, '/m-merge/_mapping', { method: 'POST', body: { _meta: { v: 2 } } });
    assert.deepEqual(post.json, { acknowledged: true });
    assert.deepEqual(await ctx.client.indices.getMapping({ index: 'm-merge' }), {
      'm-merge': {
        mappings: {
          _meta: { v: 2 },
          properties: {
            extra: { type: 'boolean' },
            k: { type: 'keyword', ignore_above: 20 },
            n: { type: 'long' },
            t: { type: 'text', fields: { kw: { type: 'keyword' }, more: { type: 'keyword' } } },
          },
        },
      },
    });
    await expectEsError(ctx.client.indices.putMapping({ index: 'm-merge', properties: { n: { type: 'keyword' } } }), {
      status: 400, type: 'illegal_argument_exception', reason: 'mapper [n] cannot be changed from type [long] to [keyword]',
    });
    await expectEsError(ctx.client.indices.putMapping({ index: 'm-merge', properties: { k: { type: 'keyword', index: false } } }), {
      status: 400, type: 'illegal_argument_exception', reason: 'Mapper for [k] conflicts with existing mapper:\n\tCannot update parameter [index] from [true] to [false]',
    });
    await expectEsError(ctx.client.indices.putMapping({ index: 'm-merge', properties: { n: { properties: { x: { type: 'long' } } } } }), {
      status: 400, type: 'illegal_argument_exception', reason: "can't merge a non object mapping [n] with an object mapping",
    });
    await expectEsError(ctx.client.indices.putMapping({ index: 'm-missing', properties: {} }), { status: 404, type: 'index_not_found_exception', reason: 'no such index [m-missing]' });
  });

  it('refuses a mapping beyond index.mapping.total_fields.limit', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'm-limit', settings: { 'index.mapping.total_fields.limit': 2 }, mappings: { properties: { a: { type: 'long' } } } });
    await expectEsError(ctx.client.indices.putMapping({ index: 'm-limit', properties: { b: { type: 'text', fields: { k: { type: 'keyword' } } } } }), {
      status: 400, type: 'illegal_argument_exception', reason: 'Limit of total fields [2] has been exceeded',
    });
    const bulk = await ctx.client.bulk({ operations: [{ index: { _index: 'm-limit', _id: '1' } }, { b: 1, c: 2 }] });
    const error = bulk.items[0]!.index!.error!;
    assert.equal(error.type, 'illegal_argument_exception');
    assert.equal(error.reason, 'Limit of total fields [2] has been exceeded while adding new fields [2]');
  });

  it('answers GET _mapping/field with each field under its full name', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'm-fields', mappings: { properties: { user: { properties: { name: { type: 'text', fields: { keyword: { type: 'keyword' } } }, id: { type: 'long' } } } } } });
    assert.deepEqual(await ctx.client.indices.getFieldMapping({ index: 'm-fields', fields: 'user.name,user.id' }), {
      'm-fields': {
        mappings: {
          'user.name': { full_name: 'user.name', mapping: { name: { type: 'text', fields: { keyword: { type: 'keyword' } } } } },
          'user.id': { full_name: 'user.id', mapping: { id: { type: 'long' } } },
        },
      },
    });
    const wildcard = await esFetch(ctx.url, '/_mapping/field/user.name*', { method: 'GET' });
    assert.deepEqual((wildcard.json as Record<string, unknown>)['m-fields'], {
      mappings: {
        'user.name': { full_name: 'user.name', mapping: { name: { type: 'text', fields: { keyword: { type: 'keyword' } } } } },
        'user.name.keyword': { full_name: 'user.name.keyword', mapping: { keyword: { type: 'keyword' } } },
      },
    });
    assert.deepEqual(await ctx.client.indices.getFieldMapping({ index: 'm-fields', fields: 'nope' }), { 'm-fields': { mappings: {} } });
  });

  it('refuses parameters the mapping APIs do not read', TEST_OPTIONS, async () => {
    const response = await esFetch(ctx.url, '/_mapping?include_type_name=true', { method: 'GET' });
    assert.equal(response.status, 400);
    assert.equal((response.json as { error: { type: string } }).error.type, 'illegal_argument_exception');
  });
});
