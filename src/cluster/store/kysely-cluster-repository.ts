/**
 * @module The cluster repository on Kysely: JSON documents keyed by name (indices, templates, other modules'
 * metadata), written only when they changed,
 * each stamped with the cluster-state version that wrote it so other instances can reload just those.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Generations } from '../../platform/store/generations.js';
import type { CopySource } from '../../platform/versioned-copy.js';
import type { ClusterChange, ClusterCommit, ClusterRepository } from '../cluster-repository.js';
import { ClusterState } from '../cluster-state.js';
import type { ComponentTemplate } from '../component-template.js';
import type { IndexMetadata } from '../index-metadata.js';
import type { LegacyTemplate } from '../legacy-template.js';
import type { ComposableTemplate } from '../index-template.js';
import type { FlatSettings } from '../settings.js';
import type { SnapshotRepository } from '../snapshot-repository.js';
import { syncDocumentsWithIndices } from './kysely-document-repository.js';

interface ClusterTables {
  cluster_indices: { name: string; data: string; version: number | string };
  cluster_templates: { name: string; data: string; version: number | string };
  cluster_component_templates: { name: string; data: string; version: number | string };
  cluster_legacy_templates: { name: string; data: string; version: number | string };
  cluster_customs: { name: string; data: string; version: number | string };
  cluster_meta: { key: string; data: string };
}

type Table = 'cluster_indices' | 'cluster_templates' | 'cluster_component_templates' | 'cluster_legacy_templates' | 'cluster_customs';
type Db = Kysely<ClusterTables> | Transaction<ClusterTables>;

export interface ClusterStoreOptions {
  /** Instances share the store: changes lock and refresh first, and transient settings are stored too. */
  readonly shared: boolean;
  readonly generations: Generations;
}

/** `changed`: the only names that may differ between the maps, when known (see ClusterState.changedNames). */
async function saveMap<T>(trx: Transaction<ClusterTables>, table: Table, before: ReadonlyMap<string, T>, after: ReadonlyMap<string, T>, version: number, changed?: ReadonlySet<string>): Promise<void> {
  const gone = [...(changed ?? before.keys())].filter((name) => before.has(name) && !after.has(name));
  if (gone.length > 0) await trx.deleteFrom(table).where('name', 'in', gone).execute();
  for (const name of changed ?? after.keys()) {
    const value = after.get(name);
    if (value === undefined || before.get(name) === value) continue;
    const data = JSON.stringify(value);
    await trx.insertInto(table).values({ name, data, version }).onConflict((oc) => oc.column('name').doUpdateSet({ data, version })).execute();
  }
}

/** `known`'s entries where their rows are no newer than `known`, the stored ones where they are. */
async function loadMap<T extends object>(db: Db, table: Table, known: ReadonlyMap<string, T>, knownVersion: number): Promise<Map<string, T>> {
  const rows = await db
    .selectFrom(table)
    .select(['name', sql<string | null>`case when version > ${knownVersion} then data end`.as('data')])
    .execute();
  const entries = new Map<string, T>();
  const unknown: string[] = [];
  for (const row of rows) {
    if (row.data !== null) entries.set(row.name, Object.freeze(JSON.parse(row.data) as T));
    else if (known.has(row.name)) entries.set(row.name, known.get(row.name)!);
    else unknown.push(row.name);
  }
  if (unknown.length > 0) {
    for (const row of await db.selectFrom(table).select(['name', 'data']).where('name', 'in', unknown).execute()) {
      entries.set(row.name, Object.freeze(JSON.parse(row.data) as T));
    }
  }
  return entries;
}

export class KyselyClusterRepository implements ClusterRepository {
  readonly source: CopySource<ClusterState> | undefined;

  constructor(
    private readonly db: Kysely<ClusterTables>,
    private readonly options: ClusterStoreOptions,
  ) {
    this.source = options.shared
      ? {
          generation: async () => (await options.generations.read(db)).get('cluster') ?? 0,
          load: async (known) => {
            const state = await this.#read(db, known.value);
            return { value: state, generation: state.version };
          },
        }
      : undefined;
  }

  load(): Promise<ClusterState> {
    return this.#read(this.db, ClusterState.empty());
  }


