/** @module Data streams for lifecycle tests: streams made through `PUT /_data_stream`, fed through `_bulk`, read from the cluster state. */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { EPOCH, type Row } from './es.js';

const DAY_MILLIS = 86_400_000;

/** A backing index's name: `.ds-<stream>-<yyyy.MM.dd>-<generation>`, `day` counted from EPOCH. */
export function backing(stream: string, generation: number, day = 0): string {
  const date = new Date(EPOCH + day * DAY_MILLIS).toISOString().slice(0, 10).replaceAll('-', '.');
  return `.ds-${stream}-${date}-${String(generation).padStart(6, '0')}`;
}

/**
 * Creates the stream with `PUT /_data_stream/<name>`. Until that route is on main, the stream is created as a first
 * write creates it (auto-creation through `_bulk`), and that write's document is deleted again, so the stream starts
 * empty either way.
 */
export async function createDataStream(client: Client, name: string): Promise<void> {
  try {
    await client.indices.createDataStream({ name });
    return;
  } catch (error) {
    const created = await client.bulk({ refresh: true, operations: [{ create: { _index: name } }, { '@timestamp': new Date(EPOCH).toISOString() }] });
    const item = created.items[0]!.create!;
    if (created.errors) throw error;
    await client.delete({ index: item._index, id: item._id!, refresh: true });
  }
}

/** The stream as the cluster state keeps it (ES's DataStream), or undefined when there is none. */
export async function dataStream(client: Client, name: string): Promise<Row | undefined> {
  const state = (await client.cluster.state({ metric: 'metadata' })) as unknown as Row;
  return state.metadata?.data_stream?.data_stream?.[name] as Row | undefined;
}

/** The names of the stream's backing indices, oldest first (the last is the write index). */
export async function backingIndices(client: Client, name: string): Promise<string[]> {
  const stream = await dataStream(client, name);
  assert.ok(stream, `data stream [${name}] exists`);
  return (stream.indices as Row[]).map((i) => String(i.index_name));
}

/** Writes `count` documents to the stream with `_bulk` create lines. */
export async function feed(client: Client, stream: string, count: number, now: number): Promise<void> {
  const documents = Array.from({ length: count }, (_, i) => ({ '@timestamp': new Date(now).toISOString(), message: `event ${i}` }));
  const response = await client.bulk({ refresh: true, operations: documents.flatMap((doc) => [{ create: { _index: stream } }, doc]) });
  assert.equal(response.errors, false, JSON.stringify(response.items));
}
