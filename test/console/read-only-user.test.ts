/**
 * A read-only user in a real browser, with security on: the console asks `_has_privileges` what the user may do and
 * shows no control that the server would refuse (the clock, grids), while what reading allows still works: lint
 * reports each policy's problems on the policies list, and each managed index's, without the privileges of the user
 * the steps run as (which it may not read).
 */
import { Client } from '@elastic/elasticsearch';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { VirtualClock } from '../../src/platform/clock.js';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { EPOCH } from '../helpers/es.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const WAIT = { timeout: 30_000 };
/** A phase without min_age after one with: lint warns that it starts earlier than it looks. */
const LATE = { phases: { warm: { min_age: '5d', actions: { readonly: {} } }, delete: { actions: { delete: {} } } } };

describe('the console for a read-only user', { skip: browserSkip }, () => {
  let browser: Browser;
  let server: TestServer;
  let admin: Client;
  let gridId: string;

  before(async () => {
    browser = await launchBrowser();
    server = await startTestServer({ security: true, elasticPassword: 'ro-admin-pw', clock: new VirtualClock(EPOCH) });
    admin = new Client({ node: server.url, auth: { username: 'elastic', password: 'ro-admin-pw' } });
    await admin.ilm.putLifecycle({ name: 'late', policy: LATE });
    await admin.indices.create({ index: 'late-000001', settings: { 'index.lifecycle.name': 'late' } });
    const grids = createClient(
      GridService,
      createConnectTransport({
        baseUrl: server.url,
        httpVersion: '1.1',
        interceptors: [(next) => (request) => (request.header.set('authorization', `Basic ${Buffer.from('elastic:ro-admin-pw').toString('base64')}`), next(request))],
      }),
    );
    gridId = (await grids.createGrid({ name: 'Inventory' })).id;
    await admin.security.putRole({
      name: 'read_only',
      cluster: ['monitor', 'read_ilm'],
      indices: [{ names: ['*'], privileges: ['read', 'view_index_metadata'] }],
      applications: [{ application: 'tessera-grid', privileges: ['read'], resources: ['grid:*'] }],
    });
    await admin.security.putUser({ username: 'reader', password: 'reader-pw', roles: ['read_only'] });
  });

  after(async () => {
    await browser?.close();
    await admin?.close();
    await server?.dispose();
  });

  async function signIn(route: string): Promise<Page> {
    const page = await openConsole(browser, server.url, route);
    await page.getByLabel('Username').fill('reader');
    await page.getByLabel('Password').fill('reader-pw');
    await page.getByRole('button', { name: 'Sign in' }).click();
    return page;
  }

  it('lists the lint problems of each policy', async () => {
    const page = await signIn('#/lifecycle/policies');
    const problems = page.getByRole('list', { name: 'Lint problems for policy late' });
    await problems.waitFor(WAIT);
    assert.match((await problems.locator('.lint-message').first().textContent()) ?? '', /^phase \[delete\] \(min_age: 0ms\) comes after phase \[warm\]/);
    await screenshot(page, 'read-only-policies');
    await page.context().close();
  });

  it("lints the managed indices too, without the modifier's privileges, and says so", async () => {
    const page = await signIn('#/lifecycle');
    const lint = page.getByRole('group', { name: 'Lint problems for late-000001' });
    await lint.waitFor(WAIT);
    assert.deepEqual(await lint.locator('.lint-message').allTextContents(), [
      'privileges of [elastic] not checked: reading them needs the read_security cluster privilege',
      'phase [delete] (min_age: 0ms) comes after phase [warm] (min_age: 5d), so it starts as soon as [warm] has completed: at an age of 5d or more, not 0ms',
    ]);
    assert.equal(await page.getByText('Lint could not run').count(), 0);
    await page.context().close();
  });

  it('shows the virtual clock but no control to advance it', async () => {
    const page = await signIn('#/cluster');
    await page.locator('.clock-mode').filter({ hasText: 'virtual' }).waitFor(WAIT);
    await page.getByText('Advancing the clock needs the manage cluster privilege.').waitFor(WAIT);
    assert.equal(await page.getByRole('button', { name: 'Advance clock' }).count(), 0);
    assert.equal(await page.getByRole('form', { name: 'Advance the virtual clock' }).count(), 0);
    await page.context().close();
  });

  it('shows the grids and their rows with no control to change them', async () => {
    const page = await signIn('#/grids');
    const list = page.getByRole('table', { name: 'Grids' });
    await list.getByRole('link', { name: 'Inventory' }).waitFor(WAIT);
    await page.getByText('Creating a grid needs the write privilege of application tessera-grid on grid:*.').waitFor(WAIT);
    assert.equal(await page.getByRole('form', { name: 'Create a grid' }).count(), 0);
    assert.equal(await list.getByRole('button', { name: 'Delete grid Inventory' }).count(), 0);
    await list.getByRole('link', { name: 'Inventory' }).click();
    await page.getByText(`Read only: changing this grid needs the write privilege of application tessera-grid on grid:${gridId}.`).waitFor(WAIT);
    assert.equal(await page.getByRole('form', { name: 'Add a field' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Add row' }).count(), 0);
    await screenshot(page, 'read-only-grid');
    await page.context().close();
  });

  it('says in plain words which privilege a refusal lacks, when the privilege went after the page showed the control', async () => {
    await admin.security.putRole({ name: 'clock_keeper', cluster: ['manage'] });
    await admin.security.putUser({ username: 'keeper', password: 'keeper-pw', roles: ['clock_keeper'] });
    const page = await openConsole(browser, server.url, '#/cluster');
    await page.getByLabel('Username').fill('keeper');
    await page.getByLabel('Password').fill('keeper-pw');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const advance = page.getByRole('button', { name: 'Advance clock' });
    await advance.waitFor(WAIT);
    await admin.security.putRole({ name: 'clock_keeper', cluster: ['monitor'] });
    await advance.click();
    const refused = page.getByRole('form', { name: 'Advance the virtual clock' }).getByRole('alert');
    await refused.waitFor(WAIT);
    assert.equal(await refused.locator('.error-privilege').textContent(), 'You lack the privilege to advance the clock:');
    assert.equal(
      await refused.locator('.error-reason').textContent(),
      'action [cluster:admin/tessera/clock/advance] is unauthorized for user [keeper] with roles [clock_keeper], this action is granted by the cluster privileges [manage,all]',
    );
    await screenshot(page, 'read-only-refusal');
    await page.context().close();
  });
});
