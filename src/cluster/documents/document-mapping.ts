/**
 * @module Writes read against their index's mapping before they are committed. A write that adds fields commits its
 * mapping update to the cluster state first, as ES's primary waits for the master to publish a dynamic mapping
 * update before it indexes: the documents' transaction cannot change the cluster state, and a mapping committed
 * ahead of a write that then fails only maps fields no document has yet, which ES allows too.
 */
import { ClusterError } from '../cluster-error.js';
import type { ClusterService } from '../cluster-service.js';
import { ClusterState } from '../cluster-state.js';
import { mapDocument } from '../mappings/document-fields.js';
import { countFields, mergeMappings } from '../mappings/merge-mappings.js';
import { mergedMapping, withMapping } from '../mappings/index-mappings.js';
import { isJsonObject, type JsonObject, type RootMapping } from '../mappings/mapping-model.js';
import type { WriteRequest } from './document-requests.js';
import type { Target } from './write-checks.js';

/** The documents a write brings: an update's partial document and upsert, which are all its new fields can come from. */
function sourcesOf(request: WriteRequest): JsonObject[] {
  if (request.op === 'delete') return [];
  if (request.op === 'update') {
    const spec = request.update!;
    return [spec.doc, spec.docAsUpsert ? undefined : spec.upsert].filter((s): s is JsonObject => s !== undefined);
  }
  return isJsonObject(request.source) ? [request.source] : [];
}

/**
 * Checks each write in order against its index's mapping as the writes before it left it; a refused write becomes
 * its error in `targets`. The fields the accepted writes add are committed to the cluster state before this returns.
 */
export async function mapWrites(cluster: ClusterService, requests: readonly WriteRequest[], targets: (Target | ClusterError)[]): Promise<void> {
  const working = new Map<string, RootMapping>();
  const added = new Map<string, { delta: RootMapping; uuid: string; items: number[] }>();
  for (const [i, request] of requests.entries()) {
    const target = targets[i]!;
    if (target instanceof ClusterError || request.refusal) continue;
    const { index, id } = target;
    const context = { id, ...(request.dynamicTemplates && { dynamicTemplates: request.dynamicTemplates }), coerce: index.settings['index.mapping.coerce'] !== 'false', ignoreMalformed: index.settings['index.mapping.ignore_malformed'] === 'true' };
    try {
      let mapping = working.get(index.name) ?? (index.mappings as RootMapping);
      let delta: RootMapping | undefined;
      for (const source of sourcesOf(request)) {
        const adds = mapDocument(mapping, source, context);
        if (!adds) continue;
        const before = countFields(mapping);
        const next = mergedMapping(mapping, adds, index.settings, 'update', Math.max(0, countFields(mergeMappings(mapping, adds, 'update')) - before));
        delta = delta ? mergeMappings(delta, adds, 'update') : adds;
        mapping = next;
      }
      if (!delta) continue;
      working.set(index.name, mapping);
      const entry = added.get(index.name);
      if (entry) {
        entry.delta = mergeMappings(entry.delta, delta, 'update');
        entry.items.push(i);
      } else added.set(index.name, { delta, uuid: index.uuid, items: [i] });
    } catch (error) {
      if (!(error instanceof ClusterError)) throw error;
      targets[i] = error;
    }
  }
  for (const [name, { delta, uuid, items }] of added) {
    try {
      await cluster.update((state) => {
        const index = state.indices.get(name);
        if (!index || index.uuid !== uuid) return { state, result: undefined };
        return { state: ClusterState.withIndex(state, withMapping(index, mergedMapping(index.mappings as RootMapping, delta, index.settings))), result: undefined };
      });
    } catch (error) {
      // A mapping changed meanwhile (PUT _mapping) so that these fields no longer fit: the writes that add them fail.
      if (!(error instanceof ClusterError)) throw error;
      for (const i of items) targets[i] = error;
    }
  }
}
