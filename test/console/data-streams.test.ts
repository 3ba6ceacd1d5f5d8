/**
 * The console's data streams in a real browser (issue 16): the list under Index lifecycle (generation, template, ILM
 * policy, health, backing index count, as `GET /_data_stream` reports them) and one stream's backing indices with
 * where each stands in its policy (as explain reports it), the write index marked, and lint's problems under them; a
 * write index in ERROR at the delete step with its reason, fixed by a rollover and Retry.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { explainRecord, startEsServer, type EsFixture, type Row } from '../helpers/es.js';

const WAIT = { timeout: 30_000 };

function rowOf(page: Page, header: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: header }) });
}

async function rowTexts(row: Locator): Promise<string[]> {
  return (await row.locator('th, td').allTextContents()).map((t) => t.trim());
}

describe('the console: data streams', { skip: browserSkip }, () => {
  let browser: Browser;
  let es: EsFixture;

  before(async () => {
    browser = await launchBrowser();
    es = await startEsServer();
    const { client } = es;
    await client.ilm.putLifecycle({
      name: 'web-policy',
      policy: { phases: { hot: { actions: { rollover: { max_age: '30d' } } }, warm: { min_age: '1d', actions: { set_priority: { priority: 50 } } } } },
    });
    await client.indices.putIndexTemplate({ name: 'web', index_patterns: ['web-*'], data_stream: {}, priority: 200, template: { settings: { 'index.lifecycle.name': 'web-policy' } } });
    await client.ilm.putLifecycle({ name: 'app-policy', policy: { phases: { hot: { actions: { set_priority: { priority: 100 } } } } } });
    await client.indices.putIndexTemplate({ name: 'app', index_patterns: ['app-*'], data_stream: {}, priority: 200, template: { settings: { 'index.lifecycle.name': 'app-policy' } } });
    await client.transport.request({ method: 'PUT', path: '/_data_stream/app-events' });
    await client.transport.request({ method: 'PUT', path: '/_data_stream/web-logs' });
    await client.transport.request({ method: 'PUT', path: '/_data_stream/web-metrics' });
    await es.advance('20m');
    await client.indices.rollover({ alias: 'web-logs' });
    // The rolled-over backing index reaches warm; the write index waits for its rollover.
    await es.advance('1d');
    await es.advance('20m');
  });

  after(async () => {
    await browser?.close();
    await es?.client.close();
    await es?.server.dispose();
  });

  it('lists the data streams with generation, template, ILM policy, health and backing index count', async () => {
    const answer = (await es.client.transport.request({ method: 'GET', path: '/_data_stream' })) as { data_streams: Row[] };
    const page = await openConsole(browser, es.server.url, '#/lifecycle');
    await page.getByRole('link', { name: 'Data streams' }).click();
    await rowOf(page, 'web-logs').waitFor(WAIT);
    const table = page.getByRole('table');
    assert.deepEqual(await table.getByRole('columnheader').allTextContents(), ['Data stream', 'Generation', 'Template', 'ILM policy', 'Health', 'Backing indices']);
    assert.deepEqual(await page.getByRole('rowheader').allTextContents(), ['app-events', 'web-logs', 'web-metrics']);
    for (const ds of answer.data_streams) {
      assert.deepEqual(await rowTexts(rowOf(page, ds.name)), [ds.name, String(ds.generation), ds.template, ds.ilm_policy, ds.status, String(ds.indices.length)]);
    }
    const webLogs = answer.data_streams.find((ds) => ds.name === 'web-logs')!;
    assert.deepEqual(await rowTexts(rowOf(page, 'web-logs')), ['web-logs', '2', 'web', 'web-policy', webLogs.status, '2']);
    await screenshot(page, 'data-streams');
    await page.close();
  });

  it("shows a stream's backing indices with their phase, action and step, and marks the write index", async () => {
    const answer = (await es.client.transport.request({ method: 'GET', path: '/_data_stream/web-logs' })) as { data_streams: Row[] };
    const [oldest, write] = answer.data_streams[0]!.indices.map((i: Row) => i.index_name as string);
    const page = await openConsole(browser, es.server.url, '#/lifecycle/data-streams');
    await page.getByRole('link', { name: 'web-logs' }).click();
    await rowOf(page, oldest!).waitFor(WAIT);
    const table = page.getByRole('table');
    assert.deepEqual(await table.getByRole('columnheader').allTextContents(), ['Backing index', 'Policy', 'Phase', 'Action', 'Step', 'Age']);
    const rows = table.locator('tbody tr');
    assert.deepEqual(await rows.locator('th').allTextContents(), [oldest, `${write} write index`]);
    for (const [name, label] of [
      [oldest!, oldest!],
      [write!, `${write} write index`],
    ]) {
      const record = await explainRecord(es.client, name);
      assert.deepEqual(await rowTexts(rowOf(page, name)), [label, 'web-policy', record.phase, record.action, record.step, record.age]);
    }
    // The old backing index has rolled over and moved on; the write index waits for its own rollover.
    assert.equal((await explainRecord(es.client, oldest!)).phase, 'warm');
    assert.equal((await explainRecord(es.client, write!)).step, 'check-rollover-ready');
    await screenshot(page, 'data-stream-backing-indices');
    await page.close();
  });

  it("shows lint's problems under a backing index: a stream whose policy never rolls it over", async () => {
    const answer = (await es.client.transport.request({ method: 'GET', path: '/_data_stream/app-events' })) as { data_streams: Row[] };
    const write = answer.data_streams[0]!.indices[0]!.index_name as string;
    const page = await openConsole(browser, es.server.url, '#/lifecycle/data-streams/app-events');
    const problems = page.getByRole('group', { name: `Lint problems for ${write}` });
    await problems.waitFor(WAIT);
    assert.match((await problems.getByRole('listitem').allTextContents()).join('\n'), /policy \[app-policy\] has no rollover action, so data stream \[app-events\] never rolls over/);
    await page.close();
  });

  it('shows a write index in ERROR at delete with its reason; once the stream is rolled over, Retry lets the delete go on', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'job-policy', policy: { phases: { hot: { actions: {} }, delete: { min_age: '1d', actions: { delete: {} } } } } });
    await client.indices.putIndexTemplate({ name: 'job', index_patterns: ['job-*'], data_stream: {}, priority: 200, template: { settings: { 'index.lifecycle.name': 'job-policy' } } });
    await client.transport.request({ method: 'PUT', path: '/_data_stream/job-runs' });
    await es.advance('20m');
    await client.indices.rollover({ alias: 'job-runs' });
    const answer = (await client.transport.request({ method: 'GET', path: '/_data_stream/job-runs' })) as { data_streams: Row[] };
    const [oldest, write] = answer.data_streams[0]!.indices.map((i: Row) => i.index_name as string);
    // Kept out of ILM, so the stream still has it when its write index reaches delete (an only index goes with its stream).
    await client.ilm.removePolicy({ index: oldest! });
    await es.advance('1d');
    await es.advance('20m');
    const failed = await explainRecord(client, write!);
    assert.deepEqual([failed.step, failed.failed_step], ['ERROR', 'delete']);

    const page = await openConsole(browser, es.server.url, '#/lifecycle/data-streams/job-runs');
    const problem = page.getByRole('group', { name: `Error of ${write}` });
    await problem.waitFor(WAIT);
    assert.equal(await problem.locator('.step-info-reason').textContent(), failed.step_info.reason);
    assert.deepEqual(await rowTexts(rowOf(page, write!)), [`${write} write index`, 'job-policy', 'delete', 'delete', 'ERROR at delete', failed.age]);
    assert.deepEqual(await rowTexts(rowOf(page, oldest!)), [oldest, 'unmanaged', '', '', '', '']);

    await client.indices.rollover({ alias: 'job-runs' });
    await page.getByRole('button', { name: `Retry ${write}` }).click();
    await page.getByRole('status').filter({ hasText: `Retry of ${write}` }).waitFor(WAIT);
    await rowOf(page, write!).waitFor({ state: 'detached', ...WAIT });
    assert.equal(await page.getByRole('group', { name: /^Error of / }).count(), 0);
    await screenshot(page, 'data-stream-write-index-error');
    await page.close();
  });
});
