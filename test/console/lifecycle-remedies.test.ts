/**
 * The console's remedies come from the API: beside an index's failure it shows the advice GET /_tessera/ilm/lint
 * gives for it (`step_info_diagnosis`, chosen on the server by the error's code), and matches no message text itself.
 * The words of each row are the server's, checked through HTTP (test/ilm/error-rows, circuit-breakers,
 * disk-watermarks, lint-row-8, lint-row-9, error-codes).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, launchBrowser, openConsole } from '../helpers/browser.js';
import { explainRecord, startEsServer, type EsFixture } from '../helpers/es.js';

const WAIT = { timeout: 30_000 };
const INDEX = 'web-000001';

/** Opens the managed indices with GET /_tessera/ilm/lint's answer passed through `edit` on its way to the page. */
async function openWithLint(browser: Browser, es: EsFixture, edit: (indices: Record<string, Record<string, unknown>>) => void): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route((url) => url.pathname === '/_tessera/ilm/lint', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { indices: Record<string, Record<string, unknown>> };
    edit(body.indices);
    await route.fulfill({ response, json: body });
  });
  const page = await context.newPage();
  await page.goto(`${es.server.url}/_tessera/console/#/lifecycle`);
  return page;
}

describe('the console: remedies from the API', { skip: browserSkip }, () => {
  let browser: Browser;
  let es: EsFixture;

  before(async () => {
    browser = await launchBrowser();
    es = await startEsServer();
    const { client } = es;
    // Row 4 of the spec: rollover with no rollover alias set.
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    await client.ilm.putLifecycle({ name: 'logs', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    await client.indices.create({ index: INDEX, settings: { 'index.lifecycle.name': 'logs' }, aliases: { web: { is_write_index: true } } });
    await es.advance('10m');
    assert.equal((await explainRecord(client, INDEX)).step, 'ERROR');
  });

  after(async () => {
    await browser?.close();
    await es?.client.close();
    await es?.server.dispose();
  });

  it('shows the server’s advice for the failure', async () => {
    const page = await openConsole(browser, es.server.url, '#/lifecycle');
    const problem = page.getByRole('group', { name: `Error of ${INDEX}` });
    await problem.waitFor(WAIT);
    assert.equal(
      await problem.locator('.remedy-text').textContent(),
      `Set index.lifecycle.rollover_alias on [${INDEX}] to the alias the index is written through (its write alias). Then press Retry.`,
    );
    assert.equal(await problem.locator('.cause').textContent(), `Index [${INDEX}] has no index.lifecycle.rollover_alias setting, so rollover does not know which alias to roll over.`);
    assert.match((await problem.locator('.problem-what').textContent())!, /spec error row 4/);
    await page.context().close();
  });

  it('shows whatever advice the API gives, whatever the message says', async () => {
    const page = await openWithLint(browser, es, (indices) => {
      indices[INDEX]!.step_info_diagnosis = { row: 42, cause: 'The cause the server names.', remedy: 'The remedy the server gives.', retry: 'retry' };
    });
    const problem = page.getByRole('group', { name: `Error of ${INDEX}` });
    await problem.waitFor(WAIT);
    assert.equal(await problem.locator('.remedy-text').textContent(), 'The remedy the server gives.');
    assert.equal(await problem.locator('.cause').textContent(), 'The cause the server names.');
    assert.match((await problem.locator('.problem-what').textContent())!, /spec error row 42/);
    await page.context().close();
  });

  it('shows the failure without a remedy when the API gives none', async () => {
    const page = await openWithLint(browser, es, (indices) => {
      delete indices[INDEX]!.step_info_diagnosis;
    });
    const problem = page.getByRole('group', { name: `Error of ${INDEX}` });
    await problem.waitFor(WAIT);
    // Lint has answered once its badge for the index is there.
    await page.getByRole('group', { name: `Lint problems for ${INDEX}` }).waitFor(WAIT);
    assert.equal(await problem.locator('.step-info-reason').textContent(), `setting [index.lifecycle.rollover_alias] for index [${INDEX}] is empty or not defined`);
    assert.equal(await problem.locator('.remedy-text').count(), 0);
    assert.doesNotMatch((await problem.textContent())!, /spec error row/);
    await page.context().close();
  });
});
