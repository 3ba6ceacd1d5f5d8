/**
 * @module `POST /_index_template/_simulate_index/<index>` and `POST /_index_template/_simulate[/<name>]`: the
 * settings, mappings and aliases the templates would give an index, and the templates overlapping the one matched.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nestSettings, simulateIndex, simulateTemplate, type AddedTemplate, type SimulatedTemplate } from '../../cluster/index.js';
import { esRoute, cluster } from './es-actions.js';
import type { EsContext } from './es-context.js';
import { esSend, flag } from './es-reply.js';

const PARAMS = ['create', 'master_timeout'];
const SIMULATE_INDEX = esRoute(cluster('indices:admin/index_template/simulate_index'), PARAMS, { body: true });
const SIMULATE = esRoute(cluster('indices:admin/index_template/simulate'), PARAMS, { body: true });

type Request = FastifyRequest<{ Params: { name?: string }; Body: unknown; Querystring: Record<string, string | undefined> }>;

/** SimulateIndexTemplateResponse.toXContent: the resolved Template (settings and aliases always, mappings when merged), then the overlaps. */
function render(simulated: SimulatedTemplate | undefined) {
  if (!simulated) return {};
  const { template, hasMappings, overlapping } = simulated;
  return {
    template: {
      settings: nestSettings(template.settings),
      ...(hasMappings && { mappings: template.mappings }),
      aliases: template.aliases,
    },
    overlapping,
  };
}

/** The template in the body, when there is one (ES reads an empty body as none). */
function added(req: Request): AddedTemplate | undefined {
  // Read with or without a body, so a malformed value is refused rather than ignored.
  const create = flag(req.query, 'create');
  return req.body === undefined || req.body === null ? undefined : { body: req.body, create };
}

export function simulateTemplateRoutes(app: FastifyInstance, ctx: EsContext): void {
  // ES names the template it adds for the simulation with a random suffix, which its error messages then show.
  const scratchName = (prefix: string) => `${prefix}${ctx.newUuid().toLowerCase()}`;

  app.post<{ Params: { name: string }; Body: unknown; Querystring: Record<string, string | undefined> }>('/_index_template/_simulate_index/:name', SIMULATE_INDEX, async (req, reply) =>
    esSend(req, reply, render(simulateIndex(ctx.cluster.state, req.params.name, added(req), scratchName('simulate_index_template_')))),
  );
  for (const url of ['/_index_template/_simulate', '/_index_template/_simulate/:name']) {
    app.post<{ Params: { name?: string }; Body: unknown; Querystring: Record<string, string | undefined> }>(url, SIMULATE, async (req, reply) => {
      // One random suffix names both the added template and the temporary index its aliases are resolved for.
      const suffix = ctx.newUuid().toLowerCase();
      return esSend(req, reply, render(simulateTemplate(ctx.cluster.state, req.params.name, added(req), `simulate_template_${suffix}`, `simulate_template_index_${suffix}`)));
    });
  }
}
