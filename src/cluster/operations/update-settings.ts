/**
 * @module `PUT /<index>/_settings`: dynamic settings, and static ones on closed indices; `null` resets a setting to its
 * default.
 */
import { ClusterErrors } from '../cluster-error.js';
import { checkBlocks } from '../cluster-errors-blocks.js';
import { ClusterState } from '../cluster-state.js';
import { resolveIndices } from '../index-expression.js';
import { IndexMetadata } from '../index-metadata.js';
import { normalizeIndexSettings } from '../index-settings.js';
import { flattenSettings, withIndexPrefix } from '../settings.js';

/**
 * TransportUpdateSettingsAction.checkBlock: a metadata-write block refuses the update, unless it touches the settings
 * that lift such blocks (ES's own precedence: the metadata block alone, or read_only / read_only_allow_delete among others).
 */
function liftsBlocks(input: unknown): boolean {
  const keys = Object.keys(withIndexPrefix(flattenSettings(input)));
  return (keys.length === 1 && keys[0] === 'index.blocks.metadata') || keys.includes('index.blocks.read_only') || keys.includes('index.blocks.read_only_allow_delete');
}

/** Updates the settings of the indices `expression` names, closed ones included (UpdateSettingsRequest's IndicesOptions). */
export function updateIndexSettings(state: ClusterState, expression: string | undefined, body: unknown): ClusterState {
  if (body === undefined) throw ClusterErrors.validation(['no settings to update']);
  const names = resolveIndices(state, expression, { expandClosed: true });
  let next = state;
  const input = body !== null && typeof body === 'object' && 'settings' in body ? (body as { settings: unknown }).settings : body;
  // UpdateSettingsRequest.validate, then MetadataUpdateSettingsService validates the settings before it looks at the
  // indices, even when none matched.
  if (Object.keys(normalizeIndexSettings(input)).length === 0) throw ClusterErrors.validation(['no settings to update']);
  if (!liftsBlocks(input)) checkBlocks(names.map((name) => state.indices.get(name)!), 'metadata_write');
  for (const name of names) {
    const index = next.indices.get(name)!;
    const changes = normalizeIndexSettings(input, { update: { index: name, uuid: index.uuid, closed: IndexMetadata.isClosed(index) } });
    const settings: Record<string, string> = { ...index.settings };
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) delete settings[key];
      else settings[key] = value;
    }
    next = ClusterState.withIndex(next, IndexMetadata.with(index, { settings: Object.freeze(settings) }));
  }
  return next;
}
