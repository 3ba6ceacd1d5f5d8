/**
 * @module Keeps docs/lint.md honest: its POST and GET examples are replayed against a fresh server, curl by curl,
 * and the last answer of each must be the JSON printed under it. Its checks table names every row lint tests.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { rawRequest, useEsServer } from '../helpers/es.js';
import { markdownSection, markdownTableRows } from '../helpers/markdown.js';

const LINT_DOC = readFileSync(new URL('../../docs/lint.md', import.meta.url), 'utf8');

interface Call {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
}

/** The fenced blocks of one language in `text`, in order. */
function fenced(text: string, language: string): string[] {
  return [...text.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
}

/** Each `curl` line of a shell block, as the documented commands write them. */
function curls(block: string): Call[] {
  return block
    .split('\n')
    .filter((line) => line.startsWith('curl '))
    .map((line) => {
      const match = /^curl -s (?:-X (\w+) )?"http:\/\/localhost:9200([^"]+)"(?: -H '[^']*')?(?: -d '([^']*)')?$/.exec(line);
      assert.ok(match, `a curl line in the documented form: ${line}`);
      return { method: match[1] ?? 'GET', path: match[2]!, ...(match[3] !== undefined && { body: JSON.parse(match[3]) }) };
    });
}

describe('docs/lint.md', () => {
  const es = useEsServer();

  for (const section of ['POST: a policy before it is applied', 'GET: the cluster as it stands']) {
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
