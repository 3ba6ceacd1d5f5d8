/**
 * @module Wires the store, the domain services (cluster, documents, ILM runner, security, grids) and the HTTP app
 * together without opening a socket: the app answers `app.inject` at once, and startServer (server.ts) only listens.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { GridService as GridServiceDesc } from './gen/tessera/grid/v1/grid_service_pb.js';
import { DEFAULT_HISTORY_RETENTION, GridService, KyselyGridRepository, gridMigrations, gridRpc, relayGridSignals, type GridAccess, type GridEvent } from './grid/index.js';
import { ClusterError, ClusterService, clusterMigrations, DEFAULT_DISK_CAPACITY, DiskMonitor, documentMigrations, searchMigrations, DocumentService, KyselyClusterRepository, KyselyDocumentRepository, KyselySearchRepository, SearchService, SearchContextService, KyselySearchContextRepository } from './cluster/index.js';
import { buildApp, READ_MAX_BYTES } from './http/app.js';
import { grpcToolingRoutes } from './http/grpc-tooling/tooling-routes.js';
import { resolveConnectionLimits, type ConnectionLimits } from './http/shared-port.js';
import { NODE_ID } from './http/es/local-node.js';
import { authorizeAsUser, hasApplicationPrivilege, type StoredPrincipal, KyselySecurityRepository, openSecurity, securityMigrations, type Security } from './security/index.js';
import { ilmMigrations, LifecycleRunner, PolicyService, PollScheduler, VirtualNowStore } from './ilm/index.js';
import { systemClock, VirtualClock, type Clock } from './platform/clock.js';
import { randomId } from './platform/ids.js';
import { InstanceSync } from './instance-sync.js';
import { LocalNotifier } from './platform/notifier.js';
import { Generations, generationMigrations } from './platform/store/generations.js';
import { migrateToLatest } from './platform/store/migrate.js';
import { openStore } from './platform/store/open-store.js';
import type { MigrationSet, Store } from './platform/store/store.js';

export const DEFAULT_DATA_DIR = './data';
export const DEFAULT_NODE_NAME = 'tessera-0';
export const DEFAULT_CLUSTER_NAME = 'tessera';

/** Every module's migrations, in the order their names sort. */
export const MIGRATIONS: readonly MigrationSet[] = [gridMigrations, clusterMigrations, ilmMigrations, documentMigrations, searchMigrations, securityMigrations, generationMigrations];

export interface BuildOptions {
  readonly dataDir?: string;
  /** `postgres://…`: use this PostgreSQL database, which other instances may share, instead of SQLite in `dataDir`. */
  readonly databaseUrl?: string;
  /** An explicit clock (tests); otherwise `clockMode` picks one. */
  readonly clock?: Clock;
  /** `virtual`: time stands still until advanced, resuming where the last run left it. */
  readonly clockMode?: 'system' | 'virtual';
  readonly historyRetention?: number;
  /** Rows a grid may hold (MAX_ROWS_PER_GRID unless given; tests reach the limit with a small one). */
  readonly maxRowsPerGrid?: number;
  readonly log?: boolean;
  readonly nodeName?: string;
  /** Disk capacity of the node, in bytes (the `tessera.disk.capacity` cluster setting overrides it). */
  readonly diskCapacity?: number;
  /** Require credentials on every Elasticsearch-API request (HTTP basic auth against the native realm). */
  readonly security?: boolean;
  /** The bootstrap password of `elastic` (else ELASTIC_PASSWORD, else a generated one, reported once). */
  readonly elasticPassword?: string;
  /** Told the generated `elastic` password, the one time there is one. */
  readonly onGeneratedPassword?: (password: string) => void;
  readonly clusterName?: string;
  /** `http.max_content_length`: the largest ES request body, in bytes (default 100mb, as in ES). */
  readonly httpMaxContentLength?: number;
  /**
   * Timeouts, HTTP/2 streams per connection and connections of the port (ConnectionLimits; defaults where not given).
   * Given here, not to listen, because the app's server is made with the app.
   */
  readonly connectionLimits?: Partial<ConnectionLimits>;
  /** Origins whose browser pages may call the RPC routes: `*`, or origins such as `https://app.example.com`. */
  readonly corsOrigins?: readonly string[];
  /** How long a lifecycle pass works before it commits and lets other requests in (0: one index at a time; tests). */
  readonly lifecycleSliceMillis?: number;
  /** Rows an answer over every index sorts, or merges, in one turn of the event loop (tests: a few, to merge often). */
  readonly sortedPerTurn?: number;
}

