/**
 * The shipped server is the compiled bundle in dist/: it runs with no TypeScript compiler or loader, and with none
 * of the packages it bundles. A copy of bin/ and dist/ beside a node_modules that holds only the two packages left
 * outside the bundle (the native better-sqlite3, and pg) serves both APIs, and loads the parts it loads on first use
 * (lint, forecasts in a worker thread, the console's file server, the `ilm` command, and pg on PostgreSQL).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runTessera, TESSERA_BIN } from '../helpers/bin.js';
import { gridClient } from '../helpers/grid-clients.js';
import { removeTestData, tempDataDir, testStoreEnv } from '../helpers/server.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const POLICY = { phases: { hot: { actions: { rollover: { max_age: '1d' } } }, delete: { min_age: '3d', actions: { delete: {} } } } };

/** bin/, dist/ and the console's files in a new folder whose node_modules has only better-sqlite3 and pg. */
function shippedCopy(): string {
  const folder = mkdtempSync(join(tmpdir(), 'tessera-shipped-'));
  cpSync(join(ROOT, 'bin'), join(folder, 'bin'), { recursive: true });
  cpSync(join(ROOT, 'dist'), join(folder, 'dist'), { recursive: true });
  cpSync(join(ROOT, 'web/dist'), join(folder, 'web/dist'), { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'tessera', type: 'module', private: true }));
  mkdirSync(join(folder, 'node_modules'));
  for (const external of ['better-sqlite3', 'pg']) symlinkSync(join(ROOT, 'node_modules', external), join(folder, 'node_modules', external));
  return folder;
}


describe('the compiled server, as shipped', () => {
  let folder: string;
  let dataDir: string;
  let child: ChildProcess;
  let url: string;

  before(async () => {
    assert.ok(TESSERA_BIN, 'the bundle is fresh');
    folder = shippedCopy();
    dataDir = tempDataDir();
    const env = { ...(await testStoreEnv(dataDir)), NODE_PATH: '' };
    child = spawn(process.execPath, [join(folder, 'bin/tessera.js'), 'serve', '--port', '0', '--host', '127.0.0.1', '--quiet', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'], env, cwd: folder });
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d;
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.stderr!.on('data', (d) => (out += d));
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
    });
  });

  after(async () => {
    child?.kill('SIGKILL');
    if (folder) rmSync(folder, { recursive: true, force: true });
    if (dataDir) await removeTestData(dataDir);
  });

  it('serves the grid API and the Elasticsearch API', async () => {
    const grid = await gridClient(url).createGrid({ name: 'Shipped' });
    assert.equal((await gridClient(url).getFields({ gridId: grid.id })).items.length, 3);
    const root = await fetch(`${url}/`);
    assert.equal(root.status, 200);
    assert.equal(((await root.json()) as { tagline: string }).tagline, 'You Know, for Search');
  });

  it('lints, and forecasts in a worker thread started from the bundle', async () => {
    const lint = await fetch(`${url}/_tessera/ilm/lint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ policy: POLICY }) });
    assert.equal(lint.status, 200);
    assert.ok(Array.isArray(((await lint.json()) as { problems: unknown[] }).problems));
    const forecast = await fetch(`${url}/_tessera/ilm/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        policy: POLICY,
        index: { name: 'logs-000001', settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'logs' }, aliases: { logs: { is_write_index: true } } },
        horizon: '5d',
      }),
    });
    const body = (await forecast.json()) as { indices?: Record<string, { phase: string }> };
    assert.equal(forecast.status, 200, JSON.stringify(body));
    assert.equal(body.indices?.['logs-000001']?.phase, 'hot');
  });

  it('serves the console from the files beside the bundle', async () => {
    const page = await fetch(`${url}/_tessera/console/`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(await page.text(), /<!doctype html>/i);
  });

  it('runs the ilm command', async () => {
    writeFileSync(join(folder, 'policy.json'), JSON.stringify({ policy: POLICY }));
    const { code, stdout, stderr } = await runTessera(['ilm', 'lint', 'policy.json', '--json'], { bin: join(folder, 'bin/tessera.js'), cwd: folder });
    assert.equal(stderr, '');
    assert.ok(code === 0 || code === 1, `exit code ${code}`);
    assert.ok(Array.isArray((JSON.parse(stdout) as { problems: unknown[] }).problems));
  });
});

describe('bin/tessera.js without a build', () => {
  it('says how to build, and exits 1', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tessera-unbuilt-'));
    try {
      cpSync(join(ROOT, 'bin'), join(folder, 'bin'), { recursive: true });
      writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
      const { code, stdout, stderr } = await runTessera(['serve'], { bin: join(folder, 'bin/tessera.js'), cwd: folder });
      assert.equal(code, 1);
      assert.equal(stdout, '');
      assert.equal(stderr, 'tessera is not built: run `npm run build` (npm install does it too)\n');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
