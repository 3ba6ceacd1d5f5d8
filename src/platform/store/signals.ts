/** @module Signals between the instances that share one store: sent inside a transaction, delivered after its commit. */
import type { Kysely, Transaction } from 'kysely';

export interface SignalListener {
  /** A payload sent on the channel, by any instance (this one included). */
  message(payload: string): void;
  /** Signals may have been missed (the listening connection was lost and is back): re-read the store. */
  resync(): void;
}

export interface StoreSignals {
  /** Queues `payload` on `channel`; every instance receives it once `db`'s transaction commits, and never if it rolls back. */
  send(db: Kysely<any> | Transaction<any>, channel: string, payload: string): Promise<void>;
  listen(channel: string, listener: SignalListener): () => void;
}
