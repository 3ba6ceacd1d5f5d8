/**
 * With security on, the index page's forms and the header's Stop ILM are shown only to a user who may use them
 * (asked of `_has_privileges`): a user who may only read sees the index, its failure and its advice, and no Retry,
 * no remedy form, no actions, no Stop ILM; the superuser sees them all.
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { VirtualClock } from '../../src/platform/clock.js';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const WAIT_MS = 30_000;
const EPOCH = Date.parse('2026-01-01T00:00:00Z');
const INDEX = 'web-000001';

async function signIn(browser: Browser, server: TestServer, username: string, password: string, route = `#/lifecycle/index/${INDEX}`): Promise<Page> {
  const page = await openConsole(browser, server.url, route);
  page.setDefaultTimeout(WAIT_MS);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  // The views ask what the user may do once signed in: every answer is awaited before anything is judged absent.
  const statuses: number[] = [];
  let asked = 0;
  const isAsk = (url: string) => url.endsWith('/_security/user/_has_privileges');
  page.on('request', (request) => void (isAsk(request.url()) && asked++));
  page.on('response', (response) => void (isAsk(response.url()) && statuses.push(response.status())));
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (route.includes('/index/')) await page.getByRole('group', { name: `Error of ${INDEX}` }).waitFor();
  else if (route.includes('/policies/')) await page.getByRole('button', { name: 'Check' }).waitFor();
  else if (route.endsWith('/policies')) await page.getByRole('link', { name: 'logs', exact: true }).waitFor();
  else await page.getByRole('link', { name: `Timeline of ${INDEX}` }).waitFor();
  await page.getByRole('group', { name: 'ILM status' }).getByText('ILM is RUNNING').waitFor();
  while (asked === 0 || statuses.length < asked) await page.waitForTimeout(50);
  assert.deepEqual(new Set(statuses), new Set([200]), 'the server answers _has_privileges');
  return page;
}

describe('the console: remedies only for who may carry them out', { skip: browserSkip }, () => {
  let browser: Browser;
  let server: TestServer;
  let es: Client;

  before(async () => {
    browser = await launchBrowser();
    server = await startTestServer({ security: true, elasticPassword: 'remedies-pw', clock: new VirtualClock(EPOCH) });
    es = new Client({ node: server.url, auth: { username: 'elastic', password: 'remedies-pw' } });
    await es.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    await es.ilm.putLifecycle({ name: 'logs', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    await es.indices.create({ index: INDEX, settings: { 'index.lifecycle.name': 'logs' }, aliases: { web: { is_write_index: true } } });
    await es.transport.request({ method: 'POST', path: '/_tessera/clock/_advance', body: { by: '10m' } });
    await es.security.putRole({ name: 'lifecycle_reader', cluster: ['monitor', 'read_ilm'], indices: [{ names: ['*'], privileges: ['read', 'view_index_metadata', 'monitor'] }] });
    await es.security.putUser({ username: 'reader', password: 'reader-pw', roles: ['lifecycle_reader'] });
  });

  after(async () => {
    await browser?.close();
    await es?.close();
    await server?.dispose();
  });

  it('shows a reader no Retry, no remedy form, no actions and no Stop ILM', async () => {
    const page = await signIn(browser, server, 'reader', 'reader-pw');
    assert.equal(await page.getByRole('button', { name: `Retry ${INDEX}` }).count(), 0);
    assert.equal(await page.getByRole('group', { name: `Remedy for ${INDEX}` }).count(), 0);
    assert.equal(await page.locator('summary').filter({ hasText: `Actions on ${INDEX}` }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Stop ILM' }).count(), 0);
    await screenshot(page, 'lifecycle-reader');
    await page.context().close();
  });

  it('shows the superuser all of them', async () => {
    const page = await signIn(browser, server, 'elastic', 'remedies-pw');
    await page.getByRole('button', { name: `Retry ${INDEX}` }).waitFor();
    await page.getByRole('group', { name: `Remedy for ${INDEX}` }).waitFor();
    await page.locator('summary').filter({ hasText: `Actions on ${INDEX}` }).waitFor();
    await page.getByRole('button', { name: 'Stop ILM' }).waitFor();
    await page.context().close();
  });

  /** What a page offers to change: the index list's Retry and selection, the policies' New, Save and Delete. */
  async function changeControls(page: Page): Promise<number> {
    const names = [`Retry ${INDEX}`, `Select ${INDEX}`, 'Save policy', 'Delete policy', 'Create policy'];
    let count = await page.getByRole('link', { name: 'New policy' }).count();
    for (const name of names) count += (await page.getByRole('button', { name }).count()) + (await page.getByRole('checkbox', { name }).count());
    return count;
  }

  for (const [view, route] of [
    ['the index list', '#/lifecycle'],
    ['the policies', '#/lifecycle/policies'],
    ['a policy', '#/lifecycle/policies/logs'],
  ] as const) {
    it(`shows a reader ${view} without its changing controls, and the superuser with them`, async () => {
      const reader = await signIn(browser, server, 'reader', 'reader-pw', route);
      assert.equal(await changeControls(reader), 0);
      await reader.context().close();
      const admin = await signIn(browser, server, 'elastic', 'remedies-pw', route);
      assert.ok((await changeControls(admin)) > 0, 'the superuser is offered them');
      await admin.context().close();
    });
  }
});
