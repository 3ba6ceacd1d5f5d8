/**
 * @module Data folders holding many ILM-managed indices, made fast. Creating indices one by one costs a copy
 * of the whole index map each (the cluster state is immutable), so 100,000 of them through the API would take
 * hours. Instead one index is created through the real API and the runner brings it to rest; that index,
 * execution state and all, is then cloned under new names in ONE cluster-state change through ClusterService
 * on the store, exactly as the runner would have left each of them had they been created over time.
 */
import { ClusterService, KyselyClusterRepository, type IndexMetadata } from '../src/cluster/index.js';
import { VirtualClock } from '../src/platform/clock.js';
import { randomId } from '../src/platform/ids.js';
import { Generations } from '../src/platform/store/generations.js';
import { openStore } from '../src/platform/store/open-store.js';
import { EPOCH, rawRequest } from '../test/helpers/es.js';
import { startTestServer } from '../test/helpers/server.js';

/** Managed indices are `m0000000-000001`, … (a rollover-able name); each has its own alias `m0000000`, …. */
export function managedAlias(i: number): string {
  return `m${String(i).padStart(7, '0')}`;
}

export function managedIndex(i: number): string {
  return `${managedAlias(i)}-000001`;
}

/** Every managed index; `m*` also matches nothing else the benchmarks create. */
export const MANAGED_PATTERN = 'm*';

export interface SeedOptions {
  readonly dataDir: string;
  readonly count: number;
  readonly policy: { readonly phases: Record<string, unknown> };
  /** Give each index its own write alias (`index.lifecycle.rollover_alias`), as a rollover action needs. */
  readonly withAlias: boolean;
}

function check(response: { status: number; json: unknown }, what: string): void {
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.json)}`);
}

/** Fills `dataDir` with `count` managed indices at rest; returns the virtual time they stand at. */
export async function seedManagedIndices(options: SeedOptions): Promise<number> {
  const { dataDir, count, withAlias } = options;
  const clock = new VirtualClock(EPOCH);
  const prototype = managedIndex(0);
  const server = await startTestServer({ dataDir, clock });
  let step: string;
  try {
    check(await rawRequest(server.url, 'PUT', '/_ilm/policy/bench', { policy: options.policy }), 'put policy');
    const alias = managedAlias(0);
    const settings = { 'index.lifecycle.name': 'bench', ...(withAlias && { 'index.lifecycle.rollover_alias': alias }) };
    check(await rawRequest(server.url, 'PUT', `/${prototype}`, { settings, ...(withAlias && { aliases: { [alias]: { is_write_index: true } } }) }), 'create index');
    // Advancing by nothing waits for the passes the creation triggered, and runs no tick.
    check(await rawRequest(server.url, 'POST', '/_tessera/clock/_advance', { by: '0s' }), 'settle');
    const explain = await rawRequest(server.url, 'GET', `/${prototype}/_ilm/explain`);
    const record = explain.json.indices[prototype];
    step = `${record.phase}/${record.action}/${record.step}`;
  } finally {
    await server.close();
  }
  const store = await openStore({ dataDir });
  try {
    const cluster = await ClusterService.open(new KyselyClusterRepository(store.db, { shared: false, generations: new Generations(store.capabilities, store.signals) }), clock, () => randomId(22));
    await cluster.update((state) => {
      const source = state.indices.get(prototype)!;
      const indices = new Map(state.indices);
      for (let i = 1; i < count; i++) {
        const copy = clone(source, i, withAlias);
        indices.set(copy.name, copy);
      }
      return { state: Object.freeze({ ...state, indices }), result: undefined };
    });
  } finally {
    await store.close();
  }
  if (!step.startsWith('hot/')) throw new Error(`the prototype index came to rest at ${step}, not in the hot phase`);
  return clock.now();
}

function clone(source: IndexMetadata, i: number, withAlias: boolean): IndexMetadata {
  const name = managedIndex(i);
  const uuid = randomId(22);
  const alias = managedAlias(i);
  const aliases = withAlias ? { [alias]: source.aliases[managedAlias(0)]! } : source.aliases;
  const settings = { ...source.settings, 'index.uuid': uuid, 'index.provided_name': name, ...(withAlias && { 'index.lifecycle.rollover_alias': alias }) };
  return Object.freeze({ ...source, name, uuid, settings: Object.freeze(settings), aliases: Object.freeze(aliases) });
}
