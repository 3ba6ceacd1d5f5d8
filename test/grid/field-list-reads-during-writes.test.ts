/**
 * GetFields answers from a field list kept in memory: on SQLite, where this instance is the store's only writer,
 * without even reading the revision (field-list-cache.ts). Reads that race with commits must never leave a list
 * behind that is older than a write acknowledged before a later call: each writer checks its own field after every
 * acknowledged rename, while readers keep reading (and so offering lists read just before each commit).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FieldType } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { fieldInit, useServer } from '../helpers/fixtures.js';
import { gridClient } from '../helpers/grid-clients.js';

const WRITERS = 6;
const RENAMES = 25;
const READERS = 4;

/** A plain Connect JSON GetFields, as curl sends it: the shortest path the server has. */
async function plainFields(url: string, gridId: string): Promise<{ id: string; name: string }[]> {
  const response = await fetch(`${url}/tessera.grid.v1.GridService/GetFields`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ gridId }) });
  assert.equal(response.status, 200);
  return ((await response.json()) as { items: { id: string; name: string }[] }).items;
}

describe('GetFields while writes commit', () => {
  const ctx = useServer();

  it('never answers older than an acknowledged write, with readers racing every commit', async () => {
    const client = gridClient(ctx.url, 'connect+json');
    const grid = await client.createGrid({ name: 'Racing' });
    for (let w = 0; w < WRITERS; w++) await client.insertField({ gridId: grid.id, field: fieldInit(`w${w}`, `writer ${w}`, FieldType.RichText) });
    let writing = true;
    const stale: string[] = [];
    const readers = Array.from({ length: READERS }, async () => {
      while (writing) await plainFields(ctx.url, grid.id);
    });
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      for (let n = 0; n < RENAMES; n++) {
        const name = `writer ${w} rename ${n}`;
        await client.updateField({ gridId: grid.id, fieldId: `w${w}`, oneOfName: { case: 'name', value: name } });
        const seen = (await plainFields(ctx.url, grid.id)).find((f) => f.id === `w${w}`)?.name;
        if (seen !== name) stale.push(`${name}: read ${seen}`);
      }
    });
    await Promise.all(writers);
    writing = false;
    await Promise.all(readers);
    assert.deepEqual(stale, []);
  });

  it('answers NOT_FOUND once a grid is deleted, and the new fields of a grid made after', async () => {
    const client = gridClient(ctx.url, 'connect+json');
    const grid = await client.createGrid({ name: 'Short-lived' });
    assert.equal((await plainFields(ctx.url, grid.id)).length, 3);
    await client.deleteGrid({ value: grid.id });
    const gone = await fetch(`${ctx.url}/tessera.grid.v1.GridService/GetFields`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ gridId: grid.id }) });
    assert.equal(gone.status, 404);
    assert.deepEqual(await gone.json(), { code: 'not_found', message: `grid "${grid.id}" does not exist`, details: [{ type: 'tessera.grid.v1.GridError', debug: { code: 10001 }, value: 'CJFO' }] });
  });
});
