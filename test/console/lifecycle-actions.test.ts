/**
 * The index page carries out the remedies it suggests: the forms beside the advice (prefilled) and in the index's
 * actions each call the real API, checked here with the official client; a refusal is the server's words; ILM stops
 * and starts from the header; and Retry says when the step runs again and whether lint still sees the cause.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { explainRecord, startEsServer, type EsFixture } from '../helpers/es.js';

const WAIT = { timeout: 30_000 };

async function openIndex(browser: Browser, es: EsFixture, index: string): Promise<Page> {
  const page = await openConsole(browser, es.server.url, `#/lifecycle/index/${index}`);
  page.setDefaultTimeout(WAIT.timeout);
  await page.getByRole('article', { name: `Lifecycle of ${index}` }).waitFor();
  return page;
}

/** Opens the folded actions of `index`. */
async function openActions(page: Page, index: string) {
  await page.locator('summary').filter({ hasText: `Actions on ${index}` }).click();
  return page.getByRole('group', { name: `Actions on ${index}` });
}

/** Lint has answered once the index's problems (or its note that there are none) are shown. */
async function lintAnswered(page: Page): Promise<void> {
  await page.locator('.index-lint').locator('ol, .lint-clean').first().waitFor();
}

async function lastAction(page: Page, text: string): Promise<void> {
  await page.getByRole('status', { name: 'Last action' }).filter({ hasText: text }).waitFor();
}

