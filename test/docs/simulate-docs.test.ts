/**
 * @module Keeps docs/simulate.md honest: its POST and GET examples are replayed against a fresh server, curl by
 * curl, and the last answer must be the JSON printed under it; its command-line example is run, from the files it
 * shows, and must print what it shows (but the date of the run) and exit as it says.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { rawRequest, useEsServer } from '../helpers/es.js';
import { curls, fenced, markdownSection } from '../helpers/markdown.js';
import { TESSERA_BIN } from '../helpers/bin.js';

const DOC = readFileSync(new URL('../../docs/simulate.md', import.meta.url), 'utf8');

/** A shell-quoted argument list as the documented commands write them: words and '…' strings. */
function words(command: string): string[] {
  return [...command.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

function run(args: string[], cwd: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TESSERA_BIN, ...args], { stdio: ['ignore', 'pipe', 'inherit'], cwd });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

const ISO_DATE = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/;

describe('docs/simulate.md', () => {
  const es = useEsServer();

  for (const section of ['POST: a policy before it is applied', 'GET: an index from where it stands']) {
    it(`the example of "${section}" answers what it shows`, async () => {
      const text = markdownSection(DOC, section);
      const [commands] = fenced(text, 'sh');
      const [shown] = fenced(text, 'json');
      let last: unknown;
      for (const call of curls(commands!)) {
        const response = await rawRequest(es.server.url, call.method, call.path, call.body);
        assert.equal(response.status, 200, JSON.stringify(response.json));
        last = response.json;
      }
      assert.deepEqual(last, JSON.parse(shown!));
    });
  }

  it('the command-line example prints what it shows, and exits 0 then 1', async () => {
    const text = markdownSection(DOC, 'The command line');
    const [policy, templates] = fenced(text, 'json');
    const [session] = fenced(text, 'console');
    const dir = mkdtempSync(join(tmpdir(), 'tessera-simulate-doc-'));
    try {
      writeFileSync(join(dir, 'logs.json'), policy!);
      writeFileSync(join(dir, 'templates.json'), templates!);
      const steps = session!.split(/^\$ /m).filter((part) => part.trim() !== '');
      assert.equal(steps.length, 2);
      const codes: (number | null)[] = [];
      for (const step of steps) {
        const [command, ...shown] = step.split('\n');
        const [tessera, ...args] = words(command!);
        assert.equal(tessera, 'tessera');
        const { code, stdout } = await run(args, dir);
        codes.push(code);
        assert.equal(stdout.replace(ISO_DATE, '<date>'), shown.join('\n').replace(ISO_DATE, '<date>'));
      }
      assert.deepEqual(codes, [0, 1]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
