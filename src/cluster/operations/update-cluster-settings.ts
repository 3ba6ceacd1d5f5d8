/**
 * @module `PUT /_cluster/settings`: the request's two scopes (ClusterUpdateSettingsRequest.fromXContent), each
 * validated setting by setting, and the state with them applied; `null` resets a setting to its default.
 */
import { ClusterErrors } from '../cluster-error.js';
import { applySettingChanges, normalizeClusterSettings } from '../cluster-settings.js';
import type { ClusterState } from '../cluster-state.js';
import { checkWatermarkOrder } from '../disk/disk-usage.js';

/** The changes of each scope: a value to set, or `null` to reset. */
export interface ClusterSettingsUpdate {
  readonly persistent: Readonly<Record<string, string | null>>;
  readonly transient: Readonly<Record<string, string | null>>;
}

export function parseClusterSettingsUpdate(body: unknown): ClusterSettingsUpdate {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw ClusterErrors.parse('request body is required');
  for (const key of Object.keys(body)) {
    if (key !== 'persistent' && key !== 'transient') throw ClusterErrors.illegalArgument(`request [/_cluster/settings] contains unrecognized key [${key}]`);
  }
  const { persistent, transient } = body as { persistent?: unknown; transient?: unknown };
  return { persistent: normalizeClusterSettings('persistent', persistent), transient: normalizeClusterSettings('transient', transient) };
}

/** Fails, changing nothing, where the watermarks the update leaves are out of order. */
export function updateClusterSettings(state: ClusterState, update: ClusterSettingsUpdate): ClusterState {
  const next = Object.freeze({
    ...state,
    persistentSettings: applySettingChanges(state.persistentSettings, update.persistent),
    transientSettings: applySettingChanges(state.transientSettings, update.transient),
  });
  checkWatermarkOrder(next);
  return next;
}
