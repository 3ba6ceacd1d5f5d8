/** @module Data streams for lifecycle tests: streams made through `PUT /_data_stream`, fed through `_bulk`, read back. */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { EPOCH, type Row } from './es.js';

const DAY_MILLIS = 86_400_000;

/** A backing index's name: `.ds-<stream>-<yyyy.MM.dd>-<generation>`, `day` counted from EPOCH. */
export function backing(stream: string, generation: number, day = 0): string {
  const date = new Date(EPOCH + day * DAY_MILLIS).toISOString().slice(0, 10).replaceAll('-', '.');
  return `.ds-${stream}-${date}-${String(generation).padStart(6, '0')}`;
}

/** The stream as `GET /_data_stream/<name>` answers it. */
export async function dataStream(client: Client, name: string): Promise<Row> {
  const { data_streams } = await client.indices.getDataStream({ name });
  return data_streams[0] as unknown as Row;
}

/** The names of the stream's backing indices, oldest first (the last is the write index). */
export async function backingIndices(client: Client, name: string): Promise<string[]> {
  return ((await dataStream(client, name)).indices as Row[]).map((i) => String(i.index_name));
}

/** Writes `count` documents to the stream with `_bulk` create lines. */
export async function feed(client: Client, stream: string, count: number, now: number): Promise<void> {
  const documents = Array.from({ length: count }, (_, i) => ({ '@timestamp': new Date(now).toISOString(), message: `event ${i}` }));
  const response = await client.bulk({ refresh: true, operations: documents.flatMap((doc) => [{ create: { _index: stream } }, doc]) });
  assert.equal(response.errors, false, JSON.stringify(response.items));
}
