/** @module Keeps docs/search.md honest: it names every query Tessera evaluates, and the requests it quotes answer as it says. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { TESSERA_QUERIES } from '../../src/cluster/search/dsl/query-names.js';
import { markdownSection } from '../helpers/markdown.js';
import { esErrorOf, useEsServer } from '../helpers/es.js';

const doc = readFileSync(new URL('../../docs/search.md', import.meta.url), 'utf8');

describe('docs/search.md', () => {
  const es = useEsServer();

  it('lists each evaluated query under "Queries evaluated", and names refused ones apart', () => {
    const section = markdownSection(doc, 'Queries evaluated');
    const [evaluated, refused] = section.split('\n\n');
    for (const name of TESSERA_QUERIES) assert.ok(evaluated!.includes(`\`${name}\``), name);
    for (const name of ['function_score', 'geo_distance', 'script']) assert.ok(!TESSERA_QUERIES.includes(name) && refused!.includes(`\`${name}\``), name);
  });

  it('answers the errors of its table as it says', async () => {
    await es.client.indices.create({ index: 'doc-errors', mappings: { properties: { count: { type: 'long' }, text: { type: 'text' } } } });
    await es.client.index({ index: 'doc-errors', document: { count: 1, text: 'x' }, refresh: true });
    const table = markdownSection(doc, 'Errors');
    const body = async (request: Record<string, unknown>) => (await es.client.transport.request({ method: 'POST', path: '/doc-errors/_search', body: request }, { ignore: [400] })) as any;
    assert.deepEqual(await esErrorOf(es.client.search({ index: 'doc-errors', query: { x: {} } as never })), { status: 400, type: 'parsing_exception', reason: 'unknown query [x]' });
    assert.ok(table.includes('unknown query [x]'));
    const number = await body({ query: { term: { count: 'abc' } } });
    assert.equal(number.error.type, 'search_phase_execution_exception');
    assert.equal(number.error.root_cause[0].reason, 'failed to create query: For input string: "abc"');
    assert.ok(table.includes(number.error.root_cause[0].reason));
    const window = await body({ from: 9995, size: 10 });
    assert.ok(table.includes(window.error.root_cause[0].reason.slice(0, 90)));
    const sortText = await body({ sort: ['text'] });
    assert.ok(table.includes(sortText.error.root_cause[0].reason.slice(0, 70)));
    const unmapped = await body({ sort: ['x'] });
    assert.ok(table.includes(unmapped.error.root_cause[0].reason));
    const unparsed = await body({ query: { query_string: { query: 'x AND' } } });
    assert.equal(unparsed.error.root_cause[0].reason, 'Failed to parse query [x AND]');
    assert.ok(table.includes('Failed to parse query [x]'));
  });
});
