import { Code, ConnectError } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GridErrorSchema } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { gridClient, type ProtocolName } from '../helpers/grid-clients.js';
import { startTestServer } from '../helpers/server.js';

describe('shutdown', () => {
  for (const protocol of ['connect+proto', 'grpc (h2c)'] as ProtocolName[]) {
    it(`closing the server fails open WatchFields streams over ${protocol} with UNAVAILABLE and where to resume`, async () => {
      const server = await startTestServer();
      try {
        const client = gridClient(server.url, protocol);
        const grid = await client.createGrid({ name: 'g' });
        const stream = client.watchFields({ gridId: grid.id, afterRevision: 0n })[Symbol.asyncIterator]();
        assert.equal((await stream.next()).value?.revision, 1n);
        // Ending cleanly would mean "grid deleted"; a shutdown must read as an error the client retries.
        const pending = stream.next().then(
          () => assert.fail('the stream must not end cleanly'),
          (e: unknown) => ConnectError.from(e),
        );
        await server.close();
        const error = await pending;
        assert.equal(error.code, Code.Unavailable);
        assert.equal(error.rawMessage, 'the server is shutting down; watch again with after_revision 1');
        assert.equal(error.findDetails(GridErrorSchema)[0]?.code, 10008);
      } finally {
        await server.dispose();
      }
    });
  }
});
