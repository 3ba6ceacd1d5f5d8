/**
 * A `_bulk` of many items is read and written in a few statements of many rows each (issue 17). Whatever the batch
 * holds, the answer and what is stored are those of the items applied one after another: the same document written,
 * deleted and written again within one batch, across the statements' boundaries, on both stores.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TEST_OPTIONS, useEsServer } from './es-helpers.js';

/** More than two statements' worth of rows (200 each), so reads and writes cross their boundaries. */
const ITEMS = 450;

describe('_bulk in large batches', TEST_OPTIONS, () => {
  const es = useEsServer();

  it('applies the items in order: a document written twice, deleted and rewritten, in one batch of hundreds', async () => {
    const { client } = es;
    await client.index({ index: 'big', id: 'kept', document: { n: 'before' } });
    await client.index({ index: 'big', id: 'gone', document: { n: 'before' } });
    const operations: unknown[] = [];
    for (let n = 0; n < ITEMS; n++) operations.push({ index: { _id: `doc-${n}` } }, { n });
    operations.push({ index: { _id: 'kept' } }, { n: 'first' });
    operations.push({ index: { _id: 'doc-7' } }, { n: 'seven again' });
    operations.push({ delete: { _id: 'gone' } });
    operations.push({ create: { _id: 'gone' } }, { n: 'reborn' });
    operations.push({ create: { _id: 'brief' } }, { n: 'brief' });
    operations.push({ delete: { _id: 'brief' } });
    operations.push({ index: { _id: 'kept' } }, { n: 'second' });
    const answer = await client.bulk({ index: 'big', operations, refresh: true });
    assert.equal(answer.errors, false);
    const tail = answer.items.slice(ITEMS).map((item) => {
      const [op, result] = Object.entries(item)[0]!;
      return [op, result._id, result.result, result._seq_no];
    });
    // (Versions are left out of the rows of a document deleted earlier: see the mget below for the others'.)
    assert.deepEqual(tail, [
      ['index', 'kept', 'updated', ITEMS + 2],
      ['index', 'doc-7', 'updated', ITEMS + 3],
      ['delete', 'gone', 'deleted', ITEMS + 4],
      ['create', 'gone', 'created', ITEMS + 5],
      ['create', 'brief', 'created', ITEMS + 6],
      ['delete', 'brief', 'deleted', ITEMS + 7],
      ['index', 'kept', 'updated', ITEMS + 8],
    ]);
    assert.equal((await client.count({ index: 'big' })).count, ITEMS + 2);
    const got = await client.mget<{ n: unknown }>({ index: 'big', ids: ['kept', 'gone', 'brief', 'doc-7', 'doc-0', `doc-${ITEMS - 1}`] });
    assert.deepEqual(
      got.docs.map((d) => ('found' in d && d.found ? [d._id, d._id === 'gone' ? '-' : d._version, d._seq_no, d._source!.n] : [d._id, 'missing'])),
      [
        ['kept', 3, ITEMS + 8, 'second'],
        ['gone', '-', ITEMS + 5, 'reborn'],
        ['brief', 'missing'],
        ['doc-7', 2, ITEMS + 3, 'seven again'],
        ['doc-0', 1, 2, 0],
        [`doc-${ITEMS - 1}`, 1, ITEMS + 1, ITEMS - 1],
      ],
    );
  });

  it('reads every stored document of a second large batch: each existing id is updated, and create refuses each', async () => {
    const { client } = es;
    const first: unknown[] = [];
    for (let n = 0; n < ITEMS; n++) first.push({ index: { _id: `d${n}` } }, { n });
    assert.equal((await client.bulk({ index: 'again', operations: first })).errors, false);
    const second: unknown[] = [];
    for (let n = 0; n < ITEMS; n++) second.push(n % 2 === 0 ? { index: { _id: `d${n}` } } : { create: { _id: `d${n}` } }, { n: -n });
    const answer = await client.bulk({ index: 'again', operations: second, refresh: true });
    const outcomes = answer.items.map((item) => {
      const [op, result] = Object.entries(item)[0]!;
      return op === 'index' ? `${result.result}:${result._version}` : `${result.status}:${result.error?.type}`;
    });
    assert.deepEqual(outcomes, Array.from({ length: ITEMS }, (_, n) => (n % 2 === 0 ? 'updated:2' : '409:version_conflict_engine_exception')));
    assert.equal((await client.count({ index: 'again' })).count, ITEMS);
    assert.deepEqual((await client.get<{ n: number }>({ index: 'again', id: 'd448' }))._source, { n: -448 });
    assert.deepEqual((await client.get<{ n: number }>({ index: 'again', id: 'd449' }))._source, { n: 449 });
  });
});
