/**
 * @module Keeps docs/forecast-a-cluster.md honest: its example is run on the bundle it names and must print what it
 * shows and exit 1; its table of files is the list the command reads, each with the call that makes it; and its
 * curl session saves each file under the name the table gives it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fenced, markdownSection, markdownTableRows } from '../helpers/markdown.js';
import { runTessera } from '../helpers/bin.js';
import { ALSO_READ_FILES, DIAGNOSTICS_FILES } from '../../src/ilm/import/index.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const DOC = readFileSync(new URL('../../docs/forecast-a-cluster.md', import.meta.url), 'utf8');
const unquote = (cell: string) => cell.replace(/^`|`$/g, '');

describe('docs/forecast-a-cluster.md', () => {
  it('the example prints what it shows, and exits 1', async () => {
    const text = markdownSection(DOC, 'An example');
    const [command] = fenced(text, 'sh');
    const [shown] = fenced(text, 'text');
    const args = command!.trim().replace(/^\$ tessera /, '').split(/\s+/);
    const run = await runTessera(args, { cwd: ROOT });
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stdout, shown);
  });

  it('the table lists every file the command reads, with its call', () => {
    const rows = markdownTableRows(markdownSection(DOC, 'The files')).map(([file, call]) => [unquote(file!), unquote(call!)]);
    const files = [...DIAGNOSTICS_FILES, ...ALSO_READ_FILES];
    assert.deepEqual(
      rows.map(([file]) => file),
      files.map((f) => f.path),
    );
    for (const [file, call] of rows) assert.equal(call, files.find((f) => f.path === file)!.call, file);
  });

  it('the curl session saves each call under the name the table gives it', () => {
    const section = markdownSection(DOC, 'The files');
    const table = new Map(markdownTableRows(section).map(([file, call]) => [unquote(file!), unquote(call!)]));
    const [session] = fenced(section, 'sh');
    const saved = [...session!.matchAll(/^curl -s "\$\{AUTH\[@\]\}" "\$ES([^"]*)" > (\S+)$/gm)].map((m) => [m[2]!, `GET ${m[1]}`]);
    assert.equal(saved.length, table.size);
    for (const [file, call] of saved) assert.equal(call, table.get(file!), file);
  });
});
