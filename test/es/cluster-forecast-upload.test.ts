/**
 * `POST /_tessera/ilm/forecast`: another cluster's support-diagnostics bundle (its zip, or its files as JSON)
 * forecast by the server as `tessera ilm forecast` does it, with each target's timeline for the console's chart;
 * its limits, its refusals in ES's envelope, and its privileges (checked before the body is read).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runTessera } from '../helpers/bin.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { filesOf, zipOf } from '../helpers/zip-writer.js';
import { assertEnvelope, envelope, esFetch, TEST_OPTIONS, useEsServer } from './es-helpers.js';

const FIXTURE = new URL('../fixtures/diagnostics/es-8.15/', import.meta.url).pathname;
const READ = ['version.json', 'cluster_state.json', 'commercial/ilm_policies.json', 'commercial/ilm_explain.json', 'alias.json', 'indices_stats.json', 'nodes_stats.json', 'cluster_settings.json', 'cluster_settings_defaults.json', 'index_templates.json', 'component_templates.json', 'templates.json', 'commercial/security_roles.json', 'commercial/data_stream.json'];
const bundleZip = () => zipOf(filesOf(FIXTURE).map((file) => [`api-diagnostics-20260310-120000/${file}`, readFileSync(join(FIXTURE, file))]));
// The fixture's cluster runs without security: it has no roles file.
const bundleJson = () => ({ files: Object.fromEntries(READ.filter((path) => existsSync(join(FIXTURE, path))).map((path) => [path, JSON.parse(readFileSync(join(FIXTURE, path), 'utf8'))])) });

async function upload(url: string, path: string, body: Buffer | unknown, headers: Record<string, string> = {}) {
  const zip = Buffer.isBuffer(body);
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': zip ? 'application/zip' : 'application/json', ...headers },
    body: zip ? new Uint8Array(body) : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

describe('POST /_tessera/ilm/forecast', () => {
  const es = useEsServer();
  let cli: Record<string, any>;

  before(async () => {
    cli = JSON.parse((await runTessera(['ilm', 'forecast', '--diagnostics', FIXTURE, '--json'])).stdout);
  });

  it('forecasts an uploaded zip as tessera ilm forecast forecasts the folder, and the files as JSON alike', TEST_OPTIONS, async () => {
    const zipped = await upload(es.url, '/_tessera/ilm/forecast', bundleZip());
    assert.equal(zipped.status, 200, JSON.stringify(zipped.json));
    assert.deepEqual(zipped.json, cli);
    // The server's timelines run in worker threads: what each wait's remedy is read from crosses back with them.
    assert.equal(zipped.json.summary.stuck, 7);
    const json = await upload(es.url, '/_tessera/ilm/forecast', bundleJson());
    assert.deepEqual(json.json, cli);
  });

  it('takes the horizon and rates as the command does, and adds each timeline on request', TEST_OPTIONS, async () => {
    const short = await upload(es.url, '/_tessera/ilm/forecast?horizon=2d', bundleJson());
    const shortCli = JSON.parse((await runTessera(['ilm', 'forecast', '--diagnostics', FIXTURE, '--json', '--horizon', '2d'])).stdout);
    assert.deepEqual(short.json, shortCli);
    const faster = await upload(es.url, '/_tessera/ilm/forecast?rate=logs-web=2000000,app=1', bundleJson());
    const fasterCli = JSON.parse((await runTessera(['ilm', 'forecast', '--diagnostics', FIXTURE, '--json', '--rate', 'logs-web=2000000', '--rate', 'app=1'])).stdout);
    assert.deepEqual(faster.json, fasterCli);
    const drawn = await upload(es.url, '/_tessera/ilm/forecast?timelines=true', bundleJson());
    for (const target of drawn.json.targets) {
      const { timeline, ...rest } = target;
      assert.deepEqual(rest, cli.targets.find((t: any) => t.name === target.name));
      assert.equal(timeline.index, target.write_index);
      assert.ok(Array.isArray(timeline.events) && Array.isArray(timeline.disk.samples), target.name);
      const error = target.forecast.find((f: any) => f.outcome === 'error');
      if (error) assert.equal(timeline.first_error.time_millis, error.time_millis, target.name);
    }
  });

  it('refuses a bad bundle whole, in ES words, and runs one forecast at a time', TEST_OPTIONS, async () => {
    const bad = (reason: string) => envelope(400, 'illegal_argument_exception', reason);
    const post = (body: Buffer | unknown, query = '') => upload(es.url, `/_tessera/ilm/forecast${query}`, body);
    const { files } = bundleJson();
    const withoutPolicies = { files: { ...files } } as { files: Record<string, unknown> };
    delete withoutPolicies.files['commercial/ilm_policies.json'];
    const cases: [Buffer | unknown, string, string][] = [
      [Buffer.from('not a zip'), '', 'the zip: not a zip archive, or a truncated one (no end of central directory)'],
      [{ bundle: {} }, '', '[bundle] is not a member of a bundle; it takes [files]'],
      [[], '', 'the body must be a zip of a support-diagnostics bundle (Content-Type: application/zip), or {"files": {"<path>": <answer>}}'],
      [{ files: [] }, '', '[files] must be an object of file paths to the answers they hold'],
      [{ files: { ...files, 'secrets.json': {} } }, '', `[files] holds [secrets.json], which the forecast does not read; it reads [${READ.join(', ')}]`],
      [withoutPolicies, '', 'commercial/ilm_policies.json is missing (the answer of GET /_ilm/policy?human): without it there is nothing to forecast'],
      [bundleJson(), '?rate=logs', '[rate]: expected <pattern>=<documents a day> such as logs-*=250000, got "logs"'],
      [bundleJson(), '?horizon=0d', '[horizon] must be more than 0 and at most 3650d, got [0d]'],
    ];
    for (const [body, query, reason] of cases) {
      const answer = await post(body, query);
      assert.deepEqual(answer, { status: 400, json: bad(reason) }, reason);
    }
    assertEnvelope(
      await esFetch(es.url, '/_tessera/ilm/forecast?pretty=false&frobnicate=1', { method: 'POST', body: bundleJson() }),
      bad('request [/_tessera/ilm/forecast] contains unrecognized parameter: [frobnicate]'),
    );
    const text = await fetch(`${es.url}/_tessera/ilm/forecast`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    assert.equal(text.status, 406);

    const both = await Promise.all([post(bundleJson(), '?timelines=true'), post(bundleJson(), '?timelines=true')]);
    assert.deepEqual(both.map((b) => b.status).sort(), [200, 429]);
    assert.deepEqual(both.find((b) => b.status === 429)!.json, envelope(429, 'es_rejected_execution_exception', 'another cluster forecast is running; send this one again when it has ended'));
  });
});

describe('POST /_tessera/ilm/forecast with security', () => {
  let server: TestServer;
  const auth = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw' });
    const put = (path: string, body: unknown) => fetch(server.url + path, { method: 'PUT', headers: { 'content-type': 'application/json', ...auth('elastic', 'elastic-pw') }, body: JSON.stringify(body) });
    await put('/_security/role/reader', { indices: [{ names: ['*'], privileges: ['read'] }] });
    await put('/_security/user/rita', { password: 'rita-password', roles: ['reader'] });
    await put('/_security/role/watcher', { cluster: ['monitor'] });
    await put('/_security/user/wes', { password: 'wes-password', roles: ['watcher'] });
  });
  after(() => server.dispose());

  it('asks for credentials, then the monitor privilege, before it reads the body', TEST_OPTIONS, async () => {
    // A body that could not be parsed: the refusal comes first.
    const garbage = Buffer.from('not a zip');
    const anonymous = await upload(server.url, '/_tessera/ilm/forecast', garbage);
    assert.equal(anonymous.status, 401);
    const reader = await upload(server.url, '/_tessera/ilm/forecast', garbage, auth('rita', 'rita-password'));
    assert.equal(reader.status, 403);
    assert.equal(reader.json.error.reason, 'action [cluster:monitor/tessera/ilm/simulate] is unauthorized for user [rita] with roles [reader], this action is granted by the cluster privileges [monitor,manage,all]');
    const watcher = await upload(server.url, '/_tessera/ilm/forecast', bundleZip(), auth('wes', 'wes-password'));
    assert.equal(watcher.status, 200);
    assert.equal(watcher.json.cluster_name, 'prod-logs');
  });
});
