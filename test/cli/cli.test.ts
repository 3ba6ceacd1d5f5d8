import { spawn } from 'node:child_process';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gridClient } from '../helpers/grid-clients.js';
import { startInstance } from '../helpers/instances.js';
import { removeTestData, tempDataDir, testStoreEnv } from '../helpers/server.js';
import { runTessera, TESSERA_BIN } from '../helpers/bin.js';

const run = (args: string[], env: NodeJS.ProcessEnv = process.env) => runTessera(args, { env });

describe('the tessera command', () => {
  it('--help describes serve and its options and exits 0', async () => {
    const { code, stdout } = await run(['--help']);
    assert.equal(code, 0);
    for (const text of ['tessera <command>', 'serve', 'migrate', '--port <n>', '--host <addr>', '--data-dir <dir>']) assert.ok(stdout.includes(text), text);
  });

  it('refuses an unknown command and a bad port with exit code 2', async () => {
    const unknown = await run(['frobnicate']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /^tessera: unknown command "frobnicate"/);
    const badPort = await run(['serve', '--port', 'eighty']);
    assert.equal(badPort.code, 2);
    assert.equal(badPort.stderr, 'tessera: --port must be an integer from 0 to 65535, got "eighty"\n');
  });

  it('serve listens on the given port with the given data dir, and stops on SIGTERM', async () => {
    const dataDir = tempDataDir();
    const env = await testStoreEnv(dataDir);
    const child = spawn(process.execPath, [TESSERA_BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir, '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'], env });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
          const match = /listening on (http:\/\/\S+)/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.once('exit', () => reject(new Error(`server exited early: ${out}`)));
      });
      const grid = await gridClient(url).createGrid({ name: 'From the CLI' });
      assert.equal(grid.name, 'From the CLI');
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      const migrate = await run(['migrate', '--data-dir', dataDir], env);
      assert.equal(migrate.code, 0);
      assert.equal(migrate.stdout, 'schema is up to date\n');
    } finally {
      child.kill('SIGKILL');
      await removeTestData(dataDir);
    }
  });

  it('--http-max-content-length caps ES request bodies, and a size beyond what ES takes is refused', async () => {
    for (const value of ['2gb', 'lots', '0b']) {
      const refused = await run(['serve', '--http-max-content-length', value]);
      assert.equal(refused.code, 2);
      assert.equal(refused.stderr, `tessera: --http-max-content-length must be a size below 2gb, such as 100mb, got "${value}"\n`);
    }
    const dataDir = tempDataDir();
    const instance = await startInstance(dataDir, ['--data-dir', dataDir, '--http-max-content-length', '1kb']);
    try {
      const send = (bytes: number) =>
        fetch(`${instance.url}/_ilm/policy/p`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: `{"policy":{"phases":{}}}${' '.repeat(bytes - 24)}` });
      assert.equal((await send(1024)).status, 200);
      const over = await send(1025);
      assert.equal(over.status, 413);
      assert.equal(((await over.json()) as { error: { type: string } }).error.type, 'content_too_long_exception');
    } finally {
      await instance.stop();
      await removeTestData(dataDir);
    }
  });
});