/** Everything wired and running (the runner leads or follows), the app ready for `inject` or `listen`. */
export interface BuiltServer {
  readonly app: FastifyInstance;
  readonly store: Store;
  /** Stops the runner, closes the app (and its port, if it listens), then the store. */
  close(): Promise<void>;
}

/** ILM steps are authorized with the roles the policy's last modifier held when it PUT the policy. */
function stepAuthorizer(security: Security): (runner: StoredPrincipal, action: string, index: string) => ClusterError | undefined {
  return (runner, action, index) => {
    const denied = authorizeAsUser((name) => security.users.user(name), (name) => security.roles.role(name), runner, action, index);
    return denied && ClusterError.from(denied);
  };
}

/** The grid API's users are the same as the ES API's; grids are resources `grid:<id>` of application `tessera-grid`. */
function gridAccess(security: Security, shared: boolean): GridAccess {
  return {
    async authenticate(authorization, path, client) {
      if (shared) await security.index.sync();
      const authentication = await security.authentication.authenticate(authorization, path, client);
      return {
        username: authentication.user.username,
        // Re-read on every check, so a watch stream sees revocations made after it began.
        can(privilege, gridId) {
          const now = security.authentication.current(authentication);
          return now !== undefined && security.roles.permissionsOf(now).every(({ user, lookup }) => hasApplicationPrivilege(user, lookup, 'tessera-grid', privilege, `grid:${gridId}`));
        },
        onAccessChange: (listener) => security.index.onChange(listener),
      };
    },
  };
}

