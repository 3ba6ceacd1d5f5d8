/**
 * @module Replays docs/tutorial-rollover.md, Elastic's "Automate rollover with ILM" tutorial, against a fresh server
 * per flavour: every console request in order, each answer a 2xx, and every JSON block under a request found in its
 * answer (the block is a subset: each member it shows has that value; arrays match element for element).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { rawRequest, useEsServer } from '../helpers/es.js';
import { markdownSection } from '../helpers/markdown.js';

const DOC = readFileSync(new URL('../../docs/tutorial-rollover.md', import.meta.url), 'utf8');

interface ConsoleRequest {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
}

/** The requests of one Kibana console block: `METHOD path`, then the request's JSON body, if any, up to the next request. */
function consoleRequests(block: string): ConsoleRequest[] {
  const requests: { method: string; path: string; body: string[] }[] = [];
  for (const line of block.split('\n')) {
    const start = /^(GET|PUT|POST|DELETE|HEAD) (\S+)$/.exec(line);
    if (start) requests.push({ method: start[1]!, path: `/${start[2]!.replace(/^\//, '')}`, body: [] });
    else if (line.trim() !== '') {
      assert.ok(requests.length > 0, `a console block starts with a request line: ${line}`);
      requests.at(-1)!.body.push(line);
    }
  }
  return requests.map(({ method, path, body }) => ({ method, path, ...(body.length > 0 && { body: JSON.parse(body.join('\n')) }) }));
}

/** The fenced console and json blocks of `text`, in the order they appear. */
function blocks(text: string): { language: 'console' | 'json'; body: string }[] {
  return [...text.matchAll(/```(console|json)\n([\s\S]*?)```/g)].map((m) => ({ language: m[1] as 'console' | 'json', body: m[2]! }));
}

/** Asserts that every member `expected` shows is in `actual` with that value. */
function assertShown(actual: unknown, expected: unknown, path: string): void {
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${path} is an array: ${JSON.stringify(actual)}`);
    assert.equal(actual.length, expected.length, `${path} has ${expected.length} elements: ${JSON.stringify(actual)}`);
    expected.forEach((element, i) => assertShown(actual[i], element, `${path}[${i}]`));
  } else if (expected !== null && typeof expected === 'object') {
    assert.ok(actual !== null && typeof actual === 'object' && !Array.isArray(actual), `${path} is an object: ${JSON.stringify(actual)}`);
    const shown = Object.keys(expected);
    if (path.endsWith('.indices') || path === '$') {
      // A map keyed by index name shows every index there is, not a sample of them.
      const names = Object.keys(actual as object).filter((key) => key.startsWith('.ds-') || key.startsWith('timeseries-'));
      const expectedNames = shown.filter((key) => key.startsWith('.ds-') || key.startsWith('timeseries-'));
      assert.deepEqual(names.sort(), expectedNames.sort(), `${path} names the indices shown`);
    }
    for (const key of shown) assertShown((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key], `${path}.${key}`);
  } else {
    assert.deepEqual(actual, expected, `${path}`);
  }
}

function replay(section: string, options: { todo?: string } = {}): void {
  const es = useEsServer();
  it(`replays "${section}" request for request`, options, async () => {
    let last: { request: ConsoleRequest; json: unknown } | undefined;
    for (const block of blocks(markdownSection(DOC, section))) {
      if (block.language === 'json') {
        assert.ok(last, 'an answer follows a request');
        assertShown(last.json, JSON.parse(block.body), '$');
        continue;
      }
      for (const request of consoleRequests(block.body)) {
        const response = await rawRequest(es.server.url, request.method, request.path, request.body);
        assert.ok(response.status >= 200 && response.status < 300, `${request.method} ${request.path}: ${response.status} ${JSON.stringify(response.json)}`);
        last = { request, json: response.json };
      }
    }
  });
}

describe('docs/tutorial-rollover.md', () => {
  describe('with a data stream', () => replay('With a data stream'));
  describe('with an alias and a write index', () => replay('Without a data stream'));
});
