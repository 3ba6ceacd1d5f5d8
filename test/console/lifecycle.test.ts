/**
 * The console's index lifecycle views in a real browser, against a server on the virtual clock: the managed
 * indices table, an index in ERROR (the spec's rows 1 and 3) with its step_info and remedy, Retry (accepted after
 * the fix, refused when stale), and the per-index timeline.
 */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { explainRecord, startEsServer, type EsFixture, type Row } from '../helpers/es.js';

const WAIT = { timeout: 30_000 };
const DAY = 86_400_000;

/** The body row of `index` in the managed indices table (its row header is the index name). */
function indexRow(page: Page, index: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: index, exact: true }) });
}

/** The cells of a row as text, header cell first. */
async function rowTexts(row: Locator): Promise<string[]> {
  return (await row.locator('th, td').allTextContents()).map((t) => t.trim());
}

async function clockNow(client: Client): Promise<number> {
  const clock = (await client.transport.request({ method: 'GET', path: '/_tessera/clock' })) as { now_millis: number };
  return clock.now_millis;
}

describe('the console: index lifecycle', { skip: browserSkip }, () => {
  let browser: Browser;
  let es: EsFixture;

  before(async () => {
    browser = await launchBrowser();
    es = await startEsServer();
    const { client } = es;
    // Row 1 of the spec: a shrink to more shards than the index has.
    await client.ilm.putLifecycle({ name: 'shrink-index', policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } } });
    await client.indices.create({ index: 'my-index-000001', settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } });
    // A four-phase policy for the timeline.
    await client.ilm.putLifecycle({
      name: 'four-phases',
      policy: {
        phases: {
          hot: { actions: { set_priority: { priority: 100 } } },
          warm: { min_age: '5d', actions: { set_priority: { priority: 50 } } },
          cold: { min_age: '10d', actions: { set_priority: { priority: 0 } } },
          delete: { min_age: '30d', actions: { delete: {} } },
        },
      },
    });
    await client.indices.create({ index: 'tl-000001', settings: { 'index.lifecycle.name': 'four-phases' } });
    await client.indices.create({ index: 'unmanaged' });
    await es.advance('5d');
    await es.advance('20m');
    assert.equal((await explainRecord(client, 'my-index-000001')).step, 'ERROR');
  });

  after(async () => {
    await browser?.close();
    await es?.client.close();
    await es?.server.dispose();
  });

  it('lists the managed indices with policy, phase, action, step and age, and highlights the one in ERROR with its reason and remedy', async () => {
    const { client } = es;
    const page = await openConsole(browser, es.server.url, '#/lifecycle');
    const table = page.getByRole('table');
    await indexRow(page, 'tl-000001').waitFor(WAIT);
    assert.deepEqual(await table.getByRole('columnheader').allTextContents(), ['Index', 'Policy', 'Phase', 'Action', 'Step', 'Age', 'Data stream', 'Actions']);

    const tl = await explainRecord(client, 'tl-000001');
    assert.deepEqual(await rowTexts(indexRow(page, 'tl-000001')), ['tl-000001', 'four-phases', tl.phase, tl.action, tl.step, tl.age, '', 'Timeline']);
    assert.deepEqual([tl.phase, tl.action, tl.step], ['warm', 'complete', 'complete']);
    assert.deepEqual(await rowTexts(indexRow(page, 'unmanaged')), ['unmanaged', 'not managed', '', '', '', '', '', ''], 'unmanaged indices are listed too');

    const failed = await explainRecord(client, 'my-index-000001');
    const row = indexRow(page, 'my-index-000001');
    assert.deepEqual(await rowTexts(row), ['my-index-000001', 'shrink-index', 'warm', 'shrink', 'ERROR at shrink', failed.age, '', 'RetryTimeline']);
    // Highlighted: the row is tinted red, the other is not.
    const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.equal(await background(row), 'rgb(253, 236, 234)');
    assert.equal(await background(indexRow(page, 'tl-000001')), 'rgba(0, 0, 0, 0)');

    const problem = page.getByRole('group', { name: 'Error of my-index-000001' });
    assert.equal(await problem.locator('.step-info-type').textContent(), failed.step_info.type);
    assert.equal(await problem.locator('.step-info-reason').textContent(), failed.step_info.reason);
    assert.equal(failed.step_info.reason, 'the number of target shards [4] must be less than the number of source shards [2]');
    // The remedy comes with lint's answer (waited for here), the row with it.
    assert.equal(
      await problem.locator('.remedy-text').textContent(),
      'Edit policy [shrink-index] so the shrink in the warm phase has a number_of_shards smaller than 2 (a factor of 2, such as 1), and save it. Then press Retry.',
    );
    assert.match((await problem.textContent())!, /spec error row 1/);
    assert.equal(await page.getByRole('group', { name: /of tl-000001$/ }).count(), 0, 'no problem shown for a healthy index');
    assert.equal(await table.locator('caption').textContent(), '1–3 of 3 matching; 3 indices (2 managed, 1 unmanaged), 1 in ERROR');
    await screenshot(page, 'lifecycle-indices-error');

    await page.getByLabel('Only indices in ERROR').check();
    await page.getByRole('rowheader', { name: 'tl-000001' }).waitFor({ state: 'detached', ...WAIT });
    assert.deepEqual(await table.getByRole('rowheader').allTextContents(), ['my-index-000001']);
    await page.context().close();
  });

  it('retries the failed step from the console once the policy is fixed, and the index moves on', async () => {
    const { client } = es;
    const page = await openConsole(browser, es.server.url, '#/lifecycle');
    await page.getByRole('group', { name: 'Error of my-index-000001' }).waitFor(WAIT);
    // The remedy, through the API: a smaller number_of_shards.
    await client.ilm.putLifecycle({ name: 'shrink-index', policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 1 } } } } } });
    await page.getByRole('button', { name: 'Retry my-index-000001' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Retry of my-index-000001' });
    await status.waitFor(WAIT);
    assert.match((await status.textContent())!, /the server answered \{"acknowledged":true\}/);

    // Through the API: the shrink ran, and the source name now points to the shrunken index.
    const shrunk = (await client.ilm.explainLifecycle({ index: 'my-index-000001' })).indices;
    const [name, record] = Object.entries(shrunk)[0] as [string, Row];
    assert.match(name, /^shrink-[a-z0-9]{4}-my-index-000001$/);
    assert.deepEqual([record.phase, record.action, record.step], ['warm', 'complete', 'complete']);

    // The table reloaded: the shrunken index is at warm/complete/complete, the failed one is gone.
    await indexRow(page, name).waitFor(WAIT);
    await page.getByRole('rowheader', { name: 'my-index-000001', exact: true }).waitFor({ state: 'detached', ...WAIT });
    assert.deepEqual((await rowTexts(indexRow(page, name))).slice(0, 5), [name, 'shrink-index', 'warm', 'complete', 'complete']);
    assert.equal(await page.getByRole('group', { name: /^Error of / }).count(), 0);
    await screenshot(page, 'lifecycle-after-retry');
    await page.context().close();
  });

  it('shows the server’s refusal when a retry comes too late, for a rollover alias that did not point to the index (row 3)', async () => {
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    await client.ilm.putLifecycle({ name: 'logs', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    await client.indices.create({ index: 'app-000001', settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'app' } });
    await es.advance('10m');
    const failed = await explainRecord(client, 'app-000001');
    assert.equal(failed.step, 'ERROR');

    const page = await openConsole(browser, es.server.url, '#/lifecycle');
    const problem = page.getByRole('group', { name: 'Error of app-000001' });
    await problem.waitFor(WAIT);
    assert.equal(await problem.locator('.step-info-reason').textContent(), 'index.lifecycle.rollover_alias [app] does not point to index [app-000001]');
    assert.match((await problem.locator('.remedy-text').textContent())!, /add alias \[app\] to \[app-000001\] as its write index/);
    assert.match((await problem.textContent())!, /spec error row 3/);

    // Fixed through the API, and the next poll's automatic retry already ran the step again.
    await client.indices.updateAliases({ actions: [{ add: { index: 'app-000001', alias: 'app', is_write_index: true } }] });
    await es.advance('10m');
    assert.equal((await explainRecord(client, 'app-000001')).step, 'check-rollover-ready');

    // The page still shows the old state; its Retry is refused with the server's words.
    await page.getByRole('button', { name: 'Retry app-000001' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Retry of app-000001 refused' });
    await alert.waitFor(WAIT);
    assert.equal(
      await alert.locator('.error-reason').textContent(),
      'cannot retry an action for an index [app-000001] that has not encountered an error when running a Lifecycle Policy',
    );
    // The table reloaded to the index's real state.
    await page.getByRole('group', { name: 'Error of app-000001' }).waitFor({ state: 'detached', ...WAIT });
    assert.deepEqual((await rowTexts(indexRow(page, 'app-000001'))).slice(0, 5), ['app-000001', 'logs', 'hot', 'rollover', 'check-rollover-ready']);
    await screenshot(page, 'lifecycle-retry-refused');
    await page.context().close();
  });

  it('draws an index’s timeline: the phases at their min_age and the now marker where the index stands', async () => {
    const { client } = es;
    const page = await openConsole(browser, es.server.url, '#/lifecycle');
    await indexRow(page, 'tl-000001').getByRole('link', { name: 'tl-000001', exact: true }).click();
    const marks = page.getByRole('list', { name: 'Phases on the time axis' }).getByRole('listitem');
    await marks.first().waitFor(WAIT);
    assert.equal(new URL(page.url()).hash, '#/lifecycle/index/tl-000001');

    const record = await explainRecord(client, 'tl-000001');
    const ageDays = ((await clockNow(client)) - record.lifecycle_date_millis) / DAY;
    assert.equal(ageDays, 5 + 40 / 1440, 'created at the start, then 5d, 20m, 10m and 10m');
    const age = '5.02d';
    assert.equal(record.age, age, 'the age explain reports (two decimals, truncated)');

    // The phases in order, each named with its min_age; the current one marked.
    assert.deepEqual(
      await marks.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))),
      ['hot starts at 0ms', 'warm starts at 5d', 'cold starts at 10d', 'delete starts at 30d'],
    );
    assert.equal(await page.getByRole('listitem', { name: 'warm starts at 5d' }).getAttribute('aria-current'), 'step');
    const now = page.getByRole('img', { name: /^Now: / });
    assert.equal(await now.getAttribute('aria-label'), `Now: age ${age}, in ${record.phase} / ${record.action} / ${record.step}`);
    assert.equal(
      await page.locator('.now-description').textContent(),
      `Now: age ${age}, after the start of warm (5d) and 4.97d before the start of cold (10d). The index is in warm / complete / complete.`,
    );

    // On screen: the marker sits after warm's start mark and before cold's, and the axis is linear in time.
    const box = async (locator: Locator) => (await locator.boundingBox())!;
    const [hot, warm, cold, marker] = [
      await box(page.getByRole('listitem', { name: 'hot starts at 0ms' })),
      await box(page.getByRole('listitem', { name: 'warm starts at 5d' })),
      await box(page.getByRole('listitem', { name: 'cold starts at 10d' })),
      await box(now),
    ];
    assert.ok(warm.x < marker.x && marker.x < cold.x, `now marker at ${marker.x}, warm at ${warm.x}, cold at ${cold.x}`);
    const perDay = (cold.x - warm.x) / 5;
    assert.ok(Math.abs(warm.x - hot.x - 5 * perDay) < 2, 'hot to warm spans 5 days as warm to cold does');
    assert.ok(Math.abs(marker.x - (hot.x + ageDays * perDay)) < 3, `the marker sits at ${ageDays} days (${marker.x} vs ${hot.x + ageDays * perDay})`);

    // The ordered list says the same in words, with the due dates from the lifecycle date (2026-01-01).
    assert.deepEqual((await page.getByRole('list', { name: 'Phases in order' }).getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' ')), [
      'hot from min_age 0ms (due 2026-01-01 00:00:00 UTC) · actions: set_priority · min_age passed',
      'warm from min_age 5d (due 2026-01-06 00:00:00 UTC) · actions: set_priority · current phase',
      'cold from min_age 10d (due 2026-01-11 00:00:00 UTC) · actions: set_priority · not yet due',
      'delete from min_age 30d (due 2026-01-31 00:00:00 UTC) · actions: delete · not yet due',
    ]);
    await screenshot(page, 'lifecycle-timeline');

    // Moving the clock from the timeline view moves the marker past cold's start.
    await page.getByLabel('Advance by').fill('5d');
    await page.getByRole('button', { name: 'Advance clock' }).click();
    await page.getByRole('img', { name: 'Now: age 10.02d, in cold / complete / complete' }).waitFor(WAIT);
    assert.equal((await explainRecord(client, 'tl-000001')).phase, 'cold');
    assert.equal(await page.getByRole('listitem', { name: 'cold starts at 10d' }).getAttribute('aria-current'), 'step');
    const moved = await box(page.getByRole('img', { name: /^Now: / }));
    assert.ok(moved.x > (await box(page.getByRole('listitem', { name: 'cold starts at 10d' }))).x);
    await screenshot(page, 'lifecycle-timeline-cold');
    await page.context().close();
  });

  it('shows an index in ERROR on its timeline with the remedy and a Retry button', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'shrink-three', policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 3 } } } } } });
    await client.indices.create({ index: 'three-000001', settings: { 'index.number_of_shards': 3, 'index.lifecycle.name': 'shrink-three' } });
    await es.advance('1d');
    await es.advance('30m');
    const failed = await explainRecord(client, 'three-000001');
    assert.equal(failed.step, 'ERROR', JSON.stringify(failed));

    const page = await openConsole(browser, es.server.url, '#/lifecycle/index/three-000001');
    const problem = page.getByRole('group', { name: 'Error of three-000001' });
    await problem.waitFor(WAIT);
    assert.equal(await problem.locator('.step-info-reason').textContent(), 'the number of target shards [3] must be less than the number of source shards [3]');
    assert.match((await problem.locator('.remedy-text').textContent())!, /number_of_shards smaller than 3/);
    await page.getByRole('button', { name: 'Retry three-000001' }).waitFor(WAIT);
    assert.deepEqual(await page.getByRole('list', { name: 'Phases on the time axis' }).getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label'))), [
      'warm starts at 1d',
    ]);
    assert.match((await page.getByRole('img', { name: /^Now: / }).getAttribute('aria-label'))!, /^Now: age 1\.02d, in warm \/ shrink \/ ERROR$/);
    await screenshot(page, 'lifecycle-timeline-error');
    await page.context().close();
  });

  it('shows a shrink to a shard count that is not a factor as waiting, with the remedy; fixing the policy lets it go on', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'shrink-2', policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 2 } } } } } });
    await client.indices.create({ index: 'odd-000001', settings: { 'index.number_of_shards': 3, 'index.lifecycle.name': 'shrink-2' } });
    await es.advance('1d');
    await es.advance('30m');
    const waiting = await explainRecord(client, 'odd-000001');
    assert.equal(waiting.step, 'check-target-shards-count', JSON.stringify(waiting));

    const page = await openConsole(browser, es.server.url, '#/lifecycle');
    const problem = page.getByRole('group', { name: 'Wait of odd-000001' });
    await problem.waitFor(WAIT);
    assert.equal(await problem.locator('.step-info-reason').textContent(), waiting.step_info.message);
    assert.match(waiting.step_info.message, /must be a factor of the source index's shards count \[3\]/);
    assert.equal(
      await problem.locator('.remedy-text').textContent(),
      'Edit policy [shrink-2] so the shrink in the warm phase has a number_of_shards that is a factor of 3 (such as 1), and save it. The index is waiting, not failed: it goes on by itself once the policy is fixed.',
    );
    const row = indexRow(page, 'odd-000001');
    assert.deepEqual((await rowTexts(row)).slice(0, 5), ['odd-000001', 'shrink-2', 'warm', 'shrink', 'check-target-shards-count']);
    assert.equal(await row.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(255, 246, 224)', 'highlighted as waiting');
    assert.equal(await page.getByRole('button', { name: 'Retry odd-000001' }).count(), 0, 'nothing to retry while waiting');
    await screenshot(page, 'lifecycle-waiting');

    // The remedy, through the API; the index goes on without a retry.
    await client.ilm.putLifecycle({ name: 'shrink-2', policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 1 } } } } } });
    const moved = Object.values((await client.ilm.explainLifecycle({ index: 'odd-000001' })).indices)[0] as Row;
    assert.deepEqual([moved.phase, moved.action, moved.step], ['warm', 'complete', 'complete']);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await problem.waitFor({ state: 'detached', ...WAIT });
    await indexRow(page, moved.index).waitFor(WAIT);
    assert.deepEqual((await rowTexts(indexRow(page, moved.index))).slice(0, 5), [moved.index, 'shrink-2', 'warm', 'complete', 'complete']);
    await page.context().close();
  });
});