export async function buildServer(options: BuildOptions = {}): Promise<BuiltServer> {
  // Bad limits are refused before anything is opened.
  const connectionLimits = resolveConnectionLimits(options.connectionLimits);
  const instanceId = randomId(22);
  const store = await openStore({ dataDir: options.dataDir ?? DEFAULT_DATA_DIR, databaseUrl: options.databaseUrl, instanceId });
  try {
    await migrateToLatest(store, MIGRATIONS);
  } catch (error) {
    await store.close();
    throw error;
  }
  const generations = new Generations(store.capabilities, store.signals);
  const shared = { shared: store.shared, generations };
  let security: Security | undefined;
  if (options.security) {
    const opened = await openSecurity(new KyselySecurityRepository(store.db, shared), options.clock ?? systemClock, options.elasticPassword ?? process.env.ELASTIC_PASSWORD);
    security = opened.security;
    if (opened.generatedPassword) options.onGeneratedPassword?.(opened.generatedPassword);
  }
  const virtualNow = new VirtualNowStore(store.db);
  const clock = options.clock ?? (options.clockMode === 'virtual' ? new VirtualClock((await virtualNow.load()) ?? Date.now()) : systemClock);
  const newUuid = () => randomId(22);
  const cluster = await ClusterService.open(new KyselyClusterRepository(store.db, shared), clock, newUuid);
  // Transient settings end with the cluster, as in ES: the first instance of a shared store to start clears them.
  if (store.shared && Object.keys(cluster.state.transientSettings).length > 0 && (await store.countInstances()) === 1) {
    await cluster.update((state) => ({ state: Object.freeze({ ...state, transientSettings: Object.freeze({}) }), result: undefined }));
  }
  const policies = new PolicyService(cluster);
  const documents = await DocumentService.open(new KyselyDocumentRepository(store.db, shared), cluster, clock, newUuid);
  const search = new SearchService(new KyselySearchRepository(store.db), cluster, clock, () => documents.sync(), NODE_ID);
  const searchContexts = new SearchContextService(new KyselySearchContextRepository(store.db, store.shared), search, cluster, clock, newUuid);
  const disk = new DiskMonitor(cluster, documents, options.diskCapacity ?? DEFAULT_DISK_CAPACITY);
  disk.start();
  const runner = new LifecycleRunner({
    cluster,
    policies,
    clock,
    newUuid,
    ...(options.lifecycleSliceMillis !== undefined && { sliceMillis: options.lifecycleSliceMillis }),
    stats: (index) => documents.stats(index),
    allocationBlocked: (state) => disk.highWatermarkExceeded(state),
    ...(security && { authorize: stepAuthorizer(security) }),
    // One read of the generations tells both copies whether to reload: a poll tick is mostly this read.
    ...(store.shared && {
      prepare: async () => {
        const stored = await generations.read(store.db);
        await Promise.all([documents.sync(stored.get('documents') ?? 0), cluster.sync(stored.get('cluster') ?? 0)]);
      },
    }),
  });
  const scheduler = new PollScheduler(runner, clock);
  const sync = new InstanceSync({ store, generations, cluster, security, clock, loadVirtualNow: () => virtualNow.load() });
  // Exactly one instance of a shared store runs the lifecycle runner; on the virtual clock, time (and so every
  // poll tick) moves only through POST /_tessera/clock/_advance.
  store.leadership.onChange((leader) => {
    if (leader) {
      runner.start();
      if (!(clock instanceof VirtualClock)) scheduler.startTimer();
    } else {
      scheduler.stopTimer();
      runner.stop();
    }
  });
  await store.leadership.start();
  const notifier = new LocalNotifier<GridEvent>();
  // Names this instance's grid commits, so it does not relay its own back to its watchers.
  const origin = randomId(16);
  const unrelay = store.signals && relayGridSignals(store.signals, notifier, origin);
  const grids = new GridService({
    repository: new KyselyGridRepository(store.db, store.signals, origin),
    notifier,
    clock,
    newId: randomId,
    historyRetention: options.historyRetention ?? DEFAULT_HISTORY_RETENTION,
    ...(options.maxRowsPerGrid !== undefined && { maxRowsPerGrid: options.maxRowsPerGrid }),
    concurrentTransactions: store.capabilities.concurrentTransactions,
    soleWriter: !store.shared,
  });
  const grid = gridRpc({ service: grids, readMaxBytes: READ_MAX_BYTES, ...(security && { access: gridAccess(security, store.shared) }), onInternalError: (error) => app.log.error({ err: error }, 'grid request failed') });
  const tooling = grpcToolingRoutes({
    services: [GridServiceDesc],
    probe: () => sql`select 1`.execute(store.db),
    ...(security && { authenticate: (authorization, path, client) => security.authentication.authenticate(authorization, path, client) }),
  });
  const app = buildApp({
    logger: options.log ? { level: 'info' } : false,
    connectionLimits,
    ...(options.corsOrigins && { corsOrigins: options.corsOrigins }),
    es: {
      cluster,
      clock,
      newUuid,
      documents,
      search,
      searchContexts,
      disk,
      ...(security && { security }),
      ilm: { policies, runner, scheduler, saveVirtualNow: (millis) => virtualNow.save(millis) },
      nodeName: options.nodeName ?? DEFAULT_NODE_NAME,
      clusterName: options.clusterName ?? DEFAULT_CLUSTER_NAME,
      ...(options.httpMaxContentLength !== undefined && { maxContentLength: options.httpMaxContentLength }),
      ...(options.sortedPerTurn !== undefined && { sortedPerTurn: options.sortedPerTurn }),
      // A request also waits for the passes its predecessors triggered here, as it would on SQLite, where they finish at once.
      ...(store.shared && { sync: async () => void (await Promise.all([sync.syncAll(), runner.settle()])) }),
      instance: { id: instanceId, store: store.dialect, isLeader: () => store.leadership.isLeader },
    },
    routes: (router, settings) => {
      grid.routes(router, settings);
      tooling(router, settings);
    },
    lane: grid.lane,
  });
  return {
    app,
    store,
    async close() {
      scheduler.stopTimer();
      runner.stop();
      await app.close();
      await runner.settle();
      sync.close();
      unrelay?.();
      await store.close();
    },
  };
}
