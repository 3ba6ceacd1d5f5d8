/** `null_value` read as ES's mappers read it at mapping time, and nulls in documents as DocumentParser takes them. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

type Cause = { type: string; reason: string; caused_by?: Cause };

/** MapperService's wrap of what stopped it reading the mapping; the root cause is the first cause that is no ES exception's holder. */
function mappingRefusal(reason: string, cause: Cause, root: Cause = { type: 'mapper_parsing_exception', reason: `Failed to parse mapping: ${reason}` }) {
  return { error: { root_cause: [root], type: 'mapper_parsing_exception', reason: `Failed to parse mapping: ${reason}`, caused_by: cause }, status: 400 };
}

describe('null_value', () => {
  const ctx = useEsServer();
  let n = 0;
  const create = (field: Record<string, unknown>) => esFetch(ctx.url, `/nv-${n++}`, { method: 'PUT', body: { mappings: { properties: { x: field } } } });
  const mappingOf = async (index: string) => ((await esFetch(ctx.url, `/${index}/_mapping`)).json as Record<string, { mappings: { properties: Record<string, unknown> } }>)[index]!.mappings.properties;

  it('refuses a numeric null_value that does not parse, with the number parser\'s words', TEST_OPTIONS, async () => {
    const cases: [Record<string, unknown>, Cause][] = [
      [{ type: 'long', null_value: 'abc' }, { type: 'number_format_exception', reason: 'For input string: "abc"' }],
      [{ type: 'integer', null_value: true }, { type: 'number_format_exception', reason: 'For input string: "true"' }],
      [{ type: 'double', null_value: '' }, { type: 'number_format_exception', reason: 'empty String' }],
      [{ type: 'long', null_value: 1.5 }, { type: 'illegal_argument_exception', reason: 'Value [1.5] has a decimal part' }],
      [{ type: 'long', null_value: '9223372036854775808' }, { type: 'illegal_argument_exception', reason: 'Value [9223372036854775808] is out of range for a long' }],
      [{ type: 'byte', null_value: 300 }, { type: 'illegal_argument_exception', reason: 'Value [300] is out of range for a byte' }],
      [{ type: 'short', null_value: '40000' }, { type: 'illegal_argument_exception', reason: 'Value [40000] is out of range for a short' }],
      [{ type: 'integer', null_value: '2.5' }, { type: 'illegal_argument_exception', reason: 'Value [2.5] has a decimal part' }],
      [{ type: 'float', null_value: '1e39' }, { type: 'illegal_argument_exception', reason: '[float] supports only finite values, but got [Infinity]' }],
      [{ type: 'boolean', null_value: 'yes' }, { type: 'illegal_argument_exception', reason: 'Failed to parse value [yes] as only [true] or [false] are allowed.' }],
      [{ type: 'scaled_float', scaling_factor: 10, null_value: 'x' }, { type: 'number_format_exception', reason: 'For input string: "x"' }],
    ];
    for (const [field, cause] of cases) {
      const response = await create(field);
      assert.deepEqual(response.json, mappingRefusal(cause.reason, cause), JSON.stringify(field));
    }
  });

  it('refuses a date, ip or unsigned_long null_value as their mappers word it: Error parsing [null_value] on field [x]', TEST_OPTIONS, async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'date', null_value: 'abc' }, 'failed to parse date field [abc] with format [strict_date_optional_time||epoch_millis]'],
      [{ type: 'date', format: 'yyyy/MM/dd', null_value: '2024-01-01' }, 'failed to parse date field [2024-01-01] with format [yyyy/MM/dd]'],
      [{ type: 'date_nanos', null_value: 'x' }, 'failed to parse date field [x] with format [strict_date_optional_time_nanos||epoch_millis]'],
      [{ type: 'ip', null_value: ':1' }, "':1' is not an IP string literal."],
      [{ type: 'unsigned_long', null_value: -1 }, 'Value [-1] is out of range for unsigned long.'],
      [{ type: 'unsigned_long', null_value: 'abc' }, 'For input string: "abc"'],
      [{ type: 'unsigned_long', null_value: '1.5' }, 'Value "1.5" has a decimal part'],
      [{ type: 'unsigned_long', null_value: '18446744073709551616' }, 'Value [18446744073709551616] is out of range for unsigned long'],
    ];
    for (const [field, inner] of cases) {
      const reason = `Error parsing [null_value] on field [x]: ${inner}`;
      const cause = { type: 'mapper_parsing_exception', reason, caused_by: { type: 'illegal_argument_exception', reason: inner } };
      assert.deepEqual((await create(field)).json, mappingRefusal(reason, cause, { type: 'mapper_parsing_exception', reason }), JSON.stringify(field));
    }
  });

  it('is checked in PUT _mapping, templates and multi-fields too', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'nv-put' });
    const put = await esFetch(ctx.url, '/nv-put/_mapping', { method: 'PUT', body: { properties: { y: { type: 'long', null_value: 'abc' } } } });
    assert.deepEqual(put.json, mappingRefusal('For input string: "abc"', { type: 'number_format_exception', reason: 'For input string: "abc"' }));
    const component = await esFetch(ctx.url, '/_component_template/nv-ct', { method: 'PUT', body: { template: { mappings: { properties: { y: { type: 'ip', null_value: 'nope' } } } } } });
    assert.equal(component.status, 400);
    assert.equal(component.json.error.reason, "Failed to parse mapping: Error parsing [null_value] on field [y]: 'nope' is not an IP string literal.");
    const multi = await create({ type: 'text', fields: { n: { type: 'long', null_value: 'abc' } } });
    assert.equal(multi.json.error.reason, 'Failed to parse mapping: For input string: "abc"');
  });

  it('stores the parsed value, as GET _mapping shows it; null is its default and is not kept', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({
      index: 'nv-ok',
      mappings: {
        properties: {
          l: { type: 'long', null_value: '-5' as unknown as number },
          i: { type: 'integer', null_value: '7.0' as unknown as number },
          d: { type: 'double', null_value: ' 2.5 ' as unknown as number },
          h: { type: 'half_float', null_value: 0.1 },
          f: { type: 'float', null_value: 0.1 },
          b: { type: 'boolean', null_value: 'false' as unknown as boolean },
          k: { type: 'keyword', null_value: 5 as unknown as string },
          t: { type: 'date', null_value: 0 as unknown as string },
          ip: { type: 'ip', null_value: '::1' },
          u: { type: 'unsigned_long', null_value: '18446744073709551615' as unknown as number },
          v: { type: 'unsigned_long', null_value: 42 },
          z: { type: 'long', null_value: null as unknown as number },
        },
      },
    });
    assert.deepEqual(await mappingOf('nv-ok'), {
      b: { type: 'boolean', null_value: false },
      d: { type: 'double', null_value: 2.5 },
      f: { type: 'float', null_value: 0.1 },
      h: { type: 'half_float', null_value: 0.099975586 },
      i: { type: 'integer', null_value: 7 },
      ip: { type: 'ip', null_value: '::1' },
      k: { type: 'keyword', null_value: '5' },
      l: { type: 'long', null_value: -5 },
      t: { type: 'date', null_value: '0' },
      u: { type: 'unsigned_long', null_value: '18446744073709551615' },
      v: { type: 'unsigned_long', null_value: '42' },
      z: { type: 'long' },
    });
  });
});

