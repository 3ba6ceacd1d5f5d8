/** @module Component templates: `PUT/POST/GET/HEAD/DELETE /_component_template[/<name>]`. */
import type { FastifyInstance } from 'fastify';
import { deleteComponentTemplates, findComponentTemplates, nestSettings, parseComponentTemplate, putComponentTemplate, type ComponentTemplate, type TemplateBody } from '../../cluster/index.js';
import { javaHashOrder } from '../../platform/java-hash-order.js';
import { esRoute, cluster } from './es-actions.js';
import type { EsContext } from './es-context.js';
import { ACKED, MASTER_READ } from './es-params.js';
import { esSend, flag } from './es-reply.js';

/**
 * `include_defaults` adds only the data stream lifecycle's default rollover to a template's `lifecycle`
 * (Template.toXContent), and Tessera stores no template with one, so ES's answer is the same either way.
 */
const GET = esRoute(cluster('cluster:admin/component_template/get'), ['flat_settings', 'include_defaults', ...MASTER_READ]);
const PUT = esRoute(cluster('cluster:admin/component_template/put'), ['create', 'master_timeout'], { body: true });
const DELETE = esRoute(cluster('cluster:admin/component_template/delete'), ACKED);

/** Template.toXContent: settings (nested unless `flat`), mappings and aliases, each only when set. */
export function renderTemplateBody(body: TemplateBody, flat: boolean): Record<string, unknown> {
  return {
    ...(body.settings && { settings: flat ? body.settings : nestSettings(body.settings) }),
    ...(body.mappings && { mappings: body.mappings }),
    ...(body.aliases && { aliases: body.aliases }),
  };
}

/** ComponentTemplate.toXContent, under its name as GET answers it. */
export function renderComponentTemplate(template: ComponentTemplate, flat: boolean) {
  const { name, template: body, version, _meta, deprecated } = template;
  return {
    name,
    component_template: {
      template: renderTemplateBody(body, flat),
      ...(version !== undefined && { version }),
      ...(_meta !== undefined && { _meta }),
      ...(deprecated !== undefined && { deprecated }),
    },
  };
}

export function componentTemplateRoutes(app: FastifyInstance, ctx: EsContext): void {
  for (const method of ['put', 'post'] as const) {
    app[method]<{ Params: { name: string }; Body: unknown; Querystring: Record<string, string | undefined> }>('/_component_template/:name', PUT, async (req, reply) => {
      const template = parseComponentTemplate(req.params.name, req.body);
      const create = flag(req.query, 'create');
      await ctx.cluster.update((state) => ({ state: putComponentTemplate(state, template, create), result: undefined }));
      return esSend(req, reply, { acknowledged: true });
    });
  }

  // RestGetComponentTemplateAction: a name (or wildcard) matching nothing answers 404 with the empty list.
  const get = (name: string | undefined, query: Record<string, string | undefined>) => {
    flag(query, 'include_defaults');
    const flat = flag(query, 'flat_settings');
    const found = findComponentTemplates(ctx.cluster.state, name);
    const byName = new Map(found.map((t) => [t.name, t]));
    // The response is built from a HashMap, whose order ES prints.
    const templates = javaHashOrder(found.map((t) => t.name)).map((n) => renderComponentTemplate(byName.get(n)!, flat));
    return { status: name !== undefined && templates.length === 0 ? 404 : 200, body: { component_templates: templates } };
  };
  app.get<{ Querystring: Record<string, string | undefined> }>('/_component_template', GET, async (req, reply) => {
    const { status, body } = get(undefined, req.query);
    return esSend(req, reply, body, status);
  });
  app.get<{ Params: { name: string }; Querystring: Record<string, string | undefined> }>('/_component_template/:name', GET, async (req, reply) => {
    const { status, body } = get(req.params.name, req.query);
    return esSend(req, reply, body, status);
  });

  app.delete<{ Params: { name: string } }>('/_component_template/:name', DELETE, async (req, reply) => {
    const names = req.params.name.split(',').filter((n) => n !== '');
    await ctx.cluster.update((state) => ({ state: deleteComponentTemplates(state, names), result: undefined }));
    return esSend(req, reply, { acknowledged: true });
  });
}
