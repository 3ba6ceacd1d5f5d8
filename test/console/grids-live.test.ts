/**
 * The Grids console kept live: fields moved by drag and drop (checked through GetFields), changes made elsewhere
 * (the API, another browser) shown without a reload through WatchFields, the stream closed on leaving the grid,
 * resumed with after_revision after a server restart, and the fields read again when the history is gone.
 */
import { create, toBinary } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page, Request } from 'playwright-core';
import { FieldType } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { NumberTypeOption_NumberFormat, NumberTypeOptionSchema } from '../../src/gen/tessera/grid/v1/type_option_pb.js';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { gridClient, type GridClient } from '../helpers/grid-clients.js';
import { startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';
import {
  apiField,
  apiFieldNames,
  column,
  eventually,
  fieldEditor,
  openEditor,
  WAIT_MS,
  waitForColumns,
  waitUntilLive,
} from './grids-helpers.js';

const WATCH = '**/tessera.grid.v1.GridService/WatchFields';

describe('the Grids console, live', { skip: browserSkip }, () => {
  let browser: Browser;
  let server: TestServer;
  let api: GridClient;

  before(async () => {
    browser = await launchBrowser();
    server = await startTestServer();
    api = gridClient(server.url);
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  async function openGrid(baseUrl: string, gridId: string, columns: string[]): Promise<Page> {
    const page = await openConsole(browser, baseUrl, `#/grids/${gridId}`);
    page.setDefaultTimeout(WAIT_MS);
    await waitForColumns(page, columns);
    await waitUntilLive(page);
    return page;
  }

  async function revisionShown(page: Page): Promise<string> {
    return (await page.getByTestId('grid-revision').textContent()) ?? '';
  }

  it('moves fields by dragging their header cells, hidden fields counted in the indexes', async () => {
    const grid = await api.createGrid({ name: 'Moving' });
    const page = await openGrid(server.url, grid.id, ['Name', 'Type', 'Done']);

    await column(page, 'Done').dragTo(column(page, 'Name'));
    await waitForColumns(page, ['Done', 'Name', 'Type']);
    assert.deepEqual(await apiFieldNames(api, grid.id), ['Done', 'Name', 'Type']);

    await column(page, 'Done').dragTo(column(page, 'Type'));
    await waitForColumns(page, ['Name', 'Type', 'Done']);
    assert.deepEqual(await apiFieldNames(api, grid.id), ['Name', 'Type', 'Done']);

    // With Type hidden and hidden fields not shown, dropping Done on Name still means index 0 of every field.
    const type = await apiField(api, grid.id, 'Type');
    await api.updateField({ gridId: grid.id, fieldId: type.id, oneOfVisibility: { case: 'visibility', value: false } });
    await column(page, 'Type').getByText('Hidden', { exact: true }).waitFor();
    await page.getByLabel('Show hidden fields').uncheck();
    await waitForColumns(page, ['Name', 'Done']);
    await column(page, 'Done').dragTo(column(page, 'Name'));
    await waitForColumns(page, ['Done', 'Name']);
    assert.deepEqual(await apiFieldNames(api, grid.id), ['Done', 'Name', 'Type']);
    await page.getByLabel('Show hidden fields').check();
    await waitForColumns(page, ['Done', 'Name', 'Type']);

    // The keyboard's way: Move left / Move right in the field's editor.
    const editor = await openEditor(page, 'Type');
    await editor.getByRole('button', { name: 'Move left' }).click();
    await waitForColumns(page, ['Done', 'Type', 'Name']);
    assert.deepEqual(await apiFieldNames(api, grid.id), ['Done', 'Type', 'Name']);
    await editor.getByRole('button', { name: 'Move left' }).click();
    await waitForColumns(page, ['Type', 'Done', 'Name']);
    assert.equal(await editor.getByRole('button', { name: 'Move left' }).isDisabled(), true, 'the first field cannot move left');
    await editor.getByRole('button', { name: 'Move right' }).click();
    await waitForColumns(page, ['Done', 'Type', 'Name']);
    assert.deepEqual(await apiFieldNames(api, grid.id), ['Done', 'Type', 'Name']);
    await screenshot(page, 'grids-moved');
    await page.context().close();
  });

  it('shows changes made through the API and in another browser without a reload', async () => {
    const grid = await api.createGrid({ name: 'Live' });
    const page = await openGrid(server.url, grid.id, ['Name', 'Type', 'Done']);
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

    const inserted = await api.insertField({ gridId: grid.id, field: { name: 'Remote', fieldType: FieldType.Number, visibility: true } });
    const remoteId = inserted.insertedFields[0]!.field!.id;
    await waitForColumns(page, ['Name', 'Type', 'Done', 'Remote']);
    await column(page, 'Remote').getByText('Number', { exact: true }).waitFor();

    const type = await apiField(api, grid.id, 'Type');
    await api.updateField({ gridId: grid.id, fieldId: type.id, oneOfName: { case: 'name', value: 'Kind' } });
    await waitForColumns(page, ['Name', 'Kind', 'Done', 'Remote']);

    const done = await apiField(api, grid.id, 'Done');
    await api.moveField({ gridId: grid.id, fieldId: done.id, toIndex: 0 });
    await waitForColumns(page, ['Done', 'Name', 'Kind', 'Remote']);

    await api.duplicateField({ gridId: grid.id, fieldId: remoteId });
    await waitForColumns(page, ['Done', 'Name', 'Kind', 'Remote', 'Remote (copy)']);

    await api.updateField({ gridId: grid.id, fieldId: remoteId, oneOfVisibility: { case: 'visibility', value: false } });
    await column(page, 'Remote').getByText('Hidden', { exact: true }).waitFor();
    await api.updateField({ gridId: grid.id, fieldId: done.id, oneOfFrozen: { case: 'frozen', value: true }, oneOfWidth: { case: 'width', value: 260 } });
    await column(page, 'Done').getByText('Frozen', { exact: true }).waitFor();
    await eventually(async () => assert.equal(Math.round((await column(page, 'Done').boundingBox())!.width), 260));

    // An open editor follows its field: a type option changed elsewhere shows in it.
    const editor = await openEditor(page, 'Remote');
    const numberForm = editor.getByRole('form', { name: 'Number options' });
    await numberForm.waitFor();
    assert.equal(await numberForm.getByLabel('Number format').inputValue(), String(NumberTypeOption_NumberFormat.Number));
    const usd = create(NumberTypeOptionSchema, { format: NumberTypeOption_NumberFormat.USD, scale: 2, symbol: '$', signPositive: true });
    await api.updateFieldTypeOption({ gridId: grid.id, fieldId: remoteId, typeOptionData: toBinary(NumberTypeOptionSchema, usd) });
    await eventually(async () => assert.equal(await numberForm.getByLabel('Number format').inputValue(), String(NumberTypeOption_NumberFormat.USD)));
    assert.equal(await numberForm.getByLabel('Symbol').inputValue(), '$');
    await screenshot(page, 'grids-live-updates');

    // Another browser: a rename there shows here.
    const other = await openGrid(server.url, grid.id, ['Done', 'Name', 'Kind', 'Remote', 'Remote (copy)']);
    const otherEditor = await openEditor(other, 'Kind');
    await otherEditor.getByLabel('Name', { exact: true }).fill('Category');
    await otherEditor.getByRole('button', { name: 'Save name and description' }).click();
    await waitForColumns(page, ['Done', 'Name', 'Category', 'Remote', 'Remote (copy)']);
    await other.context().close();

    // The field whose editor is open is deleted elsewhere: the editor stays, read-only, and says so.
    await api.deleteField({ gridId: grid.id, fieldId: remoteId });
    await waitForColumns(page, ['Done', 'Name', 'Category', 'Remote (copy)']);
    await fieldEditor(page, 'Remote').getByText('This field was deleted in another session.').waitFor();
    assert.equal(await fieldEditor(page, 'Remote').getByLabel('Name', { exact: true }).isDisabled(), true);
    await fieldEditor(page, 'Remote').getByRole('button', { name: 'Close', exact: true }).click();
    await fieldEditor(page, 'Remote').waitFor({ state: 'detached' });
    const revision = (await api.getGrid({ value: grid.id })).revision;
    await eventually(async () => assert.equal(await revisionShown(page), String(revision)));

    // The grid is deleted elsewhere: the page says so.
    await api.deleteGrid({ value: grid.id });
    await page.getByText('This grid no longer exists').waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true, 'the page was never reloaded');
    await page.context().close();
  });

  it('closes the stream when leaving the grid', async () => {
    const grid = await api.createGrid({ name: 'Leaving' });
    const page = await openConsole(browser, server.url, `#/grids/${grid.id}`);
    page.setDefaultTimeout(WAIT_MS);
    const open = new Set<Request>();
    page.on('request', (request) => {
      if (request.url().endsWith('/WatchFields')) open.add(request);
    });
    page.on('requestfailed', (request) => open.delete(request));
    page.on('requestfinished', (request) => open.delete(request));
    await waitForColumns(page, ['Name', 'Type', 'Done']);
    await eventually(() => assert.equal(open.size, 1, 'one stream is open'));
    await page.getByRole('link', { name: '← All grids' }).click();
    await page.getByRole('table', { name: 'Grids' }).waitFor();
    await eventually(() => assert.equal(open.size, 0, 'the stream is closed'));
    // Opening another grid watches that one only.
    const second = await api.createGrid({ name: 'Second' });
    await page.goto(`${server.url}/_tessera/console/#/grids/${second.id}`);
    await waitForColumns(page, ['Name', 'Type', 'Done']);
    await eventually(() => assert.equal(open.size, 1));
    assert.match([...open][0]!.url(), /WatchFields$/);
    await page.context().close();
  });

  it('resumes after a server restart with after_revision, and reads the fields again when the history is gone', async () => {
    const dataDir = tempDataDir();
    let own = await startTestServer({ dataDir });
    const port = own.port;
    try {
      let client = gridClient(own.url);
      const grid = await client.createGrid({ name: 'Restarts' });
      const page = await openGrid(own.url, grid.id, ['Name', 'Type', 'Done']);
      const status = page.getByRole('status', { name: 'Live updates' });

      await own.close();
      await eventually(async () => assert.match((await status.textContent()) ?? '', /Reconnecting…/));
      await screenshot(page, 'grids-reconnecting');
      own = await startTestServer({ dataDir, port });
      client = gridClient(own.url);
      await client.insertField({ gridId: grid.id, field: { name: 'After restart', visibility: true } });
      await waitForColumns(page, ['Name', 'Type', 'Done', 'After restart']);
      await waitUntilLive(page);

      // Keep the page from watching while the server restarts with a short history and four changes go by.
      await page.route(WATCH, (route) => route.abort());
      const seen = (await client.getGrid({ value: grid.id })).revision;
      await own.close();
      // The client's kept-alive socket to the closed server is dropped once the event loop reads its end; a restart in
      // this same process can be quicker than that, and the next call would go out on the dead socket.
      await new Promise((resolve) => setTimeout(resolve, 50));
      own = await startTestServer({ dataDir, port, historyRetention: 2 });
      client = gridClient(own.url);
      for (const name of ['One', 'Two', 'Three']) await client.insertField({ gridId: grid.id, field: { name, visibility: true } });
      const type = await apiField(client, grid.id, 'Type');
      await client.updateField({ gridId: grid.id, fieldId: type.id, oneOfName: { case: 'name', value: 'Kind' } });
      // What the page will be told: the changesets after the revision it has are gone.
      await assert.rejects(
        async () => {
          for await (const _ of client.watchFields({ gridId: grid.id, afterRevision: seen })) break;
        },
        (error) => ConnectError.from(error).code === Code.OutOfRange,
      );
      await page.unroute(WATCH);
      await waitForColumns(page, ['Name', 'Kind', 'Done', 'After restart', 'One', 'Two', 'Three']);
      await waitUntilLive(page);
      const revision = (await client.getGrid({ value: grid.id })).revision;
      await eventually(async () => assert.equal(await revisionShown(page), String(revision)));

      // And it watches on from there.
      await client.deleteField({ gridId: grid.id, fieldId: (await apiField(client, grid.id, 'Two')).id });
      await waitForColumns(page, ['Name', 'Kind', 'Done', 'After restart', 'One', 'Three']);
      await page.context().close();
    } finally {
      await own.dispose();
    }
  });
});
