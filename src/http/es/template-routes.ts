/** @module Composable index templates: `PUT/POST/GET/DELETE /_index_template[/<name>]`. */
import type { FastifyInstance } from 'fastify';
import { ClusterError, deleteTemplates, deprecatedComponentWarnings, parseTemplate, putTemplate, type ComposableTemplate } from '../../cluster/index.js';
import { matchesPattern } from '../../platform/units/index.js';
import { compareStrings } from '../../platform/ids.js';
import type { EsContext } from './es-context.js';
import { addWarnings, esSend, flag } from './es-reply.js';
import { renderTemplateBody } from './component-template-routes.js';
import { esRoute, cluster } from './es-actions.js';
import { ACKED, MASTER_READ } from './es-params.js';

/** `include_defaults` only fills in a template's data stream `lifecycle`, which no Tessera template has (see component-template-routes.ts). */
const GET_TEMPLATES = esRoute(cluster('indices:admin/index_template/get'), ['flat_settings', 'include_defaults', ...MASTER_READ]);
const PUT_TEMPLATE = esRoute(cluster('indices:admin/index_template/put'), ['create', 'master_timeout'], { body: true });

/** A composable template as `GET /_index_template` and the cluster state's metadata show it. */
export function renderTemplate(template: ComposableTemplate, flat: boolean) {
  const { name, template: inner, ...rest } = template;
  const body: Record<string, unknown> = { index_patterns: rest.index_patterns };
  if (inner) body.template = renderTemplateBody(inner, flat);
  body.composed_of = rest.composed_of ?? [];
  for (const key of ['priority', 'version', '_meta', 'data_stream', 'allow_auto_create', 'ignore_missing_component_templates', 'deprecated'] as const) if (rest[key] !== undefined) body[key] = rest[key];
  return { name, index_template: body };
}

export function templateRoutes(app: FastifyInstance, ctx: EsContext): void {
  const put = async (name: string, body: unknown, create: boolean) => {
    const template = parseTemplate(name, body);
    return ctx.cluster.update((state) => ({ state: putTemplate(state, template, create), result: deprecatedComponentWarnings(state, template) }));
  };
  for (const method of ['put', 'post'] as const) {
    app[method]<{ Params: { name: string }; Body: unknown; Querystring: Record<string, string | undefined> }>('/_index_template/:name', PUT_TEMPLATE, async (req, reply) => {
      const warnings = await put(req.params.name, req.body, flag(req.query, 'create'));
      addWarnings(reply, warnings);
      return esSend(req, reply, { acknowledged: true });
    });
  }

  const get = (expression: string | undefined, query: Record<string, string | undefined>) => {
    flag(query, 'include_defaults');
    const flat = flag(query, 'flat_settings');
    const patterns = expression?.split(',') ?? ['*'];
    const found = [...ctx.cluster.state.templates.values()].filter((t) => patterns.some((p) => matchesPattern(p, t.name))).sort((a, b) => compareStrings(a.name, b.name));
    if (found.length === 0 && expression !== undefined && !expression.includes('*')) {
      throw new ClusterError('resource_not_found_exception', 404, `index template matching [${expression}] not found`);
    }
    return { index_templates: found.map((t) => renderTemplate(t, flat)) };
  };
  app.get<{ Querystring: Record<string, string | undefined> }>('/_index_template', GET_TEMPLATES, async (req, reply) => esSend(req, reply, get(undefined, req.query)));
  app.get<{ Params: { name: string }; Querystring: Record<string, string | undefined> }>('/_index_template/:name', GET_TEMPLATES, async (req, reply) =>
    esSend(req, reply, get(req.params.name, req.query)),
  );
  app.delete<{ Params: { name: string } }>('/_index_template/:name', esRoute(cluster('indices:admin/index_template/delete'), ACKED), async (req, reply) => {
    await ctx.cluster.update((state) => ({ state: deleteTemplates(state, req.params.name.split(',')), result: undefined }));
    return esSend(req, reply, { acknowledged: true });
  });
}
