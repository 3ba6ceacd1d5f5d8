/** @module Legacy index templates: `PUT/POST/GET/HEAD/DELETE /_template[/<name>]` (RestPutIndexTemplateAction and friends). */
import type { FastifyInstance } from 'fastify';
import { deleteLegacyTemplates, LEGACY_TEMPLATE_DEPRECATION, nestSettings, parseLegacyTemplate, putLegacyTemplate, selectLegacyTemplates, type LegacyTemplate } from '../../cluster/index.js';
import { javaHashOrder } from '../../platform/java-hash-order.js';
import { intParam } from './document-params.js';
import { esRoute, cluster } from './es-actions.js';
import type { EsContext } from './es-context.js';
import { ACKED, MASTER_READ } from './es-params.js';
import { addWarnings, esSend, flag } from './es-reply.js';

const PUT = esRoute(cluster('indices:admin/template/put'), ['create', 'order', 'cause', 'master_timeout'], { body: true });
const GET = esRoute(cluster('indices:admin/template/get'), ['flat_settings', ...MASTER_READ]);
const DELETE = esRoute(cluster('indices:admin/template/delete'), ACKED);

type Query = Record<string, string | undefined>;

/**
 * IndexTemplateMetadata.toInnerXContent. GET shows the mapping without its type; the cluster state's metadata
 * (`withType`) keeps it under `_doc`, as ES stores it.
 */
export function renderLegacyTemplate(template: LegacyTemplate, flat: boolean, withType = false): Record<string, unknown> {
  const hasMapping = Object.keys(template.mappings).length > 0;
  return {
    order: template.order,
    ...(template.version !== undefined && { version: template.version }),
    index_patterns: template.index_patterns,
    settings: flat ? template.settings : nestSettings(template.settings),
    mappings: hasMapping && withType ? { _doc: template.mappings } : template.mappings,
    aliases: template.aliases,
  };
}

export function legacyTemplateRoutes(app: FastifyInstance, ctx: EsContext): void {
  for (const method of ['put', 'post'] as const) {
    app[method]<{ Params: { name: string }; Body: unknown; Querystring: Query }>('/_template/:name', PUT, async (req, reply) => {
      const create = flag(req.query, 'create');
      const template = parseLegacyTemplate(req.params.name, req.body, intParam(req.query, 'order'));
      const warnings = await ctx.cluster.update((state) => {
        const put = putLegacyTemplate(state, template, create);
        return { state: put.state, result: put.warnings };
      });
      addWarnings(reply, [LEGACY_TEMPLATE_DEPRECATION, ...warnings]);
      return esSend(req, reply, { acknowledged: true });
    });
  }

  // RestGetIndexTemplateAction: named templates of which none exists answer 404 with `{}`; listing all never does.
  const get = (names: string[], flat: boolean) => {
    const found = selectLegacyTemplates(ctx.cluster.state, names);
    const byName = new Map(found.map((t) => [t.name, t]));
    const body = Object.fromEntries(javaHashOrder(found.map((t) => t.name)).map((n) => [n, renderLegacyTemplate(byName.get(n)!, flat)]));
    return { status: names.length > 0 && found.length === 0 ? 404 : 200, body };
  };
  app.get<{ Querystring: Query }>('/_template', GET, async (req, reply) => {
    const { status, body } = get([], flag(req.query, 'flat_settings'));
    return esSend(req, reply, body, status);
  });
  app.get<{ Params: { name: string }; Querystring: Query }>('/_template/:name', GET, async (req, reply) => {
    const { status, body } = get(req.params.name.split(',').filter((n) => n !== ''), flag(req.query, 'flat_settings'));
    return esSend(req, reply, body, status);
  });

  app.delete<{ Params: { name: string } }>('/_template/:name', DELETE, async (req, reply) => {
    await ctx.cluster.update((state) => ({ state: deleteLegacyTemplates(state, req.params.name), result: undefined }));
    return esSend(req, reply, { acknowledged: true });
  });
}
