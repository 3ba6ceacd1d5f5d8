/** @module `POST /_data_stream/_modify` (add and remove backing indices) and `POST /_data_stream/_migrate/<alias>` (an alias made a data stream). */
import type { FastifyInstance } from 'fastify';
import { migrateToDataStream, modifyDataStreams, parseDataStreamActions } from '../../cluster/index.js';
import { esRoute, onPath } from './es-actions.js';
import type { EsContext } from './es-context.js';
import { ACKED } from './es-params.js';
import { esSend } from './es-reply.js';

const MODIFY = esRoute({ action: 'indices:admin/data_stream/modify', indices: 'data-stream-actions-body' }, ACKED, { body: true });
const MIGRATE = esRoute(onPath('indices:admin/data_stream/migrate', 'name'), ACKED);

export function dataStreamModifyRoutes(app: FastifyInstance, ctx: EsContext): void {
  app.post<{ Body: unknown }>('/_data_stream/_modify', MODIFY, async (req, reply) => {
    const actions = parseDataStreamActions(req.body);
    await ctx.cluster.update((state) => ({ state: modifyDataStreams(state, actions), result: undefined }));
    return esSend(req, reply, { acknowledged: true });
  });

  app.post<{ Params: { name: string } }>('/_data_stream/_migrate/:name', MIGRATE, async (req, reply) => {
    await ctx.cluster.update((state) => ({ state: migrateToDataStream(state, req.params.name), result: undefined }));
    return esSend(req, reply, { acknowledged: true });
  });
}
