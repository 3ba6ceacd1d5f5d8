/**
 * `tessera ilm forecast --url` against a cluster that answers from the ES 8.15 fixture (each file as Elasticsearch
 * answers its call): the calls it makes (GET only, with the credentials given), the same report as `--diagnostics`
 * on the files, and each way a read can fail: a refused optional call (not seen), a refused required one, bad
 * credentials, a redirect, no cluster at all, and bad invocations.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { ALSO_READ_FILES, DIAGNOSTICS_FILES } from '../../src/ilm/import/index.js';
import { runTessera } from '../helpers/bin.js';

const FIXTURE = new URL('../fixtures/diagnostics/es-8.15/', import.meta.url).pathname;
const FILES = [...DIAGNOSTICS_FILES, ...ALSO_READ_FILES];
const CALLS = FILES.map((f) => (f.liveCall ?? f.call).slice('GET '.length));

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
}

/** What the fake cluster answers instead of the file, by path and query. */
type Override = (res: ServerResponse) => void;

const securityException = (reason: string, status: number) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { root_cause: [{ type: 'security_exception', reason }], type: 'security_exception', reason }, status }));
};

describe('tessera ilm forecast --url, against answers shaped as Elasticsearch 8.15 gives them', () => {
  let server: Server;
  let url: string;
  const seen: Seen[] = [];
  const overrides = new Map<string, Override>();

  before(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
      const override = overrides.get(req.url!);
      if (override) return override(res);
      const at = CALLS.indexOf(req.url!);
      // The fixture's cluster runs without security: it has no answer to GET /_security/role.
      if (at < 0 || req.method !== 'GET' || !existsSync(FIXTURE + FILES[at]!.path)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(readFileSync(FIXTURE + FILES[at]!.path));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    seen.length = 0;
    overrides.clear();
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('makes each call once, GET only, with the API key, and reports what --diagnostics reports on the same answers', async () => {
    const [live, files] = await Promise.all([
      runTessera(['ilm', 'forecast', '--url', url, '--api-key', 'aWQ6a2V5', '--json']),
      runTessera(['ilm', 'forecast', '--diagnostics', FIXTURE, '--json']),
    ]);
    assert.equal(live.code, 1, live.stderr);
    assert.deepEqual(JSON.parse(live.stdout), JSON.parse(files.stdout));
    assert.deepEqual(seen, CALLS.map((call) => ({ method: 'GET', url: call, authorization: 'ApiKey aWQ6a2V5' })));
    assert.ok(CALLS.includes('/_stats?level=indices&human&expand_wildcards=all&forbid_closed_indices=false'));
  });

  it('sends basic credentials, the password from the environment when --user has none', async () => {
    const run = await runTessera(['ilm', 'forecast', '--url', `${url}/`, '--user', 'forecast'], { env: { ...process.env, TESSERA_FORECAST_PASSWORD: 's3cret:x' } });
    assert.equal(run.code, 1, run.stderr);
    assert.deepEqual(new Set(seen.map((s) => s.authorization)), new Set([`Basic ${Buffer.from('forecast:s3cret:x').toString('base64')}`]));
  });

  it('leaves out what it may not read, saying which privilege that takes, and forecasts the rest', async () => {
    for (const path of ['/_index_template', '/_component_template', '/_template']) {
      overrides.set(path, securityException(`action [indices:admin/index_template/get] is unauthorized for user [forecast] with effective roles [forecaster]`, 403));
    }
    const run = await runTessera(['ilm', 'forecast', '--url', url, '--user', 'forecast:pw', '--json']);
    assert.equal(run.code, 1, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout).not_seen, [
      'GET /_index_template: refused (cluster privilege manage_index_templates needed): composable index templates: indices made by rollovers get no settings from them',
      'GET /_component_template: refused (cluster privilege manage_index_templates needed): component templates: index templates composed of them are left out',
      'GET /_template: refused (cluster privilege manage_index_templates needed): legacy index templates: indices made by rollovers get no settings from them',
    ]);
    const text = await runTessera(['ilm', 'forecast', '--url', url, '--user', 'forecast:pw']);
    assert.match(text.stdout, /^Cluster \[prod-logs\] \(Elasticsearch 8\.15\.3\), 30d from 2026-03-10T12:00:00\.000Z\nNot read from the cluster, so not seen:\n {2}GET \/_index_template: refused/);
  });

  it('stops, changing nothing, when a call the forecast cannot do without is refused, naming the privilege', async () => {
    overrides.set('/_ilm/policy?human', securityException('action [cluster:admin/ilm/get] is unauthorized for user [forecast] with effective roles [viewer]', 403));
    const run = await runTessera(['ilm', 'forecast', '--url', url, '--user', 'forecast:pw']);
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '');
    assert.equal(
      run.stderr,
      'tessera ilm forecast: --url: GET /_ilm/policy?human answered 403: security_exception: action [cluster:admin/ilm/get] is unauthorized for user [forecast] with effective roles [viewer]; it needs the cluster privilege read_ilm\n',
    );
  });

  it('stops at refused credentials, at a redirect, and when there is no cluster', async () => {
    overrides.set('/', securityException('unable to authenticate user [forecast] for REST request [/]', 401));
    const refused = await runTessera(['ilm', 'forecast', '--url', url, '--user', 'forecast:wrong']);
    assert.equal(refused.code, 2);
    assert.equal(refused.stderr, 'tessera ilm forecast: --url: GET / answered 401: security_exception: unable to authenticate user [forecast] for REST request [/]: check --user or --api-key\n');
    assert.equal(seen.length, 1);

    overrides.set('/', (res) => res.writeHead(302, { location: 'http://elsewhere.example/' }).end());
    const redirected = await runTessera(['ilm', 'forecast', '--url', url]);
    assert.equal(redirected.code, 2);
    assert.equal(redirected.stderr, 'tessera ilm forecast: --url: GET / answered 302: a redirect to http://elsewhere.example/, not followed\n');

    overrides.set('/', (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>'));
    const html = await runTessera(['ilm', 'forecast', '--url', url]);
    assert.equal(html.code, 2);
    assert.match(html.stderr, /^tessera ilm forecast: --url: GET \/: the answer is not JSON: /);

    const nobody = await runTessera(['ilm', 'forecast', '--url', 'http://127.0.0.1:1']);
    assert.equal(nobody.code, 2);
    assert.equal(nobody.stderr, 'tessera ilm forecast: --url: GET /: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:1\n');
  });

  it('refuses bad invocations before asking anything', async () => {
    const cases: [string[], string][] = [
      [['--url', 'ftp://127.0.0.1/'], '--url: ftp: is not http: or https:'],
      [['--url', 'not a url'], '--url: not a URL: not a url'],
      [['--url', `${url}/?pretty`], "--url: give the cluster's base URL, without a query or fragment"],
      [['--url', `http://u:p@127.0.0.1:1`], '--url: give credentials with --user or --api-key, not in the URL (it is printed in messages)'],
      [['--url', url, '--user', 'a:b', '--api-key', 'k'], '--user and --api-key: give one or the other'],
      [['--url', url, '--user', 'forecast'], '--user: give <name>:<password>, or set TESSERA_FORECAST_PASSWORD'],
      [['--url', url, '--user', ':pw'], '--user: the user name is empty'],
      [['--url', url, '--ca', '/nonexistent/ca.pem'], '--ca: cannot read /nonexistent/ca.pem: ENOENT'],
      [['--url', url, '--diagnostics', FIXTURE], 'give one of --diagnostics <dir|zip> and --url <cluster>'],
      [['--diagnostics', FIXTURE, '--api-key', 'k'], '--user, --api-key and --ca go with --url'],
      [[], 'give one of --diagnostics <dir|zip> and --url <cluster>'],
    ];
    const env = { ...process.env };
    delete env.TESSERA_FORECAST_PASSWORD;
    for (const [args, message] of cases) {
      const run = await runTessera(['ilm', 'forecast', ...args], { env });
      assert.equal(run.code, 2, args.join(' '));
      assert.equal(run.stderr, `tessera ilm forecast: ${message}\n`, args.join(' '));
    }
    assert.deepEqual(seen, []);
  });
});
