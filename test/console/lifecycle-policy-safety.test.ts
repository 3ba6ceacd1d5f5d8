/**
 * The console's policy editor keeps what is stored safe and says what a change does to what uses it: creating under
 * a taken name is refused (PUT would replace that policy), saving a policy in use asks first with its counts, Check
 * lints the text as the next version on the indices and templates that use it (agreeing with Simulate), the list
 * counts the problems of a policy's indices, and "In use by" shows counts and a few names, not every index.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { startEsServer, type EsFixture } from '../helpers/es.js';

const WAIT = { timeout: 30_000 };

const SHARED = { phases: { warm: { min_age: '5d', actions: { readonly: {} } }, delete: { min_age: '30d', actions: { delete: {} } } } };
const shrinkingTo = (shards: number) => ({
  phases: {
    hot: { actions: { rollover: { max_age: '1d' } } },
    warm: { min_age: '1d', actions: { shrink: { number_of_shards: shards } } },
  },
});
const FAILING = { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 3 } } } } };
const SHRINK_3_OF_2 = 'the number of target shards [3] must be less than the number of source shards [2]';

async function fillJson(page: Page, body: unknown): Promise<void> {
  await page.getByLabel('Policy JSON').fill(JSON.stringify(body, null, 2));
}

describe('the console: policies kept safe, checked against what uses them', { skip: browserSkip }, () => {
  let browser: Browser;
  let es: EsFixture;

  before(async () => {
    browser = await launchBrowser();
    es = await startEsServer();
    const { client } = es;
    // shared: 4 indices and 2 templates.
    await client.ilm.putLifecycle({ name: 'shared', policy: SHARED });
    for (const index of ['shared-a', 'shared-b', 'shared-c', 'shared-d']) await client.indices.create({ index, settings: { 'index.lifecycle.name': 'shared' } });
    for (const name of ['shared-one', 'shared-two']) {
      await client.indices.putIndexTemplate({ name, index_patterns: [`${name}-*`], template: { settings: { 'index.lifecycle.name': 'shared' } } });
    }
    // shrinker: 2-shard indices and a 2-shard template, shrinking to 1.
    await client.ilm.putLifecycle({ name: 'shrinker', policy: shrinkingTo(1) });
    await client.indices.putIndexTemplate({
      name: 'shrinker',
      index_patterns: ['shrinker-*'],
      template: { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrinker', 'index.lifecycle.rollover_alias': 'shrinker' } },
    });
    await client.indices.create({ index: 'shrinker-000001', aliases: { shrinker: { is_write_index: true } } });
    await client.indices.create({
      index: 'other-000001',
      settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrinker', 'index.lifecycle.rollover_alias': 'other' },
      aliases: { other: { is_write_index: true } },
    });
    // failing: a clean text on its own, but its two 2-shard indices are in ERROR because of it.
    await client.ilm.putLifecycle({ name: 'failing', policy: FAILING });
    for (const index of ['failing-1', 'failing-2']) await client.indices.create({ index, settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'failing' } });
    await es.advance('2d');
  });

  after(async () => {
    await browser?.close();
    await es?.client.close();
    await es?.server.dispose();
  });

  it('refuses to create a policy under a name that is taken, leaving the stored one as it was', async () => {
    const { client } = es;
    const before = (await client.ilm.getLifecycle({ name: 'shared' })).shared!;
    const page = await openConsole(browser, es.server.url, '#/lifecycle/policies');
    await page.getByRole('link', { name: 'New policy' }).click();
    await page.getByRole('heading', { name: 'New policy' }).waitFor(WAIT);
    await page.getByLabel('Policy name').fill('shared');
    await page.getByRole('button', { name: 'Create policy' }).click();
    const refused = page.getByRole('alert');
    await refused.waitFor(WAIT);
    assert.equal(
      (await refused.textContent())!.replace(/\s+/g, ' '),
      'A policy named shared already exists (version 1, used by 4 indices and 2 templates). Creating it would replace it: choose another name, or open policy shared to edit it.',
    );
    assert.equal(await refused.getByRole('link', { name: 'open policy shared' }).getAttribute('href'), '#/lifecycle/policies/shared');
    const after = (await client.ilm.getLifecycle({ name: 'shared' })).shared!;
    assert.equal(after.version, 1, 'not replaced');
    assert.deepEqual(after.policy, before.policy);
    assert.deepEqual(new URL(page.url()).hash, '#/lifecycle/policies/_new', 'still on the form');
    await screenshot(page, 'lifecycle-policy-name-taken');
    await page.context().close();
  });

  it('asks before saving a policy in use, with how many indices and templates use it; Cancel saves nothing, Confirm saves', async () => {
    const { client } = es;
    const page = await openConsole(browser, es.server.url, '#/lifecycle/policies/shared');
    await page.getByRole('button', { name: 'Save policy' }).waitFor(WAIT);
    await page.getByLabel('Policy JSON').waitFor(WAIT);
    const edited = { phases: { warm: { min_age: '7d', actions: { readonly: {} } }, delete: { min_age: '30d', actions: { delete: {} } } } };
    await fillJson(page, edited);
    await page.getByRole('button', { name: 'Save policy' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm save' });
    await confirm.waitFor(WAIT);
    assert.equal(await confirm.locator('.confirm-question').textContent(), 'Save version 2 of shared? 4 indices and 2 templates use it.');
    assert.match((await confirm.textContent())!, /An index already in a phase keeps the definition of that phase it cached on entering it/);
    await screenshot(page, 'lifecycle-policy-confirm-save');

    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached', ...WAIT });
    const unchanged = (await client.ilm.getLifecycle({ name: 'shared' })).shared!;
    assert.equal(unchanged.version, 1, 'Cancel saves nothing');
    assert.equal(unchanged.policy.phases.warm?.min_age, '5d');

    await page.getByRole('button', { name: 'Save policy' }).click();
    await confirm.getByRole('button', { name: 'Confirm save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved policy shared: version 2.' }).waitFor(WAIT);
    const saved = (await client.ilm.getLifecycle({ name: 'shared' })).shared!;
    assert.equal(saved.version, 2);
    assert.equal(saved.policy.phases.warm?.min_age, '7d');
    await page.context().close();
  });

  it('Check finds the shrink to 3 shards that Simulate predicts, on the 2-shard indices and template that use the policy', async () => {
    const page = await openConsole(browser, es.server.url, '#/lifecycle/policies/shrinker');
    await page.getByRole('button', { name: 'Check' }).waitFor(WAIT);
    await page.getByLabel('Policy JSON').waitFor(WAIT);
    await fillJson(page, shrinkingTo(3));
    await page.getByRole('button', { name: 'Check' }).click();
    const checked = page.getByRole('list', { name: 'Lint problems of the edited policy' });
    await checked.waitFor(WAIT);
    assert.deepEqual(await checked.locator('.lint-message').allTextContents(), [SHRINK_3_OF_2, SHRINK_3_OF_2]);
    assert.deepEqual(await checked.locator('.lint-concerns').allTextContents(), [
      'In 2 indices that use it: other-000001, shrinker-000001',
      'In the new index of template: shrinker',
    ]);
    assert.equal(await page.locator('.policy-check .lint-checked').textContent(), 'Checked on a new index and on what uses it: 2 indices and 1 template.');
    await screenshot(page, 'lifecycle-policy-check-users');

    // Simulate, on the index the template creates, through its alias, written to so it rolls over: the same error.
    await page.getByLabel('Rollover alias').fill('shrinker');
    await page.getByLabel('Documents per day').fill('1000');
    await page.getByLabel('Horizon').fill('5d');
    await page.getByRole('button', { name: 'Simulate' }).click();
    const first = page.getByRole('group', { name: 'First predicted error' });
    await first.waitFor(WAIT);
    assert.equal(await first.locator('.step-info-reason').textContent(), SHRINK_3_OF_2);
    assert.equal((await es.client.ilm.getLifecycle({ name: 'shrinker' })).shrinker!.version, 1, 'nothing saved');
    await page.context().close();
  });

  it('counts the problems of a policy’s indices in the list: a policy whose indices are in ERROR because of it is not “clean”', async () => {
    const explained = await es.client.ilm.explainLifecycle({ index: 'failing-*' });
    assert.deepEqual(Object.values(explained.indices).map((r) => (r as { step?: string }).step), ['ERROR', 'ERROR']);
    const page = await openConsole(browser, es.server.url, '#/lifecycle/policies');
    const caption = page.locator('table.policies caption');
    await caption.filter({ hasText: 'problems in' }).waitFor(WAIT);
    const text = (await caption.textContent())!.replace(/\s+/g, ' ');
    assert.match(text, /problems in [^;]*\bfailing\b/);
    assert.doesNotMatch(text, /no problems found in [^;]*\bfailing\b/);
    const problems = page.getByRole('list', { name: 'Lint problems for policy failing' });
    await problems.waitFor(WAIT);
    assert.deepEqual(await problems.locator('.lint-message').allTextContents(), [SHRINK_3_OF_2]);
    assert.deepEqual(await problems.locator('.lint-concerns').allTextContents(), ['In 2 indices that use it: failing-1, failing-2']);
    await page.context().close();
  });

  it('shows what uses a policy as counts and the first names, with a link to its indices in the managed-index list', async () => {
    const page = await openConsole(browser, es.server.url, '#/lifecycle/policies');
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'shared', exact: true }) });
    await row.waitFor(WAIT);
    assert.equal((await row.locator('td').last().textContent())!.replace(/\s+/g, ' '), '4 indices: shared-a, shared-b, shared-c and 1 more; 2 templates: shared-one, shared-two');
    assert.equal(await row.getByRole('link', { name: 'and 1 more' }).getAttribute('href'), '#/lifecycle?policy=shared');
    assert.equal(await row.locator('td').last().getByRole('link').count(), 4, 'three index links and the link to all of them');

    await page.goto(`${es.server.url}/_tessera/console/#/lifecycle/policies/shared`);
    const facts = page.locator('dl.facts');
    await facts.waitFor(WAIT);
    assert.match((await facts.textContent())!.replace(/\s+/g, ' '), /In use by4 indices: shared-a, shared-b, shared-c and 1 more; 2 templates/);
    assert.equal(await facts.getByRole('link', { name: 'and 1 more' }).getAttribute('href'), '#/lifecycle?policy=shared');
    await page.context().close();
  });
});
