/** @module `GET /_cat/templates[/<name>]` (ES's RestTemplatesAction): the legacy templates, then the composable ones. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchesPattern } from '../../platform/units/index.js';
import { compareStrings } from '../../platform/ids.js';
import { type CatColumn, sendCatTable } from './cat-table.js';
import type { EsContext } from './es-context.js';
import { esRoute, cluster } from './es-actions.js';
import { MASTER_READ, CAT } from './es-params.js';

const CAT_TEMPLATES = esRoute(cluster('indices:admin/index_template/get'), [...CAT, ...MASTER_READ]);

const COLUMNS: readonly CatColumn[] = [
  { name: 'name', aliases: ['n'], desc: 'template name' },
  { name: 'index_patterns', aliases: ['t'], desc: 'template index patterns' },
  { name: 'order', aliases: ['o', 'p'], desc: 'template application order/priority number' },
  { name: 'version', aliases: ['v'], desc: 'version' },
  { name: 'composed_of', aliases: ['c'], desc: 'component templates comprising index template' },
];

/** RestTemplatesAction.getNamePredicate: names (a comma list) match exactly or as simple wildcards; none or `*` matches all. */
function namePredicate(names: readonly string[]): (name: string) => boolean {
  if (names.length === 0 || names.includes('*')) return () => true;
  return (name) => names.some((n) => (n.includes('*') ? matchesPattern(n, name) : n === name));
}

export function catTemplatesRoutes(app: FastifyInstance, ctx: EsContext): void {
  const templates = (req: FastifyRequest<{ Params: { name?: string } }>, reply: FastifyReply) => {
    const matches = namePredicate((req.params.name ?? '').split(',').filter((n) => n !== ''));
    const byName = <T extends { name: string }>(all: Iterable<T>) => [...all].filter((t) => matches(t.name)).sort((a, b) => compareStrings(a.name, b.name));
    // A name that matches nothing is an empty table: ES turns the get actions' not-found into no rows.
    const legacy = byName(ctx.cluster.state.legacyTemplates.values()).map((t) => ({
      name: t.name,
      index_patterns: `[${t.index_patterns.join(', ')}]`,
      order: t.order,
      version: t.version ?? null,
      composed_of: '',
    }));
    const composable = byName(ctx.cluster.state.templates.values()).map((t) => ({
      name: t.name,
      index_patterns: `[${t.index_patterns.join(', ')}]`,
      order: t.priority ?? 0,
      version: t.version ?? null,
      composed_of: `[${(t.composed_of ?? []).join(', ')}]`,
    }));
    return sendCatTable(req, reply, { columns: COLUMNS, rows: [...legacy, ...composable] });
  };
  app.get('/_cat/templates', CAT_TEMPLATES, templates);
  app.get('/_cat/templates/:name', CAT_TEMPLATES, templates);
}
