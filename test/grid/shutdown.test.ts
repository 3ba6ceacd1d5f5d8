import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gridClient, type ProtocolName } from '../helpers/grid-clients.js';
import { startTestServer } from '../helpers/server.js';

describe('shutdown', () => {
  for (const protocol of ['connect+proto', 'grpc (h2c)'] as ProtocolName[]) {
    it(`closing the server ends open WatchFields streams over ${protocol} instead of waiting for them`, async () => {
      const server = await startTestServer();
      try {
        const client = gridClient(server.url, protocol);
        const grid = await client.createGrid({ name: 'g' });
        const stream = client.watchFields({ gridId: grid.id, afterRevision: 0n })[Symbol.asyncIterator]();
        assert.equal((await stream.next()).value?.revision, 1n);
        const pending = stream.next();
        await server.close();
        // The stream ends (or fails as the connection goes); either way the close did not wait for the client.
        await pending.then(
          (result) => assert.equal(result.done, true),
          () => undefined,
        );
      } finally {
        await server.dispose();
      }
    });
  }
});
