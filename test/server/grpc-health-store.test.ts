/**
 * The gRPC health service reports NOT_SERVING while the store cannot be reached, and SERVING again once it can. On
 * PostgreSQL (the only store that can go away under a running server), reached through a TCP proxy the test cuts.
 */
import { createClient } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import { Health, HealthCheckResponse_ServingStatus as Status } from '../../src/gen/grpc/health/v1/health_pb.js';
import { startServer } from '../../src/server.js';
import { eventually } from '../helpers/instances.js';
import { removeTestData, tempDataDir, TEST_DATABASE_URL, testDatabaseUrl } from '../helpers/server.js';

/** Forwards connections on `port` to `target`; `cut` refuses new ones and resets those open, `mend` listens again. */
async function tcpProxy(target: URL): Promise<{ port: number; cut(): Promise<void>; mend(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const cut = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.resetAndDestroy();
    });
  };
  return { port, cut, mend: () => listen(port), close: cut };
}

describe('the gRPC health service and the store', { skip: TEST_DATABASE_URL ? false : 'needs PostgreSQL (TESSERA_TEST_DATABASE_URL)' }, () => {
  it('is NOT_SERVING while PostgreSQL cannot be reached, and SERVING again once it can', async () => {
    const dataDir = tempDataDir();
    const direct = new URL((await testDatabaseUrl(dataDir))!);
    const proxy = await tcpProxy(direct);
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const server = await startServer({ port: 0, dataDir, databaseUrl: viaProxy.toString() });
    try {
      const health = createClient(Health, createGrpcTransport({ baseUrl: server.url }));
      assert.equal((await health.check({ service: '' })).status, Status.SERVING);
      const watch = health.watch({ service: 'tessera.grid.v1.GridService' })[Symbol.asyncIterator]();
      assert.equal((await watch.next()).value?.status, Status.SERVING);

      await proxy.cut();
      await eventually(async () => ((await health.check({ service: '' })).status === Status.NOT_SERVING ? true : undefined), 10_000, 'NOT_SERVING');
      assert.equal((await watch.next()).value?.status, Status.NOT_SERVING);

      await proxy.mend();
      await eventually(async () => ((await health.check({ service: '' })).status === Status.SERVING ? true : undefined), 10_000, 'SERVING again');
      assert.equal((await watch.next()).value?.status, Status.SERVING);
    } finally {
      await server.close();
      await proxy.close();
      await removeTestData(dataDir);
    }
  });
});