  commit<T>(known: ClusterState, change: ClusterChange<T>): Promise<ClusterCommit<T>> {
    return this.db.transaction().execute(async (trx) => {
      let latest = known;
      if (this.options.shared) {
        const generation = await this.options.generations.lock(trx as Transaction<any>, 'cluster');
        if (generation > known.version) latest = await this.#read(trx, known);
      }
      const { state, result } = change(latest);
      if (state !== latest) await this.#save(trx, latest, state);
      return { latest, state, result };
    });
  }

  async #read(db: Db, known: ClusterState): Promise<ClusterState> {
    const meta = new Map((await db.selectFrom('cluster_meta').selectAll().execute()).map((r) => [r.key, JSON.parse(r.data)]));
    const version = (meta.get('version') as number | undefined) ?? 0;
    const repositories = (meta.get('repositories') as SnapshotRepository[] | undefined) ?? [];
    return Object.freeze({
      version,
      clusterUuid: (meta.get('cluster_uuid') as string | undefined) ?? '',
      indices: await loadMap<IndexMetadata>(db, 'cluster_indices', known.indices, known.version),
      templates: await loadMap<ComposableTemplate>(db, 'cluster_templates', known.templates, known.version),
      componentTemplates: await loadMap<ComponentTemplate>(db, 'cluster_component_templates', known.componentTemplates, known.version),
      legacyTemplates: await loadMap<LegacyTemplate>(db, 'cluster_legacy_templates', known.legacyTemplates, known.version),
      customs: await loadMap<object>(db, 'cluster_customs', known.customs, known.version),
      persistentSettings: Object.freeze((meta.get('persistent_settings') as FlatSettings | undefined) ?? {}),
      // Transient settings do not survive a restart, as in Elasticsearch, but instances sharing a store share them.
      transientSettings: this.options.shared ? Object.freeze((meta.get('transient_settings') as FlatSettings | undefined) ?? {}) : known.transientSettings,
      repositories: new Map(repositories.map((r) => [r.name, Object.freeze(r)])),
    });
  }

  async #save(trx: Transaction<ClusterTables>, before: ClusterState, after: ClusterState): Promise<void> {
    // A change made through a draft names what it touched: at 100,000 indices, scanning them all is most of a commit.
    const changed = ClusterState.changedNames(before.indices, after.indices);
    await saveMap(trx, 'cluster_indices', before.indices, after.indices, after.version, changed);
    const created = [...(changed ?? after.indices.keys())]
      .map((name) => after.indices.get(name))
      .filter((i): i is IndexMetadata => i !== undefined && !before.indices.has(i.name) && i.copiedFrom !== undefined)
      .map((i) => ({ name: i.name, copiedFrom: i.copiedFrom! }));
    const removed = [...(changed ?? before.indices.keys())].filter((name) => before.indices.has(name) && !after.indices.has(name));
    await syncDocumentsWithIndices(trx, created, removed);
    await saveMap(trx, 'cluster_templates', before.templates, after.templates, after.version);
    await saveMap(trx, 'cluster_component_templates', before.componentTemplates, after.componentTemplates, after.version);
    await saveMap(trx, 'cluster_legacy_templates', before.legacyTemplates, after.legacyTemplates, after.version);
    await saveMap(trx, 'cluster_customs', before.customs, after.customs, after.version);
    const meta: [string, unknown][] = [['version', after.version]];
    if (before.clusterUuid !== after.clusterUuid) meta.push(['cluster_uuid', after.clusterUuid]);
    if (before.repositories !== after.repositories) meta.push(['repositories', [...after.repositories.values()]]);
    if (before.persistentSettings !== after.persistentSettings) meta.push(['persistent_settings', after.persistentSettings]);
    if (this.options.shared && before.transientSettings !== after.transientSettings) meta.push(['transient_settings', after.transientSettings]);
    for (const [key, value] of meta) {
      const data = JSON.stringify(value);
      await trx.insertInto('cluster_meta').values({ key, data }).onConflict((oc) => oc.column('key').doUpdateSet({ data })).execute();
    }
    if (this.options.shared) await this.options.generations.write(trx as Transaction<any>, 'cluster', after.version);
  }
}
