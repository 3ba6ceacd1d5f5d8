/**
 * The grid's rows in the console: every cell type shown and edited through its editor (checked through GetRow), a
 * refused value shown with the server's message, rows added, deleted, duplicated and moved, changes made elsewhere
 * shown live, a filter and sort giving what ListRows gives, and 10,000 rows virtualised.
 */
import { ConnectError } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { NumberFilterCondition, SortCondition } from '../../src/gen/tessera/grid/v1/row_pb.js';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { gridClient, type GridClient } from '../helpers/grid-clients.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { apiRowIds, cellOf, rowsGrid, typedGrid, waitForRowCount, waitForRows } from './grid-rows-helpers.js';
import { eventually, WAIT_MS, waitUntilLive } from './grids-helpers.js';

describe('the Grids console, rows', { skip: browserSkip }, () => {
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

  async function openGrid(gridId: string, rowCount: number): Promise<Page> {
    const page = await openConsole(browser, server.url, `#/grids/${gridId}`);
    page.setDefaultTimeout(WAIT_MS);
    await waitForRowCount(page, rowCount);
    await waitUntilLive(page);
    return page;
  }

  it('shows each type of cell, and edits each through its editor', async () => {
    const g = await typedGrid(api, 'Typed');
    const created = await api.createRow({
      gridId: g.gridId,
      cells: {
        [g.f.Name]: { value: { case: 'text', value: 'First' } },
        [g.f.Type]: { value: { case: 'selectOptionIds', value: { optionIds: [g.opt.Bug] } } },
        [g.f.Done]: { value: { case: 'checkbox', value: true } },
        [g.f.Price]: { value: { case: 'number', value: '1234.5' } },
        [g.f.Due]: { value: { case: 'date', value: { timestamp: 1767225600n } } },
        [g.f.Link]: { value: { case: 'url', value: { url: 'https://example.com/a', content: '' } } },
        [g.f.Tags]: { value: { case: 'selectOptionIds', value: { optionIds: [g.opt.Red, g.opt.Blue] } } },
      },
    });
    const rowId = created.insertedRows[0]!.row!.id;
    const page = await openGrid(g.gridId, 1);
    const cell = (name: keyof typeof g.f) => cellOf(page, g.name, rowId, g.f[name]);
    const stored = async (name: keyof typeof g.f) => (await api.getRow({ gridId: g.gridId, rowId })).cellByFieldId[g.f[name]];

    // (a) each type's content, as the server shows it
    const first = (await api.getRow({ gridId: g.gridId, rowId })).cellByFieldId;
    for (const name of ['Name', 'Type', 'Price', 'Due', 'Link', 'Tags'] as const) {
      await eventually(async () => assert.equal((await cell(name).textContent())?.trim(), first[g.f[name]]!.content, name));
    }
    assert.equal(await cell('Done').getByRole('checkbox').isChecked(), true);
    const link = cell('Link').getByRole('link', { name: 'https://example.com/a' });
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
    assert.equal(await link.getAttribute('target'), '_blank');

    // (b) RichText
    await cell('Name').click();
    await cell('Name').getByRole('textbox').fill('Renamed');
    await cell('Name').getByRole('textbox').press('Enter');
    await eventually(async () => assert.equal((await stored('Name'))?.content, 'Renamed'));
    await eventually(async () => assert.equal(await cell('Name').textContent(), 'Renamed'));

    // Number: the server's formatted content; a refused value shows the server's exact message and changes nothing.
    await cell('Price').click();
    await cell('Price').getByRole('textbox').fill('9876.25');
    await cell('Price').getByRole('textbox').press('Enter');
    await eventually(async () => assert.equal((await stored('Price'))?.data?.value.value, '9876.25'));
    await eventually(async () => assert.equal(await cell('Price').textContent(), (await stored('Price'))!.content));
    let refusal = '';
    try {
      await api.updateCell({ gridId: g.gridId, rowId, fieldId: g.f.Price, oneOfCellContentChangeset: { case: 'data', value: { value: { case: 'number', value: 'abc' } } } });
    } catch (error) {
      refusal = ConnectError.from(error).rawMessage;
    }
    assert.ok(refusal, 'the server refuses "abc"');
    await cell('Price').click();
    await cell('Price').getByRole('textbox').fill('abc');
    await cell('Price').getByRole('textbox').press('Enter');
    await eventually(async () => assert.equal(await cell('Price').getByRole('alert').textContent(), refusal));
    assert.equal((await stored('Price'))?.data?.value.value, '9876.25');
    await screenshot(page, 'grid-rows-refused');
    await cell('Price').getByRole('textbox').press('Escape');
    await eventually(async () => assert.equal(await cell('Price').textContent(), (await stored('Price'))!.content));

    // DateTime: the date in the field's time zone (UTC here), sent as seconds.
    await cell('Due').click();
    await cell('Due').getByLabel(/: date$/).fill('2026-03-04');
    await cell('Due').getByLabel(/: date$/).press('Enter');
    await eventually(async () => {
      const value = (await stored('Due'))?.data?.value;
      assert.equal(value?.case === 'date' && value.value.timestamp, BigInt(Date.UTC(2026, 2, 4) / 1000));
    });
    await eventually(async () => assert.equal(await cell('Due').textContent(), (await stored('Due'))!.content));

    // SingleSelect: commits on change.
    await cell('Type').click();
    await cell('Type').getByRole('combobox').selectOption({ label: 'Feature' });
    await eventually(async () => assert.deepEqual((await stored('Type'))?.data?.value.value, { $typeName: 'tessera.grid.v1.SelectOptionIds', optionIds: [g.opt.Feature] }));
    await eventually(async () => assert.equal(await cell('Type').textContent(), 'Feature'));

    // MultiSelect: checkboxes, then Done.
    await cell('Tags').click();
    await cell('Tags').getByRole('checkbox', { name: 'Red' }).uncheck();
    await cell('Tags').getByRole('button', { name: 'Done' }).click();
    await eventually(async () => assert.equal((await stored('Tags'))?.content, 'Blue'));
    await eventually(async () => assert.equal(await cell('Tags').textContent(), 'Blue'));

    // Checkbox: toggled in the cell; it shows the new state once the server has it (the box follows the stored value).
    await cell('Done').getByRole('checkbox').click();
    await eventually(async () => assert.equal((await stored('Done'))?.data?.value.value, false));
    await eventually(async () => assert.equal(await cell('Done').getByRole('checkbox').isChecked(), false));

    // URL: a bare host gets https://, shown as a link.
    // The link itself opens the address: the keyboard opens the editor (Enter on the focused cell).
    await cell('Link').focus();
    await cell('Link').press('Enter');
    await cell('Link').getByRole('textbox').fill('example.com/dark');
    await cell('Link').getByRole('textbox').press('Enter');
    await eventually(async () => {
      const value = (await stored('Link'))?.data?.value;
      assert.equal(value?.case === 'url' && value.value.url, 'https://example.com/dark');
    });
    await cell('Link').getByRole('link').waitFor();
    assert.equal(await cell('Link').getByRole('link').getAttribute('href'), 'https://example.com/dark');
    await screenshot(page, 'grid-rows-edited');
    await page.context().close();
  });

  it('adds, deletes, duplicates and moves rows', async () => {
    const g = await typedGrid(api, 'Rows');
    for (const name of ['A', 'B', 'C']) await api.createRow({ gridId: g.gridId, cells: { [g.f.Name]: { value: { case: 'text', value: name } } } });
    const page = await openGrid(g.gridId, 3);
    const grid = rowsGrid(page, g.name);
    const names = async () => {
      const ids = await apiRowIds(api, g.gridId);
      return Promise.all(ids.map(async (rowId) => (await api.getRow({ gridId: g.gridId, rowId })).cellByFieldId[g.f.Name]?.content ?? ''));
    };

    await page.getByRole('button', { name: 'Add row' }).click();
    await waitForRowCount(page, 4);
    assert.deepEqual(await names(), ['A', 'B', 'C', '']);
    await waitForRows(page, g.name, await apiRowIds(api, g.gridId));

    await grid.getByRole('button', { name: 'Duplicate row 1' }).click();
    await waitForRowCount(page, 5);
    assert.deepEqual(await names(), ['A', 'A', 'B', 'C', '']);

    await grid.getByRole('button', { name: 'Delete row 2' }).click();
    await grid.getByRole('group', { name: 'Confirm: Delete row 2' }).getByRole('button', { name: 'Delete' }).click();
    await waitForRowCount(page, 4);
    assert.deepEqual(await names(), ['A', 'B', 'C', '']);

    await grid.getByRole('button', { name: 'Move row 3 up' }).click();
    await eventually(async () => assert.deepEqual(await names(), ['A', 'C', 'B', '']));
    await waitForRows(page, g.name, await apiRowIds(api, g.gridId));
    await grid.getByRole('button', { name: 'Move row 1 down' }).click();
    await eventually(async () => assert.deepEqual(await names(), ['C', 'A', 'B', '']));
    await waitForRows(page, g.name, await apiRowIds(api, g.gridId));
    await page.context().close();
  });

  it('shows a hidden field\'s column only while the header shows hidden fields, as the header does', async () => {
    const g = await typedGrid(api, 'Hidden');
    await api.createRow({ gridId: g.gridId, cells: { [g.f.Price]: { value: { case: 'number', value: '3' } } } });
    await api.updateField({ gridId: g.gridId, fieldId: g.f.Price, oneOfVisibility: { case: 'visibility', value: false } });
    const page = await openGrid(g.gridId, 1);
    const columns = () => rowsGrid(page, g.name).getByRole('columnheader').allTextContents();
    // The header shows hidden fields by default; the rows follow it.
    await eventually(async () => assert.ok((await columns()).includes('Price')));
    await page.getByLabel('Show hidden fields').uncheck();
    await eventually(async () => assert.ok(!(await columns()).includes('Price')));
    await page.getByLabel('Show hidden fields').check();
    await eventually(async () => assert.ok((await columns()).includes('Price')));
    await page.context().close();
  });

  it('shows changes made by another client and in another tab without a reload', async () => {
    const g = await typedGrid(api, 'Live rows');
    const a = await api.createRow({ gridId: g.gridId, cells: { [g.f.Name]: { value: { case: 'text', value: 'One' } } } });
    const rowA = a.insertedRows[0]!.row!.id;
    const page = await openGrid(g.gridId, 1);
    const other = await openGrid(g.gridId, 1);
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

    // The API: insert after the first row, update a cell, move, delete.
    const b = await api.createRow({ gridId: g.gridId, cells: { [g.f.Name]: { value: { case: 'text', value: 'Two' } }, [g.f.Price]: { value: { case: 'number', value: '5' } } } });
    const rowB = b.insertedRows[0]!.row!.id;
    await waitForRows(page, g.name, [rowA, rowB]);
    await api.updateCell({ gridId: g.gridId, rowId: rowA, fieldId: g.f.Name, oneOfCellContentChangeset: { case: 'data', value: { value: { case: 'text', value: 'Uno' } } } });
    await eventually(async () => assert.equal(await cellOf(page, g.name, rowA, g.f.Name).textContent(), 'Uno'));
    await api.moveItem({ gridId: g.gridId, itemId: rowB, toIndex: 0, ty: 1 });
    await waitForRows(page, g.name, [rowB, rowA]);
    await api.updateCell({ gridId: g.gridId, rowId: rowB, fieldId: g.f.Price, oneOfCellContentChangeset: { case: 'data', value: {} } });
    await eventually(async () => assert.equal(await cellOf(page, g.name, rowB, g.f.Price).textContent(), ''));

    // The other tab edits a cell and adds a row.
    const otherCell = cellOf(other, g.name, rowA, g.f.Name);
    await otherCell.click();
    await otherCell.getByRole('textbox').fill('From the other tab');
    await otherCell.getByRole('textbox').press('Enter');
    await eventually(async () => assert.equal(await cellOf(page, g.name, rowA, g.f.Name).textContent(), 'From the other tab'));
    await other.getByRole('button', { name: 'Add row' }).click();
    await waitForRowCount(page, 3);
    await waitForRows(page, g.name, await apiRowIds(api, g.gridId));

    await api.deleteRow({ gridId: g.gridId, rowId: rowB });
    await waitForRowCount(page, 2);
    await waitForRows(page, g.name, await apiRowIds(api, g.gridId));
    assert.equal(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true, 'the page was never reloaded');
    await page.context().close();
    await other.context().close();
  });

  it('filters and sorts on the server, with its message when it refuses', async () => {
    const g = await typedGrid(api, 'Query');
    const prices = ['12', '3', '', '40', '7.5', '100', '12'];
    for (const [i, price] of prices.entries()) {
      await api.createRow({
        gridId: g.gridId,
        cells: { [g.f.Name]: { value: { case: 'text', value: `Row ${i}` } }, ...(price && { [g.f.Price]: { value: { case: 'number', value: price } } }) },
      });
    }
    const page = await openGrid(g.gridId, prices.length);
    const toolbar = page.getByRole('search', { name: 'Filter and sort rows' });

    await toolbar.getByRole('button', { name: 'Add filter' }).click();
    await toolbar.getByLabel('Filter 1 field').selectOption({ label: 'Price' });
    await toolbar.getByLabel('Filter 1 condition').selectOption({ label: '>' });
    await toolbar.getByLabel('Filter 1 value').fill('5');
    await toolbar.getByLabel('Sort by').selectOption({ label: 'Price' });
    await toolbar.getByLabel('Direction').selectOption({ label: 'Descending' });
    await toolbar.getByRole('button', { name: 'Apply' }).click();
    const expected = await apiRowIds(api, g.gridId, {
      filters: [{ fieldId: g.f.Price, condition: { case: 'number', value: { condition: NumberFilterCondition.GreaterThan, content: '5' } } }],
      sorts: [{ fieldId: g.f.Price, condition: SortCondition.Descending }],
    });
    assert.equal(expected.length, 5);
    await waitForRows(page, g.name, expected);
    await eventually(async () => assert.match((await page.getByRole('status', { name: 'Rows loaded' }).textContent()) ?? '', /^5 rows match/));

    // A change to a shown row with a filter on: the rows are read again.
    await api.updateCell({ gridId: g.gridId, rowId: expected[0]!, fieldId: g.f.Price, oneOfCellContentChangeset: { case: 'data', value: { value: { case: 'number', value: '1' } } } });
    await waitForRows(page, g.name, expected.slice(1));

    // A value the server refuses: its message.
    await toolbar.getByLabel('Filter 1 value').fill('abc');
    await toolbar.getByRole('button', { name: 'Apply' }).click();
    let refusal = '';
    try {
      await api.listRows({ gridId: g.gridId, filters: [{ fieldId: g.f.Price, condition: { case: 'number', value: { condition: NumberFilterCondition.GreaterThan, content: 'abc' } } }] });
    } catch (error) {
      refusal = ConnectError.from(error).rawMessage;
    }
    assert.ok(refusal);
    await eventually(async () => assert.equal(await page.getByRole('alert', { name: 'Rows problem' }).textContent(), refusal));

    await toolbar.getByRole('button', { name: 'Clear' }).click();
    await waitForRows(page, g.name, await apiRowIds(api, g.gridId));
    await page.context().close();
  });

  it('keeps 10,000 rows virtualised', { timeout: 120_000 }, async () => {
    const g = await typedGrid(api, 'Ten thousand');
    const total = 10_000;
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < total) {
          const i = next++;
          await api.createRow({ gridId: g.gridId, cells: { [g.f.Name]: { value: { case: 'text', value: `Row ${i}` } } } });
        }
      }),
    );
    const ids = await apiRowIds(api, g.gridId);
    assert.equal(ids.length, total);
    const page = await openConsole(browser, server.url, `#/grids/${g.gridId}`);
    page.setDefaultTimeout(WAIT_MS);
    await waitForRowCount(page, total);
    const grid = rowsGrid(page, g.name);
    const inDom = await grid.locator('[data-row-id]').count();
    assert.ok(inDom > 0 && inDom < 200, `${inDom} rows in the DOM`);
    await grid.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    const last = ids[total - 1]!;
    await eventually(async () => assert.equal(await grid.locator(`[data-row-id="${last}"]`).count(), 1));
    await grid.locator(`[data-row-id="${last}"]`).scrollIntoViewIfNeeded();
    assert.ok((await grid.locator('[data-row-id]').count()) < 200);
    assert.equal(await grid.getAttribute('aria-rowcount'), String(total + 1));
    await screenshot(page, 'grid-rows-10k');
    await page.context().close();
  });
});
