/** `index.analysis.*` (custom analyzers, tokenizers, filters, normalizers): refused with a clear reason, Tessera analysing no text. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertEnvelope, envelope, esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

const BUILT_IN = 'arabic, chinese, cjk, dutch, english, fingerprint, french, german, italian, keyword, pattern, portuguese, russian, simple, spanish, standard, stop, whitespace';
const refusal = (key: string) =>
  envelope(
    400,
    'illegal_argument_exception',
    `setting [${key}] is not supported: Tessera has no custom analysis, so no [index.analysis.*] setting can be set; a field's [analyzer], [search_analyzer] and [search_quote_analyzer] may name a built-in analyzer: [${BUILT_IN}]`,
  );

describe('index.analysis settings', () => {
  const ctx = useEsServer();
  const analysis = { analysis: { analyzer: { folded: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] } } } };

  it('index creation refuses a custom analyzer, naming the setting and the analyzers a mapping may use', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(ctx.url, '/an-1', { method: 'PUT', body: { settings: analysis } }), refusal('index.analysis.analyzer.folded.type'));
    assertEnvelope(await esFetch(ctx.url, '/an-1', { method: 'PUT', body: { settings: { 'index.analysis.normalizer.lower.type': 'custom' } } }), refusal('index.analysis.normalizer.lower.type'));
    assert.equal((await esFetch(ctx.url, '/an-1')).status, 404);
  });

  it('so do index, component and legacy templates, and a settings update', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(ctx.url, '/_index_template/an', { method: 'PUT', body: { index_patterns: ['an-*'], template: { settings: analysis } } }), refusal('index.analysis.analyzer.folded.type'));
    assertEnvelope(await esFetch(ctx.url, '/_component_template/an', { method: 'PUT', body: { template: { settings: analysis } } }), refusal('index.analysis.analyzer.folded.type'));
    assertEnvelope(await esFetch(ctx.url, '/_template/an', { method: 'PUT', body: { index_patterns: ['an-*'], settings: analysis } }), refusal('index.analysis.analyzer.folded.type'));
    await ctx.client.indices.create({ index: 'an-2' });
    assertEnvelope(await esFetch(ctx.url, '/an-2/_settings', { method: 'PUT', body: { 'index.analysis.filter.f.type': 'lowercase' } }), refusal('index.analysis.filter.f.type'));
  });

  it('a mapping names a built-in analyzer; any other is one ES would not find either', TEST_OPTIONS, async () => {
    await ctx.client.indices.create({ index: 'an-3', mappings: { properties: { t: { type: 'text', analyzer: 'english', search_analyzer: 'standard' } } } });
    const reason = 'analyzer [folded] has not been configured in mappings';
    const refused = await esFetch(ctx.url, '/an-4', { method: 'PUT', body: { mappings: { properties: { t: { type: 'text', analyzer: 'folded' } } } } });
    assert.deepEqual(refused.json, {
      error: { root_cause: [{ type: 'mapper_parsing_exception', reason }], type: 'mapper_parsing_exception', reason: `Failed to parse mapping: ${reason}`, caused_by: { type: 'mapper_parsing_exception', reason } },
      status: 400,
    });
  });
});
