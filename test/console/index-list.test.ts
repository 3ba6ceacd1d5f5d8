/**
 * The console's index list (issue 20, item 3 and the bulk retry of item 4) in a real browser: a page at a time from
 * the server, search, filters and sort held in the URL, unmanaged and data stream indices shown, lint asked for the
 * rows on screen only, and one action retrying every index in ERROR with one cause (checked through explain).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page, Request } from 'playwright-core';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { startEsServer, type EsFixture, type Row } from '../helpers/es.js';

const WAIT = { timeout: 30_000 };
const FAILED = Array.from({ length: 60 }, (_, i) => `err-${String(i + 1).padStart(6, '0')}`);
const KEPT = ['kept-1', 'kept-2', 'kept-3', 'kept-4', 'kept-5'];
const BACKING = '.ds-metrics-x-2026.01.01-000001';

const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);
const caption = (page: Page) => page.getByRole('table').locator('caption');

/** Waits until the table shows exactly `names`, in order. */
async function waitForRows(page: Page, names: readonly string[]): Promise<void> {
  await page.waitForFunction(
    (expected) => JSON.stringify([...document.querySelectorAll('table.indices tbody th')].map((th) => th.textContent?.trim())) === expected,
    JSON.stringify(names),
    WAIT,
  );
}

