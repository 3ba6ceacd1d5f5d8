/** @module `GET /` and `HEAD /`: the root info every Elasticsearch client reads first. */
import type { FastifyInstance } from 'fastify';
import { ES_VERSION } from '../../cluster/index.js';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';
import { esRoute, cluster } from './es-actions.js';

/** The build Tessera reports wherever ES reports its own (root info, `_xpack`). */
export const BUILD_HASH = 'tessera';
export const BUILD_DATE = '2026-01-01T00:00:00.000Z';

export function rootRoutes(app: FastifyInstance, ctx: EsContext): void {
  app.get('/', esRoute(cluster('cluster:monitor/main'), []), async (req, reply) =>
    esSend(req, reply, {
      name: ctx.nodeName,
      cluster_name: ctx.clusterName,
      cluster_uuid: ctx.cluster.state.clusterUuid,
      version: {
        number: ES_VERSION,
        build_flavor: 'default',
        build_type: 'tessera',
        build_hash: BUILD_HASH,
        build_date: BUILD_DATE,
        build_snapshot: false,
        lucene_version: '9.12.0',
        minimum_wire_compatibility_version: '7.17.0',
        minimum_index_compatibility_version: '7.0.0',
        distribution: 'tessera',
      },
      tagline: 'You Know, for Search',
    }),
  );
}
