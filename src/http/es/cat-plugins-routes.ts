/** @module `GET /_cat/plugins` (ES's RestPluginsAction): Tessera runs no plugins, so the table has no rows. */
import type { FastifyInstance } from 'fastify';
import { type CatColumn, sendCatTable } from './cat-table.js';
import { esRoute, cluster } from './es-actions.js';
import { MASTER_READ, CAT } from './es-params.js';

const COLUMNS: readonly CatColumn[] = [
  { name: 'id', default: false, desc: 'unique node id' },
  { name: 'name', aliases: ['n'], desc: 'node name' },
  { name: 'component', aliases: ['c'], desc: 'component' },
  { name: 'version', aliases: ['v'], desc: 'component version' },
  { name: 'description', aliases: ['d'], default: false, desc: 'plugin details' },
];

export function catPluginsRoutes(app: FastifyInstance): void {
  app.get('/_cat/plugins', esRoute(cluster('cluster:monitor/nodes/info'), [...CAT, ...MASTER_READ]), async (req, reply) => sendCatTable(req, reply, { columns: COLUMNS, rows: [] }));
}
