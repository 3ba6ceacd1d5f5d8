/** @module `GET /_tessera/instance`: which instance answered, on which store, and whether it runs the lifecycle runner. */
import type { FastifyInstance } from 'fastify';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';
import { esRoute, cluster } from './es-actions.js';

export function instanceRoutes(app: FastifyInstance, ctx: EsContext): void {
  const instance = ctx.instance;
  if (!instance) return;
  app.get('/_tessera/instance', esRoute(cluster('cluster:monitor/tessera/instance'), []), async (req, reply) =>
    esSend(req, reply, {
      instance_id: instance.id,
      node_name: ctx.nodeName,
      store: instance.store,
      lifecycle_runner: instance.isLeader(),
    }),
  );
}
