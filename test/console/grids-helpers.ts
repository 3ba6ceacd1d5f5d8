/** @module What the Grids console tests share: waits on conditions, the header's columns, the field editor. */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { gridClient, type GridClient } from '../helpers/grid-clients.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Generous: the machine running the suite may be busy. */
export const WAIT_MS = 30_000;

/** Retries `check` (an assertion) until it passes or `timeout` runs out; the last failure is thrown. */
export async function eventually<T>(check: () => Promise<T> | T, timeout = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The open grid's header table. */
export function fieldTable(page: Page): Locator {
  return page.getByRole('table', { name: /^Fields of / });
}

export function column(page: Page, name: string): Locator {
  return fieldTable(page).getByRole('columnheader', { name, exact: true });
}

/** The header's column names, in order. */
export async function columnNames(page: Page): Promise<string[]> {
  return fieldTable(page)
    .getByRole('columnheader')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label') ?? ''));
}

export async function waitForColumns(page: Page, expected: string[]): Promise<void> {
  await eventually(async () => assert.deepEqual(await columnNames(page), expected));
}

/** The fields' names as the server has them, in grid order. */
export async function apiFieldNames(api: GridClient, gridId: string): Promise<string[]> {
  return (await api.getFields({ gridId })).items.map((f) => f.name);
}

export async function apiField(api: GridClient, gridId: string, name: string) {
  const field = (await api.getFields({ gridId })).items.find((f) => f.name === name);
  assert.ok(field, `the server has a field named ${name}`);
  return field;
}

/** Opens the editor of the field named `name` (by its header button) and returns the editor. */
export async function openEditor(page: Page, name: string): Promise<Locator> {
  const editor = fieldEditor(page, name);
  if (!(await editor.isVisible())) await column(page, name).getByRole('button', { name, exact: true }).click();
  await editor.waitFor();
  return editor;
}

export function fieldEditor(page: Page, name: string): Locator {
  return page.getByRole('region', { name: `Field “${name}”`, exact: true });
}

/** The Live status line, once it says the grid is watched (the stream is open). */
export async function waitUntilLive(page: Page): Promise<void> {
  await eventually(async () => assert.match((await page.getByRole('status', { name: 'Live updates' }).textContent()) ?? '', /^\s*Live\b/));
}

/** Opens the add-field popover with the header's "+" and returns its form. */
export async function openAddField(page: Page): Promise<Locator> {
  const form = page.getByRole('form', { name: 'Add a field' });
  if (!(await form.isVisible())) await fieldTable(page).getByRole('button', { name: 'Add a field' }).click();
  await form.waitFor();
  return form;
}

/** Picks `label` in the editor's type picker, then confirms the conversion it asks about. */
export async function retype(editor: Locator, label: string): Promise<void> {
  await editor.getByLabel('Type', { exact: true }).selectOption({ label });
  await editor.getByRole('group', { name: 'Confirm the type change' }).getByRole('button', { name: `Convert to ${label}` }).click();
  await editor.getByRole('group', { name: 'Confirm the type change' }).waitFor({ state: 'detached' });
}

export interface ConsoleSuite {
  readonly browser: Browser;
  readonly server: TestServer;
  readonly api: GridClient;
}

/** Registers, in the calling suite, a browser and a test server started before its tests and closed after them. */
export function consoleSuite(): ConsoleSuite {
  const suite = {} as { browser: Browser; server: TestServer; api: GridClient };
  before(async () => {
    suite.browser = await launchBrowser();
    suite.server = await startTestServer();
    suite.api = gridClient(suite.server.url);
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.dispose();
  });
  return suite;
}
