/**
 * `tessera ilm lint` and `tessera ilm simulate` as a CI pipeline runs them: real processes, files and inline
 * JSON, text and `--json` output, and the exit codes 0 (clean), 1 (problems, a predicted error) and 2 (bad
 * invocation or input); here on an empty cluster, and with `--url` against a running server.
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { runTessera } from '../helpers/bin.js';

const run = (args: string[], cwd: string) => runTessera(args, { cwd });

const SHRINKING = { policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } }, warm: { min_age: '2d', actions: { shrink: { number_of_shards: 1 } } } } } };
const TWO_SHARDS = JSON.stringify({ 'index.lifecycle.rollover_alias': 'logs', 'index.number_of_shards': 2 });
const WRITE_ALIAS = JSON.stringify({ logs: { is_write_index: true } });
/** Gives later indices the policy and alias, but not the two shards. */
const TEMPLATE = JSON.stringify([{ name: 'logs', index_patterns: ['logs-*'], template: { settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'logs' } } }]);

describe('tessera ilm', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-ilm-cli-'));
    writeFileSync(join(dir, 'logs.json'), JSON.stringify(SHRINKING));
    writeFileSync(join(dir, 'bare.json'), JSON.stringify(SHRINKING.policy));
    writeFileSync(join(dir, 'broken.json'), '{"policy": ');
    writeFileSync(join(dir, 'templates.json'), TEMPLATE);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('lint exits 1 with each problem, its row and its remedy; 0 once the index is set up right', async () => {
    const found = await run(['ilm', 'lint', 'logs.json'], dir);
    assert.equal(found.code, 1, found.stderr);
    assert.equal(
      found.stdout,
      [
        'logs-000001: 2 problems',
        '  error (row 4) at hot/rollover/check-rollover-ready',
        '    illegal_argument_exception: setting [index.lifecycle.rollover_alias] for index [logs-000001] is empty or not defined',
        '    remedy: Set index.lifecycle.rollover_alias for index [logs-000001], in its settings or in the index template that creates it, to the alias it is written through.',
        '  error (row 1) at warm/shrink/shrink',
        '    illegal_argument_exception: the number of target shards [1] must be less than the number of source shards [1]',
        "    remedy: The index has 1 primary shard, so there is nothing to shrink to: remove the [warm] phase's shrink action, or give the index more primary shards (index.number_of_shards, in its settings or its index template).",
        '',
      ].join('\n'),
    );
    const clean = await run(['ilm', 'lint', 'bare.json', '--name', 'logs', '--index-settings', TWO_SHARDS, '--aliases', WRITE_ALIAS], dir);
    assert.deepEqual([clean.code, clean.stdout], [0, 'logs-000001: no problems found\n']);
  });

  it('lint --json prints the API answer; warnings fail only with --strict', async () => {
    writeFileSync(join(dir, 'late.json'), JSON.stringify({ phases: { warm: { min_age: '7d', actions: { readonly: {} } }, delete: { actions: { delete: {} } } } }));
    const json = await run(['ilm', 'lint', 'late.json', '--json'], dir);
    assert.equal(json.code, 0);
    const { problems } = JSON.parse(json.stdout) as { problems: { outcome: string; message: string }[] };
    assert.deepEqual(problems.map((p) => p.outcome), ['warning']);
    assert.match(problems[0]!.message, /^phase \[delete\] \(min_age: 0ms\) comes after phase \[warm\]/);
    assert.equal((await run(['ilm', 'lint', 'late.json', '--strict'], dir)).code, 1);
  });

  it('--data-stream lints and forecasts the stream its template creates: no rollover alias needed, the one set ignored', async () => {
    const streams = JSON.stringify([{ name: 'logs', index_patterns: ['logs-*'], data_stream: {}, template: { settings: { 'index.lifecycle.name': 'rolling' } } }]);
    writeFileSync(join(dir, 'rolling.json'), JSON.stringify({ phases: { hot: { actions: { rollover: { max_age: '1d' } } }, delete: { min_age: '7d', actions: { delete: {} } } } }));
    const clean = await run(['ilm', 'lint', 'rolling.json', '--data-stream', 'logs-app', '--templates', streams], dir);
    assert.deepEqual([clean.code, clean.stdout], [0, 'logs-app: no problems found\n'], clean.stderr);
    const aliased = JSON.stringify([{ name: 'logs', index_patterns: ['logs-*'], data_stream: {}, template: { settings: { 'index.lifecycle.name': 'rolling', 'index.lifecycle.rollover_alias': 'logs' } } }]);
    const warned = await run(['ilm', 'lint', 'rolling.json', '--data-stream', 'logs-app', '--templates', aliased, '--json'], dir);
    assert.equal(warned.code, 0, warned.stderr);
    const { problems } = JSON.parse(warned.stdout) as { problems: { outcome: string; message: string }[] };
    assert.deepEqual(problems.map((p) => p.outcome), ['warning']);
    assert.match(problems[0]!.message, /^index \[\.ds-logs-app-\d{4}\.\d{2}\.\d{2}-000001\] of data stream \[logs-app\] has \[index\.lifecycle\.rollover_alias: logs\], which is ignored/);
    const forecast = await run(['ilm', 'simulate', 'rolling.json', '--data-stream', 'logs-app', '--templates', streams, '--horizon', '36h', '--docs-per-day', '1000'], dir);
    assert.equal(forecast.code, 0, forecast.stderr);
    assert.match(forecast.stdout, /\.ds-logs-app-[\d.]+-000001 {2}rolled over: \.ds-logs-app-[\d.]+-000002 is the write index of data stream \[logs-app\]\n/);
    assert.match(forecast.stdout, /\n {2}\.ds-logs-app-[\d.]+-000002 {2}hot\/rollover\/check-rollover-ready, the write index of data stream \[logs-app\]\n/);
    const clash = await run(['ilm', 'lint', 'rolling.json', '--data-stream', 'logs-app', '--index', 'logs-000001'], dir);
    assert.deepEqual([clash.code, clash.stderr], [2, 'tessera ilm lint: --data-stream: cannot be used with --index\n']);
  });

  it('simulate finds what lint cannot: the template does not give the next indices their shards', async () => {
    const args = ['ilm', 'simulate', 'logs.json', '--index-settings', TWO_SHARDS, '--aliases', WRITE_ALIAS, '--templates', 'templates.json', '--horizon', '5d', '--docs-per-day', '1000'];
    assert.equal((await run(['ilm', 'lint', ...args.slice(2, -4)], dir)).code, 0, 'lint walks only the first index');
    const forecast = await run(args, dir);
    assert.equal(forecast.code, 1, forecast.stderr);
    const lines = forecast.stdout.split('\n');
    assert.match(lines[0]!, /^logs-000001 under policy \[logs\], 5d from \d{4}-.*Z, 1000 documents a day:$/);
    assert.ok(lines.includes('  +1d      logs-000001  rolled over: logs-000002 is the write index of [logs]'), forecast.stdout);
    assert.ok(lines.includes('  +3.01d   shrink-xxxx-logs-000001  created from logs-000001'), forecast.stdout);
    assert.ok(lines.includes('First predicted error (row 1), after 4.01d: logs-000002 at warm/shrink/shrink'), forecast.stdout);

    const json = JSON.parse((await run([...args, '--json'], dir)).stdout) as { first_error: { index: string; failed_step: string; row: number } };
    assert.deepEqual([json.first_error.index, json.first_error.failed_step, json.first_error.row], ['logs-000002', 'shrink', 1]);
    const fixed = JSON.stringify([{ name: 'logs', index_patterns: ['logs-*'], template: { settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'logs', 'index.number_of_shards': 2 } } }]);
    const clean = await run([...args.slice(0, 7), '--templates', fixed, ...args.slice(9)], dir);
    assert.equal(clean.code, 0, clean.stdout);
    assert.match(clean.stdout, /\nNo error predicted\.\n$/);
  });

  it('exits 2 for bad invocations and input, saying what is wrong', async () => {
    const cases: [string[], RegExp][] = [
      [['ilm'], /^Usage: tessera ilm lint/],
      [['ilm', 'check', 'logs.json'], /^tessera ilm: unknown command "check"/],
      [['ilm', 'lint'], /^tessera ilm lint: the policy file is missing/],
      [['ilm', 'lint', 'missing.json'], /^tessera ilm lint: policy: cannot read missing\.json: ENOENT\n$/],
      [['ilm', 'lint', 'broken.json'], /^tessera ilm lint: policy: broken\.json is not valid JSON: /],
      [['ilm', 'lint', 'logs.json', '--colour'], /^tessera ilm: Unknown option '--colour'/],
      [['ilm', 'lint', 'logs.json', '--index-settings', '[1]'], /^tessera ilm lint: --index-settings: must be a JSON object of settings\n$/],
      [['ilm', 'simulate', 'logs.json', '--index', 'Logs'], /^tessera ilm simulate: refused: invalid_index_name_exception: Invalid index name \[Logs\], must be lowercase\n$/],
      [['ilm', 'simulate', 'logs.json', '--horizon', 'forever'], /^tessera ilm simulate: refused: illegal_argument_exception: failed to parse setting \[horizon\] with value \[forever\]/],
      [['ilm', 'simulate', 'logs.json', '--docs-per-day', 'lots'], /^tessera ilm simulate: --docs-per-day: must be a number, got "lots"\n$/],
      [['ilm', 'lint', 'logs.json', '--url', 'http://127.0.0.1:1'], /^tessera ilm lint: --url: cannot reach http:\/\/127\.0\.0\.1:1: /],
    ];
    for (const [args, expected] of cases) {
      const result = await run(args, dir);
      assert.equal(result.code, 2, args.join(' '));
      assert.match(result.stderr, expected, args.join(' '));
    }
    const help = await run(['ilm', '--help'], dir);
    assert.equal(help.code, 0);
    for (const option of ['--index-settings <json>', '--horizon <time>', '--docs-per-day <n>', '--url <url>', '--strict', 'Exit codes:']) assert.ok(help.stdout.includes(option), option);
  });

  describe('with --url, against a running server', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ security: true, elasticPassword: 'elastic-pw' });
      const client = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
      // The stored template, not one given on the command line, now decides the next index's settings.
      await client.indices.putIndexTemplate({ name: 'logs', index_patterns: ['logs-*'], template: { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'logs' } } });
      await client.close();
    });
    after(() => server.dispose());

    it("uses the server's templates and users, and refuses without credentials", async () => {
      const lint = await run(['ilm', 'lint', 'logs.json', '--aliases', WRITE_ALIAS, '--url', server.url, '--user', 'elastic:elastic-pw'], dir);
      assert.deepEqual([lint.code, lint.stdout], [0, 'logs-000001: no problems found\n'], lint.stderr);
      const forecast = await run(['ilm', 'simulate', 'logs.json', '--aliases', WRITE_ALIAS, '--docs-per-day', '10', '--horizon', '5d', '--url', server.url, '--user', 'elastic:elastic-pw'], dir);
      assert.equal(forecast.code, 0, forecast.stdout + forecast.stderr);
      // The server's poll ticks fall where its own clock started them.
      assert.match(forecast.stdout, /  \+3\.0\dd   shrink-xxxx-logs-000001  created from logs-000001\n/);
      assert.match(forecast.stdout, /  \+4\.0\dd   shrink-xxxx-logs-000002  created from logs-000002\n/);
      const anonymous = await run(['ilm', 'lint', 'logs.json', '--url', server.url], dir);
      assert.equal(anonymous.code, 2);
      assert.equal(anonymous.stderr, 'tessera ilm lint: refused: security_exception: missing authentication credentials for REST request [/_tessera/ilm/lint]\n');
    });
  });
});
