import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esFetch, expectEsError, TEST_OPTIONS, useEsServer } from './es-helpers.js';

const mappingOf = async (url: string, index: string) => ((await esFetch(url, `/${index}/_mapping`)).json as Record<string, { mappings: unknown }>)[index]!.mappings;

describe('mappings: documents checked against them, dynamic mapping', () => {
  const ctx = useEsServer();

  it('maps new fields as ES infers them and commits them before answering', TEST_OPTIONS, async () => {
    await ctx.client.index({
      index: 'md-dynamic',
      id: '1',
      document: { name: 'x', count: 3, ratio: 1.5, ok: true, at: '2024-05-01T10:00:00Z', slash: '2015/09/02', nothing: null, empty: [], user: { id: 7, tags: ['a', 'b'] }, n: '42' },
    });
    assert.deepEqual(await mappingOf(ctx.url, 'md-dynamic'), {
      properties: {
        at: { type: 'date' },
        count: { type: 'long' },
        n: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } },
        name: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } },
        ok: { type: 'boolean' },
        ratio: { type: 'float' },
        slash: { type: 'date', format: 'yyyy/MM/dd HH:mm:ss||yyyy/MM/dd||epoch_millis' },
        user: { properties: { id: { type: 'long' }, tags: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } } } },
      },
    });
    // The field mapped as long by the first document refuses a string that is no number.
    await expectEsError(ctx.client.index({ index: 'md-dynamic', id: '2', document: { count: 'abc' } }), {
      status: 400,
      body: {
        error: {
          root_cause: [{ type: 'document_parsing_exception', reason: "[1:10] failed to parse field [count] of type [long] in document with id '2'. Preview of field's value: 'abc'" }],
          type: 'document_parsing_exception',
          reason: "[1:10] failed to parse field [count] of type [long] in document with id '2'. Preview of field's value: 'abc'",
          caused_by: { type: 'illegal_argument_exception', reason: 'For input string: "abc"' },
        },
        status: 400,
      },
    });
  });

  it('maps a field named __proto__ or constructor as any other, as its own property', TEST_OPTIONS, async () => {
    const written = await esFetch(ctx.url, '/md-proto/_doc/1', { method: 'PUT', body: '{"__proto__":{"x":1},"constructor":"c"}' });
    assert.equal(written.status, 201, JSON.stringify(written.json));
    assert.deepEqual(await mappingOf(ctx.url, 'md-proto'), {
      properties: {
        ['__proto__']: { properties: { x: { type: 'long' } } },
        constructor: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } },
      },
    });
    // The index lives on: a change to the cluster state after it still saves.
    assert.equal((await esFetch(ctx.url, '/md-proto-next', { method: 'PUT' })).status, 200);
  });

  it('honours numeric_detection, date_detection and dynamic_templates', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({
      index: 'md-templates',
      mappings: {
        numeric_detection: true,
        date_detection: false,
        dynamic_templates: [
          { ids: { match: '*_id', match_mapping_type: 'string', mapping: { type: 'keyword' } } },
          { labels: { path_match: 'labels.*', mapping: { type: 'keyword', meta: { from: '{name}' } } } },
        ],
      },
    });
    await ctx.client.index({ index: 'md-templates', id: '1', document: { user_id: 'u1', when: '2024-01-01', num: '12', flt: '1.5', labels: { env: 'prod' } } });
    assert.deepEqual((await mappingOf(ctx.url, 'md-templates') as { properties: unknown }).properties, {
      flt: { type: 'float' },
      labels: { properties: { env: { type: 'keyword', meta: { from: 'env' } } } },
      num: { type: 'long' },
      user_id: { type: 'keyword' },
      when: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } },
    });
  });

  it('refuses unknown fields under strict, keeps them unmapped under false, maps runtime fields under runtime', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({
      index: 'md-strict',
      mappings: { dynamic: 'strict', properties: { a: { type: 'keyword' }, loose: { type: 'object', dynamic: false }, rt: { type: 'object', dynamic: 'runtime' } } },
    });
    await expectEsError(ctx.client.index({ index: 'md-strict', id: '1', document: { a: 'x', b: 1 } }), {
      status: 400,
      type: 'strict_dynamic_mapping_exception',
      reason: '[1:14] mapping set to strict, dynamic introduction of [b] within [_doc] is not allowed',
    });
    const objectError = await expectEsError(ctx.client.index({ index: 'md-strict', id: '1', document: { a: { inner: 1 } } }), { status: 400, type: 'document_parsing_exception', reason: "[1:16] failed to parse field [a] of type [keyword] in document with id '1'. Preview of field's value: '{inner=1}'" });
    assert.deepEqual((objectError.body as { error: { caused_by: unknown } }).error.caused_by, { type: 'illegal_state_exception', reason: "Can't get text on a START_OBJECT at 1:6" });
    await ctx.client.index({ index: 'md-strict', id: '2', document: { a: 'x', loose: { anything: 1 }, rt: { s: 'v', n: 2 } } });
    const got = await ctx.client.get({ index: 'md-strict', id: '2' });
    assert.deepEqual(got._source, { a: 'x', loose: { anything: 1 }, rt: { s: 'v', n: 2 } });
    assert.deepEqual(await mappingOf(ctx.url, 'md-strict'), {
      dynamic: 'strict',
      runtime: { 'rt.n': { type: 'long' }, 'rt.s': { type: 'keyword' } },
      properties: { a: { type: 'keyword' }, loose: { type: 'object', dynamic: false }, rt: { type: 'object', dynamic: 'runtime' } },
    });
    await ctx.client.indices.create({ index: 'md-strict-inner', mappings: { properties: { o: { dynamic: 'strict', properties: { x: { type: 'long' } } } } } });
    await expectEsError(ctx.client.index({ index: 'md-strict-inner', id: '1', document: { o: { y: 1 } } }), {
      status: 400, type: 'strict_dynamic_mapping_exception', reason: '[1:11] mapping set to strict, dynamic introduction of [y] within [o] is not allowed',
    });
  });

  it('places each error where the value is in the document\'s text, in bytes', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'md-where', mappings: { properties: { n: { type: 'long' }, o: { properties: { list: { type: 'long' } } } } } });
    await expectEsError(ctx.client.index({ index: 'md-where', id: '1', document: { s: 'é', o: { list: [1, 'x'] } } }), {
      status: 400, type: 'document_parsing_exception', reason: "[1:26] failed to parse field [o.list] of type [long] in document with id '1'. Preview of field's value: 'x'",
    });
    await expectEsError(ctx.client.index({ index: 'md-where', id: '1', document: { 'o.list': 'y' } }), {
      status: 400, type: 'document_parsing_exception', reason: "[1:11] failed to parse field [o.list] of type [long] in document with id '1'. Preview of field's value: 'y'",
    });
  });

  it('checks values against their types: ranges, coerce, ignore_malformed, dates, ips, booleans', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({
      index: 'md-types',
      mappings: {
        properties: {
          b: { type: 'byte' },
          strict_int: { type: 'integer', coerce: false },
          lenient: { type: 'long', ignore_malformed: true },
          d: { type: 'date', format: 'yyyy-MM-dd' },
          ip: { type: 'ip' },
          flag: { type: 'boolean' },
          f: { type: 'float' },
          o: { properties: { x: { type: 'long' } } },
        },
      },
    });
    await ctx.client.index({ index: 'md-types', id: 'ok', document: { b: '12', strict_int: 5, lenient: 'junk', d: '2024-02-29', ip: '::1', flag: 'true', f: '1.5', o: { x: 1 } } });
    const refusals: [Record<string, unknown>, string, string, { type: string; reason: string }][] = [
      [{ b: 300 }, 'b', 'byte', { type: 'illegal_argument_exception', reason: 'Value [300] is out of range for a byte' }],
      [{ strict_int: '5' }, 'strict_int', 'integer', { type: 'illegal_argument_exception', reason: '[coerce] is set to false, so a string value [5] is not accepted for a numeric field' }],
      [{ d: '2024-02-30' }, 'd', 'date', { type: 'illegal_argument_exception', reason: 'failed to parse date field [2024-02-30] with format [yyyy-MM-dd]' }],
      [{ ip: 'nope' }, 'ip', 'ip', { type: 'illegal_argument_exception', reason: "'nope' is not an IP string literal." }],
      [{ flag: 'yes' }, 'flag', 'boolean', { type: 'illegal_argument_exception', reason: 'Failed to parse value [yes] as only [true] or [false] are allowed.' }],
      [{ f: 'x' }, 'f', 'float', { type: 'number_format_exception', reason: 'For input string: "x"' }],
    ];
    for (const [document, field, type, cause] of refusals) {
      const preview = String(Object.values(document)[0]);
      const reason = `[1:${field.length + 5}] failed to parse field [${field}] of type [${type}] in document with id 'bad'. Preview of field's value: '${preview}'`;
      const error = await expectEsError(ctx.client.index({ index: 'md-types', id: 'bad', document }), { status: 400, type: 'document_parsing_exception', reason });
      assert.deepEqual((error.body as { error: { caused_by: unknown } }).error.caused_by, cause);
    }
    await expectEsError(ctx.client.index({ index: 'md-types', id: 'bad', document: { o: 5 } }), {
      status: 400, type: 'document_parsing_exception', reason: '[1:6] object mapping for [o] tried to parse field [o] as object, but found a concrete value',
    });
    await expectEsError(ctx.client.index({ index: 'md-types', id: 'bad', document: { _id: 'x' } }), {
      status: 400, type: 'document_parsing_exception', reason: '[1:8] Field [_id] is a metadata field and cannot be added inside a document. Use the index API request parameters.',
    });
  });

  it('fails a bulk item alone with its mapping error; conflicting dynamic fields in one bulk fail the later item', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'md-bulk', mappings: { properties: { n: { type: 'long' } } } });
    const bulk = await ctx.client.bulk({
      operations: [
        { index: { _index: 'md-bulk', _id: '1' } }, { n: 1, s: 5 },
        { create: { _index: 'md-bulk', _id: '2' } }, { n: 'abc' },
        { index: { _index: 'md-bulk', _id: '3' } }, { s: { inner: true } },
        { update: { _index: 'md-bulk', _id: '1' } }, { doc: { added: 'yes' } },
      ],
    });
    assert.equal(bulk.errors, true);
    assert.equal(bulk.items[0]!.index!.status, 201);
    assert.equal(bulk.items[1]!.create!.status, 400);
    assert.deepEqual(bulk.items[1]!.create!.error, {
      type: 'document_parsing_exception',
      reason: "[1:6] failed to parse field [n] of type [long] in document with id '2'. Preview of field's value: 'abc'",
      caused_by: { type: 'illegal_argument_exception', reason: 'For input string: "abc"' },
    });
    assert.equal(bulk.items[2]!.index!.status, 400);
    assert.deepEqual(bulk.items[2]!.index!.error, {
      type: 'document_parsing_exception',
      reason: "[1:19] failed to parse field [s] of type [long] in document with id '3'. Preview of field's value: '{inner=true}'",
      caused_by: { type: 'illegal_state_exception', reason: "Can't get text on a START_OBJECT at 1:6" },
    });
    assert.equal(bulk.items[3]!.update!.status, 200);
    assert.deepEqual((await mappingOf(ctx.url, 'md-bulk') as { properties: unknown }).properties, {
      added: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } },
      n: { type: 'long' },
      s: { type: 'long' },
    });
    assert.equal((await ctx.client.count({ index: 'md-bulk' })).count, 1);
  });

  it('maps a bulk item\'s fields with the dynamic templates its metadata names', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'md-named', mappings: { dynamic_templates: [{ kw: { match_mapping_type: 'long', mapping: { type: 'keyword' } } }] } });
    const bulk = await ctx.client.bulk({
      operations: [
        { index: { _index: 'md-named', _id: '1', dynamic_templates: { code: 'kw' } } }, { code: 'x', other: 'y' },
        { index: { _index: 'md-named', _id: '2', dynamic_templates: { name: 'missing' } } }, { name: 'n' },
      ],
    });
    assert.equal(bulk.items[0]!.index!.status, 201);
    assert.deepEqual(bulk.items[1]!.index!.error, { type: 'document_parsing_exception', reason: "[1:9] Can't find dynamic template for dynamic template name [missing] of field [name]" });
    assert.deepEqual((await mappingOf(ctx.url, 'md-named') as { properties: unknown }).properties, {
      code: { type: 'keyword' },
      other: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } },
    });
  });

  it('copies values to copy_to targets (mapping a new target dynamically) and keeps mapping depth within its limit', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'md-copy', mappings: { properties: { first: { type: 'keyword', copy_to: ['full', 'n.strict'] }, n: { dynamic: 'strict', properties: { x: { type: 'long' } } } } } });
    await expectEsError(ctx.client.index({ index: 'md-copy', id: '1', document: { first: 'a' } }), {
      status: 400, type: 'strict_dynamic_mapping_exception', reason: '[1:10] mapping set to strict, dynamic introduction of [strict] within [n] is not allowed',
    });
    await ctx.client.indices.putMapping({ index: 'md-copy', properties: { n: { properties: { strict: { type: 'keyword' } } } } });
    await ctx.client.index({ index: 'md-copy', id: '1', document: { first: 'a' } });
    assert.deepEqual(((await mappingOf(ctx.url, 'md-copy')) as { properties: Record<string, unknown> }).properties.full, { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } });
    await ctx.client.indices.create({ index: 'md-nested', mappings: { properties: { items: { type: 'nested', properties: { sku: { type: 'keyword' } } } } } });
    await ctx.client.index({ index: 'md-nested', id: '1', document: { items: [{ sku: 'a', qty: 2 }] } });
    assert.deepEqual(await mappingOf(ctx.url, 'md-nested'), { properties: { items: { type: 'nested', properties: { qty: { type: 'long' }, sku: { type: 'keyword' } } } } });
    await ctx.client.indices.create({ index: 'md-depth', settings: { 'index.mapping.depth.limit': 2 } });
    await expectEsError(ctx.client.index({ index: 'md-depth', id: '1', document: { a: { b: { c: 1 } } } }), {
      status: 400, type: 'illegal_argument_exception', reason: 'Limit of mapping depth [2] has been exceeded due to object field [a.b]',
    });
  });

  it('composes a template\'s mappings with the request\'s at index creation', TEST_OPTIONS, async () => {
    await ctx.client.indices.putIndexTemplate({ name: 'md-tpl', index_patterns: ['md-tpl-*'], template: { mappings: { dynamic: 'strict', properties: { a: { type: 'long' }, o: { properties: { x: { type: 'keyword' } } } } } } });
    await ctx.client.indices.create({ index: 'md-tpl-1', mappings: { properties: { a: { type: 'keyword' }, o: { properties: { y: { type: 'long' } } } } } });
    assert.deepEqual(await mappingOf(ctx.url, 'md-tpl-1'), {
      dynamic: 'strict',
      properties: { a: { type: 'keyword' }, o: { properties: { x: { type: 'keyword' }, y: { type: 'long' } } } },
    });
    // An index a write creates takes the template's mapping, and the write is checked against it.
    await expectEsError(ctx.client.index({ index: 'md-tpl-2', id: '1', document: { b: 1 } }), {
      status: 400, type: 'strict_dynamic_mapping_exception', reason: '[1:6] mapping set to strict, dynamic introduction of [b] within [_doc] is not allowed',
    });
    await ctx.client.indices.deleteIndexTemplate({ name: 'md-tpl' });
  });

  it('honours index.mapping.coerce and index.mapping.ignore_malformed', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'md-index-flags', settings: { 'index.mapping.coerce': false, 'index.mapping.ignore_malformed': true }, mappings: { properties: { n: { type: 'long' }, m: { type: 'long', ignore_malformed: false } } } });
    await ctx.client.index({ index: 'md-index-flags', id: '1', document: { n: 'junk' } });
    await expectEsError(ctx.client.index({ index: 'md-index-flags', id: '2', document: { m: '5' } }), {
      status: 400, type: 'document_parsing_exception', reason: "[1:6] failed to parse field [m] of type [long] in document with id '2'. Preview of field's value: '5'",
    });
  });

  it('checks an update\'s partial document and upsert', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'md-update', mappings: { dynamic: 'strict', properties: { n: { type: 'long' } } } });
    await ctx.client.index({ index: 'md-update', id: '1', document: { n: 1 } });
    await expectEsError(ctx.client.update({ index: 'md-update', id: '1', doc: { n: 'x' } }), { status: 400, type: 'document_parsing_exception', reason: "[1:6] failed to parse field [n] of type [long] in document with id '1'. Preview of field's value: 'x'" });
    await expectEsError(ctx.client.update({ index: 'md-update', id: '2', doc: { n: 2 }, upsert: { m: 1 } }), {
      status: 400, type: 'strict_dynamic_mapping_exception', reason: '[1:6] mapping set to strict, dynamic introduction of [m] within [_doc] is not allowed',
    });
    assert.deepEqual((await ctx.client.get({ index: 'md-update', id: '1' }))._source, { n: 1 });
  });
});
