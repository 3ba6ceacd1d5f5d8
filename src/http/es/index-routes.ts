/** @module Indices: `PUT/GET/HEAD/DELETE /<index>` and `GET/PUT /<index>/_settings`. */
import type { FastifyInstance } from 'fastify';
import { checkBlocks, createIndex, DataStreams, deleteIndices, nestSettings, resolveDateMathName, resolveIndices, updateIndexSettings } from '../../cluster/index.js';
import { matchesPattern } from '../../platform/units/index.js';
import type { EsContext } from './es-context.js';
import { esSend, flag } from './es-reply.js';
import { EsSimpleError } from './es-simple-error.js';
import { humanSettings, renderAliases, renderSettings } from './index-render.js';
import { esRoute, onPath } from './es-actions.js';
import { ACKED, MASTER_READ } from './es-params.js';

const GET_SETTINGS = esRoute(onPath('indices:monitor/settings/get', 'index', 'all'), ['ignore_unavailable', 'flat_settings', ...MASTER_READ]);
const PUT_SETTINGS = esRoute(onPath('indices:admin/settings/update', 'index', 'all'), ACKED, { body: true });
const DELETE_INDEX = esRoute(onPath('indices:admin/delete', 'index', 'all'), ['ignore_unavailable', 'allow_no_indices', ...ACKED]);

type Query = Record<string, string | undefined>;

/** `/:index` also matches `/` with an empty name; ES routes only GET and HEAD there. */
function rootMethodNotAllowed(index: string, method: string): void {
  if (index === '') {
    throw new EsSimpleError(`Incorrect HTTP method for uri [/] and method [${method}], allowed: [HEAD, GET]`, 405, true, { allow: 'HEAD,GET' });
  }
}

export function indexRoutes(app: FastifyInstance, ctx: EsContext): void {
  app.put<{ Params: { index: string }; Body: unknown }>('/:index', esRoute(onPath('indices:admin/create'), ACKED, { body: true }), async (req, reply) => {
    rootMethodNotAllowed(req.params.index, 'PUT');
    const index = await ctx.cluster.update((state) => {
      // `<logs-{now/d}-000001>` names the index of today; the expression is kept as index.provided_name for rollovers.
      const now = ctx.clock.now();
      const created = createIndex(state, { name: resolveDateMathName(req.params.index, now), providedName: req.params.index, body: req.body, now, uuid: ctx.newUuid() });
      return { state: created.state, result: created.index };
    });
    return esSend(req, reply, { acknowledged: true, shards_acknowledged: true, index: index.name });
  });

  app.get<{ Params: { index: string }; Querystring: Query }>('/:index', esRoute(onPath('indices:admin/get'), ['ignore_unavailable', 'flat_settings', ...MASTER_READ]), async (req, reply) => {
    const state = ctx.cluster.state;
    const names = resolveIndices(state, req.params.index, { ignoreUnavailable: flag(req.query, 'ignore_unavailable') });
    checkBlocks(names.map((name) => state.indices.get(name)!), 'metadata_read');
    const flat = flag(req.query, 'flat_settings');
    const body = Object.fromEntries(
      names.map((name) => {
        const index = state.indices.get(name)!;
        // GetIndexResponse names the data stream a backing index belongs to, after its settings.
        const dataStream = DataStreams.ofIndex(state, name);
        return [name, { aliases: renderAliases(index), mappings: index.mappings, settings: renderSettings(index, flat, flag(req.query, 'human')), ...(dataStream && { data_stream: dataStream.name }) }];
      }),
    );
    return esSend(req, reply, body);
  });

  app.delete<{ Params: { index: string }; Querystring: Query }>('/:index', DELETE_INDEX, async (req, reply) => {
    rootMethodNotAllowed(req.params.index, 'DELETE');
    const options = () => ({ ignoreUnavailable: flag(req.query, 'ignore_unavailable'), allowNoIndices: flag(req.query, 'allow_no_indices', true) });
    await ctx.cluster.update((state) => ({ state: deleteIndices(state, req.params.index, options), result: undefined }));
    return esSend(req, reply, { acknowledged: true });
  });

  const getSettings = async (expression: string | undefined, query: Query, settingNames?: string) => {
    const state = ctx.cluster.state;
    // GetSettingsRequest's IndicesOptions reach closed indices too.
    const names = resolveIndices(state, expression, { ignoreUnavailable: flag(query, 'ignore_unavailable'), expandClosed: true });
    checkBlocks(names.map((name) => state.indices.get(name)!), 'metadata_read');
    const flat = flag(query, 'flat_settings');
    const patterns = settingNames?.split(',');
    const body: Record<string, unknown> = {};
    for (const name of names) {
      const index = state.indices.get(name)!;
      // TransportGetSettingsAction adds the human-readable settings before it filters by name.
      const all = flag(query, 'human') ? humanSettings(index.settings) : index.settings;
      const settings = patterns ? Object.fromEntries(Object.entries(all).filter(([key]) => patterns.some((p) => matchesPattern(p, key)))) : all;
      // With setting names, ES leaves out the indices that have none of them.
      if (patterns && Object.keys(settings).length === 0) continue;
      body[name] = { settings: flat ? { ...settings } : nestSettings(settings) };
    }
    return body;
  };
  app.get<{ Params: { index: string; name: string }; Querystring: Query }>('/:index/_settings/:name', GET_SETTINGS, async (req, reply) =>
    esSend(req, reply, await getSettings(req.params.index, req.query, req.params.name)),
  );
  // `index` is absent here unless authorization narrowed "all indices" to the caller's (es-authorization.ts).
  app.get<{ Params: { index?: string }; Querystring: Query }>('/_settings', GET_SETTINGS, async (req, reply) => esSend(req, reply, await getSettings(req.params.index, req.query)));
  app.get<{ Params: { index: string }; Querystring: Query }>('/:index/_settings', GET_SETTINGS, async (req, reply) =>
    esSend(req, reply, await getSettings(req.params.index, req.query)),
  );

  const putSettings = (expression: string | undefined, body: unknown) => ctx.cluster.update((state) => ({ state: updateIndexSettings(state, expression, body), result: undefined }));
  app.put<{ Params: { index?: string }; Body: unknown }>('/_settings', PUT_SETTINGS, async (req, reply) => {
    await putSettings(req.params.index, req.body);
    return esSend(req, reply, { acknowledged: true });
  });
  app.put<{ Params: { index: string }; Body: unknown }>('/:index/_settings', PUT_SETTINGS, async (req, reply) => {
    await putSettings(req.params.index, req.body);
    return esSend(req, reply, { acknowledged: true });
  });
}
