/** @module What the grid rows console tests share: a grid of every cell type, the rows grid and its cells. */
import { create, toBinary } from '@bufbuild/protobuf';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { FieldType } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { MultiSelectTypeOptionSchema, SingleSelectTypeOptionSchema } from '../../src/gen/tessera/grid/v1/type_option_pb.js';
import type { GridClient } from '../helpers/grid-clients.js';
import { eventually } from './grids-helpers.js';

export interface TypedGrid {
  gridId: string;
  name: string;
  /** Field ids by name: Name, Type, Done, Price, Due, Link, Tags. */
  f: Record<'Name' | 'Type' | 'Done' | 'Price' | 'Due' | 'Link' | 'Tags', string>;
  /** Option ids by name. */
  opt: Record<'Bug' | 'Feature' | 'Red' | 'Blue', string>;
}

/** A grid with a field of every type: the three default ones, then Price, Due, Link and Tags, with select options. */
export async function typedGrid(api: GridClient, name: string): Promise<TypedGrid> {
  const grid = await api.createGrid({ name });
  for (const [fieldName, fieldType] of [
    ['Price', FieldType.Number],
    ['Due', FieldType.DateTime],
    ['Link', FieldType.URL],
    ['Tags', FieldType.MultiSelect],
  ] as const) {
    await api.insertField({ gridId: grid.id, field: { name: fieldName, fieldType, visibility: true, width: 170 } });
  }
  const fields = (await api.getFields({ gridId: grid.id })).items;
  const f = Object.fromEntries(fields.map((x) => [x.name, x.id])) as TypedGrid['f'];
  const option = (fieldId: string, optionName: string) => api.newSelectOption({ fieldIdentifier: { gridId: grid.id, fieldId }, optionName });
  const [bug, feature, red, blue] = await Promise.all([option(f.Type, 'Bug'), option(f.Type, 'Feature'), option(f.Tags, 'Red'), option(f.Tags, 'Blue')]);
  await api.updateFieldTypeOption({ gridId: grid.id, fieldId: f.Type, typeOptionData: toBinary(SingleSelectTypeOptionSchema, create(SingleSelectTypeOptionSchema, { options: [bug!, feature!] })) });
  await api.updateFieldTypeOption({ gridId: grid.id, fieldId: f.Tags, typeOptionData: toBinary(MultiSelectTypeOptionSchema, create(MultiSelectTypeOptionSchema, { options: [red!, blue!] })) });
  return { gridId: grid.id, name, f, opt: { Bug: bug!.id, Feature: feature!.id, Red: red!.id, Blue: blue!.id } };
}

export function rowsGrid(page: Page, gridName: string): Locator {
  return page.getByRole('grid', { name: `Rows of ${gridName}`, exact: true });
}

export function cellOf(page: Page, gridName: string, rowId: string, fieldId: string): Locator {
  return rowsGrid(page, gridName).locator(`[data-row-id="${rowId}"] [data-field-id="${fieldId}"]`);
}

/** The row ids the page has in the DOM, in the order shown. */
export async function shownRowIds(page: Page, gridName: string): Promise<string[]> {
  return rowsGrid(page, gridName)
    .locator('[data-row-id]')
    .evaluateAll((rows) =>
      rows
        .map((r) => ({ id: r.getAttribute('data-row-id') ?? '', index: Number(r.getAttribute('aria-rowindex')) }))
        .sort((a, b) => a.index - b.index)
        .map((r) => r.id),
    );
}

/** Every row id of the grid, in grid order, as the server has them (all pages). */
export async function apiRowIds(api: GridClient, gridId: string, query: Parameters<GridClient['listRows']>[0] = {}): Promise<string[]> {
  const ids: string[] = [];
  let pageToken = '';
  do {
    const page = await api.listRows({ ...query, gridId, pageSize: 1000, pageToken });
    ids.push(...page.items.map((r) => r.id));
    pageToken = page.nextPageToken;
  } while (pageToken);
  return ids;
}

export async function waitForRows(page: Page, gridName: string, expected: string[]): Promise<void> {
  await eventually(async () => assert.deepEqual(await shownRowIds(page, gridName), expected));
}

/** The status line's text once the rows are loaded. */
export async function waitForRowCount(page: Page, count: number): Promise<void> {
  const status = page.getByRole('status', { name: 'Rows loaded' });
  await eventually(async () => assert.match((await status.textContent()) ?? '', new RegExp(`^${count.toLocaleString('en-US')} rows?\\b`)));
}
