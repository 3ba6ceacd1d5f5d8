/** The `runtime` section of mappings: fields without scripts stored and answered; scripts refused, Tessera having no scripting. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

type Cause = { type: string; reason: string; caused_by?: Cause };

function mappingRefusal(reason: string, cause?: Cause) {
  const outer = { type: 'mapper_parsing_exception', reason: `Failed to parse mapping: ${reason}` };
  const inner = cause ?? { type: 'mapper_parsing_exception', reason };
  return { error: { root_cause: [cause && cause.type !== 'mapper_parsing_exception' ? outer : inner], ...outer, caused_by: inner }, status: 400 };
}

describe('runtime fields in mappings', () => {
  const ctx = useEsServer();
  let n = 0;
  const create = (runtime: unknown) => esFetch(ctx.url, `/rt-${n++}`, { method: 'PUT', body: { mappings: { runtime } } });
  const mappingOf = async (index: string) => ((await esFetch(ctx.url, `/${index}/_mapping`)).json as Record<string, { mappings: Record<string, unknown> }>)[index]!.mappings;

  it('stores runtime fields of each type without a script and answers them in GET _mapping and _mapping/field', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({
      index: 'rt-ok',
      mappings: {
        runtime: {
          k: { type: 'keyword', meta: { unit: 'none' } },
          l: { type: 'long' },
          d: { type: 'double' },
          t: { type: 'date', format: 'yyyy-MM-dd', locale: 'en' },
          i: { type: 'ip' },
          b: { type: 'boolean', on_script_error: 'fail' },
        } as never,
        properties: { a: { type: 'keyword' } },
      },
    });
    assert.deepEqual(await mappingOf('rt-ok'), {
      runtime: {
        b: { type: 'boolean' },
        d: { type: 'double' },
        i: { type: 'ip' },
        k: { type: 'keyword', meta: { unit: 'none' } },
        l: { type: 'long' },
        t: { type: 'date', format: 'yyyy-MM-dd', locale: 'en' },
      },
      properties: { a: { type: 'keyword' } },
    });
    assert.deepEqual((await esFetch(ctx.url, '/rt-ok/_mapping/field/l')).json, { 'rt-ok': { mappings: { l: { full_name: 'l', mapping: { l: { type: 'long' } } } } } });
    // A document's value for a runtime field stays in _source, mapped by nothing else.
    await ctx.client.index({ index: 'rt-ok', id: '1', document: { l: 5 }, refresh: true });
    assert.deepEqual(Object.keys((await mappingOf('rt-ok')).properties as object), ['a']);
  });

  it('PUT _mapping adds runtime fields and removes one set to null', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'rt-put', mappings: { runtime: { x: { type: 'keyword' }, y: { type: 'long' } } } });
    const put = await esFetch(ctx.url, '/rt-put/_mapping', { method: 'PUT', body: { runtime: { x: null, z: { type: 'double' } } } });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual((await mappingOf('rt-put')).runtime, { y: { type: 'long' }, z: { type: 'double' } });
  });

  it('refuses a script as a node that allows no scripts does, saying why', TEST_OPTIONS, async () => {
    const inline = "cannot execute [inline] scripts: Tessera has no scripting; runtime field [s] reads its value from _source, so leave [script] out";
    assert.deepEqual((await create({ s: { type: 'long', script: "emit(doc['a'].value)" } })).json, mappingRefusal(inline, { type: 'illegal_argument_exception', reason: inline }));
    assert.deepEqual((await create({ s: { type: 'keyword', script: { source: 'emit("x")', lang: 'painless' }, on_script_error: 'continue' } })).json, mappingRefusal(inline, { type: 'illegal_argument_exception', reason: inline }));
    const stored = 'stored scripts are not supported for runtime field [s]';
    assert.deepEqual((await create({ s: { type: 'long', script: { id: 'my-script' } } })).json, mappingRefusal(stored, { type: 'illegal_argument_exception', reason: stored }));
    // The same for a field mapper's own script.
    const field = await esFetch(ctx.url, '/rt-field', { method: 'PUT', body: { mappings: { properties: { f: { type: 'long', script: 'emit(1)' } } } } });
    const fieldReason = 'cannot execute [inline] scripts: Tessera has no scripting; field [f] cannot have a [script]';
    assert.deepEqual(field.json, mappingRefusal(fieldReason, { type: 'illegal_argument_exception', reason: fieldReason }));
  });

  it('refuses what ES refuses in a runtime definition, with its words', TEST_OPTIONS, async () => {
    const cases: [unknown, string, Cause?][] = [
      [{ s: { type: 'long', on_script_error: 'continue' } }, 'Field [on_script_error] requires field [script] to be configured', { type: 'illegal_argument_exception', reason: 'Field [on_script_error] requires field [script] to be configured' }],
      [{ s: { type: 'long', on_script_error: 'explode' } }, 'Unknown value [explode] for field [on_script_error] - accepted values are [fail, continue]'],
      [{ s: { type: 'long', format: 'yyyy' } }, 'unknown parameter [format] on runtime field [s] of type [long]'],
      [{ s: { type: 'text' } }, 'No handler for type [text] declared on runtime field [s]'],
      [{ s: {} }, 'No type specified for runtime field [s]'],
      [{ s: 'keyword' }, 'Expected map for runtime field [s] definition but got a java.lang.String'],
      [{ s: 123 }, 'Expected map for runtime field [s] definition but got a java.lang.Integer'],
      [{ s: ['keyword'] }, 'Expected map for runtime field [s] definition but got a java.util.ArrayList'],
      [{ s: { type: 'keyword', meta: null } }, '[meta] on runtime field [s] of type [keyword] must not have a [null] value'],
    ];
    for (const [runtime, reason, cause] of cases) assert.deepEqual((await create(runtime)).json, mappingRefusal(reason, cause), reason);
  });
});
