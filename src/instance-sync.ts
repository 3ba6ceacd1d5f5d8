/**
 * @module Keeps what this instance holds in memory (the cluster state with ILM's policies, the security index, the
 * virtual clock) in step with a store other instances share: on their signals, and before each request, so a client
 * that wrote through one instance reads its write through any other. Each copy is a VersionedCopy stamped with its
 * generation; this module only tells each copy the stored generation it must reach. Document counts are not here:
 * they catch up when a read needs them (DocumentService.sync).
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

type Sync = (stored?: number) => Promise<void>;

export class InstanceSync {
  readonly #unlisten: (() => void) | undefined;
  readonly #copies: ReadonlyMap<GenerationName, Sync>;

  constructor(private readonly services: SyncedServices) {
    const { cluster, security } = services;
    const copies = new Map<GenerationName, Sync>([['cluster', (stored) => cluster.sync(stored)]]);
    if (security) copies.set('security', (stored) => security.index.sync(stored));
    this.#copies = copies;
    this.#unlisten = services.store.signals?.listen(Generations.CHANNEL, {
      message: (payload) => void this.#copies.get(payload.split(':')[0] as GenerationName)?.().catch(() => undefined),
      resync: () => void this.syncAll().catch(() => undefined),
    });
  }

  /** Catches up with everything other instances changed; a no-op on a store this instance owns. */
  async syncAll(): Promise<void> {
    const { store, generations, clock } = this.services;
    if (!store.shared) return;
    const stored = await generations.read(store.db);
    const work = [...this.#copies].map(([name, sync]) => sync(stored.get(name) ?? 0));
    if (clock instanceof VirtualClock) work.push(this.#followVirtualClock(clock));
    await Promise.all(work);
  }

  close(): void {
    this.#unlisten?.();
  }

  /** The instance that advances the virtual clock stores where it stands; the others move their clocks up to it. */
  async #followVirtualClock(clock: VirtualClock): Promise<void> {
    const stored = await this.services.loadVirtualNow();
    if (stored !== undefined && stored > clock.now()) clock.advance(stored - clock.now());
  }
}