describe('the console: remedies carried out from the index page', { skip: browserSkip }, () => {
  let browser: Browser;
  let es: EsFixture;

  before(async () => {
    browser = await launchBrowser();
    es = await startEsServer();
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    await client.ilm.putLifecycle({ name: 'logs', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    await client.ilm.putLifecycle({
      name: 'tiers',
      policy: { phases: { hot: { actions: { set_priority: { priority: 100 } } }, warm: { min_age: '30d', actions: { set_priority: { priority: 50 }, readonly: {} } } } },
    });
    // Row 4 of the spec: rollover with no rollover alias set.
    await client.indices.create({ index: 'web-000001', settings: { 'index.lifecycle.name': 'logs' }, aliases: { web: { is_write_index: true } } });
    // Not named like web-000002, which would be in the way of web-000001's rollover.
    await client.indices.create({ index: 'spare' });
    await client.indices.create({ index: 'tiered', settings: { 'index.lifecycle.name': 'tiers' } });
    // Row 3: the rollover alias does not exist.
    await client.indices.create({ index: 'app-000001', settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'app' } });
    await es.advance('10m');
    assert.equal((await explainRecord(client, 'web-000001')).step, 'ERROR');
    assert.equal((await explainRecord(client, 'app-000001')).step, 'ERROR');
  });

  after(async () => {
    await browser?.close();
    await es?.client.close();
    await es?.server.dispose();
  });

  it('asks before retrying an unfixed cause, and says when the step runs again and that lint predicts it fails again', async () => {
    const page = await openIndex(browser, es, 'web-000001');
    await page.getByRole('group', { name: 'Error of web-000001' }).waitFor();
    await lintAnswered(page);
    await page.getByRole('button', { name: 'Retry web-000001' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm retry of web-000001' });
    assert.match((await confirm.textContent())!, /^The cause is not fixed: lint predicts .*setting \[index\.lifecycle\.rollover_alias\] for index \[web-000001\] is empty or not defined.*Retry anyway\?/);
    await confirm.getByRole('button', { name: 'Retry anyway' }).click();
    const outcome = page.locator('.retry-outcome');
    await outcome.locator('.retry-prediction').waitFor();
    const clock = (await es.client.transport.request({ method: 'GET', path: '/_tessera/clock' })) as { now_millis: number; next_poll_millis: number };
    const next = new Date(clock.next_poll_millis).toISOString();
    assert.equal(
      await outcome.locator('.retry-when').textContent(),
      `The index is now at hot / rollover / check-rollover-ready. A step that waits runs again at the next poll (indices.lifecycle.poll_interval 10m): about ${next.slice(0, 10)} ${next.slice(11, 19)} UTC, in 10m of the virtual clock, which moves only when advanced.`,
    );
    assert.match((await outcome.locator('.retry-prediction').textContent())!, /^Lint predicts it will fail again: setting \[index\.lifecycle\.rollover_alias\] for index \[web-000001\] is empty or not defined — /);
    assert.equal((await explainRecord(es.client, 'web-000001')).step, 'check-rollover-ready');
    await screenshot(page, 'lifecycle-retry-unfixed');
    await page.context().close();
    // As lint said, the next poll fails it again.
    await es.advance('10m');
    assert.equal((await explainRecord(es.client, 'web-000001')).step, 'ERROR');
  });

  it('sets the rollover alias the remedy names, prefilled; then Retry finds nothing in the way', async () => {
    const page = await openIndex(browser, es, 'web-000001');
    const remedy = page.getByRole('group', { name: 'Error of web-000001' }).getByRole('group', { name: 'Remedy for web-000001' });
    const form = remedy.getByRole('form', { name: 'Rollover alias of web-000001', exact: true });
    assert.equal(await form.getByLabel('index.lifecycle.rollover_alias').inputValue(), 'web');
    await form.getByRole('button', { name: 'Set rollover alias' }).click();
    await lastAction(page, 'index.lifecycle.rollover_alias of web-000001 is now [web].');
    const settings = await es.client.indices.getSettings({ index: 'web-000001', flat_settings: true });
    assert.equal(settings['web-000001']!.settings!['index.lifecycle.rollover_alias'], 'web');

    // Lint no longer sees the cause: Retry asks nothing.
    await page.locator('.index-lint .lint-clean').waitFor();
    await page.getByRole('button', { name: 'Retry web-000001' }).click();
    const outcome = page.locator('.retry-outcome');
    await outcome.locator('.retry-prediction').waitFor();
    assert.equal(await outcome.locator('.retry-prediction').textContent(), 'Lint finds nothing in the way of hot / rollover.');
    await page.context().close();
    await es.advance('10m');
    assert.equal((await explainRecord(es.client, 'web-000001')).step, 'check-rollover-ready');
  });

  it('adds the missing rollover alias the remedy names, as the write index', async () => {
    const page = await openIndex(browser, es, 'app-000001');
    const remedy = page.getByRole('group', { name: 'Error of app-000001' }).getByRole('group', { name: 'Remedy for app-000001' });
    const form = remedy.getByRole('form', { name: 'Alias of app-000001', exact: true });
    assert.equal(await form.getByLabel('Alias', { exact: true }).inputValue(), 'app');
    assert.equal(await form.getByLabel(/as its write index/).isChecked(), true);
    await form.getByRole('button', { name: 'Make write index' }).click();
    await lastAction(page, 'app-000001 is now the write index of [app].');
    assert.deepEqual(await es.client.indices.getAlias({ name: 'app' }), { 'app-000001': { aliases: { app: { is_write_index: true } } } });
    await page.context().close();
  });

  it('moves the write alias atomically, sets indexing_complete, and shows a refusal verbatim', async () => {
    const page = await openIndex(browser, es, 'spare');
    const actions = await openActions(page, 'spare');
    const alias = actions.getByRole('form', { name: 'Alias of spare', exact: true });
    await alias.getByLabel('Alias', { exact: true }).fill('web');
    await alias.getByLabel(/as its write index/).check();
    await alias.getByRole('button', { name: 'Make write index' }).click();
    await lastAction(page, 'spare is now the write index of [web].');
    const holders = await es.client.indices.getAlias({ name: 'web' });
    assert.deepEqual(holders, { 'web-000001': { aliases: { web: { is_write_index: false } } }, 'spare': { aliases: { web: { is_write_index: true } } } });

    const complete = actions.getByRole('form', { name: 'Indexing complete of spare', exact: true });
    await complete.getByRole('button', { name: 'Set indexing_complete to true' }).click();
    await lastAction(page, 'index.lifecycle.indexing_complete of spare is now true.');
    const settings = await es.client.indices.getSettings({ index: 'spare', flat_settings: true });
    assert.equal(settings['spare']!.settings!['index.lifecycle.indexing_complete'], 'true');

    // The server's refusal, word for word, as the official client gets it.
    const refusal = await es.client.indices.updateAliases({ actions: [{ add: { index: 'spare', alias: '_bad' } }] }).then(
      () => assert.fail('the alias was accepted'),
      (error: { meta: { body: { error: { reason: string } } } }) => error.meta.body.error.reason,
    );
    await alias.getByLabel('Alias', { exact: true }).fill('_bad');
    await alias.getByLabel(/as its write index/).uncheck();
    await alias.getByRole('button', { name: 'Add alias' }).click();
    assert.equal(await alias.getByRole('alert').locator('.error-reason').textContent(), refusal);
    await page.context().close();
  });

  it('removes a policy and attaches one', async () => {
    const page = await openIndex(browser, es, 'spare');
    let actions = await openActions(page, 'spare');
    await actions.getByRole('form', { name: 'Policy of spare', exact: true }).getByLabel('index.lifecycle.name').selectOption('tiers');
    await actions.getByRole('button', { name: 'Attach policy' }).click();
    await lastAction(page, 'spare is now managed by policy [tiers].');
    assert.equal((await explainRecord(es.client, 'spare')).policy, 'tiers');

    await page.getByRole('link', { name: 'tiers' }).first().waitFor();
    actions = page.getByRole('group', { name: 'Actions on spare' });
    if (!(await actions.isVisible())) actions = await openActions(page, 'spare');
    await actions.getByRole('button', { name: 'Remove policy tiers' }).click();
    await lastAction(page, 'spare is no longer managed.');
    assert.equal((await explainRecord(es.client, 'spare')).managed, false);
    await page.getByText('[spare] is not managed by a lifecycle policy.').waitFor();
    await page.context().close();
  });

  it('moves an index to a step of its policy', async () => {
    await es.advance('10m');
    assert.equal((await explainRecord(es.client, 'tiered')).phase, 'hot');
    const page = await openIndex(browser, es, 'tiered');
    const actions = await openActions(page, 'tiered');
    const move = actions.getByRole('form', { name: 'Move tiered to a step', exact: true });
    assert.deepEqual(await move.getByRole('option').allTextContents(), ['hot (start of phase)', 'hot / set_priority', 'warm (start of phase)', 'warm / set_priority', 'warm / readonly']);
    await move.getByLabel('Next step').selectOption({ label: 'warm / readonly' });
    await move.getByRole('button', { name: 'Move' }).click();
    await lastAction(page, 'tiered moved to warm / readonly.');
    const record = await explainRecord(es.client, 'tiered');
    assert.equal(record.phase, 'warm');
    assert.notEqual(record.action, 'set_priority');
    await screenshot(page, 'lifecycle-index-actions');
    await page.context().close();
  });

  it('stops and starts ILM from the header', async () => {
    const page = await openConsole(browser, es.server.url, '#/lifecycle');
    page.setDefaultTimeout(WAIT.timeout);
    const status = page.getByRole('group', { name: 'ILM status' });
    await status.getByText('ILM is RUNNING').waitFor();
    await status.getByRole('button', { name: 'Stop ILM' }).click();
    await status.getByRole('button', { name: 'Start ILM' }).waitFor();
    assert.notEqual((await es.client.ilm.getStatus()).operation_mode, 'RUNNING');
    await status.getByRole('button', { name: 'Start ILM' }).click();
    await status.getByText('ILM is RUNNING').waitFor();
    assert.equal((await es.client.ilm.getStatus()).operation_mode, 'RUNNING');
    await page.context().close();
  });
});
