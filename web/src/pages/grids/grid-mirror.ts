/**
 * One open grid's fields in the browser, kept in step with the server: loaded once (GetGrid, GetFields, GetGrid
 * again until both reads agree on the revision), then moved forward only by changesets, in revision order — from
 * the WatchFields stream, or from the reply of a change made here when it is the very next revision. Nothing is
 * ever changed locally on a guess: a failed call leaves the mirror as it was.
 */
import { Code, ConnectError } from '@connectrpc/connect';
import type { Field, GridFieldChangeset } from '../../../../src/gen/tessera/grid/v1/field_pb.ts';
import { grids } from '../../api/grid.ts';

/** AppFlowy's order: delete, then insert at index, then update by id. */
export function applyChangeset(fields: readonly Field[], changeset: GridFieldChangeset): Field[] {
  const deleted = new Set(changeset.deletedFields.map((d) => d.fieldId));
  const next = fields.filter((f) => !deleted.has(f.id));
  for (const inserted of changeset.insertedFields) {
    if (inserted.field) next.splice(Math.min(Math.max(inserted.index, 0), next.length), 0, inserted.field);
  }
  const updated = new Map(changeset.updatedFields.map((f) => [f.id, f]));
  return next.map((f) => updated.get(f.id) ?? f);
}

export type Phase = 'loading' | 'ready' | 'gone' | 'failed';
/** The watch stream: connecting, open, waiting to reconnect after an error, or given up (see `problem`). */
export type Live = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface GridState {
  readonly phase: Phase;
  readonly name: string;
  readonly fields: readonly Field[];
  readonly revision: bigint;
  /** The revision that last inserted or updated each field: a field editor reloads its type option when it moves. */
  readonly versions: ReadonlyMap<string, bigint>;
  readonly live: Live;
  /** Why the grid could not be loaded, or why the stream is reconnecting or stopped. */
  readonly problem?: string;
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 5000;
const OPEN_AFTER_MS = 1000;

/** Codes after which watching again cannot help. */
const FINAL = new Set([Code.PermissionDenied, Code.Unauthenticated, Code.InvalidArgument, Code.Unimplemented]);

export function errorText(error: unknown): string {
  const connect = ConnectError.from(error);
  if (connect.code !== Code.PermissionDenied) return connect.rawMessage;
  // The server's refusal names the privilege (`granted by the [write] privilege of application [tessera-grid]`).
  const privilege = /granted by the \[(\w+)\] privilege/.exec(connect.rawMessage)?.[1];
  const lacking = privilege ? `the ${privilege} privilege on this grid` : 'the privilege for this';
  return `You lack ${lacking}: ${connect.rawMessage}`;
}

export class GridMirror {
  #state: GridState = { phase: 'loading', name: '', fields: [], revision: 0n, versions: new Map(), live: 'connecting' };
  readonly #listeners = new Set<() => void>();
  #controller?: AbortController;

  constructor(readonly gridId: string) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly snapshot = (): GridState => this.#state;

  /** Loads the grid and keeps watching it until `stop()`. Safe to call again after `stop()`. */
  start(): void {
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    void this.#run(controller.signal);
  }

  stop(): void {
    this.#controller?.abort();
    this.#controller = undefined;
  }

  /**
   * Applies a changeset a call here returned. It is applied only when it is the next revision; an older one is
   * already shown, and a later one will come through the stream after the ones before it.
   */
  applyReply(changeset: GridFieldChangeset): void {
    if (this.#state.phase === 'ready' && changeset.revision === this.#state.revision + 1n) this.#apply(changeset);
  }

  #set(patch: Partial<GridState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener();
  }

  #apply(changeset: GridFieldChangeset): void {
    const versions = new Map(this.#state.versions);
    for (const d of changeset.deletedFields) versions.delete(d.fieldId);
    for (const i of changeset.insertedFields) if (i.field) versions.set(i.field.id, changeset.revision);
    for (const u of changeset.updatedFields) versions.set(u.id, changeset.revision);
    this.#set({ fields: applyChangeset(this.#state.fields, changeset), revision: changeset.revision, versions });
  }

  async #run(signal: AbortSignal): Promise<void> {
    try {
      await this.#load(signal);
    } catch (error) {
      if (signal.aborted) return;
      this.#set({ phase: 'failed', live: 'stopped', problem: errorText(error) });
      return;
    }
    await this.#watch(signal);
  }

  /** A consistent read: the fields between two GetGrid calls that report the same revision. */
  async #load(signal: AbortSignal): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const before = await grids.getGrid({ value: this.gridId }, { signal });
      const { items } = await grids.getFields({ gridId: this.gridId }, { signal });
      const after = await grids.getGrid({ value: this.gridId }, { signal });
      const sameOrder = items.length === after.fieldOrders.length && items.every((f, i) => f.id === after.fieldOrders[i]?.fieldId);
      if ((before.revision === after.revision && sameOrder) || attempt >= 20) {
        if (signal.aborted) return;
        this.#set({
          phase: 'ready',
          name: after.name,
          fields: items,
          revision: after.revision,
          versions: new Map(items.map((f) => [f.id, after.revision])),
          problem: undefined,
        });
        return;
      }
    }
  }

  async #watch(signal: AbortSignal): Promise<void> {
    let delay = FIRST_RETRY_MS;
    while (!signal.aborted) {
      // The server sends a stream's headers with its first changeset, so a quiet grid gives no sign that the watch
      // is open: a call still pending after OPEN_AFTER_MS, or any answer, counts as open.
      const opened = () => {
        if (signal.aborted || this.#state.live === 'live') return;
        delay = FIRST_RETRY_MS;
        this.#set({ live: 'live', problem: undefined });
      };
      const openTimer = setTimeout(opened, OPEN_AFTER_MS);
      try {
        if (this.#state.live !== 'reconnecting') this.#set({ live: 'connecting' });
        const stream = grids.watchFields({ gridId: this.gridId, afterRevision: this.#state.revision }, { signal, onHeader: opened });
        let gap = false;
        for await (const changeset of stream) {
          if (signal.aborted) return;
          opened();
          if (changeset.revision <= this.#state.revision) continue;
          if (changeset.revision !== this.#state.revision + 1n) {
            gap = true; // never expected: the stream has no gaps; read everything again
            break;
          }
          this.#apply(changeset);
        }
        if (signal.aborted) return;
        if (gap) {
          await this.#load(signal);
          continue;
        }
        // A clean end: the grid was deleted, or the stream was closed for another reason; find out which.
        try {
          await grids.getGrid({ value: this.gridId }, { signal });
        } catch (error) {
          if (signal.aborted) return;
          if (ConnectError.from(error).code === Code.NotFound) {
            this.#set({ phase: 'gone', live: 'stopped', problem: errorText(error) });
            return;
          }
          throw error;
        }
        await pause(delay, signal);
        delay = Math.min(delay * 2, LAST_RETRY_MS);
      } catch (error) {
        if (signal.aborted) return;
        const connectError = ConnectError.from(error);
        if (connectError.code === Code.NotFound) {
          this.#set({ phase: 'gone', live: 'stopped', problem: connectError.rawMessage });
          return;
        }
        if (FINAL.has(connectError.code)) {
          this.#set({ live: 'stopped', problem: connectError.rawMessage });
          return;
        }
        this.#set({ live: 'reconnecting', problem: connectError.rawMessage });
        if (connectError.code === Code.OutOfRange) {
          // The history we need is gone: read the fields again, then watch from the grid's current revision.
          try {
            await this.#load(signal);
            continue;
          } catch (loadError) {
            if (signal.aborted) return;
            this.#set({ problem: errorText(loadError) });
          }
        }
        await pause(delay, signal);
        delay = Math.min(delay * 2, LAST_RETRY_MS);
      } finally {
        clearTimeout(openTimer);
      }
    }
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
