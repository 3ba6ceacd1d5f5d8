/** @module Every `_cat` API Tessera serves, and `GET /_cat`, ES's list of them (RestCatAction). */
import type { FastifyInstance } from 'fastify';
import { catAliasRoutes } from './cat-alias-routes.js';
import { catAllocationRoutes } from './cat-allocation-routes.js';
import { catComponentTemplatesRoutes } from './cat-component-templates-routes.js';
import { catCountRoutes } from './cat-count-routes.js';
import { catHealthRoutes } from './cat-health-routes.js';
import { catIndicesRoutes } from './cat-indices-routes.js';
import { catNodesRoutes } from './cat-nodes-routes.js';
import { catPluginsRoutes } from './cat-plugins-routes.js';
import { catShardsRoutes } from './cat-shards-routes.js';
import { catTemplatesRoutes } from './cat-templates-routes.js';
import type { EsContext } from './es-context.js';
import { esSendText } from './es-reply.js';
import { esRoute, cluster } from './es-actions.js';

/** Each action's documentation lines, in the order ES registers the cat actions (ActionModule). */
const CAT_HELP = [
  '=^.^=',
  '/_cat/allocation',
  '/_cat/shards',
  '/_cat/shards/{index}',
  '/_cat/nodes',
  '/_cat/indices',
  '/_cat/indices/{index}',
  '/_cat/count',
  '/_cat/count/{index}',
  '/_cat/health',
  '/_cat/aliases',
  '/_cat/aliases/{alias}',
  '/_cat/plugins',
  '/_cat/templates',
  '/_cat/component_templates',
  '',
].join('\n');

export function catRoutes(app: FastifyInstance, ctx: EsContext): void {
  app.get('/_cat', esRoute(cluster('cluster:monitor/main'), []), async (_req, reply) => esSendText(reply, CAT_HELP));
  catAllocationRoutes(app, ctx);
  catShardsRoutes(app, ctx);
  catNodesRoutes(app, ctx);
  catIndicesRoutes(app, ctx);
  catCountRoutes(app, ctx);
  catHealthRoutes(app, ctx);
  catAliasRoutes(app, ctx);
  catPluginsRoutes(app);
  catTemplatesRoutes(app, ctx);
  catComponentTemplatesRoutes(app, ctx);
}
