/**
 * The Grids console with security on: every call and the watch stream carry the signed-in user's credentials, a
 * reader sees only its grids and no control to change them (asked of _has_privileges), the server's refusals show in
 * plain words, and a stream whose read privilege is taken away stops and says why.
 */
import { Client } from '@elastic/elasticsearch';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { apiFieldNames, eventually, openAddField, WAIT_MS, waitForColumns, waitUntilLive } from './grids-helpers.js';

describe('the Grids console with security on', { skip: browserSkip }, () => {
  let browser: Browser;
  let server: TestServer;
  let es: Client;

  const client = (username: string, password: string) =>
    createClient(
      GridService,
      createConnectTransport({
        baseUrl: server.url,
        httpVersion: '1.1',
        interceptors: [(next) => (request) => (request.header.set('authorization', `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`), next(request))],
      }),
    );

  before(async () => {
    browser = await launchBrowser();
    server = await startTestServer({ security: true, elasticPassword: 'grids-pw' });
    es = new Client({ node: server.url, auth: { username: 'elastic', password: 'grids-pw' } });
  });

  after(async () => {
    await browser?.close();
    await es?.close();
    await server?.dispose();
  });

  it('works for the signed-in user, shows a reader no write control and the refusals, and stops watching when the privilege goes', async () => {
    const admin = client('elastic', 'grids-pw');
    const readable = await admin.createGrid({ name: 'Readable' });
    await admin.createGrid({ name: 'Secret' });
    await es.security.putRole({ name: 'grid_reader', applications: [{ application: 'tessera-grid', privileges: ['read'], resources: [`grid:${readable.id}`] }] });
    await es.security.putUser({ username: 'reader', password: 'reader-pw', roles: ['grid_reader'] });

    const page = await openConsole(browser, server.url);
    page.setDefaultTimeout(WAIT_MS);
    await page.getByLabel('Username').fill('reader');
    await page.getByLabel('Password').fill('reader-pw');
    await page.getByRole('button', { name: 'Sign in' }).click();

    // The list: only what the reader may read, and no button to create or delete a grid.
    const list = page.getByRole('table', { name: 'Grids' });
    await list.getByRole('link', { name: 'Readable' }).waitFor();
    assert.deepEqual(await list.getByRole('link').allTextContents(), ['Readable']);
    await page.getByText('Creating a grid needs the write privilege of application tessera-grid on grid:*.').waitFor();
    assert.equal(await page.getByRole('form', { name: 'Create a grid' }).count(), 0);
    assert.equal(await list.getByRole('button', { name: 'Delete grid Readable' }).count(), 0);

    // Open it; the stream carries the credentials: an admin's change shows. Nothing to change it with shows.
    await list.getByRole('link', { name: 'Readable' }).click();
    await waitForColumns(page, ['Name', 'Type', 'Done']);
    await waitUntilLive(page);
    await admin.insertField({ gridId: readable.id, field: { name: 'By the admin', visibility: true } });
    await waitForColumns(page, ['Name', 'Type', 'Done', 'By the admin']);
    await page.getByText(`Read only: changing this grid needs the write privilege of application tessera-grid on grid:${readable.id}.`).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Add a field' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Add row' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: /^Delete row/ }).count(), 0);

    // Given write, the forms show; the privilege taken away before the click, the server refuses, in plain words.
    await es.security.putRole({ name: 'grid_reader', applications: [{ application: 'tessera-grid', privileges: ['write'], resources: [`grid:${readable.id}`] }] });
    // The privileges are asked when the view opens: leave the grid and come back.
    await page.getByRole('link', { name: '← All grids' }).click();
    await list.getByRole('link', { name: 'Readable' }).click();
    await page.getByRole('button', { name: 'Add row' }).waitFor();
    const add = await openAddField(page);
    await es.security.putRole({ name: 'grid_reader', applications: [{ application: 'tessera-grid', privileges: ['read'], resources: [`grid:${readable.id}`] }] });
    await add.getByLabel('New field name').fill('Not allowed');
    await add.getByRole('button', { name: 'Add field' }).click();
    await add.getByRole('alert').waitFor();
    assert.equal(
      await add.getByRole('alert').textContent(),
      `You lack the write privilege on this grid: action [insertField] is unauthorized for user [reader] on grid [${readable.id}], this action is granted by the [write] privilege of application [tessera-grid]`,
    );
    assert.deepEqual(await apiFieldNames(admin, readable.id), ['Name', 'Type', 'Done', 'By the admin']);
    await screenshot(page, 'grids-reader-refused');

    // The read privilege is taken away: the stream stops, and the page says why.
    await es.security.putRole({ name: 'grid_reader', applications: [] });
    const status = page.getByRole('status', { name: 'Live updates' });
    await eventually(async () => assert.match((await status.textContent()) ?? '', /Not watching: .*unauthorized for user \[reader\]/));
    await page.context().close();
  });
});
