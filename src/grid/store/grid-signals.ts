/**
 * @module Grid commits across instances: each commit sends its grid and revision (or the grid's deletion) in its
 * own transaction, and every instance turns what it hears into hints for its watchers, which read the store.
 */
import type { Kysely, Transaction } from 'kysely';
import type { LocalNotifier } from '../../platform/notifier.js';
import type { StoreSignals } from '../../platform/store/signals.js';
import { gridTopic, type GridEvent } from '../grid-events.js';

const CHANNEL = 'tessera_grid';

/** `origin`: the instance that committed it, which has told its own watchers already. */
type GridSignal = ({ readonly grid: string; readonly revision: string } | { readonly grid: string; readonly deleted: true }) & { readonly origin?: string };

export function sendGridSignal(signals: StoreSignals, db: Kysely<any> | Transaction<any>, signal: GridSignal): Promise<void> {
  return signals.send(db, CHANNEL, JSON.stringify(signal));
}

/**
 * Relays the other instances' grid commits to this instance's watchers; returns the unsubscribe. This instance's own
 * commits (`origin`) are left out: its watchers heard of them with the changeset itself, and a hint that raced ahead of
 * it would send them to the store for a change they are about to get (or, once the grid is deleted, cannot).
 */
export function relayGridSignals(signals: StoreSignals, notifier: LocalNotifier<GridEvent>, origin?: string): () => void {
  return signals.listen(CHANNEL, {
    message(payload) {
      let signal: GridSignal;
      try {
        signal = JSON.parse(payload) as GridSignal;
      } catch {
        return;
      }
      if (origin !== undefined && signal.origin === origin) return;
      const event: GridEvent = 'deleted' in signal ? { kind: 'deleted' } : { kind: 'committed', revision: BigInt(signal.revision) };
      notifier.publish(gridTopic(signal.grid), event);
    },
    resync: () => notifier.broadcast({ kind: 'resync' }),
  });
}
