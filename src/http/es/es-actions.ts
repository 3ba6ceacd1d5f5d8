/**
 * @module The Elasticsearch action behind every ES route, which authorization checks (ES's action names), and
 * where the route's indices come from. A route missing here fails at start-up, so none goes unchecked.
 */

import type { FastifyContextConfig, FastifyInstance } from 'fastify';

/** `mget-body`: the body names the indices, and the handler authorizes each document on its own (a denied one fails alone). */
export type IndexSource = 'path' | 'aliases-body' | 'bulk-body' | 'mget-body';

export interface RouteAction {
  readonly action: string;
  /** Where the indices the action touches are named; absent for a cluster action. */
  readonly indices?: IndexSource;
  /** The path parameter naming the indices. */
  readonly param?: string;
  /** Which indices the route's wildcards reach by default (its IndicesOptions): open ones unless said otherwise. */
  readonly wildcards?: 'closed' | 'all';
}

const cluster = (action: string): RouteAction => ({ action });
const onPath = (action: string, param = 'index', wildcards?: RouteAction['wildcards']): RouteAction => ({ action, indices: 'path', param, ...(wildcards && { wildcards }) });

export const ROUTE_ACTIONS: Readonly<Record<string, RouteAction>> = {
  'GET /': cluster('cluster:monitor/main'),
  'HEAD /': cluster('cluster:monitor/main'),
  'GET /_cluster/health': cluster('cluster:monitor/health'),
  'GET /_cluster/health/:index': cluster('cluster:monitor/health'),
  'GET /_cluster/state': cluster('cluster:monitor/state'),
  'GET /_cluster/state/:metric': cluster('cluster:monitor/state'),
  'GET /_cluster/state/:metric/:index': cluster('cluster:monitor/state'),
  'GET /_cluster/stats': cluster('cluster:monitor/stats'),
  'GET /_cluster/settings': cluster('cluster:monitor/settings'),
  'PUT /_cluster/settings': cluster('cluster:admin/settings/update'),
  'GET /_cluster/allocation/explain': cluster('cluster:monitor/allocation/explain'),
  'POST /_cluster/allocation/explain': cluster('cluster:monitor/allocation/explain'),
  'GET /_nodes/stats': cluster('cluster:monitor/nodes/stats'),
  'GET /_nodes/stats/:metric': cluster('cluster:monitor/nodes/stats'),
  'GET /_nodes/:nodeId/stats': cluster('cluster:monitor/nodes/stats'),
  'GET /_nodes/:nodeId/stats/:metric': cluster('cluster:monitor/nodes/stats'),
  'GET /_nodes': cluster('cluster:monitor/nodes/info'),
  'GET /_nodes/:nodeId': cluster('cluster:monitor/nodes/info'),
  'GET /_nodes/:nodeId/:metrics': cluster('cluster:monitor/nodes/info'),
  'GET /_nodes/:nodeId/info/:metrics': cluster('cluster:monitor/nodes/info'),
  'GET /_license': cluster('cluster:monitor/xpack/license/get'),
  'GET /_license/basic_status': cluster('cluster:admin/xpack/license/basic_status'),
  'GET /_license/trial_status': cluster('cluster:admin/xpack/license/trial_status'),
  'GET /_xpack': cluster('cluster:monitor/xpack/info'),
  'GET /_capabilities': cluster('cluster:monitor/nodes/capabilities'),
  'GET /_cat/indices': cluster('cluster:monitor/state'),
  'GET /_cat/indices/:index': cluster('cluster:monitor/state'),
  'GET /_cat/aliases': cluster('cluster:monitor/state'),
  'GET /_cat/aliases/:name': cluster('cluster:monitor/state'),
  'GET /_cat/allocation': cluster('cluster:monitor/state'),
  'GET /_cat': cluster('cluster:monitor/main'),
  'GET /_cat/health': cluster('cluster:monitor/health'),
  'GET /_cat/count': onPath('indices:data/read/search'),
  'GET /_cat/count/:index': onPath('indices:data/read/search'),
  'GET /_cat/shards': cluster('cluster:monitor/state'),
  'GET /_cat/shards/:index': cluster('cluster:monitor/state'),
  'GET /_cat/nodes': cluster('cluster:monitor/nodes/info'),
  'GET /_cat/templates': cluster('indices:admin/index_template/get'),
  'GET /_cat/templates/:name': cluster('indices:admin/index_template/get'),
  'GET /_cat/plugins': cluster('cluster:monitor/nodes/info'),
  'PUT /:index': onPath('indices:admin/create'),
  'GET /:index': onPath('indices:admin/get'),
  'HEAD /:index': onPath('indices:admin/get'),
  'DELETE /:index': onPath('indices:admin/delete', 'index', 'all'),
  'GET /_settings': onPath('indices:monitor/settings/get', 'index', 'all'),
  'GET /:index/_settings': onPath('indices:monitor/settings/get', 'index', 'all'),
  'GET /:index/_settings/:name': onPath('indices:monitor/settings/get', 'index', 'all'),
  'PUT /_settings': onPath('indices:admin/settings/update', 'index', 'all'),
  'PUT /:index/_settings': onPath('indices:admin/settings/update', 'index', 'all'),
  'POST /:index/_close': onPath('indices:admin/close'),
  'POST /:index/_open': onPath('indices:admin/open', 'index', 'closed'),
  'PUT /:index/_block/:block': onPath('indices:admin/block/add'),
  'POST /_aliases': { action: 'indices:admin/aliases', indices: 'aliases-body' },
  'PUT /:index/_alias/:name': onPath('indices:admin/aliases'),
  'POST /:index/_alias/:name': onPath('indices:admin/aliases'),
  'DELETE /:index/_alias/:name': onPath('indices:admin/aliases'),
  'PUT /:index/_aliases/:name': onPath('indices:admin/aliases'),
  'POST /:index/_aliases/:name': onPath('indices:admin/aliases'),
  'DELETE /:index/_aliases/:name': onPath('indices:admin/aliases'),
  'GET /_alias': onPath('indices:admin/aliases/get'),
  'GET /_alias/:name': onPath('indices:admin/aliases/get'),
  'GET /:index/_alias': onPath('indices:admin/aliases/get'),
  'GET /:index/_alias/:name': onPath('indices:admin/aliases/get'),
  'PUT /_index_template/:name': cluster('indices:admin/index_template/put'),
  'POST /_index_template/:name': cluster('indices:admin/index_template/put'),
  'GET /_index_template': cluster('indices:admin/index_template/get'),
  'GET /_index_template/:name': cluster('indices:admin/index_template/get'),
  'DELETE /_index_template/:name': cluster('indices:admin/index_template/delete'),
  'POST /:alias/_rollover': onPath('indices:admin/rollover', 'alias'),
  'POST /:alias/_rollover/:newIndex': onPath('indices:admin/rollover', 'alias'),
  'PUT /_ilm/policy/:name': cluster('cluster:admin/ilm/put'),
  'GET /_ilm/policy': cluster('cluster:admin/ilm/get'),
  'GET /_ilm/policy/:name': cluster('cluster:admin/ilm/get'),
  'DELETE /_ilm/policy/:name': cluster('cluster:admin/ilm/delete'),
  'GET /:index/_ilm/explain': onPath('indices:admin/ilm/explain'),
  'POST /:index/_ilm/retry': onPath('indices:admin/ilm/retry'),
  'POST /:index/_ilm/remove': onPath('indices:admin/ilm/remove_policy'),
  'POST /_ilm/move/:index': cluster('cluster:admin/ilm/_move/post'),
  'POST /_ilm/start': cluster('cluster:admin/ilm/start'),
  'POST /_ilm/stop': cluster('cluster:admin/ilm/stop'),
  'GET /_ilm/status': cluster('cluster:admin/ilm/operation_mode/get'),
  'POST /:index/_doc': onPath('indices:data/write/index'),
  'PUT /:index/_doc/:id': onPath('indices:data/write/index'),
  'POST /:index/_doc/:id': onPath('indices:data/write/index'),
  'PUT /:index/_create/:id': onPath('indices:data/write/index'),
  'POST /:index/_create/:id': onPath('indices:data/write/index'),
  'POST /:index/_update/:id': onPath('indices:data/write/update'),
  'GET /:index/_doc/:id': onPath('indices:data/read/get'),
  'GET /_mget': { action: 'indices:data/read/mget', indices: 'mget-body' },
  'POST /_mget': { action: 'indices:data/read/mget', indices: 'mget-body' },
  'GET /:index/_mget': { action: 'indices:data/read/mget', indices: 'mget-body' },
  'POST /:index/_mget': { action: 'indices:data/read/mget', indices: 'mget-body' },
  'DELETE /:index/_doc/:id': onPath('indices:data/write/delete'),
  'POST /_bulk': { action: 'indices:data/write/bulk', indices: 'bulk-body' },
  'PUT /_bulk': { action: 'indices:data/write/bulk', indices: 'bulk-body' },
  'POST /:index/_bulk': { action: 'indices:data/write/bulk', indices: 'bulk-body' },
  'PUT /:index/_bulk': { action: 'indices:data/write/bulk', indices: 'bulk-body' },
  'GET /_count': onPath('indices:data/read/search'),
  'POST /_count': onPath('indices:data/read/search'),
  'GET /:index/_count': onPath('indices:data/read/search'),
  'POST /:index/_count': onPath('indices:data/read/search'),
  'GET /_refresh': onPath('indices:admin/refresh'),
  'POST /_refresh': onPath('indices:admin/refresh'),
  'GET /:index/_refresh': onPath('indices:admin/refresh'),
  'POST /:index/_refresh': onPath('indices:admin/refresh'),
  'GET /_stats': onPath('indices:monitor/stats'),
  'GET /:index/_stats': onPath('indices:monitor/stats'),
  'PUT /_snapshot/:repo': cluster('cluster:admin/repository/put'),
  'POST /_snapshot/:repo': cluster('cluster:admin/repository/put'),
  'GET /_snapshot': cluster('cluster:admin/repository/get'),
  'GET /_snapshot/:repo': cluster('cluster:admin/repository/get'),
  'DELETE /_snapshot/:repo': cluster('cluster:admin/repository/delete'),
  'GET /_snapshot/:repo/_all': cluster('cluster:admin/snapshot/get'),
  'GET /_security/_authenticate': cluster('cluster:admin/xpack/security/user/authenticate'),
  'PUT /_security/user/:name': cluster('cluster:admin/xpack/security/user/put'),
  'POST /_security/user/:name': cluster('cluster:admin/xpack/security/user/put'),
  'GET /_security/user': cluster('cluster:admin/xpack/security/user/get'),
  'GET /_security/user/:name': cluster('cluster:admin/xpack/security/user/get'),
  'DELETE /_security/user/:name': cluster('cluster:admin/xpack/security/user/delete'),
  'PUT /_security/user/:name/_password': cluster('cluster:admin/xpack/security/user/change_password'),
  'POST /_security/user/:name/_password': cluster('cluster:admin/xpack/security/user/change_password'),
  'PUT /_security/role/:name': cluster('cluster:admin/xpack/security/role/put'),
  'POST /_security/role/:name': cluster('cluster:admin/xpack/security/role/put'),
  'GET /_security/role': cluster('cluster:admin/xpack/security/role/get'),
  'GET /_security/role/:name': cluster('cluster:admin/xpack/security/role/get'),
  'DELETE /_security/role/:name': cluster('cluster:admin/xpack/security/role/delete'),
  'POST /_security/api_key': cluster('cluster:admin/xpack/security/api_key/create'),
  'PUT /_security/api_key': cluster('cluster:admin/xpack/security/api_key/create'),
  'GET /_security/api_key': cluster('cluster:admin/xpack/security/api_key/get'),
  'DELETE /_security/api_key': cluster('cluster:admin/xpack/security/api_key/invalidate'),
  'GET /_tessera/clock': cluster('cluster:monitor/tessera/clock'),
  'POST /_tessera/clock/_advance': cluster('cluster:admin/tessera/clock/advance'),
  'GET /_tessera/ilm/lint': cluster('cluster:monitor/tessera/ilm/lint'),
  'POST /_tessera/ilm/lint': cluster('cluster:monitor/tessera/ilm/lint'),
  'POST /_tessera/ilm/simulate': cluster('cluster:monitor/tessera/ilm/simulate'),
  'GET /_tessera/ilm/timeline/:index': cluster('cluster:monitor/tessera/ilm/simulate'),
  'GET /_tessera/instance': cluster('cluster:monitor/tessera/instance'),
};

/**
 * Calls `assign` with each route's entry of `table`, keyed `<METHOD> <url>` (HEAD falls back to GET); a route
 * missing from the table is a programming error caught at start-up.
 */
export function onEveryRoute<T>(app: FastifyInstance, table: Readonly<Record<string, T>>, file: string, assign: (config: FastifyContextConfig, entry: T) => FastifyContextConfig): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const entry = table[`${method} ${route.url}`] ?? (method === 'HEAD' ? table[`GET ${route.url}`] : undefined);
      if (entry === undefined) throw new Error(`${method} ${route.url} has no entry in ${file}`);
      route.config = assign(route.config ?? {}, entry);
    }
  });
}