describe('nulls in documents', () => {
  const ctx = useEsServer();

  it('a null for an unmapped field under strict is refused, as any new field is', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'nd-strict', mappings: { dynamic: 'strict', properties: { a: { type: 'keyword', null_value: 'NULL' } } } });
    assert.equal((await esFetch(ctx.url, '/nd-strict/_doc/1', { method: 'PUT', body: { a: null } })).status, 201);
    const refused = await esFetch(ctx.url, '/nd-strict/_doc/2', { method: 'PUT', body: { b: null } });
    const reason = '[1:6] mapping set to strict, dynamic introduction of [b] within [_doc] is not allowed';
    assert.deepEqual(refused.json, { error: { root_cause: [{ type: 'strict_dynamic_mapping_exception', reason }], type: 'strict_dynamic_mapping_exception', reason }, status: 400 });
    // In an array too; with dynamic true a null maps nothing.
    assert.equal((await esFetch(ctx.url, '/nd-strict/_doc/3', { method: 'PUT', body: { b: [null] } })).status, 400);
    await ctx.client.index({ index: 'nd-dynamic', id: '1', document: { c: null, d: { e: null } } });
    assert.deepEqual((await esFetch(ctx.url, '/nd-dynamic/_mapping')).json, { 'nd-dynamic': { mappings: { properties: { d: { type: 'object' } } } } });
  });

  it('a null written to an alias or a constant_keyword is refused as their mappers refuse it', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'nd-kinds', mappings: { properties: { a: { type: 'keyword' }, al: { type: 'alias', path: 'a' }, c: { type: 'constant_keyword', value: 'x' } } } });
    const alias = await esFetch(ctx.url, '/nd-kinds/_doc/1', { method: 'PUT', body: { al: null } });
    assert.equal(alias.status, 400);
    assert.deepEqual(alias.json.error.root_cause, [{ type: 'document_parsing_exception', reason: '[1:7] Cannot write to a field alias [al].' }]);
    const constant = await esFetch(ctx.url, '/nd-kinds/_doc/2', { method: 'PUT', body: { c: null } });
    const reason = "[1:6] failed to parse field [c] of type [constant_keyword] in document with id '2'. Preview of field's value: 'null'";
    assert.deepEqual(constant.json, {
      error: {
        root_cause: [{ type: 'document_parsing_exception', reason }],
        type: 'document_parsing_exception',
        reason,
        caused_by: { type: 'illegal_argument_exception', reason: "[constant_keyword] field [c] doesn't accept [null] values" },
      },
      status: 400,
    });
  });

  it('copy_to copies a null to its targets, where strict refuses a new one', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'nd-copy', mappings: { dynamic: 'strict', properties: { a: { type: 'keyword', copy_to: ['missing'] } } } });
    const refused = await esFetch(ctx.url, '/nd-copy/_doc/1', { method: 'PUT', body: { a: null } });
    assert.equal(refused.status, 400);
    assert.equal(refused.json.error.type, 'strict_dynamic_mapping_exception');
    assert.match(refused.json.error.reason, /dynamic introduction of \[missing\] within \[_doc\] is not allowed$/);
  });
});
