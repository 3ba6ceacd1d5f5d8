/**
 * The field editor as users of AppFlowy and Airtable expect it (issue 20, items 7 to 9): a popover on the column
 * header driven from the keyboard, a type change that asks first, previews by the server's own formatters, select
 * options reordered, undo after delete, drafts kept through other sessions' changes, long names bounded and titled,
 * and pinned columns that never overlap. What the page does is checked through the Connect client too.
 */
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { FieldType } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { SingleSelectTypeOptionSchema } from '../../src/gen/tessera/grid/v1/type_option_pb.js';
import { browserSkip, openConsole, screenshot } from '../helpers/browser.js';
import { apiField, apiFieldNames, column, consoleSuite, eventually, fieldEditor, fieldTable, openAddField, openEditor, WAIT_MS, waitForColumns, waitUntilLive } from './grids-helpers.js';

describe('the field editor', { skip: browserSkip }, () => {
  const suite = consoleSuite();

  async function openGrid(gridId: string, columns: string[]): Promise<Page> {
    const page = await openConsole(suite.browser, suite.server.url, `#/grids/${gridId}`);
    page.setDefaultTimeout(WAIT_MS);
    await waitForColumns(page, columns);
    await waitUntilLive(page);
    return page;
  }

  async function revision(gridId: string): Promise<bigint> {
    return (await suite.api.getGrid({ value: gridId })).revision;
  }

  it('is a popover on the header: arrow keys only propose a type, Enter converts, Escape closes and gives focus back', async () => {
    const grid = await suite.api.createGrid({ name: 'Keyboard' });
    const page = await openGrid(grid.id, ['Name', 'Type', 'Done']);
    const header = column(page, 'Type').getByRole('button', { name: 'Type', exact: true });
    await header.focus();
    await page.keyboard.press('Enter');
    const editor = fieldEditor(page, 'Type');
    await editor.waitFor();
    assert.equal(await page.getByRole('dialog', { name: 'Edit the field Type' }).count(), 1);
    assert.equal(await editor.getByLabel('Name', { exact: true }).evaluate((e) => e === document.activeElement), true, 'the editor takes the focus');
    // It opens under its header.
    const headerBox = (await column(page, 'Type').boundingBox())!;
    const dialogBox = (await page.getByRole('dialog', { name: 'Edit the field Type' }).boundingBox())!;
    assert.ok(dialogBox.y >= headerBox.y + headerBox.height - 1, 'the popover opens under the header cell');

    const picker = editor.getByLabel('Type', { exact: true });
    await picker.focus();
    const before = await revision(grid.id);
    await page.keyboard.press('ArrowDown');
    const question = editor.getByRole('group', { name: 'Confirm the type change' });
    await question.waitFor();
    assert.match(
      (await question.textContent()) ?? '',
      /^Convert “Type” from Single select to Multi-select\? Its cells keep their options, and the field keeps its option list\. Every cell keeps its Single select value, so switching back to Single select shows it again\./,
    );
    assert.equal(await picker.evaluate((e) => e === document.activeElement), true, 'focus stays on the picker');
    assert.equal(await revision(grid.id), before, 'an arrow key commits nothing');
    assert.equal((await apiField(suite.api, grid.id, 'Type')).fieldType, FieldType.SingleSelect);

    // Further arrows keep proposing; Enter converts to the one shown.
    await page.keyboard.press('ArrowDown');
    await eventually(async () => assert.match((await question.textContent()) ?? '', /to Checkbox\?/));
    assert.equal(await revision(grid.id), before);
    await page.keyboard.press('Enter');
    await eventually(async () => assert.equal((await apiField(suite.api, grid.id, 'Type')).fieldType, FieldType.Checkbox));
    await question.waitFor({ state: 'detached' });
    await column(page, 'Type').getByText('Checkbox', { exact: true }).waitFor();
    assert.equal(await picker.evaluate((e) => e === document.activeElement), true, 'focus is back on the picker');

    // Cancel leaves the type as it is.
    await picker.selectOption({ label: 'Text' });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    assert.equal(await picker.inputValue(), String(FieldType.Checkbox));
    assert.equal((await apiField(suite.api, grid.id, 'Type')).fieldType, FieldType.Checkbox);

    // Escape closes it, and the header's button has the focus again.
    await editor.getByLabel('Name', { exact: true }).focus();
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    assert.equal(await header.evaluate((e) => e === document.activeElement), true, 'focus returns to the header');

    // Tab stays inside; a press outside closes it.
    await header.click();
    await editor.waitFor();
    for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')), true, 'Tab stays in the popover');
    await page.getByRole('heading', { name: 'Keyboard', level: 1 }).click();
    await editor.waitFor({ state: 'detached' });

    // The "+" column opens the add-field popover.
    const add = await openAddField(page);
    await add.getByLabel('New field name').fill('Notes');
    await add.getByRole('button', { name: 'Add field' }).click();
    await waitForColumns(page, ['Name', 'Type', 'Done', 'Notes']);
    await fieldEditor(page, 'Notes').waitFor();
    await page.context().close();
  });

  it('previews numbers and dates with the server’s formatters, and reorders select options', async () => {
    const grid = await suite.api.createGrid({ name: 'Previews' });
    await suite.api.insertField({ gridId: grid.id, field: { name: 'Amount', fieldType: FieldType.Number, visibility: true } });
    await suite.api.insertField({ gridId: grid.id, field: { name: 'When', fieldType: FieldType.DateTime, visibility: true } });
    const page = await openGrid(grid.id, ['Name', 'Type', 'Done', 'Amount', 'When']);

    const amount = await openEditor(page, 'Amount');
    const numbers = amount.getByRole('form', { name: 'Number options' });
    const preview = numbers.getByLabel('Number preview');
    assert.equal(await preview.textContent(), '12,345.678');
    await numbers.getByLabel('Number format').selectOption({ label: 'Percent' });
    assert.equal(await preview.textContent(), '12,345.678%');
    await numbers.getByLabel('Number format').selectOption({ label: 'USD' });
    assert.equal(await preview.textContent(), '$12,345.68');
    await numbers.getByLabel('Number format').selectOption({ label: 'Yen' });
    assert.equal(await preview.textContent(), '¥12,346');
    await numbers.getByLabel('Number format').selectOption({ label: 'Number' });
    await numbers.getByLabel('Scale (decimal places)').fill('1');
    assert.equal(await preview.textContent(), '12,345.7');
    await page.keyboard.press('Escape');

    const when = await openEditor(page, 'When');
    const dates = when.getByRole('form', { name: 'Date options' });
    await dates.waitFor();
    const formats = await dates.getByLabel('Date format').locator('option').allTextContents();
    assert.deepEqual(formats, ['Local (2022/03/14)', 'US (03/14/2022)', 'ISO (2022-03-14)', 'Friendly (Mar 14,2022)']);
    assert.deepEqual(await dates.getByLabel('Time format').locator('option').allTextContents(), ['12 hour (03:30 PM)', '24 hour (15:30)']);
    await dates.getByLabel('Date format').selectOption({ label: 'US (03/14/2022)' });
    assert.equal(await dates.getByLabel('Date preview').textContent(), '03/14/2022');
    await dates.getByLabel('Include time').check();
    assert.equal(await dates.getByLabel('Date preview').textContent(), '03/14/2022 15:30');
    await screenshot(page, 'grids-date-preview');
    await page.keyboard.press('Escape');

    // Select options: moved by the arrows and by drag, each move saved as the option order.
    const typeId = (await apiField(suite.api, grid.id, 'Type')).id;
    const stored = async () =>
      fromBinary(SingleSelectTypeOptionSchema, (await suite.api.getFieldTypeOption({ gridId: grid.id, fieldId: typeId, fieldType: FieldType.SingleSelect })).typeOptionData).options.map(
        (o) => o.name,
      );
    const editor = await openEditor(page, 'Type');
    const addOption = editor.getByRole('form', { name: 'Add an option' });
    for (const name of ['Bug', 'Feature', 'Chore']) {
      await addOption.getByLabel('New option name').fill(name);
      await addOption.getByRole('button', { name: 'Add option' }).click();
      await eventually(async () => assert.equal(await addOption.getByLabel('New option name').inputValue(), ''));
    }
    await eventually(async () => assert.deepEqual(await stored(), ['Bug', 'Feature', 'Chore']));
    const options = editor.getByRole('form', { name: 'Select options' });
    await options.getByRole('button', { name: 'Move option 1 (Bug) down' }).click();
    await eventually(async () => assert.deepEqual(await stored(), ['Feature', 'Bug', 'Chore']));
    await eventually(async () => assert.equal(await options.getByLabel('Option 2 name').inputValue(), 'Bug'));
    await options.getByRole('button', { name: 'Move option 3 (Chore) up' }).click();
    await eventually(async () => assert.deepEqual(await stored(), ['Feature', 'Chore', 'Bug']));
    await eventually(async () => assert.equal(await options.getByLabel('Option 3 name').inputValue(), 'Bug'));
    const items = options.getByRole('listitem');
    await items.nth(2).locator('.drag-grip').dragTo(items.nth(0));
    await eventually(async () => assert.deepEqual(await stored(), ['Bug', 'Feature', 'Chore']));
    await eventually(async () => assert.equal(await options.getByLabel('Option 1 name').inputValue(), 'Bug'));
    await page.context().close();
  });

  it('undoes a delete: the field comes back where it was, with its id and options (not its cells, which the server deleted)', async () => {
    const grid = await suite.api.createGrid({ name: 'Undo' });
    const type = await apiField(suite.api, grid.id, 'Type');
    const option = await suite.api.newSelectOption({ fieldIdentifier: { gridId: grid.id, fieldId: type.id }, optionName: 'Bug' });
    await suite.api.updateFieldTypeOption({
      gridId: grid.id,
      fieldId: type.id,
      typeOptionData: toBinary(SingleSelectTypeOptionSchema, create(SingleSelectTypeOptionSchema, { options: [option] })),
    });
    await suite.api.updateField({ gridId: grid.id, fieldId: type.id, oneOfWidth: { case: 'width', value: 230 }, oneOfDesc: { case: 'desc', value: 'What it is' } });
    const created = await suite.api.createRow({ gridId: grid.id, cells: { [type.id]: { value: { case: 'selectOptionIds', value: { optionIds: [option.id] } } } } });
    const rowId = created.insertedRows[0]!.row!.id;
    const page = await openGrid(grid.id, ['Name', 'Type', 'Done']);

    const editor = await openEditor(page, 'Type');
    await editor.getByRole('button', { name: 'Delete field' }).click();
    await editor.getByRole('button', { name: 'Yes, delete the field' }).click();
    await waitForColumns(page, ['Name', 'Done']);
    assert.deepEqual(await apiFieldNames(suite.api, grid.id), ['Name', 'Done']);
    const toast = page.getByRole('status', { name: 'Deleted field' });
    await toast.getByText('Deleted field “Type”').waitFor();
    await toast.getByText('Undo restores the field and its options, not its cells.').waitFor();
    await screenshot(page, 'grids-undo-delete');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await waitForColumns(page, ['Name', 'Type', 'Done']);
    await toast.waitFor({ state: 'detached' });

    const back = await apiField(suite.api, grid.id, 'Type');
    assert.equal(back.id, type.id);
    assert.equal(back.fieldType, FieldType.SingleSelect);
    assert.equal(back.width, 230);
    assert.equal(back.desc, 'What it is');
    const options = fromBinary(SingleSelectTypeOptionSchema, (await suite.api.getFieldTypeOption({ gridId: grid.id, fieldId: type.id, fieldType: FieldType.SingleSelect })).typeOptionData);
    assert.deepEqual(options.options.map((o) => [o.id, o.name]), [[option.id, 'Bug']]);
    // What the toast says: the server deleted the cells with the field, and undo cannot bring them back.
    assert.equal((await suite.api.getRow({ gridId: grid.id, rowId })).cellByFieldId[type.id], undefined);
    await page.context().close();
  });

  it('keeps a draft name when another session renames the field, and keeps a field deleted elsewhere open read-only', async () => {
    const grid = await suite.api.createGrid({ name: 'Two sessions' });
    const here = await openGrid(grid.id, ['Name', 'Type', 'Done']);
    const there = await openGrid(grid.id, ['Name', 'Type', 'Done']);
    const typeId = (await apiField(suite.api, grid.id, 'Type')).id;

    const mine = await openEditor(here, 'Type');
    const name = mine.getByLabel('Name', { exact: true });
    await name.fill('Kind of work');

    const theirs = await openEditor(there, 'Type');
    await theirs.getByLabel('Name', { exact: true }).fill('Category');
    await theirs.getByRole('button', { name: 'Save name and description' }).click();
    await waitForColumns(here, ['Name', 'Category', 'Done']);
    const editor = fieldEditor(here, 'Category');
    await editor.getByText('Renamed to “Category” in another session.').waitFor();
    assert.equal(await editor.getByLabel('Name', { exact: true }).inputValue(), 'Kind of work', 'the draft is kept');
    await editor.getByRole('button', { name: 'Take theirs' }).click();
    assert.equal(await editor.getByLabel('Name', { exact: true }).inputValue(), 'Category');
    assert.equal(await editor.getByText('in another session').count(), 0);

    // Again, and this time the draft wins.
    await editor.getByLabel('Name', { exact: true }).fill('Kind of work');
    await fieldEditor(there, 'Category').getByLabel('Name', { exact: true }).fill('Class');
    await fieldEditor(there, 'Category').getByRole('button', { name: 'Save name and description' }).click();
    await waitForColumns(here, ['Name', 'Class', 'Done']);
    const again = fieldEditor(here, 'Class');
    await again.getByText('Renamed to “Class” in another session.').waitFor();
    await again.getByRole('button', { name: 'Keep yours' }).click();
    await again.getByRole('button', { name: 'Save name and description' }).click();
    await waitForColumns(here, ['Name', 'Kind of work', 'Done']);
    assert.equal((await apiField(suite.api, grid.id, 'Kind of work')).id, typeId);
    await waitForColumns(there, ['Name', 'Kind of work', 'Done']);

    // Deleted there while open here: the editor stays, read-only, and can recreate the field from its draft.
    const doneId = (await apiField(suite.api, grid.id, 'Done')).id;
    const open = await openEditor(here, 'Done');
    await open.getByLabel('Name', { exact: true }).fill('Finished');
    await there.keyboard.press('Escape');
    const doneThere = await openEditor(there, 'Done');
    await doneThere.getByRole('button', { name: 'Delete field' }).click();
    await doneThere.getByRole('button', { name: 'Yes, delete the field' }).click();
    await waitForColumns(here, ['Name', 'Kind of work']);
    await open.getByText('This field was deleted in another session.').waitFor();
    assert.equal(await open.getByLabel('Name', { exact: true }).isDisabled(), true);
    assert.equal(await open.getByLabel('Name', { exact: true }).inputValue(), 'Finished');
    await screenshot(here, 'grids-deleted-elsewhere');
    await open.getByRole('button', { name: 'Recreate it from this editor' }).click();
    await waitForColumns(here, ['Name', 'Kind of work', 'Finished']);
    const recreated = await apiField(suite.api, grid.id, 'Finished');
    assert.equal(recreated.id, doneId);
    assert.equal(recreated.fieldType, FieldType.Checkbox);
    await fieldEditor(here, 'Finished').getByLabel('Name', { exact: true }).waitFor();
    assert.equal(await fieldEditor(here, 'Finished').getByText('deleted in another session').count(), 0);
    await waitForColumns(there, ['Name', 'Kind of work', 'Finished']);
    await here.context().close();
    await there.context().close();
  });

  it('bounds the position dropdown, titles cut names, and sticks frozen columns after the primary one without overlap', async () => {
    const grid = await suite.api.createGrid({ name: 'Layout' });
    const long = `A very long field name ${'that goes on and on '.repeat(9)}end`;
    const typeId = (await apiField(suite.api, grid.id, 'Type')).id;
    await suite.api.updateField({ gridId: grid.id, fieldId: typeId, oneOfName: { case: 'name', value: long } });
    for (const name of ['B', 'C', 'D', 'E']) await suite.api.insertField({ gridId: grid.id, field: { name, visibility: true, width: 240 } });
    const doneId = (await apiField(suite.api, grid.id, 'Done')).id;
    await suite.api.createRow({ gridId: grid.id });
    const page = await openGrid(grid.id, ['Name', long, 'Done', 'B', 'C', 'D', 'E']);

    const add = await openAddField(page);
    const position = add.getByLabel('Position');
    const box = (await position.boundingBox())!;
    assert.ok(box.width <= 260, `the position dropdown is ${box.width} px wide`);
    assert.equal(await position.locator(`option[value="${typeId}"]`).getAttribute('title'), `After ${long}`);
    assert.equal(await add.getByLabel('New field name').evaluate((e) => e === document.activeElement), true, 'the popover takes the focus');
    await page.keyboard.press('Escape');
    await add.waitFor({ state: 'detached' });
    // Every dropdown of the grid is bounded, the rows' sort included.
    const sortBox = (await page.getByLabel('Sort by').boundingBox())!;
    assert.ok(sortBox.width <= 260, `the sort dropdown is ${sortBox.width} px wide`);
    assert.equal(await column(page, long).getByRole('button', { name: long, exact: true }).getAttribute('title'), long);
    assert.equal(await page.getByRole('columnheader', { name: long, exact: true }).filter({ hasNot: page.locator('button') }).getAttribute('title'), long);

    // Done is frozen in the middle; Name is the primary field.
    await suite.api.updateField({ gridId: grid.id, fieldId: doneId, oneOfFrozen: { case: 'frozen', value: true } });
    await column(page, 'Done').getByText('Frozen', { exact: true }).waitFor();
    await page.setViewportSize({ width: 900, height: 800 });
    const scrollRight = (selector: string) => page.locator(selector).evaluate((e) => (e.scrollLeft = e.scrollWidth));
    await scrollRight('.grid-scroll');
    await scrollRight('.rows-scroll');
    const nameBox = (await column(page, 'Name').boundingBox())!;
    const doneBox = (await column(page, 'Done').boundingBox())!;
    assert.ok(doneBox.x >= nameBox.x + nameBox.width - 1, `the frozen header (x ${doneBox.x}) starts after the primary one (ends ${nameBox.x + nameBox.width})`);
    assert.ok(doneBox.x <= nameBox.x + nameBox.width + 1, 'and sticks right after it');
    const header = page.getByRole('grid', { name: 'Rows of Layout' });
    const rowName = (await header.getByRole('columnheader', { name: 'Name', exact: true }).boundingBox())!;
    const rowDone = (await header.getByRole('columnheader', { name: 'Done', exact: true }).boundingBox())!;
    assert.ok(rowDone.x >= rowName.x + rowName.width - 1, 'the rows keep the frozen column after the primary one');
    const cells = header.locator('[role="row"][data-row-id] [role="gridcell"]');
    const nameCell = (await cells.nth(0).boundingBox())!;
    const doneCell = (await cells.nth(2).boundingBox())!;
    assert.ok(doneCell.x >= nameCell.x + nameCell.width - 1, 'a row’s frozen cell does not cover its primary cell');
    await screenshot(page, 'grids-frozen-middle');
    assert.ok(await fieldTable(page).isVisible());
    await page.context().close();
  });
});
