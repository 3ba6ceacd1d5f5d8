/**
 * The console's shell as a user meets it: the tab's title says where the user is, an unknown route says so with a
 * way back, the sign-in form is ready to type in, and on a 390 px phone no page scrolls sideways (wide tables scroll
 * inside their own box).
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { gridClient } from '../helpers/grid-clients.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { eventually, WAIT_MS } from './grids-helpers.js';

const LONG = 'A field name long enough to push any column or dropdown that does not bound its width well past a phone screen';

/** How far the page scrolls sideways: 0 when nothing is wider than the window. */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The outermost elements that stick out past the window's right edge unclipped, for the failure message. */
function overflowing(page: Page): Promise<string[]> {
  // A string, not a function: the test's compiler would name inner functions with a helper the page lacks.
  return page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    function clipped(el) {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    }
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !clipped(el))
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 1)
      .slice(0, 8)
      .map((el) => el.tagName.toLowerCase() + '.' + el.className + ' "' + (el.textContent || '').slice(0, 30) + '" (' + Math.round(el.getBoundingClientRect().right) + ' px)');
  })()`);
}

describe('the console shell: titles, unknown routes, sign-in focus, a phone-wide screen', { skip: browserSkip }, () => {
  let browser: Browser;
  let server: TestServer;
  let gridId: string;

  before(async () => {
    browser = await launchBrowser();
    server = await startTestServer();
    const api = gridClient(server.url);
    const grid = await api.createGrid({ name: 'Roadmap' });
    gridId = grid.id;
    await api.insertField({ gridId, field: { name: LONG, visibility: true } });
    const es = new Client({ node: server.url });
    await es.ilm.putLifecycle({ name: 'logs-with-a-rather-long-policy-name', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } }, delete: { min_age: '30d', actions: { delete: {} } } } } });
    await es.indices.create({
      index: 'logs-with-a-rather-long-index-name-000001',
      settings: { 'index.lifecycle.name': 'logs-with-a-rather-long-policy-name', 'index.lifecycle.rollover_alias': 'logs-with-a-rather-long-alias' },
      aliases: { 'logs-with-a-rather-long-alias': { is_write_index: true } },
    });
    await es.close();
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('names the tab after the page shown', async () => {
    const page = await openConsole(browser, server.url, '#/grids');
    page.setDefaultTimeout(WAIT_MS);
    await eventually(async () => assert.equal(await page.title(), 'Grids · Tessera'));
    await page.getByRole('link', { name: 'Roadmap', exact: true }).click();
    await eventually(async () => assert.equal(await page.title(), 'Roadmap · Grids · Tessera'));
    await page.getByRole('link', { name: 'Grids', exact: true }).click();
    await eventually(async () => assert.equal(await page.title(), 'Grids · Tessera'));
    await page.getByRole('link', { name: 'Index lifecycle' }).click();
    await eventually(async () => assert.equal(await page.title(), 'Indices · Index lifecycle · Tessera'));
    await page.getByRole('link', { name: 'Policies' }).click();
    await eventually(async () => assert.equal(await page.title(), 'Policies · Index lifecycle · Tessera'));
    await page.getByRole('link', { name: 'Forecast a cluster' }).click();
    await eventually(async () => assert.equal(await page.title(), 'Forecast a cluster · Index lifecycle · Tessera'));
    await page.goto(`${server.url}/_tessera/console/#/lifecycle/policies/logs-with-a-rather-long-policy-name`);
    await eventually(async () => assert.equal(await page.title(), 'Policy logs-with-a-rather-long-policy-name · Index lifecycle · Tessera'));
    await page.getByRole('link', { name: 'Cluster', exact: true }).click();
    await eventually(async () => assert.equal(await page.title(), 'Cluster · Tessera'));
    await page.context().close();
  });

  it('says an unknown route is not a page, with links back, instead of a blank page', async () => {
    const page = await openConsole(browser, server.url, '#/nowhere/at-all');
    page.setDefaultTimeout(WAIT_MS);
    const heading = page.getByRole('heading', { name: 'No such page' });
    await heading.waitFor();
    assert.match((await page.locator('main').textContent()) ?? '', /#\/nowhere\/at-all/);
    assert.equal(await page.title(), 'No such page · Tessera');
    await page.locator('main').getByRole('link', { name: 'Grids' }).click();
    await page.getByRole('table', { name: 'Grids' }).waitFor();
    // Within an area too: a lifecycle view that does not exist is not the index list.
    await page.goto(`${server.url}/_tessera/console/#/lifecycle/nonsense`);
    await page.getByRole('heading', { name: 'No such page' }).waitFor();
    assert.equal(await page.title(), 'No such page · Tessera');
    await page.context().close();
  });

  for (const [name, route] of [
    ['the grid list', '#/grids'],
    ['a grid with a long field name', '#/grids/{grid}'],
    ['the managed indices', '#/lifecycle'],
    ['the data streams', '#/lifecycle/data-streams'],
    ['the policies', '#/lifecycle/policies'],
    ['a policy', '#/lifecycle/policies/logs-with-a-rather-long-policy-name'],
    ['a new policy', '#/lifecycle/policies/_new'],
    ['a cluster forecast’s form', '#/lifecycle/forecast'],
    ['an index', '#/lifecycle/index/logs-with-a-rather-long-index-name-000001'],
    ['the cluster', '#/cluster'],
    ['an unknown route', '#/nowhere'],
  ] as const) {
    it(`shows ${name} on a 390 px screen without scrolling sideways`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT_MS);
      await page.goto(`${server.url}/_tessera/console/${route.replace('{grid}', gridId)}`);
      await page.locator('main h1, main h2').first().waitFor();
      // Loaded views settle after their data arrives (the grid's watch stream never lets the network go idle).
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      await page.waitForTimeout(1_000);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) await screenshot(page, `phone-${route.replace(/[^a-z0-9]+/gi, '-')}`);
      assert.equal(overflow, 0, `wider than the screen by ${overflow} px: ${(await overflowing(page)).join(', ')}`);
      await context.close();
    });
  }
});

describe('the sign-in form', { skip: browserSkip }, () => {
  let browser: Browser;
  let server: TestServer;

  before(async () => {
    browser = await launchBrowser();
    server = await startTestServer({ security: true, elasticPassword: 'shell-pw' });
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('puts the cursor in its first field, and is titled Sign in', async () => {
    const page = await openConsole(browser, server.url);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'username');
    assert.equal(await page.title(), 'Sign in · Tessera');
    await page.keyboard.type('elastic');
    assert.equal(await page.getByLabel('Username').inputValue(), 'elastic');
    await page.context().close();
  });

  it('lets a user who may not read the cluster info (no monitor) back in after a reload', async () => {
    const es = new Client({ node: server.url, auth: { username: 'elastic', password: 'shell-pw' } });
    await es.security.putRole({ name: 'policy_reader', cluster: ['read_ilm'] });
    await es.security.putUser({ username: 'policies', password: 'policies-pw', roles: ['policy_reader'] });
    await es.close();
    const page = await openConsole(browser, server.url, '#/lifecycle/policies');
    await page.getByLabel('Username').fill('policies');
    await page.getByLabel('Password').fill('policies-pw');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Lifecycle policies' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Lifecycle policies' }).waitFor();
    assert.equal(await page.getByText('The server did not answer').count(), 0);
    await page.context().close();
  });
});
