/**
 * @module Keeps what this instance holds in memory (cluster state with ILM's policies, the security realm, the virtual
 * clock) in step with a store other instances share: on their signals, and before each request, so a client
 * that wrote through one instance reads its write through any other.
 */
import type { ClusterService } from './cluster/index.js';
import { VirtualClock, type Clock } from './platform/clock.js';
import { Generations, type GenerationName } from './platform/store/generations.js';
import type { Store } from './platform/store/store.js';
import type { Security } from './security/index.js';

export interface SyncedServices {
  readonly store: Store;
  readonly generations: Generations;
  readonly cluster: ClusterService;
  readonly security: Security | undefined;
  readonly clock: Clock;
  readonly loadVirtualNow: () => Promise<number | undefined>;
}

export class InstanceSync {
  readonly #unlisten: (() => void) | undefined;

  constructor(private readonly services: SyncedServices) {
    const signals = services.store.signals;
    this.#unlisten = signals?.listen(Generations.CHANNEL, {
      message: (payload) => void this.#syncOne(payload.split(':')[0] as GenerationName).catch(() => undefined),
      resync: () => void this.syncAll().catch(() => undefined),
    });
  }

  /** Catches up with everything other instances changed; a no-op on a store this instance owns. */
  async syncAll(): Promise<void> {
    const { store, generations, cluster, security, clock } = this.services;
    if (!store.shared) return;
    const stored = await generations.read(store.db);
    const work: Promise<void>[] = [];
    if ((stored.get('cluster') ?? 0) > cluster.state.version) work.push(cluster.sync());
    if (security) work.push(security.index.sync(stored.get('security') ?? 0));
    if (clock instanceof VirtualClock) work.push(this.#followVirtualClock(clock));
    await Promise.all(work);
  }

  close(): void {
    this.#unlisten?.();
  }

  #syncOne(name: GenerationName): Promise<void> {
    const { cluster, security } = this.services;
    if (name === 'cluster') return cluster.sync();
    if (name === 'security' && security) return security.index.sync();
    return Promise.resolve();
  }

  /** The instance that advances the virtual clock stores where it stands; the others move their clocks up to it. */
  async #followVirtualClock(clock: VirtualClock): Promise<void> {
    const stored = await this.services.loadVirtualNow();
    if (stored !== undefined && stored > clock.now()) clock.advance(stored - clock.now());
  }
}
