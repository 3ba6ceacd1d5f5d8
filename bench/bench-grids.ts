/** @module Grids the grid benchmarks run on. */
import { fieldInit } from '../test/helpers/fixtures.js';
import type { GridClient } from '../test/helpers/grid-clients.js';

export const GRID_FIELDS = 50;

/** A grid with its three default fields plus enough others to make `GRID_FIELDS`. */
export async function createBenchGrid(client: GridClient, name: string): Promise<{ gridId: string; fieldIds: string[] }> {
  const grid = await client.createGrid({ name });
  for (let i = grid.fieldOrders.length; i < GRID_FIELDS; i++) {
    await client.insertField({ gridId: grid.id, field: fieldInit(`field_${i}`, `Field ${i}`) });
  }
  const fields = await client.getFields({ gridId: grid.id });
  if (fields.items.length !== GRID_FIELDS) throw new Error(`expected ${GRID_FIELDS} fields, got ${fields.items.length}`);
  return { gridId: grid.id, fieldIds: fields.items.map((f) => f.id) };
}
