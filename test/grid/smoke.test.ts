import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ALL_PROTOCOLS, gridClient } from '../helpers/grid-clients.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('every protocol on the one port', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.dispose());

  for (const protocol of ALL_PROTOCOLS) {
    it(`creates and reads a grid over ${protocol}`, async () => {
      const client = gridClient(server.url, protocol);
      const grid = await client.createGrid({ name: `Grid over ${protocol}` });
      assert.equal(grid.revision, 1n);
      assert.equal(grid.fieldOrders.length, 3);
      const fields = await client.getFields({ gridId: grid.id });
      assert.deepEqual(fields.items.map((f) => f.name), ['Name', 'Type', 'Done']);
    });
  }
});
