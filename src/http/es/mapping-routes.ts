/** @module Mappings: `GET /_mapping`, `GET/PUT /<index>/_mapping`, and `GET [/<index>]/_mapping/field/<fields>`. */
import type { FastifyInstance } from 'fastify';
import { checkBlocks, fieldMappings, putMapping, resolveIndices, type ResolveOptions } from '../../cluster/index.js';
import type { EsContext } from './es-context.js';
import { esSend, flag } from './es-reply.js';
import { esRoute, onPath } from './es-actions.js';
import { ACKED, INDICES_OPTIONS, MASTER_READ } from './es-params.js';
import { indicesOptionsOf } from './indices-options.js';

type Query = Record<string, string | undefined>;

const GET_MAPPING = esRoute(onPath('indices:admin/mappings/get'), [...INDICES_OPTIONS, ...MASTER_READ]);
const GET_FIELD_MAPPING = esRoute(onPath('indices:admin/mappings/fields/get'), [...INDICES_OPTIONS, 'local']);
// PutMappingRequest's IndicesOptions reach closed indices too.
const PUT_MAPPING = esRoute(onPath('indices:admin/mapping/put', 'index', 'closed'), [...INDICES_OPTIONS, 'write_index_only', ...ACKED], { body: true });

export function mappingRoutes(app: FastifyInstance, ctx: EsContext): void {
  const resolve = (expression: string | undefined, query: Query, defaults: ResolveOptions = {}) => {
    const state = ctx.cluster.state;
    const names = resolveIndices(state, expression, indicesOptionsOf(query, defaults));
    checkBlocks(names.map((name) => state.indices.get(name)!), 'metadata_read');
    return names.map((name) => state.indices.get(name)!);
  };

  const getMapping = (expression: string | undefined, query: Query) =>
    Object.fromEntries(resolve(expression, query).map((index) => [index.name, { mappings: index.mappings }]));
  // `index` is absent on the bare routes unless authorization narrowed "all indices" to the caller's.
  app.get<{ Params: { index?: string }; Querystring: Query }>('/_mapping', GET_MAPPING, async (req, reply) => esSend(req, reply, getMapping(req.params.index, req.query)));
  app.get<{ Params: { index: string }; Querystring: Query }>('/:index/_mapping', GET_MAPPING, async (req, reply) => esSend(req, reply, getMapping(req.params.index, req.query)));

  const getFields = (expression: string | undefined, fields: string, query: Query) => {
    const names = fields.split(',').map((f) => f.trim()).filter(Boolean);
    return Object.fromEntries(resolve(expression, query).map((index) => [index.name, { mappings: fieldMappings(index.mappings as never, names) }]));
  };
  app.get<{ Params: { index?: string; fields: string }; Querystring: Query }>('/_mapping/field/:fields', GET_FIELD_MAPPING, async (req, reply) =>
    esSend(req, reply, getFields(req.params.index, req.params.fields, req.query)),
  );
  app.get<{ Params: { index: string; fields: string }; Querystring: Query }>('/:index/_mapping/field/:fields', GET_FIELD_MAPPING, async (req, reply) =>
    esSend(req, reply, getFields(req.params.index, req.params.fields, req.query)),
  );

  const put = async (req: { params: { index: string }; query: Query; body: unknown }) => {
    const options = { ...indicesOptionsOf(req.query, { expandClosed: true }), writeIndexOnly: flag(req.query, 'write_index_only') };
    await ctx.cluster.update((state) => ({ state: putMapping(state, req.params.index, req.body, options), result: undefined }));
  };
  app.put<{ Params: { index: string }; Querystring: Query; Body: unknown }>('/:index/_mapping', PUT_MAPPING, async (req, reply) => {
    await put(req);
    return esSend(req, reply, { acknowledged: true });
  });
  app.post<{ Params: { index: string }; Querystring: Query; Body: unknown }>('/:index/_mapping', PUT_MAPPING, async (req, reply) => {
    await put(req);
    return esSend(req, reply, { acknowledged: true });
  });
}
