/**
 * Another cluster's forecast in the console (`#/lifecycle/forecast`), in a real browser: the bundle's zip or its
 * folder uploaded, and the report the server gives for it shown as the command prints it (summary, in ERROR now,
 * each target's dated findings) with each target's lanes and disk; the server's refusal as it words it; a
 * shorter horizon; a phone-wide screen; and a user without the privilege told so instead of shown a form.
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { filesOf, zipOf } from '../helpers/zip-writer.js';

const WAIT = { timeout: 60_000 };
const FIXTURE = new URL('../fixtures/diagnostics/es-8.15/', import.meta.url).pathname;
const UNMANAGED = new URL('../fixtures/diagnostics/es-8.15-unmanaged/', import.meta.url).pathname;

/** What the console should show: the server's own answer to the same bundle, asked directly. */
async function reportOf(url: string, body: Buffer, query: string, auth?: string): Promise<{ status: number; json: any }> {
  const response = await fetch(`${url}/_tessera/ilm/forecast${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/zip', ...(auth && { authorization: auth }) },
    body: new Uint8Array(body),
  });
  return { status: response.status, json: await response.json() };
}

function text(value: string | null): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth') as Promise<number>;
}

async function uploadZip(page: Page, file: string, horizon?: string): Promise<void> {
  await page.getByLabel('Its zip').setInputFiles(file);
  if (horizon !== undefined) await page.getByLabel('Horizon').fill(horizon);
  await page.getByRole('button', { name: 'Forecast', exact: true }).click();
}

function summaryOf(page: Page): Locator {
  return page.locator('.cluster-summary');
}

describe('the console: forecast a cluster from its diagnostics bundle', { skip: browserSkip }, () => {
  let browser: Browser;
  let server: TestServer;
  let dir: string;
  let zipFile: string;
  let report: any;

  before(async () => {
    browser = await launchBrowser();
    server = await startTestServer();
    dir = mkdtempSync(join(tmpdir(), 'tessera-bundle-'));
    const zip = zipOf(filesOf(FIXTURE).map((file) => [`api-diagnostics-20260310-120000/${file}`, readFileSync(join(FIXTURE, file))]));
    zipFile = join(dir, 'api-diagnostics-20260310-120000.zip');
    writeFileSync(zipFile, zip);
    const answer = await reportOf(server.url, zip, '?timelines=true');
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    report = answer.json;
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is a lifecycle view of its own, named in the tab', async () => {
    const page = await openConsole(browser, server.url, '#/lifecycle');
    await page.getByRole('link', { name: 'Forecast a cluster' }).click();
    await page.getByRole('heading', { name: 'Forecast a cluster' }).waitFor(WAIT);
    assert.equal(await page.title(), 'Forecast a cluster · Index lifecycle · Tessera');
    assert.equal(await page.getByLabel('Horizon').inputValue(), '30d');
    await page.context().close();
  });

  it('shows an uploaded zip’s report as the server gives it, with each target’s lanes and disk', async () => {
    const page = await openConsole(browser, server.url, '#/lifecycle/forecast');
    await uploadZip(page, zipFile);
    await summaryOf(page).waitFor(WAIT);
    assert.equal(await summaryOf(page).textContent(), report.summary.text);

    // In ERROR now: each index with its step, the spec's row, Elasticsearch's words and the remedy.
    const inError = page.getByRole('list', { name: 'In ERROR now' }).locator(':scope > li');
    assert.ok(report.in_error.length > 0);
    assert.equal(await inError.count(), report.in_error.length);
    for (const [i, e] of report.in_error.entries()) {
      const row = inError.nth(i);
      const shown = text(await row.textContent());
      const at = [e.phase, e.action, e.failed_step].filter((part) => part !== undefined).join(' / ');
      assert.ok(shown.startsWith(`${e.index} at ${at} under policy ${e.policy} with ${e.step_info.type}`), shown);
      assert.ok(shown.includes(e.row === null ? 'not in the spec’s error table' : `spec error row ${e.row}`), shown);
      assert.equal(await row.locator('.step-info-reason').textContent(), e.step_info.reason);
      assert.equal(await row.locator('.remedy-text').textContent(), e.remedy);
    }
    const old = report.in_error.find((e: any) => e.index === 'old-000003');
    assert.equal(old.row, 1);

    // Each target, in the report's order, with every finding it dates and lint's.
    const sections = page.locator('section.forecast-target');
    assert.equal(await sections.count(), report.targets.length);
    for (const [i, target] of report.targets.entries()) {
      const section = sections.nth(i);
      const findings = section.locator('li.finding');
      assert.equal(await findings.count(), target.forecast.length + target.lint.length, target.name);
      for (const [j, f] of [...target.forecast, ...target.lint].entries()) {
        assert.equal(await findings.nth(j).locator('.finding-when').textContent(), f.time ? `+${f.elapsed} (${f.time})` : 'lint', target.name);
        assert.equal(await findings.nth(j).locator('.remedy-text').textContent(), f.remedy, target.name);
      }
    }

    const app = report.targets.find((t: any) => t.name === 'app');
    const blocked = app.forecast[3];
    assert.deepEqual([blocked.index, blocked.time, blocked.row, blocked.outcome], ['app-000008', '2026-03-18T00:00:00.000Z', 8, 'error']);
    const appSection = page.getByRole('region', { name: 'Alias app' });
    const appFinding = text(await appSection.locator('li.finding').nth(3).textContent());
    assert.ok(appFinding.startsWith(`+${blocked.elapsed} (2026-03-18T00:00:00.000Z) error at app-000008 hot / rollover / attempt-rollover · spec error row 8`), appFinding);
    assert.ok(appFinding.includes(`${blocked.type}: ${blocked.message}`), appFinding);
    // A wait for good: when it began, the step, explain's message, and the other indices waiting there.
    const held = app.forecast[0];
    assert.deepEqual([held.outcome, held.index, held.step, held.also], ['stuck', 'app-000001', 'check-migration', ['app-000002']]);
    const heldItem = appSection.locator('li.finding').first();
    const heldText = text(await heldItem.textContent());
    assert.ok(heldText.startsWith(`+${held.elapsed} (${held.time}) stuck at app-000001 warm / migrate / check-migration · spec error row 8`), heldText);
    assert.equal(await heldItem.locator('.step-info-reason').textContent(), held.message);
    assert.equal(text(await heldItem.locator('.finding-also').textContent()), 'Also waiting there: app-000002');
    assert.equal(await page.getByRole('list', { name: 'Written to, but managed by no policy' }).count(), 0);
    // The disk's flood stage, once for the whole cluster.
    const disk = page.getByLabel('Disk flood stage');
    assert.ok(text(await disk.textContent()).includes(`(+${report.disk.elapsed}): ${report.disk.message}`));
    assert.match(text(await appSection.locator('.target-facts').textContent()), /^Write index app-000001, policy app, 50,000 documents a day/);

    const logs = report.targets.find((t: any) => t.name === 'logs-web');
    const flood = logs.forecast.find((f: any) => f.outcome === 'disk');
    assert.ok(flood, 'the bundle forecasts the flood stage');
    const logsSection = page.getByRole('region', { name: 'Data stream logs-web' });
    const floodItem = logsSection.locator('li.finding').filter({ has: page.locator('.finding-outcome', { hasText: 'disk flood stage' }) });
    assert.equal(await floodItem.count(), 1);
    assert.equal(await floodItem.locator('.finding-when').textContent(), `+${flood.elapsed} (${flood.time})`);
    assert.ok(text(await floodItem.textContent()).includes(`on ${flood.index}`));

    // The lanes and the disk of the timeline the findings come from.
    const chart = logsSection.getByRole('figure', { name: `Forecast chart of ${logs.timeline.index}` });
    await chart.waitFor(WAIT);
    assert.ok((await chart.locator('li.lane').count()) > 0);
    // The write index's lane starts in the phase it stood in when the bundle was taken, not an unknown one.
    assert.equal(logs.phase, 'hot');
    const writeLane = chart.locator('li.lane').first();
    assert.equal(await writeLane.locator('.lane-segment').first().getAttribute('class'), 'lane-segment phase-hot');
    assert.equal(await chart.locator('svg.disk-chart polyline.disk-used').count(), 1);
    assert.match((await chart.locator('svg.disk-chart').getAttribute('aria-label'))!, /^Disk use over the forecast: peaks at /);
    assert.equal(await page.locator('figure.forecast-chart').count(), report.targets.filter((t: any) => t.timeline).length);
    await screenshot(page, 'lifecycle-cluster-forecast');

    // A shorter horizon: the server's fewer findings.
    const short = (await reportOf(server.url, readFileSync(zipFile), '?horizon=2d')).json;
    await page.getByLabel('Horizon').fill('2d');
    await page.getByRole('button', { name: 'Forecast', exact: true }).click();
    await summaryOf(page).filter({ hasText: short.summary.text }).waitFor(WAIT);
    assert.equal(await summaryOf(page).textContent(), short.summary.text);
    const before = report.targets.reduce((n: number, t: any) => n + t.forecast.length, 0);
    const after = short.targets.reduce((n: number, t: any) => n + t.forecast.length, 0);
    assert.ok(after < before, `${after} findings at 2d, ${before} at 30d`);
    const dated = page.locator('li.finding .finding-when').filter({ hasText: /^\+/ });
    assert.equal(await dated.count(), after);
    await page.context().close();
  });

  it('reads a folder’s files the forecast reads, and refuses a file that is not JSON without sending anything', async () => {
    const page = await openConsole(browser, server.url, '#/lifecycle/forecast');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/_tessera/ilm/forecast')) sent.push(request.postData() ?? '');
    });
    // The fixture holds a file the forecast does not read (the server refuses one in {files}): it must stay behind.
    await page.getByLabel('or its folder').setInputFiles(FIXTURE);
    await page.getByRole('button', { name: 'Forecast', exact: true }).click();
    await summaryOf(page).waitFor(WAIT);
    assert.equal(await summaryOf(page).textContent(), report.summary.text);
    assert.equal(await page.locator('li.finding').count(), report.targets.reduce((n: number, t: any) => n + t.forecast.length + t.lint.length, 0));
    assert.equal(sent.length, 1);
    assert.deepEqual(Object.keys(JSON.parse(sent[0]!).files).sort(), filesOf(FIXTURE).filter((f) => !f.includes('only_errors')).sort());

    // A folder without a file the forecast can do without: the report names what it then cannot see.
    const partial = join(dir, 'partial');
    cpSync(FIXTURE, join(partial, 'api-diagnostics'), { recursive: true });
    rmSync(join(partial, 'api-diagnostics', 'templates.json'));
    const files = Object.fromEntries(filesOf(join(partial, 'api-diagnostics')).filter((f) => !f.includes('only_errors')).map((f) => [f, JSON.parse(readFileSync(join(partial, 'api-diagnostics', f), 'utf8'))]));
    const partialReport = (await (await fetch(`${server.url}/_tessera/ilm/forecast`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ files }) })).json()) as any;
    assert.equal(partialReport.not_seen.length, 1);
    await page.getByLabel('or its folder').setInputFiles(partial);
    await page.getByRole('button', { name: 'Forecast', exact: true }).click();
    const notSeen = page.getByRole('region', { name: 'Not in the bundle, so not seen' });
    await notSeen.waitFor(WAIT);
    assert.deepEqual(await notSeen.locator('li').allTextContents(), partialReport.not_seen);


    const broken = join(dir, 'broken');
    cpSync(FIXTURE, join(broken, 'api-diagnostics'), { recursive: true });
    writeFileSync(join(broken, 'api-diagnostics', 'cluster_settings.json'), '{"persistent": {');
    await page.getByLabel('or its folder').setInputFiles(broken);
    await page.getByRole('button', { name: 'Forecast', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor(WAIT);
    assert.match(text(await alert.locator('.error-reason').textContent()), /^cluster_settings\.json: not valid JSON/);
    assert.equal(sent.length, 2, 'nothing sent for a folder with a file that is not JSON');

    // A bundle with streams no policy manages: listed with their rates, as writers of the disk, not as targets.
    await page.getByLabel('or its folder').setInputFiles(UNMANAGED);
    await page.getByRole('button', { name: 'Forecast', exact: true }).click();
    const writers = page.getByRole('list', { name: 'Written to, but managed by no policy' });
    await writers.waitFor(WAIT);
    assert.deepEqual((await writers.locator('li').allTextContents()).map(text), [
      'Data stream traces-app, write index .ds-traces-app-2026.03.06-000001, 500,000 documents a day (estimated: 2000000 documents over 4d)',
      'Alias audit, write index audit-000001, 500,000 documents a day (estimated: 1000000 documents over 2d)',
    ]);
    assert.equal(await page.locator('section.forecast-target').count(), 1);
    assert.ok(text(await page.getByLabel('Disk flood stage').textContent()).includes('(+3.76d)'));
    await page.context().close();
  });

  it('shows the server’s refusal of a bad zip in its words', async () => {
    const bad = join(dir, 'bad.zip');
    writeFileSync(bad, 'not a zip');
    const refusal = await reportOf(server.url, readFileSync(bad), '');
    assert.equal(refusal.status, 400);
    const page = await openConsole(browser, server.url, '#/lifecycle/forecast');
    await uploadZip(page, bad);
    const alert = page.getByRole('alert');
    await alert.waitFor(WAIT);
    assert.equal(await alert.locator('.error-reason').textContent(), refusal.json.error.reason);
    assert.equal(await page.locator('.cluster-summary').count(), 0);
    await page.context().close();
  });

  it('shows the report on a 390 px screen without scrolling sideways', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/_tessera/console/#/lifecycle/forecast`);
    await uploadZip(page, zipFile);
    await summaryOf(page).waitFor(WAIT);
    await page.locator('figure.forecast-chart').first().waitFor(WAIT);
    const overflow = await sidewaysOverflow(page);
    await screenshot(page, 'phone-lifecycle-cluster-forecast');
    assert.equal(overflow, 0, `wider than the screen by ${overflow} px`);
    await context.close();
  });
});

