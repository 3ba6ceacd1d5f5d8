/**
 * @module What `GET /_data_stream` tells about a stream besides its metadata (TransportGetDataStreamsAction): the
 * health of its backing indices, the template that matches its name and the ILM policy that template gives, and per
 * backing index its policy and who manages it.
 */
import { clusterHealth, type HealthStatus } from './cluster-health.js';
import type { ClusterState } from './cluster-state.js';
import type { DataStream } from './data-stream.js';
import { findTemplate } from './index-template.js';
import { resolveSettings } from './template-composition.js';

const LIFECYCLE_NAME = 'index.lifecycle.name';
/** IndexSettings.PREFER_ILM_SETTING: true unless set otherwise. */
const PREFER_ILM = 'index.lifecycle.prefer_ilm';

/** GetDataStreamAction.Response.ManagedBy's display values (Tessera has no data stream lifecycle). */
export type ManagedBy = 'Index Lifecycle Management' | 'Unmanaged';

export interface BackingIndexInfo {
  readonly index_name: string;
  readonly index_uuid: string;
  readonly prefer_ilm: boolean;
  readonly ilm_policy?: string;
  readonly managed_by: ManagedBy;
}

export interface DataStreamInfo {
  readonly dataStream: DataStream;
  readonly status: HealthStatus;
  readonly indices: readonly BackingIndexInfo[];
  /** The composable template the name matches now; absent when none does (a stream whose template was replaced). */
  readonly template?: string;
  readonly ilmPolicy?: string;
  readonly templatePreferIlm: boolean;
}

const preferIlm = (settings: Readonly<Record<string, string | undefined>>) => settings[PREFER_ILM] !== 'false';

export function dataStreamInfo(state: ClusterState, dataStream: DataStream): DataStreamInfo {
  const template = findTemplate(state.templates.values(), dataStream.name);
  const templateSettings = template ? resolveSettings(state, template) : {};
  const names = dataStream.indices.map((i) => i.index_name).filter((name) => state.indices.has(name));
  const indices = dataStream.indices.map(({ index_name, index_uuid }): BackingIndexInfo => {
    const settings = state.indices.get(index_name)?.settings ?? {};
    const policy = settings[LIFECYCLE_NAME];
    // Metadata.isIndexManagedByILM: a policy name with text; without a data stream lifecycle prefer_ilm never decides.
    const managed_by: ManagedBy = policy !== undefined && policy.trim() !== '' ? 'Index Lifecycle Management' : 'Unmanaged';
    return { index_name, index_uuid, prefer_ilm: preferIlm(settings), ...(policy !== undefined && { ilm_policy: policy }), managed_by };
  });
  const ilmPolicy = templateSettings[LIFECYCLE_NAME];
  return {
    dataStream,
    status: clusterHealth(state, names, '', false).status,
    indices,
    ...(template && { template: template.name }),
    ...(ilmPolicy !== undefined && { ilmPolicy }),
    templatePreferIlm: preferIlm(templateSettings),
  };
}