describe('the console: the index list', { skip: browserSkip }, () => {
  let browser: Browser;
  let es: EsFixture;

  before(async () => {
    browser = await launchBrowser();
    es = await startEsServer();
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    // Sixty indices fail alike: a rollover without index.lifecycle.rollover_alias.
    await client.ilm.putLifecycle({ name: 'rolling', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    await client.ilm.putLifecycle({ name: 'keep', policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } } } } });
    for (const index of FAILED) await client.indices.create({ index, settings: { 'index.lifecycle.name': 'rolling' } });
    for (const index of KEPT) await client.indices.create({ index, settings: { 'index.lifecycle.name': 'keep' } });
    await client.indices.create({ index: 'plain-1' });
    await client.indices.putIndexTemplate({ name: 'metrics', index_patterns: ['metrics-*'], data_stream: {}, priority: 100 });
    await client.indices.createDataStream({ name: 'metrics-x' });
    await es.advance('10m');
    const errors = (await client.ilm.explainLifecycle({ index: 'err-*', only_errors: true })).indices;
    assert.equal(Object.keys(errors).length, 60);
  });

  after(async () => {
    await browser?.close();
    await es?.client.close();
    await es?.server.dispose();
  });

  it('shows a page at a time with the totals, pages on through the URL, and lints only the rows on screen', async () => {
    const page = await openConsole(browser, es.server.url, '#/lifecycle');
    const lints: URL[] = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/_tessera/ilm/lint') lints.push(url);
    });
    const first = [BACKING, ...FAILED.slice(0, 49)];
    await waitForRows(page, first);
    assert.equal(await caption(page).textContent(), '1–50 of 67 matching; 67 indices (65 managed, 2 unmanaged), 60 in ERROR');
    // The backing index of a data stream, unmanaged, with its stream.
    const backing = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: BACKING }) });
    assert.equal(await backing.getByRole('link', { name: 'metrics-x' }).getAttribute('href'), '#/lifecycle/data-streams/metrics-x');
    assert.equal(await backing.locator('td').first().textContent(), 'not managed');
    await page.getByRole('group', { name: 'Error of err-000001' }).locator('.remedy-text').waitFor(WAIT);
    await screenshot(page, 'index-list-page-1');

    await page.getByRole('button', { name: 'Next page' }).click();
    const second = [...FAILED.slice(49), ...KEPT, 'plain-1'];
    await waitForRows(page, second);
    assert.equal(hashOf(page), '#/lifecycle?page=2');
    assert.equal(await page.getByRole('navigation', { name: 'Pages' }).locator('[aria-current=page]').textContent(), 'Page 2 of 2');
    await page.getByRole('group', { name: 'Error of err-000060' }).locator('.remedy-text').waitFor(WAIT);

    // Every lint asked for named indices, the managed ones of the page shown, never the whole cluster.
    assert.ok(lints.length >= 1);
    for (const url of lints) assert.ok(url.searchParams.has('index'), url.href);
    const asked = lints.map((url) => url.searchParams.get('index')!.split(','));
    assert.deepEqual(asked.at(-1), second.filter((name) => name !== 'plain-1'));
    assert.ok(asked.every((names) => names.length <= 50));
    await page.context().close();
  });

  it('searches, filters and sorts on the server, with the state in the URL, and opens from a link with it', async () => {
    const page = await openConsole(browser, es.server.url, '#/lifecycle');
    await waitForRows(page, [BACKING, ...FAILED.slice(0, 49)]);
    await page.getByLabel('Index name contains').fill('KEPT');
    await page.getByRole('button', { name: 'Search' }).click();
    await waitForRows(page, KEPT);
    assert.equal(hashOf(page), '#/lifecycle?q=KEPT');

    await page.getByRole('button', { name: 'Index' }).click();
    await waitForRows(page, [...KEPT].reverse());
    assert.equal(hashOf(page), '#/lifecycle?q=KEPT&sort=index&order=desc');
    assert.equal(await page.getByRole('columnheader', { name: 'Index' }).getAttribute('aria-sort'), 'descending');

    await page.getByLabel('Index name contains').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByLabel('Show').selectOption('unmanaged');
    await waitForRows(page, ['plain-1', BACKING]);
    await page.getByLabel('Show').selectOption('');
    await page.getByLabel('Data stream').selectOption('metrics-x');
    await waitForRows(page, [BACKING]);
    assert.equal(hashOf(page), '#/lifecycle?data_stream=metrics-x&sort=index&order=desc');

    // A link from elsewhere (a policy's page) opens the list filtered; the filter offers the policies with their counts.
    const linked = await openConsole(browser, es.server.url, '#/lifecycle?policy=keep&sort=index&order=desc');
    await waitForRows(linked, ['kept-5', 'kept-4', 'kept-3', 'kept-2', 'kept-1']);
    assert.deepEqual(await linked.getByLabel('Policy').locator('option').allTextContents(), ['Any', 'keep (5)', 'rolling (60)']);
    await linked.getByLabel('Phase').selectOption('new');
    await linked.getByLabel('Only indices in ERROR').check();
    await linked.getByText('No index matches the filters').waitFor(WAIT);
    assert.equal(hashOf(linked), '#/lifecycle?policy=keep&phase=new&only_errors=true&sort=index&order=desc');
    await linked.context().close();
    await page.context().close();
  });

  it('retries all sixty indices in ERROR with one cause in one action, telling each refusal apart', async () => {
    const { client } = es;
    const page = await openConsole(browser, es.server.url, '#/lifecycle?only_errors=true');
    const retries: string[] = [];
    page.on('request', (request: Request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/_ilm/retry')) retries.push(decodeURIComponent(new URL(request.url()).pathname));
    });
    await waitForRows(page, FAILED.slice(0, 50));
    const select = page.getByRole('button', { name: 'Select all 60 in ERROR with this cause' });
    await select.click();
    const retry = page.getByRole('button', { name: 'Retry selected (60)' });
    await retry.waitFor(WAIT);
    // Meanwhile one index is retried through the API: it is no longer in ERROR, and its retry will be refused.
    await client.ilm.retry({ index: 'err-000007' });
    await retry.click();
    const report = page.locator('.bulk-retry-report');
    await report.waitFor(WAIT);
    assert.equal(
      (await report.locator('p').textContent())!,
      'Retried 60 indices: 59 acknowledged, 1 refused. The failed steps run again; the list shows where the indices went.',
    );
    assert.deepEqual(await report.getByRole('list', { name: 'Retries refused' }).getByRole('listitem').allTextContents(), [
      'err-000007: cannot retry an action for an index [err-000007] that has not encountered an error when running a Lifecycle Policy',
    ]);
    // One request for all sixty, refused as a whole for the one; then one per index to tell which.
    assert.equal(retries[0], `/${FAILED.join(',')}/_ilm/retry`);
    assert.equal(retries.length, 1 + 60);
    await screenshot(page, 'index-list-bulk-retry');

    // Through the official client: none of them is in ERROR any more.
    const explained = (await client.ilm.explainLifecycle({ index: 'err-*' })).indices as Record<string, Row>;
    assert.deepEqual(Object.values(explained).filter((r) => r.step === 'ERROR').map((r) => r.index), []);
    assert.deepEqual(new Set(Object.values(explained).map((r) => r.step)), new Set(['check-rollover-ready']));
    await page.getByText('No index matches the filters').waitFor(WAIT);
    await page.context().close();
  });
});
