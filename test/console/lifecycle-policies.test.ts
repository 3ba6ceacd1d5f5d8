/**
 * The console's lifecycle policies in a real browser: the list (version, modified date, in_use_by), the editor
 * saving a valid policy (a new version) and showing the server's own message for invalid ones, a new policy, and
 * deletion (refused while in use).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { esErrorOf, startEsServer, type EsFixture } from '../helpers/es.js';

const WAIT = { timeout: 30_000 };

const KEEP = { phases: { warm: { min_age: '5d', actions: { readonly: {} } }, delete: { min_age: '30d', actions: { delete: {} } } } };

/** Save policy keep, which an index uses: the console asks first, and this confirms. */
async function saveInUse(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save policy' }).click();
  await page.getByRole('group', { name: 'Confirm save' }).getByRole('button', { name: 'Confirm save' }).click();
}

/** The JSON textarea's current text, parsed. */
async function editorJson(page: Page): Promise<unknown> {
  return JSON.parse(await page.getByLabel('Policy JSON').inputValue());
}

describe('the console: lifecycle policies', { skip: browserSkip }, () => {
  let browser: Browser;
  let es: EsFixture;

  before(async () => {
    browser = await launchBrowser();
    es = await startEsServer();
    await es.client.ilm.putLifecycle({ name: 'keep', policy: KEEP });
    await es.client.ilm.putLifecycle({ name: 'spare', policy: { phases: { hot: { actions: { set_priority: { priority: 10 } } } } } });
    await es.client.indices.create({ index: 'keep-000001', settings: { 'index.lifecycle.name': 'keep' } });
  });

  after(async () => {
    await browser?.close();
    await es?.client.close();
    await es?.server.dispose();
  });

  it('lists the policies with version, modified date and the indices that use them', async () => {
    const policies = await es.client.ilm.getLifecycle();
    const page = await openConsole(browser, es.server.url, '#/lifecycle/policies');
    const table = page.getByRole('table');
    await table.getByRole('rowheader', { name: 'spare' }).waitFor(WAIT);
    assert.deepEqual(await table.getByRole('columnheader').allTextContents(), ['Name', 'Version', 'Modified', 'Phases', 'In use by']);
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    assert.deepEqual(rows, [
      ['keep', '1', '2026-01-01 00:00:00 UTC', 'warm, delete', '1 index: keep-000001'],
      ['spare', '1', '2026-01-01 00:00:00 UTC', 'hot', 'no index'],
    ]);
    // Java's instant text, as Elasticsearch writes it; the console shows the same instant.
    assert.equal(policies.keep!.modified_date, '2026-01-01T00:00Z');
    assert.equal(await table.locator('time').first().getAttribute('datetime'), policies.keep!.modified_date);
    await screenshot(page, 'lifecycle-policies');
    await page.context().close();
  });

  it('saves an edited policy as a new version, and shows the server’s exact message for invalid ones', async () => {
    const { client } = es;
    const page = await openConsole(browser, es.server.url, '#/lifecycle/policies');
    await page.getByRole('link', { name: 'keep', exact: true }).click();
    await page.getByRole('heading', { name: 'Policy keep' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Save policy' }).waitFor(WAIT);
    const stored = (await client.ilm.getLifecycle({ name: 'keep' })).keep!;
    assert.deepEqual(await editorJson(page), stored.policy, 'the editor holds the stored policy');

    // A valid change: warm from 5d to 7d.
    const edited = { phases: { warm: { min_age: '7d', actions: { readonly: {} } }, delete: { min_age: '30d', actions: { delete: {} } } } };
    await page.getByLabel('Policy JSON').fill(JSON.stringify(edited, null, 2));
    await saveInUse(page);
    const saved = page.getByRole('status');
    await saved.waitFor(WAIT);
    assert.equal(await saved.textContent(), 'Saved policy keep: version 2. The server answered {"acknowledged":true}.');
    const after = (await client.ilm.getLifecycle({ name: 'keep' })).keep!;
    assert.equal(after.version, 2, 'the version increased');
    assert.equal(after.policy.phases.warm?.min_age, '7d');
    await page.locator('.policy-version').filter({ hasText: '2' }).waitFor(WAIT);

    // An unknown action: the server's validation message, verbatim.
    const unknown = { phases: { warm: { min_age: '7d', actions: { explode: {} } } } };
    const expected = await esErrorOf(client.ilm.putLifecycle({ name: 'probe', policy: unknown as never }));
    await page.getByLabel('Policy JSON').fill(JSON.stringify(unknown, null, 2));
    await saveInUse(page);
    const refused = page.getByRole('alert');
    await refused.waitFor(WAIT);
    assert.equal(await refused.locator('.error-reason').textContent(), expected.reason);
    assert.equal(expected.reason, 'Validation Failed: 1: invalid action [explode] defined in phase [warm];');
    assert.match((await refused.textContent())!, /action_request_validation_exception \(HTTP 400\)/);
    await screenshot(page, 'lifecycle-policy-refused');

    // A bad min_age: the reason and the cause the server gives under it.
    const badAge = { phases: { warm: { min_age: '5x', actions: {} } } };
    await page.getByLabel('Policy JSON').fill(JSON.stringify(badAge));
    await saveInUse(page);
    await refused.locator('.error-reason').filter({ hasText: '[phase] failed to parse field [min_age]' }).waitFor(WAIT);
    assert.equal(
      await refused.locator('.error-cause').textContent(),
      'Caused by illegal_argument_exception: failed to parse setting [min_age] with value [5x] as a time value: unit is missing or unrecognized',
    );

    // Not JSON at all: refused before it reaches the server.
    await page.getByLabel('Policy JSON').fill('{"phases": ');
    await page.getByRole('button', { name: 'Save policy' }).click();
    await refused.locator('.error-reason').filter({ hasText: /^The policy is not valid JSON: / }).waitFor(WAIT);
    const unchanged = (await client.ilm.getLifecycle({ name: 'keep' })).keep!;
    assert.equal(unchanged.version, 2, 'none of the refused saves changed the policy');
    assert.equal(unchanged.policy.phases.warm?.min_age, '7d');
    await page.context().close();
  });

  it('creates a new policy, and shows the server’s refusal of a bad name', async () => {
    const { client } = es;
    const page = await openConsole(browser, es.server.url, '#/lifecycle/policies');
    await page.getByRole('link', { name: 'New policy' }).click();
    await page.getByRole('heading', { name: 'New policy' }).waitFor(WAIT);
    const body = { phases: { hot: { actions: { rollover: { max_age: '1d' } } }, delete: { min_age: '3d', actions: { delete: {} } } } };
    await page.getByLabel('Policy JSON').fill(JSON.stringify(body));

    await page.getByLabel('Policy name').fill('_fresh');
    await page.getByRole('button', { name: 'Create policy' }).click();
    await page.getByRole('alert').waitFor(WAIT);
    assert.equal(await page.getByRole('alert').locator('.error-reason').textContent(), "invalid policy name [_fresh]: must not start with '_'");

    await page.getByLabel('Policy name').fill('fresh');
    await page.getByRole('button', { name: 'Create policy' }).click();
    await page.getByRole('heading', { name: 'Policy fresh' }).waitFor(WAIT);
    assert.equal(new URL(page.url()).hash, '#/lifecycle/policies/fresh');
    assert.equal(await page.getByRole('status').textContent(), 'Created policy fresh: version 1. The server answered {"acknowledged":true}.');
    const created = (await client.ilm.getLifecycle({ name: 'fresh' })).fresh!;
    assert.equal(created.version, 1);
    assert.deepEqual(created.policy.phases.hot?.actions, { rollover: { max_age: '1d' } });
    await page.getByLabel('Policy JSON').waitFor(WAIT);
    assert.deepEqual(await editorJson(page), created.policy);
    await page.context().close();
  });

  it('deletes an unused policy and shows the server’s refusal for one in use', async () => {
    const { client } = es;
    const page = await openConsole(browser, es.server.url, '#/lifecycle/policies/keep');
    await page.getByRole('button', { name: 'Delete policy' }).click();
    await page.getByRole('group', { name: 'Confirm deletion' }).getByRole('button', { name: 'Confirm delete' }).click();
    const refused = page.getByRole('alert');
    await refused.waitFor(WAIT);
    const expected = await esErrorOf(client.ilm.deleteLifecycle({ name: 'keep' }));
    assert.equal(await refused.locator('.error-reason').textContent(), expected.reason);
    assert.equal(expected.reason, 'Cannot delete policy [keep]. It is in use by one or more indices: [keep-000001]');
    assert.equal((await client.ilm.getLifecycle({ name: 'keep' })).keep!.version, 2, 'still there');
    await screenshot(page, 'lifecycle-policy-delete-refused');

    await page.goto(`${es.server.url}/_tessera/console/#/lifecycle/policies/spare`);
    await page.getByRole('button', { name: 'Delete policy' }).click();
    await page.getByRole('button', { name: 'Confirm delete' }).click();
    await page.getByRole('heading', { name: 'Lifecycle policies' }).waitFor(WAIT);
    assert.equal(await page.getByRole('status').textContent(), 'Deleted policy spare. The server answered {"acknowledged":true}.');
    await page.getByRole('rowheader', { name: 'keep' }).waitFor(WAIT);
    assert.equal(await page.getByRole('rowheader', { name: 'spare' }).count(), 0);
    assert.equal((await esErrorOf(client.ilm.getLifecycle({ name: 'spare' }))).status, 404);
    await page.context().close();
  });
});
