/** @module The cluster repository on Kysely: JSON documents keyed by name, written only when they changed. */
import type { Kysely, Transaction } from 'kysely';
import type { ClusterRepository } from '../cluster-repository.js';
import { ClusterState } from '../cluster-state.js';
import type { IndexMetadata } from '../index-metadata.js';
import type { ComposableTemplate } from '../index-template.js';
import type { SnapshotRepository } from '../snapshot-repository.js';
import { syncDocumentsWithIndices } from './kysely-document-repository.js';

interface ClusterTables {
  cluster_indices: { name: string; data: string };
  cluster_templates: { name: string; data: string };
  cluster_meta: { key: string; data: string };
}

type Table = 'cluster_indices' | 'cluster_templates';

async function saveMap<T>(trx: Transaction<ClusterTables>, table: Table, before: ReadonlyMap<string, T>, after: ReadonlyMap<string, T>): Promise<void> {
  const gone = [...before.keys()].filter((name) => !after.has(name));
  if (gone.length > 0) await trx.deleteFrom(table).where('name', 'in', gone).execute();
  for (const [name, value] of after) {
    if (before.get(name) === value) continue;
    const data = JSON.stringify(value);
    await trx.insertInto(table).values({ name, data }).onConflict((oc) => oc.column('name').doUpdateSet({ data })).execute();
  }
}

export class KyselyClusterRepository implements ClusterRepository {
  constructor(private readonly db: Kysely<ClusterTables>) {}

  async load(): Promise<ClusterState> {
    const indices = await this.db.selectFrom('cluster_indices').selectAll().execute();
    const templates = await this.db.selectFrom('cluster_templates').selectAll().execute();
    const meta = new Map((await this.db.selectFrom('cluster_meta').selectAll().execute()).map((r) => [r.key, JSON.parse(r.data)]));
    return Object.freeze({
      ...ClusterState.empty(),
      version: (meta.get('version') as number | undefined) ?? 0,
      clusterUuid: (meta.get('cluster_uuid') as string | undefined) ?? '',
      indices: new Map(indices.map((r) => [r.name, Object.freeze(JSON.parse(r.data) as IndexMetadata)])),
      templates: new Map(templates.map((r) => [r.name, Object.freeze(JSON.parse(r.data) as ComposableTemplate)])),
      persistentSettings: Object.freeze((meta.get('persistent_settings') as Record<string, string> | undefined) ?? {}),
      repositories: new Map(((meta.get('repositories') as SnapshotRepository[] | undefined) ?? []).map((r) => [r.name, Object.freeze(r)])),
    });
  }

  save(before: ClusterState, after: ClusterState): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await saveMap(trx, 'cluster_indices', before.indices, after.indices);
      const created = [...after.indices.values()]
        .filter((i) => !before.indices.has(i.name) && i.copiedFrom !== undefined)
        .map((i) => ({ name: i.name, copiedFrom: i.copiedFrom! }));
      const removed = [...before.indices.keys()].filter((name) => !after.indices.has(name));
      await syncDocumentsWithIndices(trx, created, removed);
      await saveMap(trx, 'cluster_templates', before.templates, after.templates);
      const meta: [string, unknown][] = [['version', after.version]];
      if (before.clusterUuid !== after.clusterUuid) meta.push(['cluster_uuid', after.clusterUuid]);
      if (before.repositories !== after.repositories) meta.push(['repositories', [...after.repositories.values()]]);
      // Transient settings do not survive a restart, as in Elasticsearch.
      if (before.persistentSettings !== after.persistentSettings) meta.push(['persistent_settings', after.persistentSettings]);
      for (const [key, value] of meta) {
        const data = JSON.stringify(value);
        await trx.insertInto('cluster_meta').values({ key, data }).onConflict((oc) => oc.column('key').doUpdateSet({ data })).execute();
      }
    });
  }
}
