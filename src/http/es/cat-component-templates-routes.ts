/** @module `GET /_cat/component_templates[/<name>]` (ES's RestCatComponentTemplateAction): each component template's counts and users. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ComponentTemplate } from '../../cluster/index.js';
import { javaHashOrder, javaList } from '../../platform/java-hash-order.js';
import { compareStrings } from '../../platform/ids.js';
import { matchesPattern } from '../../platform/units/index.js';
import { type CatColumn, sendCatTable } from './cat-table.js';
import type { EsContext } from './es-context.js';
import { esRoute, cluster } from './es-actions.js';
import { MASTER_READ, CAT } from './es-params.js';

const CAT_COMPONENT_TEMPLATES = esRoute(cluster('cluster:monitor/state'), [...CAT, ...MASTER_READ]);

const COLUMNS: readonly CatColumn[] = [
  { name: 'name', aliases: ['n'], desc: 'component template name' },
  { name: 'version', aliases: ['v'], desc: 'version' },
  { name: 'alias_count', aliases: ['a'], desc: 'alias count' },
  { name: 'mapping_count', aliases: ['m'], desc: 'mapping count' },
  { name: 'settings_count', aliases: ['s'], desc: 'settings count' },
  { name: 'metadata_count', aliases: ['me'], desc: 'metadata count' },
  { name: 'included_in', aliases: ['i'], desc: 'included in' },
];

const isMap = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * countMappingInTemplate: for each member of the `_doc` mapping, a map counts its entries, a list the counts of its
 * elements, anything else one. ES keeps template mappings wrapped in `_doc`; Tessera keeps them as given.
 */
function mappingCount(mappings: Readonly<Record<string, unknown>> | undefined): number {
  if (mappings === undefined) return 0;
  const keys = Object.keys(mappings);
  const doc = keys.length === 1 && keys[0] === '_doc' && isMap(mappings._doc) ? mappings._doc : mappings;
  const count = (value: unknown): number => (Array.isArray(value) ? value.reduce((sum: number, v) => sum + count(v), 0) : isMap(value) ? Object.keys(value).length : 1);
  return Object.values(doc).reduce((sum: number, value) => sum + count(value), 0);
}

export function catComponentTemplatesRoutes(app: FastifyInstance, ctx: EsContext): void {
  const handler = (req: FastifyRequest<{ Params: { name?: string } }>, reply: FastifyReply) => {
    const pattern = req.params.name;
    const { templates, componentTemplates } = ctx.cluster.state;
    // buildReverseIndexOnComposedOfToIndexName: a HashSet of index template names per component template.
    const users = new Map<string, string[]>();
    for (const template of templates.values()) {
      for (const component of template.composed_of ?? []) {
        const names = users.get(component) ?? [];
        if (!names.includes(template.name)) names.push(template.name);
        users.set(component, names);
      }
    }
    // A name that matches nothing is an empty table, as ES filters the cluster state's templates by it.
    const rows = [...componentTemplates.values()]
      .filter((t) => pattern === undefined || matchesPattern(pattern, t.name))
      .sort((a, b) => compareStrings(a.name, b.name))
      .map((t: ComponentTemplate) => ({
        name: t.name,
        version: t.version ?? null,
        alias_count: Object.keys(t.template.aliases ?? {}).length,
        mapping_count: mappingCount(t.template.mappings),
        settings_count: Object.keys(t.template.settings ?? {}).length,
        metadata_count: Object.keys(t._meta ?? {}).length,
        included_in: javaList(javaHashOrder(users.get(t.name) ?? [])),
      }));
    return sendCatTable(req, reply, { columns: COLUMNS, rows });
  };
  app.get('/_cat/component_templates', CAT_COMPONENT_TEMPLATES, handler);
  app.get('/_cat/component_templates/:name', CAT_COMPONENT_TEMPLATES, handler);
}
