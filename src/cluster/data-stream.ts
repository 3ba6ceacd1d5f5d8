/**
 * @module Data streams (ES's DataStream, kept as ES keeps it: a `data_stream` custom of the cluster state, so it is
 * stored, versioned and rendered with everything else). A data stream is a name over an ordered list of hidden
 * backing indices; the last is the write index, and each rollover appends the next generation.
 */
import { ClusterState } from './cluster-state.js';
import type { IndexMetadata } from './index-metadata.js';
import type { ComposableTemplate } from './index-template.js';

/** ES's `DataStreamMetadata.TYPE`. */
export const DATA_STREAM_METADATA = 'data_stream';
export const BACKING_INDEX_PREFIX = '.ds-';
export const DEFAULT_TIMESTAMP_FIELD = '@timestamp';

export interface BackingIndex {
  readonly index_name: string;
  readonly index_uuid: string;
}

/** As ES serialises a DataStream in the cluster state. */
export interface DataStream {
  readonly name: string;
  readonly timestamp_field: { readonly name: string };
  /** Oldest first; the last is the write index. */
  readonly indices: readonly BackingIndex[];
  readonly generation: number;
  readonly _meta?: Readonly<Record<string, unknown>>;
  readonly hidden: boolean;
  readonly replicated: boolean;
  readonly system: boolean;
  readonly allow_custom_routing: boolean;
  /** Set by a lazy rollover: the next write rolls the stream over first. */
  readonly rollover_on_write: boolean;
}

interface StoredDataStreamMetadata {
  readonly data_stream: Readonly<Record<string, DataStream>>;
  readonly data_stream_aliases: Readonly<Record<string, unknown>>;
}

interface DataStreamView {
  readonly streams: ReadonlyMap<string, DataStream>;
  /** Backing index name → its data stream: every write and every lifecycle step asks. */
  readonly byIndex: ReadonlyMap<string, DataStream>;
}

const EMPTY: DataStreamView = Object.freeze({ streams: new Map(), byIndex: new Map() });
const views = new WeakMap<object, DataStreamView>();

function view(state: Pick<ClusterState, 'customs'>): DataStreamView {
  const stored = state.customs.get(DATA_STREAM_METADATA) as StoredDataStreamMetadata | undefined;
  if (!stored) return EMPTY;
  let found = views.get(stored);
  if (!found) {
    const streams = new Map(Object.values(stored.data_stream).map((ds) => [ds.name, ds]));
    const byIndex = new Map<string, DataStream>();
    for (const ds of streams.values()) for (const index of ds.indices) byIndex.set(index.index_name, ds);
    found = Object.freeze({ streams, byIndex });
    views.set(stored, found);
  }
  return found;
}

function store(state: ClusterState, streams: Iterable<DataStream>): ClusterState {
  const sorted = [...streams].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const stored: StoredDataStreamMetadata = { data_stream: Object.fromEntries(sorted.map((ds) => [ds.name, ds])), data_stream_aliases: {} };
  return ClusterState.withCustom(state, DATA_STREAM_METADATA, stored);
}

export const DataStreams = Object.freeze({
  all(state: Pick<ClusterState, 'customs'>): ReadonlyMap<string, DataStream> {
    return view(state).streams;
  },
  get(state: Pick<ClusterState, 'customs'>, name: string): DataStream | undefined {
    return view(state).streams.get(name);
  },
  /** The data stream `index` backs, if any. */
  ofIndex(state: Pick<ClusterState, 'customs'>, index: string): DataStream | undefined {
    return view(state).byIndex.get(index);
  },
  with(state: ClusterState, dataStream: DataStream): ClusterState {
    const streams = new Map(view(state).streams);
    streams.set(dataStream.name, Object.freeze(dataStream));
    return store(state, streams.values());
  },
  without(state: ClusterState, name: string): ClusterState {
    const streams = new Map(view(state).streams);
    streams.delete(name);
    return store(state, streams.values());
  },
});

export const DataStream = Object.freeze({
  /** A new stream of generation 1 over `indices` (oldest first, the write index last), shaped by its data stream template. */
  create(name: string, template: ComposableTemplate, indices: readonly IndexMetadata[]): DataStream {
    return Object.freeze({
      name,
      timestamp_field: { name: DEFAULT_TIMESTAMP_FIELD },
      indices: indices.map((index) => ({ index_name: index.name, index_uuid: index.uuid })),
      generation: 1,
      ...(template._meta !== undefined && { _meta: template._meta }),
      hidden: template.data_stream?.hidden ?? false,
      replicated: false,
      system: false,
      allow_custom_routing: template.data_stream?.allow_custom_routing ?? false,
      rollover_on_write: false,
    });
  },
  writeIndex(dataStream: DataStream): string {
    return dataStream.indices[dataStream.indices.length - 1]!.index_name;
  },
  isWriteIndex(dataStream: DataStream, index: string): boolean {
    return DataStream.writeIndex(dataStream) === index;
  },
  /** DataStream.getDefaultBackingIndexName: `.ds-<name>-<yyyy.MM.dd>-<generation, 6 digits>`, the date in UTC. */
  backingIndexName(name: string, generation: number, now: number): string {
    const date = new Date(now);
    const day = `${String(date.getUTCFullYear()).padStart(4, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${String(date.getUTCDate()).padStart(2, '0')}`;
    return `${BACKING_INDEX_PREFIX}${name}-${day}-${String(generation).padStart(6, '0')}`;
  },
});