describe('the console: forecast a cluster without the privilege', { skip: browserSkip }, () => {
  let browser: Browser;
  let server: TestServer;

  before(async () => {
    browser = await launchBrowser();
    server = await startTestServer({ security: true, elasticPassword: 'forecast-pw' });
    const es = new Client({ node: server.url, auth: { username: 'elastic', password: 'forecast-pw' } });
    await es.security.putRole({ name: 'policy_reader', cluster: ['read_ilm'] });
    await es.security.putUser({ username: 'reader', password: 'reader-pw', roles: ['policy_reader'] });
    await es.close();
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('tells a user without monitor in plain words, and shows no form', async () => {
    const page = await openConsole(browser, server.url, '#/lifecycle/forecast');
    await page.getByLabel('Username').fill('reader');
    await page.getByLabel('Password').fill('reader-pw');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('You cannot forecast a cluster: that needs the cluster privilege monitor').waitFor(WAIT);
    assert.equal(await page.getByRole('button', { name: 'Forecast', exact: true }).count(), 0);
    assert.equal(await page.getByLabel('Its zip').count(), 0);
    // The server agrees: the same call is refused for want of that action.
    const auth = `Basic ${Buffer.from('reader:reader-pw').toString('base64')}`;
    const refused = await reportOf(server.url, Buffer.from('not a zip'), '', auth);
    assert.equal(refused.status, 403);
    assert.match(refused.json.error.reason, /cluster:monitor\/tessera\/ilm\/simulate/);
    await page.context().close();
  });
});
