/** @module `GET /_cat/aliases[/<alias>]`: one row per alias and index (ES's RestAliasAction). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchesPattern } from '../../platform/units/index.js';
import { compareStrings } from '../../platform/ids.js';
import { type CatColumn, type CatRow, sendCatTable } from './cat-table.js';
import type { EsContext } from './es-context.js';
import { esRoute, cluster } from './es-actions.js';
import { CAT } from './es-params.js';

const CAT_ALIASES = esRoute(cluster('cluster:monitor/state'), [...CAT, 'local']);

const COLUMNS: readonly CatColumn[] = [
  { name: 'alias', aliases: ['a'], desc: 'alias name' },
  { name: 'index', aliases: ['i', 'idx'], desc: 'index alias points to' },
  { name: 'filter', aliases: ['f', 'fi'], desc: 'filter' },
  { name: 'routing.index', aliases: ['ri', 'routingIndex'], desc: 'index routing' },
  { name: 'routing.search', aliases: ['rs', 'routingSearch'], desc: 'search routing' },
  { name: 'is_write_index', aliases: ['w', 'isWriteIndex'], desc: 'write index' },
];

export function catAliasRoutes(app: FastifyInstance, ctx: EsContext): void {
  const aliases = (req: FastifyRequest<{ Params: { name?: string } }>, reply: FastifyReply) => {
    const patterns = req.params.name?.split(',');
    const rows: CatRow[] = [];
    for (const index of [...ctx.cluster.state.indices.values()].sort((a, b) => compareStrings(a.name, b.name))) {
      for (const alias of Object.keys(index.aliases).sort()) {
        if (patterns && !patterns.some((p) => matchesPattern(p, alias))) continue;
        const meta = index.aliases[alias]!;
        rows.push({
          alias,
          index: index.name,
          filter: meta.filter ? '*' : '-',
          'routing.index': meta.index_routing || '-',
          'routing.search': meta.search_routing || '-',
          is_write_index: meta.is_write_index === undefined ? '-' : String(meta.is_write_index),
        });
      }
    }
    rows.sort((a, b) => compareStrings(a.alias as string, b.alias as string) || compareStrings(a.index as string, b.index as string));
    return sendCatTable(req, reply, { columns: COLUMNS, rows });
  };
  app.get('/_cat/aliases', CAT_ALIASES, aliases);
  app.get('/_cat/aliases/:name', CAT_ALIASES, aliases);
}
