/** The shape of `GET /_data_stream` as Elasticsearch answers it, in the parts the data stream views read. */
import { es } from '../../api/es.ts';

export interface BackingIndexEntry {
  readonly index_name: string;
  readonly index_uuid: string;
  readonly ilm_policy?: string;
  readonly managed_by?: string;
}

export interface DataStreamEntry {
  readonly name: string;
  readonly generation: number;
  /** Oldest first; the last is the write index. */
  readonly indices: readonly BackingIndexEntry[];
  readonly status: string;
  readonly template?: string;
  readonly ilm_policy?: string;
  readonly hidden?: boolean;
}

/** Every data stream, hidden ones too (the console shows what the cluster holds), sorted by name. */
export async function fetchDataStreams(): Promise<DataStreamEntry[]> {
  const answer = await es<{ data_streams: DataStreamEntry[] }>('GET', '/_data_stream/*?expand_wildcards=all');
  return [...answer.data_streams].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export async function fetchDataStream(name: string): Promise<DataStreamEntry> {
  const answer = await es<{ data_streams: DataStreamEntry[] }>('GET', `/_data_stream/${encodeURIComponent(name)}`);
  const entry = answer.data_streams.find((ds) => ds.name === name);
  if (!entry) throw new Error(`the server did not return data stream [${name}]`);
  return entry;
}

export function writeIndexOf(dataStream: DataStreamEntry): string | undefined {
  return dataStream.indices.at(-1)?.index_name;
}
