/** @module An index as the cluster state holds it: settings, mappings, aliases, rollover history and custom metadata. */
import type { FlatSettings } from './settings.js';
import { HIDDEN, NUMBER_OF_REPLICAS, NUMBER_OF_SHARDS } from './index-settings.js';

export interface AliasMetadata {
  readonly is_write_index?: boolean;
  readonly is_hidden?: boolean;
  readonly filter?: unknown;
  readonly index_routing?: string;
  readonly search_routing?: string;
}

export interface RolloverInfo {
  readonly met_conditions: Readonly<Record<string, unknown>>;
  readonly time: number;
}

export interface IndexMetadata {
  readonly name: string;
  readonly uuid: string;
  readonly creationDate: number;
  readonly settings: FlatSettings;
  readonly mappings: Readonly<Record<string, unknown>>;
  readonly aliases: Readonly<Record<string, AliasMetadata>>;
  /** By alias: when this index was rolled over and which conditions were met. */
  readonly rolloverInfo: Readonly<Record<string, RolloverInfo>>;
  /** Other modules' per-index state, such as ILM's execution state under `ilm`; opaque to the cluster. */
  readonly customs: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The index whose documents a derived index (shrunk, mounted) starts with; copied in the same commit. */
  readonly copiedFrom?: string;
  /** ES's IndexMetadata.State: absent while open, so indices stored before closing existed read as open. */
  readonly state?: 'close';
}

export const IndexMetadata = Object.freeze({
  primaryShards(index: IndexMetadata): number {
    return NUMBER_OF_SHARDS.get(index.settings);
  },
  replicas(index: IndexMetadata): number {
    return NUMBER_OF_REPLICAS.get(index.settings);
  },
  isClosed(index: IndexMetadata): boolean {
    return index.state === 'close';
  },
  isHidden(index: IndexMetadata): boolean {
    return HIDDEN.get(index.settings);
  },
  with(index: IndexMetadata, changes: Partial<IndexMetadata>): IndexMetadata {
    return Object.freeze({ ...index, ...changes });
  },
});
