/** The grid API with security on: the same users, application privileges of `tessera-grid` on `grid:<id>`. */
import { Client } from '@elastic/elasticsearch';
import { Code, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { expectGridError } from '../helpers/grid-clients.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** A promise whose outcome is observed at once (so an early rejection is not reported as unhandled) and can be waited on later. */
function watched<T>(promise: Promise<T>): { promise: Promise<T>; readonly settled: boolean } {
  let settled = false;
  promise.then(() => (settled = true), () => (settled = true));
  return { promise, get settled() { return settled; } };
}

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** GetFields as a bare HTTP client sends it (no compression offered): the call the server answers by its fast lane. */
function plainGetFields(url: string, gridId: string, authorization?: string): Promise<{ status: number; body: { code?: string; message?: string; items?: unknown[] } }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(authorization && { authorization }) };
    const request = http.request(`${url}/${GridService.typeName}/GetFields`, { method: 'POST', headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
    });
    request.on('error', reject);
    request.end(JSON.stringify({ gridId }));
  });
}

describe('grid permissions', () => {
  let server: TestServer;
  const grids = (authorization?: string) =>
    createClient(
      GridService,
      createConnectTransport({
        baseUrl: server.url,
        httpVersion: '1.1',
        interceptors: authorization ? [(next) => (req) => (req.header.set('authorization', authorization), next(req))] : [],
      }),
    );
  let ownGrid: string;
  let otherGrid: string;

  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw' });
    const es = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    const admin = grids(basic('elastic', 'elastic-pw'));
    ownGrid = (await admin.createGrid({ name: 'Own' })).id;
    otherGrid = (await admin.createGrid({ name: 'Other' })).id;
    await es.security.putRole({ name: 'grid_reader', applications: [{ application: 'tessera-grid', privileges: ['read'], resources: [`grid:${ownGrid}`] }] });
    await es.security.putRole({ name: 'grid_writer', applications: [{ application: 'tessera-grid', privileges: ['write'], resources: ['grid:*'] }] });
    await es.security.putUser({ username: 'reader', password: 'reader-pw', roles: ['grid_reader'] });
    await es.security.putUser({ username: 'writer', password: 'writer-pw', roles: ['grid_writer'] });
    await es.close();
  });
  after(() => server.dispose());

  it('refuses calls without valid credentials with UNAUTHENTICATED', async () => {
    await expectGridError(grids().listGrids({}), { code: Code.Unauthenticated, message: 'missing authentication credentials for REST request [/tessera.grid.v1.GridService/ListGrids]', gridError: 10010 });
    await expectGridError(grids(basic('reader', 'wrong-pw')).listGrids({}), {
      code: Code.Unauthenticated,
      message: 'unable to authenticate user [reader] for REST request [/tessera.grid.v1.GridService/ListGrids]',
      gridError: 10010,
    });
  });

  it('lists only the grids the caller may read, and refuses the rest with PERMISSION_DENIED', async () => {
    const reader = grids(basic('reader', 'reader-pw'));
    assert.deepEqual((await reader.listGrids({})).items.map((g) => g.id), [ownGrid]);
    assert.equal((await reader.getFields({ gridId: ownGrid })).items.length, 3);
    await expectGridError(reader.getFields({ gridId: otherGrid }), {
      code: Code.PermissionDenied,
      message: `action [getFields] is unauthorized for user [reader] on grid [${otherGrid}], this action is granted by the [read] privilege of application [tessera-grid]`,
      gridError: 10009,
    });
    await expectGridError(reader.deleteField({ gridId: ownGrid, fieldId: 'x' }), {
      code: Code.PermissionDenied,
      message: `action [deleteField] is unauthorized for user [reader] on grid [${ownGrid}], this action is granted by the [write] privilege of application [tessera-grid]`,
      gridError: 10009,
    });
  });

  it('checks a plain GetFields (the fast lane\'s call) as any other: credentials first, then the read privilege', async () => {
    const unauthenticated = await plainGetFields(server.url, ownGrid);
    assert.equal(unauthenticated.status, 401);
    assert.equal(unauthenticated.body.code, 'unauthenticated');
    assert.equal(unauthenticated.body.message, `missing authentication credentials for REST request [/${GridService.typeName}/GetFields]`);
    const wrongPassword = await plainGetFields(server.url, ownGrid, basic('reader', 'wrong-pw'));
    assert.equal(wrongPassword.status, 401);
    assert.equal(wrongPassword.body.message, `unable to authenticate user [reader] for REST request [/${GridService.typeName}/GetFields]`);
    const denied = await plainGetFields(server.url, otherGrid, basic('reader', 'reader-pw'));
    assert.equal(denied.status, 403);
    assert.equal(denied.body.code, 'permission_denied');
    assert.equal(
      denied.body.message,
      `action [getFields] is unauthorized for user [reader] on grid [${otherGrid}], this action is granted by the [read] privilege of application [tessera-grid]`,
    );
    // Twice: the second answer comes from the cached field list, and is checked all the same.
    for (let i = 0; i < 2; i++) {
      assert.equal((await plainGetFields(server.url, otherGrid, basic('reader', 'reader-pw'))).status, 403);
      const allowed = await plainGetFields(server.url, ownGrid, basic('reader', 'reader-pw'));
      assert.equal(allowed.status, 200);
      assert.equal(allowed.body.items?.length, 3);
    }
  });

  it('covers rows and cells: read reads them and follows WatchGrid, every row or cell write needs write', async () => {
    const admin = grids(basic('elastic', 'elastic-pw'));
    const [nameField] = (await admin.getFields({ gridId: ownGrid })).items;
    const rowId = (await admin.createRow({ gridId: ownGrid })).insertedRows[0]!.row!.id;
    const reader = grids(basic('reader', 'reader-pw'));
    assert.deepEqual((await reader.listRows({ gridId: ownGrid })).items.map((r) => r.id), [rowId]);
    assert.equal((await reader.getRow({ gridId: ownGrid, rowId })).id, rowId);
    assert.equal((await reader.getCell({ gridId: ownGrid, rowId, fieldId: nameField!.id })).content, '');
    assert.equal((await reader.getGridBlocks({ gridId: ownGrid })).items[0]!.rowOrders.length, 1);
    const stream = reader.watchGrid({ gridId: ownGrid, afterRevision: 0n })[Symbol.asyncIterator]();
    assert.equal((await stream.next()).value?.revision, 1n);
    await stream.return?.();
    const cell = { gridId: ownGrid, rowId, fieldId: nameField!.id };
    const writes: [string, () => Promise<unknown>][] = [
      ['createRow', () => reader.createRow({ gridId: ownGrid })],
      ['deleteRow', () => reader.deleteRow({ gridId: ownGrid, rowId })],
      ['duplicateRow', () => reader.duplicateRow({ gridId: ownGrid, rowId })],
      ['moveItem', () => reader.moveItem({ gridId: ownGrid, itemId: rowId, toIndex: 0, ty: 1 })],
      ['updateCell', () => reader.updateCell({ ...cell, oneOfCellContentChangeset: { case: 'cellContentChangeset', value: 'x' } })],
      ['updateCells', () => reader.updateCells({ gridId: ownGrid, changesets: [] })],
      ['updateSelectOptionCell', () => reader.updateSelectOptionCell({ cellIdentifier: cell })],
      ['updateDateCell', () => reader.updateDateCell({ cellIdentifier: cell })],
    ];
    for (const [action, call] of writes) {
      await expectGridError(call(), {
        code: Code.PermissionDenied,
        message: `action [${action}] is unauthorized for user [reader] on grid [${ownGrid}], this action is granted by the [write] privilege of application [tessera-grid]`,
        gridError: 10009,
      });
    }
    for (const [action, call] of [
      ['listRows', () => reader.listRows({ gridId: otherGrid })],
      ['getRow', () => reader.getRow({ gridId: otherGrid, rowId })],
      ['getGridBlocks', () => reader.getGridBlocks({ gridId: otherGrid })],
    ] as const) {
      await expectGridError(call(), {
        code: Code.PermissionDenied,
        message: `action [${action}] is unauthorized for user [reader] on grid [${otherGrid}], this action is granted by the [read] privilege of application [tessera-grid]`,
        gridError: 10009,
      });
    }
    const writer = grids(basic('writer', 'writer-pw'));
    const changeset = await writer.updateCell({ ...cell, oneOfCellContentChangeset: { case: 'cellContentChangeset', value: 'by writer' } });
    assert.equal(changeset.updatedCells[0]!.cell!.content, 'by writer');
    await writer.deleteRow({ gridId: ownGrid, rowId });
  });

  it('write implies read, but deleting a grid needs admin', async () => {
    const writer = grids(basic('writer', 'writer-pw'));
    const created = await writer.createGrid({ name: 'Writer\'s' });
    assert.equal((await writer.listGrids({})).items.length, 3);
    await expectGridError(writer.deleteGrid({ value: created.id }), {
      code: Code.PermissionDenied,
      message: `action [deleteGrid] is unauthorized for user [writer] on grid [${created.id}], this action is granted by the [admin] privilege of application [tessera-grid]`,
      gridError: 10009,
    });
    const stream = writer.watchFields({ gridId: ownGrid, afterRevision: 0n })[Symbol.asyncIterator]();
    assert.equal((await stream.next()).value?.revision, 1n);
    await stream.return?.();
  });

  it('ends a watch stream with PERMISSION_DENIED once the watcher loses read, even while idle', async () => {
    const es = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    await es.security.putRole({ name: 'grid_watcher', cluster: ['manage_own_api_key'], applications: [{ application: 'tessera-grid', privileges: ['read'], resources: [`grid:${ownGrid}`] }] });
    await es.security.putUser({ username: 'watcher', password: 'watcher-pw', roles: ['grid_watcher'] });
    const denied = {
      code: Code.PermissionDenied,
      message: `action [watchFields] is unauthorized for user [watcher] on grid [${ownGrid}], this action is granted by the [read] privilege of application [tessera-grid]`,
      gridError: 10009,
    };

    // Revoked by changing the user's roles: the open stream, waiting for a change, fails at once.
    const watcher = grids(basic('watcher', 'watcher-pw'));
    const stream = watcher.watchFields({ gridId: ownGrid, afterRevision: 0n })[Symbol.asyncIterator]();
    assert.equal((await stream.next()).value?.revision, 1n);
    // Each pending read is watched from the start: the denial may arrive before the revoking request's answer.
    const pending = watched(stream.next());
    // A change to someone else's access leaves the stream open.
    await es.security.putUser({ username: 'bystander', password: 'bystander-pw', roles: [] });
    assert.equal(pending.settled, false);
    await es.security.putUser({ username: 'watcher', roles: [] });
    await expectGridError(pending.promise, denied);

    // Revoked by invalidating the API key the stream was opened with.
    await es.security.putUser({ username: 'watcher', roles: ['grid_watcher'] });
    const asWatcher = new Client({ node: server.url, auth: { username: 'watcher', password: 'watcher-pw' } });
    const key = await asWatcher.security.createApiKey({ name: 'watch' });
    await asWatcher.close();
    const byKey = grids(`ApiKey ${key.encoded}`).watchFields({ gridId: ownGrid, afterRevision: 0n })[Symbol.asyncIterator]();
    assert.equal((await byKey.next()).value?.revision, 1n);
    const keyPending = watched(byKey.next());
    await es.security.invalidateApiKey({ ids: [key.id] });
    await expectGridError(keyPending.promise, denied);

    // Revoked by deleting the role: WatchGrid, the rows' stream, ends the same way.
    const again = watcher.watchFields({ gridId: ownGrid, afterRevision: 0n })[Symbol.asyncIterator]();
    assert.equal((await again.next()).value?.revision, 1n);
    const rolePending = watched(again.next());
    const grid = watcher.watchGrid({ gridId: ownGrid, afterRevision: 0n })[Symbol.asyncIterator]();
    assert.equal((await grid.next()).value?.revision, 1n);
    const gridPending = watched((async () => {
      for (;;) if ((await grid.next()).done) return;
    })());
    await es.security.deleteRole({ name: 'grid_watcher' });
    await expectGridError(rolePending.promise, denied);
    await expectGridError(gridPending.promise, { ...denied, message: denied.message.replace('[watchFields]', '[watchGrid]') });
    await es.close();
  });
});
