/**
 * The Grids console in a real browser: the list (create, open, delete), and one grid's fields (add, rename, retype
 * with type options, select options, hide, freeze, resize, duplicate, delete, the primary field's refusals). Every
 * change made in the page is checked through the API as well.
 */
import { fromBinary } from '@bufbuild/protobuf';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { FieldType } from '../../src/gen/tessera/grid/v1/field_pb.js';
import {
  DateFormat,
  DateTypeOptionSchema,
  NumberTypeOption_NumberFormat,
  NumberTypeOptionSchema,
  SelectOptionColor,
  SingleSelectTypeOptionSchema,
  TimeFormat,
} from '../../src/gen/tessera/grid/v1/type_option_pb.js';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { gridClient, type GridClient } from '../helpers/grid-clients.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import {
  openAddField,
  retype,
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

describe('the Grids console', { skip: browserSkip }, () => {
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

  /** A new grid with the default fields (Name, Type, Done), opened in a new page. */
  async function openNewGrid(name: string): Promise<{ page: Page; gridId: string }> {
    const grid = await api.createGrid({ name });
    const page = await openConsole(browser, server.url, `#/grids/${grid.id}`);
    page.setDefaultTimeout(WAIT_MS);
    await waitForColumns(page, ['Name', 'Type', 'Done']);
    await waitUntilLive(page);
    return { page, gridId: grid.id };
  }

  it('lists grids with their field count and revision, creates, opens and deletes them', async () => {
    const page = await openConsole(browser, server.url);
    page.setDefaultTimeout(WAIT_MS);
    const list = page.getByRole('table', { name: 'Grids' });
    const before = (await api.listGrids({})).items.length;

    // A blank name: the server's message, and no grid.
    await page.getByRole('button', { name: 'Create grid' }).click();
    await page.getByRole('form', { name: 'Create a grid' }).getByRole('alert').waitFor();
    assert.equal(await page.getByRole('form', { name: 'Create a grid' }).getByRole('alert').textContent(), 'name is blank');
    assert.equal((await api.listGrids({})).items.length, before);

    await page.getByLabel('Grid name').fill('Roadmap');
    await page.getByRole('button', { name: 'Create grid' }).click();
    const row = list.getByRole('row').filter({ has: page.getByRole('link', { name: 'Roadmap', exact: true }) });
    await row.waitFor();
    const created = (await api.listGrids({})).items.find((g) => g.name === 'Roadmap');
    assert.ok(created, 'the server has the new grid');
    assert.equal(created.revision, 1n);
    assert.deepEqual(await row.getByRole('cell').allTextContents(), [`Roadmap ${created.id}`, '3', '1', 'Delete']);

    await page.getByLabel('Grid name').fill('Scratch');
    await page.getByLabel('Without the default fields').check();
    await page.getByRole('button', { name: 'Create grid' }).click();
    const scratchRow = list.getByRole('row').filter({ has: page.getByRole('link', { name: 'Scratch', exact: true }) });
    await scratchRow.waitFor();
    assert.deepEqual((await scratchRow.getByRole('cell').allTextContents()).slice(1, 3), ['0', '0']);
    const scratch = (await api.listGrids({})).items.find((g) => g.name === 'Scratch');
    assert.ok(scratch && scratch.fieldOrders.length === 0 && scratch.revision === 0n, 'a bare grid on the server');

    // A grid made elsewhere shows after Refresh, with its count and revision.
    const elsewhere = await api.createGrid({ name: 'Made elsewhere' });
    await api.insertField({ gridId: elsewhere.id, field: { name: 'Extra', visibility: true } });
    await page.getByRole('button', { name: 'Refresh' }).click();
    const elsewhereRow = list.getByRole('row').filter({ has: page.getByRole('link', { name: 'Made elsewhere', exact: true }) });
    await elsewhereRow.waitFor();
    assert.deepEqual((await elsewhereRow.getByRole('cell').allTextContents()).slice(1, 3), ['4', '2']);
    await screenshot(page, 'grids-list');

    // Deleting asks first; Cancel keeps the grid.
    await page.getByRole('button', { name: 'Delete grid Scratch' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm: Delete grid Scratch' });
    assert.equal(await confirm.locator('span').first().textContent(), 'Delete “Scratch” and all its fields?');
    await screenshot(page, 'grids-list-confirm-delete');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete grid Scratch' }).waitFor();
    assert.ok((await api.listGrids({})).items.some((g) => g.id === scratch.id), 'Cancel deletes nothing');
    await page.getByRole('button', { name: 'Delete grid Scratch' }).click();
    await confirm.getByRole('button', { name: 'Yes, delete' }).click();
    await scratchRow.waitFor({ state: 'detached' });
    assert.ok(!(await api.listGrids({})).items.some((g) => g.id === scratch.id), 'the server deleted the grid');

    // Deleting a grid someone else deleted already: the server's message next to the button.
    await api.deleteGrid({ value: elsewhere.id });
    await page.getByRole('button', { name: 'Delete grid Made elsewhere' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await elsewhereRow.getByRole('alert').waitFor();
    assert.equal(await elsewhereRow.getByRole('alert').textContent(), `grid "${elsewhere.id}" does not exist`);

    // Open one: its route and its fields.
    await row.getByRole('link', { name: 'Roadmap' }).click();
    await page.waitForURL(`**/_tessera/console/#/grids/${created.id}`);
    await page.getByRole('heading', { name: 'Roadmap', level: 1 }).waitFor();
    await waitForColumns(page, ['Name', 'Type', 'Done']);
    await page.getByRole('link', { name: '← All grids' }).click();
    await list.waitFor();
    await page.context().close();
  });

  it('adds fields at the end or after a chosen field, renames them and refuses a blank name with the server’s words', async () => {
    const { page, gridId } = await openNewGrid('Adding');
    const add = page.getByRole('form', { name: 'Add a field' });

    await openAddField(page);
    await add.getByLabel('New field name').fill('Price');
    await add.getByLabel('New field type').selectOption({ label: 'Number' });
    await add.getByRole('button', { name: 'Add field' }).click();
    await waitForColumns(page, ['Name', 'Type', 'Done', 'Price']);
    const price = await apiField(api, gridId, 'Price');
    assert.equal(price.fieldType, FieldType.Number);
    assert.equal(price.visibility, true);
    assert.equal(price.width, 150);
    // The new field's editor opens.
    await fieldEditor(page, 'Price').waitFor();

    await openAddField(page);
    await add.getByLabel('New field name').fill('Due');
    await add.getByLabel('New field type').selectOption({ label: 'Date' });
    await add.getByLabel('Position').selectOption({ label: 'After Name' });
    await add.getByRole('button', { name: 'Add field' }).click();
    await waitForColumns(page, ['Name', 'Due', 'Type', 'Done', 'Price']);
    assert.deepEqual(await apiFieldNames(api, gridId), ['Name', 'Due', 'Type', 'Done', 'Price']);
    assert.equal((await apiField(api, gridId, 'Due')).width, 180, 'a date field gets the date width');

    // "Insert a field after" from a field's editor preselects the position.
    const done = await openEditor(page, 'Done');
    await done.getByRole('button', { name: 'Insert a field after' }).click();
    const doneId = (await apiField(api, gridId, 'Done')).id;
    await eventually(async () => assert.equal(await add.getByLabel('Position').inputValue(), doneId));
    assert.equal(await add.getByLabel('Position').locator('option:checked').textContent(), 'After Done');
    await add.getByLabel('New field name').fill('Link');
    await add.getByLabel('New field type').selectOption({ label: 'URL' });
    await add.getByRole('button', { name: 'Add field' }).click();
    await waitForColumns(page, ['Name', 'Due', 'Type', 'Done', 'Link', 'Price']);
    assert.deepEqual(await apiFieldNames(api, gridId), ['Name', 'Due', 'Type', 'Done', 'Link', 'Price']);

    // A blank name is refused by the server, and nothing is added; the name input is marked.
    const revision = (await api.getGrid({ value: gridId })).revision;
    await openAddField(page);
    await add.getByLabel('New field name').fill('   ');
    await add.getByRole('button', { name: 'Add field' }).click();
    await add.getByRole('alert').waitFor();
    assert.equal(await add.getByRole('alert').textContent(), 'The field needs a name');
    assert.equal(await add.getByLabel('New field name').getAttribute('aria-invalid'), 'true');
    assert.equal((await api.getGrid({ value: gridId })).revision, revision);
    assert.equal((await columnNamesCount(page)), 6);

    // Rename, with a description.
    const editor = await openEditor(page, 'Price');
    await editor.getByLabel('Name', { exact: true }).fill('Unit price');
    await editor.getByLabel('Description', { exact: true }).fill('Per piece, before tax');
    await editor.getByRole('button', { name: 'Save name and description' }).click();
    await waitForColumns(page, ['Name', 'Due', 'Type', 'Done', 'Link', 'Unit price']);
    const renamed = await apiField(api, gridId, 'Unit price');
    assert.equal(renamed.id, price.id);
    assert.equal(renamed.desc, 'Per piece, before tax');
    await fieldEditor(page, 'Unit price').waitFor();

    // A blank rename: the server's message next to the form; the header keeps the name.
    const unitPrice = fieldEditor(page, 'Unit price');
    await unitPrice.getByLabel('Name', { exact: true }).fill(' ');
    await unitPrice.getByRole('button', { name: 'Save name and description' }).click();
    const nameForm = unitPrice.getByRole('form', { name: 'Name and description' });
    await nameForm.getByRole('alert').waitFor();
    assert.equal(await nameForm.getByRole('alert').textContent(), '“Unit price” needs a name');
    assert.equal(await nameForm.getByLabel('Name', { exact: true }).getAttribute('aria-invalid'), 'true');
    assert.equal((await apiField(api, gridId, 'Unit price')).id, price.id);
    await column(page, 'Unit price').waitFor();
    await screenshot(page, 'grids-fields-added');
    await page.context().close();
  });

  it('retypes a field and edits its Number and Date options, which the server stores', async () => {
    const { page, gridId } = await openNewGrid('Retyping');
    const done = (await api.getFields({ gridId })).items[2]!;

    // Done: Checkbox → Number, then a euro format.
    const editor = await openEditor(page, 'Done');
    await retype(editor, 'Number');
    await eventually(async () => assert.equal((await apiField(api, gridId, 'Done')).fieldType, FieldType.Number));
    await column(page, 'Done').getByText('Number', { exact: true }).waitFor();
    const numberForm = editor.getByRole('form', { name: 'Number options' });
    await numberForm.getByLabel('Number format').selectOption({ label: 'EUR' });
    await numberForm.getByLabel('Scale (decimal places)').fill('2');
    await numberForm.getByLabel('Symbol').fill('€');
    assert.equal(await numberForm.getByLabel('Number preview').textContent(), '€12,345.68');
    await numberForm.getByRole('button', { name: 'Save type options' }).click();
    await eventually(async () => {
      const stored = await api.getFieldTypeOption({ gridId, fieldId: done.id, fieldType: FieldType.Number });
      const option = fromBinary(NumberTypeOptionSchema, stored.typeOptionData);
      assert.equal(option.format, NumberTypeOption_NumberFormat.EUR);
      assert.equal(option.scale, 2);
      assert.equal(option.symbol, '€');
      assert.equal(option.signPositive, true);
    });
    // Saved: nothing left to save.
    await eventually(async () => assert.equal(await numberForm.getByRole('button', { name: 'Save type options' }).isDisabled(), true));
    await screenshot(page, 'grids-number-options');

    // Negative sign, saved too.
    await numberForm.getByLabel('Positive sign').uncheck();
    await numberForm.getByRole('button', { name: 'Save type options' }).click();
    await eventually(async () => {
      const stored = await api.getFieldTypeOption({ gridId, fieldId: done.id, fieldType: FieldType.Number });
      assert.equal(fromBinary(NumberTypeOptionSchema, stored.typeOptionData).signPositive, false);
    });

    // Away to Date and back: the Number option comes back with the field, as the server kept it.
    await retype(editor, 'Date');
    const dateForm = editor.getByRole('form', { name: 'Date options' });
    await dateForm.waitFor();
    assert.equal((await apiField(api, gridId, 'Done')).fieldType, FieldType.DateTime);
    await dateForm.getByLabel('Date format').selectOption({ label: 'ISO (2022-03-14)' });
    await dateForm.getByLabel('Time format').selectOption({ label: '12 hour (03:30 PM)' });
    await dateForm.getByLabel('Include time').check();
    await dateForm.getByRole('button', { name: 'Save type options' }).click();
    await eventually(async () => {
      const stored = await api.getFieldTypeOption({ gridId, fieldId: done.id, fieldType: FieldType.DateTime });
      const option = fromBinary(DateTypeOptionSchema, stored.typeOptionData);
      assert.equal(option.dateFormat, DateFormat.ISO);
      assert.equal(option.timeFormat, TimeFormat.TwelveHour);
      assert.equal(option.includeTime, true);
    });
    await retype(editor, 'Number');
    await eventually(async () => assert.equal(await numberForm.getByLabel('Symbol').inputValue(), '€'));
    assert.equal(await numberForm.getByLabel('Number format').inputValue(), String(NumberTypeOption_NumberFormat.EUR));
    assert.equal(await numberForm.getByLabel('Positive sign').isChecked(), false);

    // Checkbox has a small editor; URL and Text have no options to show.
    await retype(editor, 'Checkbox');
    await editor.getByRole('form', { name: 'Checkbox options' }).getByLabel('Checked by default').waitFor();
    await retype(editor, 'URL');
    await eventually(async () => assert.equal((await apiField(api, gridId, 'Done')).fieldType, FieldType.URL));
    await column(page, 'Done').getByText('URL', { exact: true }).waitFor();
    assert.equal(await editor.getByText('Option data').count(), 0);
    assert.equal(await editor.getByRole('group', { name: /options$/ }).count(), 0, 'no options box for URL');
    await retype(editor, 'Text');
    await eventually(async () => assert.equal((await apiField(api, gridId, 'Done')).fieldType, FieldType.RichText));
    await column(page, 'Done').getByText('Text', { exact: true }).waitFor();
    assert.equal(await editor.getByRole('group', { name: /options$/ }).count(), 0, 'no options box for Text');
    await page.context().close();
  });

  it('adds, renames, recolours and removes select options', async () => {
    const { page, gridId } = await openNewGrid('Selecting');
    const type = (await api.getFields({ gridId })).items[1]!;
    const stored = async () =>
      fromBinary(SingleSelectTypeOptionSchema, (await api.getFieldTypeOption({ gridId, fieldId: type.id, fieldType: FieldType.SingleSelect })).typeOptionData)
        .options.map((o) => ({ name: o.name, color: o.color }));

    const editor = await openEditor(page, 'Type');
    const addForm = editor.getByRole('form', { name: 'Add an option' });
    for (const name of ['Bug', 'Feature', 'Chore']) {
      await addForm.getByLabel('New option name').fill(name);
      await addForm.getByRole('button', { name: 'Add option' }).click();
      await eventually(async () => assert.equal(await addForm.getByLabel('New option name').inputValue(), ''));
    }
    // NewSelectOption's colours cycle with the option count.
    assert.deepEqual(await stored(), [
      { name: 'Bug', color: SelectOptionColor.Purple },
      { name: 'Feature', color: SelectOptionColor.Pink },
      { name: 'Chore', color: SelectOptionColor.LightPink },
    ]);
    const options = editor.getByRole('form', { name: 'Select options' });
    await eventually(async () => assert.equal(await options.getByLabel('Option 3 name').inputValue(), 'Chore'));

    await options.getByLabel('Option 1 colour').selectOption({ label: 'Green' });
    await options.getByLabel('Option 2 name').fill('Feature request');
    await options.getByLabel('Option 2 colour').selectOption({ label: 'Blue' });
    await options.getByRole('button', { name: 'Save type options' }).click();
    await eventually(async () =>
      assert.deepEqual(await stored(), [
        { name: 'Bug', color: SelectOptionColor.Green },
        { name: 'Feature request', color: SelectOptionColor.Blue },
        { name: 'Chore', color: SelectOptionColor.LightPink },
      ]),
    );
    await screenshot(page, 'grids-select-options');

    // A blank option name is refused by the server; what it stores does not change.
    await options.getByLabel('Option 3 name').fill(' ');
    await options.getByRole('button', { name: 'Save type options' }).click();
    await options.getByRole('alert').waitFor();
    assert.equal(await options.getByRole('alert').textContent(), 'Option 3 of “Type” has no name');
    const blank = options.getByLabel('Option 3 name');
    assert.equal(await blank.getAttribute('aria-invalid'), 'true');
    assert.equal(await blank.getAttribute('aria-describedby'), await options.getByRole('alert').getAttribute('id'));
    assert.equal((await stored())[2]!.name, 'Chore');
    await options.getByRole('button', { name: 'Discard changes' }).click();
    assert.equal(await options.getByLabel('Option 3 name').inputValue(), 'Chore');

    await options.getByRole('button', { name: 'Remove option 1 (Bug)' }).click();
    await eventually(async () =>
      assert.deepEqual(await stored(), [
        { name: 'Feature request', color: SelectOptionColor.Blue },
        { name: 'Chore', color: SelectOptionColor.LightPink },
      ]),
    );
    await eventually(async () => assert.equal(await options.getByLabel('Option 1 name').inputValue(), 'Feature request'));

    // A blank new option: NewSelectOption's own refusal.
    await addForm.getByLabel('New option name').fill('');
    await addForm.getByRole('button', { name: 'Add option' }).click();
    await addForm.getByRole('alert').waitFor();
    assert.equal(await addForm.getByRole('alert').textContent(), 'option_name is empty');

    // Single → Multi select keeps the options (the server copies them).
    await retype(editor, 'Multi-select');
    await eventually(async () => assert.equal(await editor.getByRole('form', { name: 'Select options' }).getByLabel('Option 2 name').inputValue(), 'Chore'));
    // The options editor looks the same for both types, so wait for the switch itself.
    await eventually(async () => assert.equal((await apiField(api, gridId, 'Type')).fieldType, FieldType.MultiSelect));
    await page.context().close();
  });

  it('hides and shows, freezes, resizes (drag, keys, number) and duplicates fields', async () => {
    const { page, gridId } = await openNewGrid('Display');
    const editor = await openEditor(page, 'Done');

    // Hide: dimmed and marked; the "Show hidden fields" switch takes it out of the header and back.
    await editor.getByRole('button', { name: 'Hide field' }).click();
    await column(page, 'Done').getByText('Hidden', { exact: true }).waitFor();
    assert.equal((await apiField(api, gridId, 'Done')).visibility, false);
    assert.ok(Number(await column(page, 'Done').evaluate((th) => getComputedStyle(th).opacity)) < 0.6, 'a hidden field is dimmed');
    await page.getByLabel('Show hidden fields').uncheck();
    await waitForColumns(page, ['Name', 'Type']);
    await page.getByLabel('Show hidden fields').check();
    await waitForColumns(page, ['Name', 'Type', 'Done']);
    await screenshot(page, 'grids-hidden-field');
    // The switch is outside the editor's popover, so pressing it closed the editor.
    await openEditor(page, 'Done');
    await editor.getByRole('button', { name: 'Show field' }).click();
    await editor.getByRole('button', { name: 'Hide field' }).waitFor();
    assert.equal((await apiField(api, gridId, 'Done')).visibility, true);
    assert.equal(await column(page, 'Done').getByText('Hidden', { exact: true }).count(), 0);

    // Freeze: pinned to the left and marked.
    const name = await openEditor(page, 'Name');
    await name.getByRole('button', { name: 'Freeze field' }).click();
    await column(page, 'Name').getByText('Frozen').waitFor();
    assert.equal((await apiField(api, gridId, 'Name')).frozen, true);
    assert.equal(await column(page, 'Name').evaluate((th) => getComputedStyle(th).position), 'sticky');

    // The primary field cannot be hidden (the server refuses it): the editor offers no Hide.
    await name.getByRole('button', { name: 'Unfreeze field' }).waitFor();
    assert.equal(await name.getByRole('button', { name: 'Hide field' }).count(), 0);

    // Resize Type by dragging the right edge of its header cell 60 px to the right.
    const handle = page.getByRole('separator', { name: 'Resize Type' });
    const box = await handle.boundingBox();
    assert.ok(box);
    const startX = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(startX, y);
    await page.mouse.down();
    await page.mouse.move(startX + 30, y, { steps: 4 });
    await page.mouse.move(startX + 60, y, { steps: 4 });
    await page.mouse.up();
    await eventually(async () => assert.equal((await apiField(api, gridId, 'Type')).width, 210));
    assert.deepEqual(await apiFieldNames(api, gridId), ['Name', 'Type', 'Done'], 'resizing moved nothing');
    await eventually(async () => assert.equal(Math.round((await column(page, 'Type').boundingBox())!.width), 210));
    assert.equal(await handle.getAttribute('aria-valuenow'), '210');

    // The keyboard: the focused edge and the arrow keys.
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await eventually(async () => assert.equal((await apiField(api, gridId, 'Type')).width, 220));
    await page.keyboard.press('Shift+ArrowLeft');
    await eventually(async () => assert.equal((await apiField(api, gridId, 'Type')).width, 170));

    // The number input; an out-of-range width is refused by the server and changes nothing.
    const type = await openEditor(page, 'Type');
    await eventually(async () => assert.equal(await type.getByLabel('Width', { exact: true }).inputValue(), '170'));
    await type.getByLabel('Width', { exact: true }).fill('300');
    await type.getByRole('button', { name: 'Set width' }).click();
    await eventually(async () => assert.equal((await apiField(api, gridId, 'Type')).width, 300));
    await eventually(async () => assert.equal(Math.round((await column(page, 'Type').boundingBox())!.width), 300));
    await type.getByLabel('Width', { exact: true }).fill('5');
    await type.getByRole('button', { name: 'Set width' }).click();
    const typeDisplay = type.getByRole('group', { name: 'Display' });
    await typeDisplay.getByRole('alert').waitFor();
    assert.equal(await typeDisplay.getByRole('alert').textContent(), 'The width of “Type” must be between 10 and 10000, not 5');
    assert.equal(await type.getByLabel('Width', { exact: true }).getAttribute('aria-invalid'), 'true');
    assert.equal((await apiField(api, gridId, 'Type')).width, 300);
    assert.equal(Math.round((await column(page, 'Type').boundingBox())!.width), 300);
    await screenshot(page, 'grids-frozen-resized');

    // Duplicate: a copy right after the source, with its width; the copy's editor opens.
    await type.getByRole('button', { name: 'Duplicate field' }).click();
    await waitForColumns(page, ['Name', 'Type', 'Type (copy)', 'Done']);
    assert.deepEqual(await apiFieldNames(api, gridId), ['Name', 'Type', 'Type (copy)', 'Done']);
    const copy = await apiField(api, gridId, 'Type (copy)');
    assert.equal(copy.width, 300);
    assert.equal(copy.fieldType, FieldType.SingleSelect);
    await fieldEditor(page, 'Type (copy)').waitFor();
    await page.context().close();
  });

  it('deletes a field after asking; the primary field offers no Delete', async () => {
    const { page, gridId } = await openNewGrid('Deleting');

    const name = await openEditor(page, 'Name');
    await name.getByRole('button', { name: 'Duplicate field' }).waitFor();
    assert.equal(await name.getByRole('button', { name: 'Delete field' }).count(), 0);
    assert.equal(await name.getByRole('button', { name: 'Hide field' }).count(), 0);
    await screenshot(page, 'grids-primary-field');

    const done = await openEditor(page, 'Done');
    await done.getByRole('button', { name: 'Delete field' }).click();
    await done.getByRole('button', { name: 'Cancel' }).click();
    assert.deepEqual(await apiFieldNames(api, gridId), ['Name', 'Type', 'Done'], 'Cancel deletes nothing');
    await done.getByRole('button', { name: 'Delete field' }).click();
    await done.getByRole('button', { name: 'Yes, delete the field' }).click();
    await waitForColumns(page, ['Name', 'Type']);
    assert.deepEqual(await apiFieldNames(api, gridId), ['Name', 'Type']);
    await done.waitFor({ state: 'detached' });
    await page.getByRole('status', { name: 'Deleted field' }).getByText('Deleted field “Done”').waitFor();
    await page.context().close();
  });
});

async function columnNamesCount(page: Page): Promise<number> {
  return page.getByRole('table', { name: /^Fields of / }).getByRole('columnheader').count();
}
