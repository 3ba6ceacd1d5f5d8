/** @module `PUT /<index>/_settings`: dynamic settings only; `null` resets a setting to its default. */
import { ClusterErrors } from '../cluster-error.js';
import { ClusterState } from '../cluster-state.js';
import { IndexMetadata } from '../index-metadata.js';
import { normalizeIndexSettings } from '../settings.js';

export function updateIndexSettings(state: ClusterState, names: readonly string[], body: unknown): ClusterState {
  let next = state;
  const input = body !== null && typeof body === 'object' && 'settings' in body ? (body as { settings: unknown }).settings : body;
  // UpdateSettingsRequest.validate, then MetadataUpdateSettingsService validates the settings before it looks at the
  // indices, even when none matched.
  if (Object.keys(normalizeIndexSettings(input)).length === 0) throw ClusterErrors.validation(['no settings to update']);
  for (const name of names) {
    const index = next.indices.get(name)!;
    const changes = normalizeIndexSettings(input, { update: { index: name, uuid: index.uuid } });
    const settings: Record<string, string> = { ...index.settings };
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) delete settings[key];
      else settings[key] = value;
    }
    next = ClusterState.withIndex(next, IndexMetadata.with(index, { settings: Object.freeze(settings) }));
  }
  return next;
}
