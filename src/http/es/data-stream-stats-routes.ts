/** @module `GET /_data_stream[/<name>]/_stats`: backing indices, store sizes and the newest @timestamp of each data stream (DataStreamsStatsAction). */
import type { FastifyInstance } from 'fastify';
import { DataStreams, IndexMetadata, resolveDataStreamNames, type ClusterState } from '../../cluster/index.js';
import { byteSizeText } from '../../platform/units/index.js';
import { javaHashOrder } from '../../platform/java-hash-order.js';
import { esRoute, onDataStreams } from './es-actions.js';
import type { EsContext } from './es-context.js';
import { INDICES_OPTIONS } from './es-params.js';
import { esSend, flag } from './es-reply.js';
import { dataStreamNameOptions, splitNames } from './data-stream-routes.js';

type Query = Record<string, string | undefined>;

const STATS = esRoute(onDataStreams('indices:monitor/data_stream/stats'), INDICES_OPTIONS);

/** A broadcast over every shard copy: one node runs the primaries, the replicas stay unassigned (neither run nor failed). */
function shardsOf(state: ClusterState, names: readonly string[]) {
  let total = 0;
  let successful = 0;
  for (const name of names) {
    const index = state.indices.get(name);
    if (!index) continue;
    const primaries = IndexMetadata.primaryShards(index);
    total += primaries * (1 + IndexMetadata.replicas(index));
    successful += primaries;
  }
  return { total, successful, failed: 0 };
}

/** XContentBuilder.humanReadableField: the readable value just before the raw one, under `human`. */
function sizeFields(raw: string, readable: string, bytes: number, human: boolean): Record<string, unknown> {
  return { ...(human && { [readable]: byteSizeText(bytes) }), [raw]: bytes };
}

export function dataStreamStatsRoutes(app: FastifyInstance, ctx: EsContext): void {
  const stats = async (names: string | undefined, query: Query) => {
    const options = dataStreamNameOptions(query);
    const human = flag(query, 'human');
    await ctx.documents?.sync();
    const state = ctx.cluster.state;
    const streams = resolveDataStreamNames(state, splitNames(names), options).map((name) => DataStreams.get(state, name)!);
    const backing = streams.flatMap((ds) => ds.indices.map((i) => i.index_name));
    let totalBytes = 0;
    const byName = new Map<string, Record<string, unknown>>();
    for (const ds of streams) {
      let bytes = 0;
      let maximum = 0;
      for (const { index_name } of ds.indices) {
        bytes += ctx.documents?.stats(index_name).sizeBytes ?? 0;
        maximum = Math.max(maximum, (await ctx.documents?.maxTimestamp(index_name)) ?? 0);
      }
      totalBytes += bytes;
      byName.set(ds.name, { data_stream: ds.name, backing_indices: ds.indices.length, ...sizeFields('store_size_bytes', 'store_size', bytes, human), maximum_timestamp: maximum });
    }
    return {
      _shards: shardsOf(state, backing),
      data_stream_count: streams.length,
      backing_indices: new Set(backing).size,
      ...sizeFields('total_store_size_bytes', 'total_store_size', totalBytes, human),
      // Aggregated in a HashMap keyed by name, whose order ES prints.
      data_streams: javaHashOrder(streams.map((ds) => ds.name)).map((name) => byName.get(name)!),
    };
  };
  // `name` is absent here unless authorization narrowed "all data streams" to the caller's (es-authorization.ts).
  app.get<{ Params: { name?: string }; Querystring: Query }>('/_data_stream/_stats', STATS, async (req, reply) => esSend(req, reply, await stats(req.params.name, req.query)));
  app.get<{ Params: { name: string }; Querystring: Query }>('/_data_stream/:name/_stats', STATS, async (req, reply) => esSend(req, reply, await stats(req.params.name, req.query)));
}
