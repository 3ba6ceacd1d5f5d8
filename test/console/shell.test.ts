/** The console's shell in a real browser: served at /_tessera/console/, sign-in with security on, the three areas. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('the console shell', { skip: browserSkip }, () => {
  let browser: Browser;
  let server: TestServer;

  before(async () => {
    browser = await launchBrowser();
    server = await startTestServer({ security: true, elasticPassword: 'console-pw' });
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('asks for credentials, refuses wrong ones with the server’s message, and keeps them for the tab only', async () => {
    const page = await openConsole(browser, server.url);
    await page.getByLabel('Username').fill('elastic');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    assert.equal(await page.getByRole('alert').textContent(), 'unable to authenticate user [elastic] for REST request [/_security/_authenticate]');
    await screenshot(page, 'shell-sign-in-refused');
    await page.getByLabel('Password').fill('console-pw');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation').waitFor();
    assert.deepEqual(await page.getByRole('navigation').getByRole('link').allTextContents(), ['Grids', 'Index lifecycle', 'Cluster']);
    assert.equal(await page.evaluate(() => localStorage.length), 0, 'nothing in localStorage');
    // A reload keeps the session; a new tab (a new context) must sign in again.
    await page.reload();
    await page.getByRole('navigation').waitFor();
    const other = await openConsole(browser, server.url);
    await other.getByRole('button', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'shell-signed-in');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().close();
    await other.context().close();
  });
});
