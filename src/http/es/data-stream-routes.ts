/** @module `PUT/GET/DELETE /_data_stream[/<name>]`: create a data stream from its template, list them as ES does, delete them with their backing indices. */
import type { FastifyInstance } from 'fastify';
import { ClusterError, createDataStream, dataStreamInfo, deleteDataStreams, DataStreams, resolveDataStreamNames, resolveDateMathName, type DataStreamInfo, type DataStreamNameOptions } from '../../cluster/index.js';
import { isWildcard } from '../../platform/units/index.js';
import { javaList } from '../../platform/java-hash-order.js';
import { esRoute, onDataStreams, onPath } from './es-actions.js';
import type { EsContext } from './es-context.js';
import { ACKED, INDICES_OPTIONS } from './es-params.js';
import { esSend, flag } from './es-reply.js';
import { indicesOptionsOf } from './indices-options.js';

type Query = Record<string, string | undefined>;

const CREATE = esRoute(onPath('indices:admin/data_stream/create', 'name'), ACKED);
const GET = esRoute(onDataStreams('indices:admin/data_stream/get'), ['include_defaults', 'verbose', 'master_timeout', ...INDICES_OPTIONS]);
const DELETE = esRoute(onDataStreams('indices:admin/data_stream/delete'), ['master_timeout', ...INDICES_OPTIONS]);

/** IndicesOptions.fromRequest over the data stream APIs' defaults (hidden streams only when asked for). */
export function dataStreamNameOptions(query: Query): DataStreamNameOptions {
  const { expandHidden, ignoreUnavailable, allowNoIndices } = indicesOptionsOf(query, { expandOpen: true, expandClosed: true });
  return { expandHidden: expandHidden === true, ignoreUnavailable: ignoreUnavailable === true, allowNoIndices: allowNoIndices !== false };
}

export const splitNames = (names: string | undefined): string[] => (names ?? '').split(',').filter((n) => n !== '');

/** GetDataStreamAction.Response.DataStreamInfo.toXContent, as ES 8.17 writes it (its failure store is behind a feature flag, off in releases). */
function renderInfo(info: DataStreamInfo, maximumTimestamp: number | undefined): Record<string, unknown> {
  const { dataStream: ds } = info;
  return {
    name: ds.name,
    timestamp_field: { name: ds.timestamp_field.name },
    indices: info.indices,
    generation: ds.generation,
    ...(ds._meta !== undefined && { _meta: ds._meta }),
    status: info.status.toUpperCase(),
    ...(info.template !== undefined && { template: info.template }),
    ...(info.ilmPolicy !== undefined && { ilm_policy: info.ilmPolicy }),
    next_generation_managed_by: info.ilmPolicy !== undefined ? 'Index Lifecycle Management' : 'Unmanaged',
    prefer_ilm: info.templatePreferIlm,
    hidden: ds.hidden,
    system: ds.system,
    allow_custom_routing: ds.allow_custom_routing,
    replicated: ds.replicated,
    rollover_on_write: ds.rollover_on_write,
    ...(maximumTimestamp !== undefined && { maximum_timestamp: maximumTimestamp }),
  };
}

export function dataStreamRoutes(app: FastifyInstance, ctx: EsContext): void {
  app.put<{ Params: { name: string } }>('/_data_stream/:name', CREATE, async (req, reply) => {
    await ctx.cluster.update((state) => {
      // MetadataCreateDataStreamService resolves date math in the name.
      const now = ctx.clock.now();
      return { state: createDataStream(state, { name: resolveDateMathName(req.params.name, now), now, uuid: ctx.newUuid() }).state, result: undefined };
    });
    return esSend(req, reply, { acknowledged: true });
  });

  const get = async (names: string | undefined, query: Query) => {
    // include_defaults adds only a data stream lifecycle's defaults, which no Tessera stream has.
    flag(query, 'include_defaults');
    const verbose = flag(query, 'verbose');
    const options = dataStreamNameOptions(query);
    if (verbose) await ctx.documents?.sync();
    const state = ctx.cluster.state;
    const streams = resolveDataStreamNames(state, splitNames(names), options).map((name) => DataStreams.get(state, name)!);
    const rendered = [];
    for (const ds of streams) {
      let maximum: number | undefined;
      if (verbose) {
        // TransportGetDataStreamsAction asks the stats action, which reads every backing index.
        maximum = 0;
        for (const { index_name } of ds.indices) maximum = Math.max(maximum, (await ctx.documents?.maxTimestamp(index_name)) ?? 0);
      }
      rendered.push(renderInfo(dataStreamInfo(state, ds), maximum));
    }
    return { data_streams: rendered };
  };
  // `name` is absent here unless authorization narrowed "all data streams" to the caller's (es-authorization.ts).
  app.get<{ Params: { name?: string }; Querystring: Query }>('/_data_stream', GET, async (req, reply) => esSend(req, reply, await get(req.params.name, req.query)));
  app.get<{ Params: { name: string }; Querystring: Query }>('/_data_stream/:name', GET, async (req, reply) => esSend(req, reply, await get(req.params.name, req.query)));

  app.delete<{ Params: { name: string }; Querystring: Query }>('/_data_stream/:name', DELETE, async (req, reply) => {
    const requested = splitNames(req.params.name);
    const options = dataStreamNameOptions(req.query);
    await ctx.cluster.update((state) => {
      const names = resolveDataStreamNames(state, requested, options);
      if (names.length === 0 && !requested.some(isWildcard)) {
        throw new ClusterError('resource_not_found_exception', 404, `data streams ${javaList(requested)} not found`);
      }
      return { state: deleteDataStreams(state, names), result: undefined };
    });
    return esSend(req, reply, { acknowledged: true });
  });
}
