/**
 * @module Keeps docs/lint.md honest: its POST, GET, data stream and POST-by-name examples are replayed against a fresh server, curl
 * by curl, and the last answer of each must be the JSON printed under it. Its checks table names every row lint tests.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { rawRequest, useEsServer } from '../helpers/es.js';
import { curls, fenced, markdownSection, markdownTableRows } from '../helpers/markdown.js';

const LINT_DOC = readFileSync(new URL('../../docs/lint.md', import.meta.url), 'utf8');

describe('docs/lint.md', () => {
  const es = useEsServer();

  for (const section of ['POST: a policy before it is applied', 'GET: the cluster as it stands', 'GET: some indices', 'Data streams', 'POST by name: a policy and what uses it']) {
    it(`the example of "${section}" answers what it shows`, async () => {
      const text = markdownSection(LINT_DOC, section);
      const [commands] = fenced(text, 'sh');
      const [shown] = fenced(text, 'json');
      const calls = curls(commands!);
      let last: unknown;
      for (const call of calls) {
        const response = await rawRequest(es.server.url, call.method, call.path, call.body);
        assert.equal(response.status, 200, JSON.stringify(response.json));
        last = response.json;
      }
      assert.deepEqual(last, JSON.parse(shown!));
    });
  }

  it('the checks table has a row for each error row lint tests (1–6, 8 and 9)', () => {
    // The section has two tables; the rows numbered there are the spec's.
    const rows = markdownTableRows(markdownSection(LINT_DOC, 'The checks'))
      .map((cells) => cells[0]!)
      .filter((cell) => /^\d+$/.test(cell));
    assert.deepEqual([...new Set(rows)], ['1', '2', '3', '4', '5', '6', '8', '9']);
  });
});
