/**
 * buildServer wires the whole server without a socket: the ES API and the grid's Connect RPCs answer through
 * `app.inject`, as they answer over a port.
 */
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CreateGridPayloadSchema, GridSchema } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { startServer } from '../../src/server.js';
import { buildTestServer, removeTestData, startTestServer, tempDataDir, testDatabaseUrl, type BuiltTestServer } from '../helpers/server.js';

const RPC = '/tessera.grid.v1.GridService';

describe('buildServer', () => {
  let server: BuiltTestServer;
  before(async () => {
    server = await buildTestServer();
  });
  after(() => server.dispose());

  it('opens no socket', async () => {
    await server.app.ready();
    assert.equal(server.app.server.listening, false);
    assert.equal('url' in server, false);
  });

  it('answers the ES API through inject', async () => {
    const root = await server.app.inject({ method: 'GET', url: '/' });
    assert.equal(root.statusCode, 200);
    assert.equal(root.headers['x-elastic-product'], 'Elasticsearch');
    assert.equal(root.json().version.distribution, 'tessera');

    const created = await server.app.inject({ method: 'PUT', url: '/injected', payload: { settings: { number_of_shards: 1 } } });
    assert.equal(created.statusCode, 200);
    assert.deepEqual(created.json(), { acknowledged: true, shards_acknowledged: true, index: 'injected' });
    const settings = await server.app.inject({ method: 'GET', url: '/injected/_settings/index.number_of_shards' });
    assert.deepEqual(settings.json(), { injected: { settings: { index: { number_of_shards: '1' } } } });
  });

  it('answers an ES error through inject with the ES envelope', async () => {
    const missing = await server.app.inject({ method: 'GET', url: '/nope' });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().error.type, 'index_not_found_exception');
    assert.equal(missing.json().error.reason, 'no such index [nope]');
  });

  it('answers grid RPCs through inject, in JSON and in binary', async () => {
    const created = await server.app.inject({ method: 'POST', url: `${RPC}/CreateGrid`, headers: { 'content-type': 'application/json' }, payload: { name: 'Injected' } });
    assert.equal(created.statusCode, 200);
    const grid = created.json();
    assert.equal(grid.name, 'Injected');
    assert.equal(grid.fieldOrders.length, 3);

    const fields = await server.app.inject({ method: 'POST', url: `${RPC}/GetFields`, headers: { 'content-type': 'application/json' }, payload: { gridId: grid.id } });
    assert.equal(fields.statusCode, 200);
    assert.deepEqual(fields.json().items.map((field: { name: string }) => field.name), ['Name', 'Type', 'Done']);

    const binary = await server.app.inject({
      method: 'POST',
      url: `${RPC}/CreateGrid`,
      headers: { 'content-type': 'application/proto' },
      payload: Buffer.from(toBinary(CreateGridPayloadSchema, create(CreateGridPayloadSchema, { name: 'Bare', bare: true }))),
    });
    assert.equal(binary.statusCode, 200);
    const bare = fromBinary(GridSchema, binary.rawPayload);
    assert.equal(bare.name, 'Bare');
    assert.equal(bare.fieldOrders.length, 0);
  });

  it('answers a grid error through inject with its Connect code and GridError detail', async () => {
    const missing = await server.app.inject({ method: 'POST', url: `${RPC}/GetGrid`, headers: { 'content-type': 'application/json' }, payload: { value: 'nope' } });
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), {
      code: 'not_found',
      message: 'grid "nope" does not exist',
      details: [{ type: 'tessera.grid.v1.GridError', debug: { code: 10001 }, value: 'CJFO' }],
    });
  });
});

describe('startServer', () => {
  it('closes what it built when the port is taken', async () => {
    const holder = await startTestServer();
    const dataDir = tempDataDir();
    try {
      const databaseUrl = await testDatabaseUrl(dataDir);
      await assert.rejects(startServer({ port: holder.port, dataDir, ...(databaseUrl && { databaseUrl }) }), { code: 'EADDRINUSE' });
      // Its store was closed: another server opens the same data.
      const again = await buildTestServer({ dataDir });
      await again.close();
    } finally {
      await holder.dispose();
      await removeTestData(dataDir);
    }
  });
});
