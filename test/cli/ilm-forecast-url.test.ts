/**
 * `tessera ilm forecast --url`: a live cluster read with GET requests only (here a running Tessera with security on,
 * which answers the same APIs), the privileges each call needs, and the round trip: the cluster exported through
 * the ES APIs as the diagnostics tool would, then forecast from the files, gives the forecast read live; and each
 * dated error equals what the original cluster's own timeline predicts for that index.
 *
 * The cluster, on the virtual clock: alias [app] over app-000001 (one shard; its policy rolls over at 1d and shrinks
 * to one shard a day later), data stream [logs-web] written to, metrics-1 in ERROR (no rollover alias), a closed
 * index, and keep-1, whose policy deletes it at 2d but was last modified by [keeper], whose role may not delete it
 * (row 9): the export carries that in the policy's security header, as ES's cluster state does.
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { ALSO_READ_FILES, DIAGNOSTICS_FILES } from '../../src/ilm/import/index.js';
import { runTessera } from '../helpers/bin.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const EPOCH = Date.parse('2026-03-01T00:00:00Z');
const PASSWORD = 'elastic-pw';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('tessera ilm forecast --url', () => {
  let server: TestServer;
  let elastic: Client;
  let folder: string;
  const json = (run: { stdout: string }) => JSON.parse(run.stdout) as Record<string, any>;

  before(async () => {
    server = await startTestServer({ clock: new VirtualClock(EPOCH), security: true, elasticPassword: PASSWORD });
    elastic = new Client({ node: server.url, auth: { username: 'elastic', password: PASSWORD } });
    folder = mkdtempSync(join(tmpdir(), 'tessera-forecast-url-'));
    await elastic.ilm.putLifecycle({
      name: 'app',
      policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } }, warm: { min_age: '1d', actions: { shrink: { number_of_shards: 1 } } } } },
    });
    await elastic.ilm.putLifecycle({ name: 'logs', policy: { phases: { hot: { actions: { rollover: { max_age: '30d' } } }, warm: { min_age: '1d', actions: { shrink: { number_of_shards: 3 } } } } } });
    await elastic.indices.create({
      index: 'app-000001',
      settings: { number_of_shards: 1, 'index.lifecycle.name': 'app', 'index.lifecycle.rollover_alias': 'app' },
      aliases: { app: { is_write_index: true } },
    });
    await elastic.indices.create({ index: 'metrics-1', settings: { 'index.lifecycle.name': 'logs' } });
    await elastic.indices.create({ index: 'shut-1' });
    await elastic.indices.close({ index: 'shut-1' });
    await elastic.indices.putIndexTemplate({ name: 'logs', index_patterns: ['logs-*'], data_stream: {}, template: { settings: { 'index.lifecycle.name': 'logs' } }, priority: 200 });
    // keeper may manage policies and watch keep-* (enough for the delete action's first step), not delete it.
    await elastic.security.putRole({ name: 'ilm_keeper', cluster: ['manage_ilm'], indices: [{ names: ['keep-*'], privileges: ['view_index_metadata', 'monitor'] }] });
    await elastic.security.putUser({ username: 'keeper', password: 'keeper-pw', roles: ['ilm_keeper'] });
    const keeper = new Client({ node: server.url, auth: { username: 'keeper', password: 'keeper-pw' } });
    await keeper.ilm.putLifecycle({ name: 'keep', policy: { phases: { delete: { min_age: '2d', actions: { delete: {} } } } } });
    await keeper.close();
    await elastic.indices.create({ index: 'keep-1', settings: { 'index.lifecycle.name': 'keep' } });
    await elastic.bulk({ refresh: true, operations: Array.from({ length: 40 }, (_, i) => [{ create: { _index: 'logs-web' } }, { '@timestamp': EPOCH + i, message: 'x'.repeat(100) }]).flat() });
    await elastic.bulk({ refresh: true, operations: Array.from({ length: 20 }, (_, i) => [{ index: { _index: 'app' } }, { n: i }]).flat() });
    await elastic.transport.request({ method: 'POST', path: '/_tessera/clock/_advance', body: { by: '12h' } });
  });

  after(async () => {
    await elastic?.close();
    await server?.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('reads the cluster over its own APIs, and forecasts it', async () => {
    const run = await runTessera(['ilm', 'forecast', '--url', server.url, '--user', `elastic:${PASSWORD}`, '--json', '--horizon', '60d']);
    assert.equal(run.code, 1, run.stderr);
    const report = json(run);
    assert.deepEqual(report.not_seen, []);
    assert.deepEqual(
      report.in_error.map((e: any) => [e.index, e.failed_step, e.row]),
      [['metrics-1', 'check-rollover-ready', 4]],
    );
    const app = report.targets.find((t: any) => t.name === 'app');
    assert.equal(app.kind, 'alias');
    // Rolled over at 1d old (03-02T00:00, 12h from now), app-000001 is due in warm a day later; the poll at 03-03T00:00
    // moves it into warm, the next one past the shrink's first steps, and the one after fails the shrink itself.
    assert.deepEqual(
      app.forecast.map((f: any) => [f.index, f.step, f.row, f.time]),
      [['app-000001', 'shrink', 1, '2026-03-03T00:20:00.000Z']],
    );
    const logs = report.targets.find((t: any) => t.name === 'logs-web');
    assert.equal(logs.kind, 'data_stream');
    assert.equal(logs.documents.per_day, 40);
    // The stream's first backing index rolls over at 30d (03-31T00:00) and fails its shrink to 3 shards a day later.
    assert.deepEqual(
      logs.forecast.map((f: any) => [f.step, f.row, f.time]),
      [['shrink', 1, '2026-04-01T00:20:00.000Z']],
    );
    // 2 days old at 03-03T00:00, a poll that moves keep-1 into delete; the next one reaches the step keeper may not do.
    const keep = report.targets.find((t: any) => t.name === 'keep-1');
    assert.deepEqual(
      keep.forecast.map((f: any) => [f.step, f.row, f.time, f.type, f.message]),
      [
        [
          'delete',
          9,
          '2026-03-03T00:10:00.000Z',
          'security_exception',
          'action [indices:admin/delete] is unauthorized for user [keeper] with roles [ilm_keeper] on indices [keep-1], this action is granted by the index privileges [delete_index,manage,all]',
        ],
      ],
    );
  });

  it('works with the documented privileges alone; without manage_index_templates the templates are not seen', async () => {
    await elastic.security.putRole({ name: 'forecaster', cluster: ['monitor', 'read_ilm'], indices: [{ names: ['*'], privileges: ['view_index_metadata', 'monitor'] }] });
    await elastic.security.putUser({ username: 'forecast', password: 'forecast-pw', roles: ['forecaster'] });
    const run = await runTessera(['ilm', 'forecast', '--url', server.url, '--user', 'forecast:forecast-pw', '--json', '--horizon', '60d']);
    assert.equal(run.code, 1, run.stderr);
    const report = json(run);
    assert.deepEqual(
      report.not_seen.map((line: string) => line.split(': ').slice(0, 2).join(': ')),
      [
        'GET /_index_template: refused (cluster privilege manage_index_templates needed)',
        'GET /_component_template: refused (cluster privilege manage_index_templates needed)',
        'GET /_template: refused (cluster privilege manage_index_templates needed)',
        'GET /_security/role: refused (cluster privilege read_security needed)',
      ],
    );
    // Without the roles, the steps run unchecked: keep-1's delete is not forecast to fail.
    assert.equal(report.targets.find((t: any) => t.name === 'keep-1'), undefined);
    // Without the template, the stream's next backing index is not known to be managed; what comes before is the same.
    assert.deepEqual(report.in_error.map((e: any) => e.index), ['metrics-1']);

    await elastic.security.putRole({ name: 'forecaster', cluster: ['monitor'], indices: [{ names: ['*'], privileges: ['view_index_metadata', 'monitor'] }] });
    const without = await runTessera(['ilm', 'forecast', '--url', server.url, '--user', 'forecast:forecast-pw']);
    assert.equal(without.code, 2);
    assert.equal(
      without.stderr,
      'tessera ilm forecast: --url: GET /_ilm/policy?human answered 403: security_exception: action [cluster:admin/ilm/get] is unauthorized for user [forecast] with roles [forecaster], this action is granted by the cluster privileges [read_ilm,manage_ilm,manage,all]; it needs the cluster privilege read_ilm\n',
    );
    const wrong = await runTessera(['ilm', 'forecast', '--url', server.url, '--user', 'forecast:wrong']);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /^tessera ilm forecast: --url: GET \/ answered 401: security_exception: unable to authenticate user \[forecast\] for REST request \[\/\]: check --user or --api-key\n$/);
  });

  it('round trip: the ES APIs exported to files as the diagnostics tool would, forecast here and in a fresh Tessera, give the forecast read live', async () => {
    const bundle = join(folder, 'bundle');
    const answers: Record<string, unknown> = {};
    for (const file of [...DIAGNOSTICS_FILES, ...ALSO_READ_FILES]) {
      const response = await fetch(server.url + (file.liveCall ?? file.call).slice('GET '.length), { headers: { authorization: basic('elastic', PASSWORD) } });
      assert.equal(response.status, 200, `${file.call}: ${await response.clone().text()}`);
      mkdirSync(dirname(join(bundle, file.path)), { recursive: true });
      const text = await response.text();
      writeFileSync(join(bundle, file.path), text);
      answers[file.path] = JSON.parse(text);
    }
    const fresh = await startTestServer();
    let uploaded: unknown;
    try {
      const response = await fetch(`${fresh.url}/_tessera/ilm/forecast?horizon=60d`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ files: answers }) });
      assert.equal(response.status, 200);
      uploaded = await response.json();
    } finally {
      await fresh.dispose();
    }
    const [live, files] = await Promise.all([
      runTessera(['ilm', 'forecast', '--url', server.url, '--user', `elastic:${PASSWORD}`, '--json', '--horizon', '60d']),
      runTessera(['ilm', 'forecast', '--diagnostics', bundle, '--json', '--horizon', '60d']),
    ]);
    assert.equal(files.code, live.code, files.stderr);
    assert.deepEqual(json(files), json(live));
    assert.deepEqual(uploaded, json(live));
  });

  it("each dated error is the one the original cluster's own timeline predicts for that index, at the same time", async () => {
    const report = json(await runTessera(['ilm', 'forecast', '--url', server.url, '--user', `elastic:${PASSWORD}`, '--json', '--horizon', '60d']));
    const dated = report.targets.flatMap((t: any) => t.forecast.filter((f: any) => f.outcome === 'error').map((f: any) => ({ target: t, finding: f })));
    assert.ok(dated.length > 0);
    for (const { target, finding } of dated) {
      const timeline = (await elastic.transport.request({
        method: 'GET',
        path: `/_tessera/ilm/timeline/${target.write_index}`,
        querystring: { horizon: report.horizon, docs_per_day: String(target.documents.per_day), doc_size: `${target.documents.size_in_bytes}b` },
      })) as Record<string, any>;
      const error = timeline.first_error;
      assert.ok(error, `${target.write_index}: the original's timeline has no error`);
      assert.deepEqual([error.index, error.failed_step, error.time_millis], [finding.index, finding.step, finding.time_millis], target.write_index);
    }
  });
});
