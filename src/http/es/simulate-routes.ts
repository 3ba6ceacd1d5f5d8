/**
 * @module Tessera's lifecycle forecasts: `POST /_tessera/ilm/simulate` (a policy on an index before either
 * exists) and `GET /_tessera/ilm/timeline/<index>` (an index from where it stands). Both run the real runner on
 * a copy of the cluster under a private virtual clock, in a worker thread (two at a time, each for at most
 * `tessera.ilm.simulate.timeout`); the server itself is left as it was, and goes on answering meanwhile.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clusterSetting, DEFAULT_DISK_CAPACITY, FORECAST_TIMEOUT } from '../../cluster/index.js';
import { loadSimulation, type SimulationEnvironment, type SimulationPool } from '../../ilm/index.js';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';
import { lintEnvironment, requirePolicyRead } from './lint-routes.js';
import { esRoute, cluster } from './es-actions.js';

const TIMELINE = esRoute(cluster('cluster:monitor/tessera/ilm/simulate'), ['horizon', 'docs_per_day', 'doc_size']);

function environment(req: FastifyRequest, ctx: EsContext, pool: SimulationPool): SimulationEnvironment {
  const { policies, scheduler } = ctx.ilm!;
  const timeoutMillis = clusterSetting(ctx.cluster.state, FORECAST_TIMEOUT);
  return {
    ...lintEnvironment(req, ctx),
    policies: () => policies.resolve(undefined),
    lastTick: scheduler.lastTick,
    stats: (index) => ctx.documents?.stats(index) ?? { docs: 0, sizeBytes: 0 },
    defaultDiskCapacity: ctx.disk?.defaultCapacity ?? DEFAULT_DISK_CAPACITY,
    runSimulation: (input) => pool.run(input, timeoutMillis),
  };
}

/** A query parameter given once, as ES reads them. */
function param(query: Record<string, unknown>, name: string): unknown {
  const value = query[name];
  return Array.isArray(value) ? value.at(-1) : value;
}

function numberParam(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? value : Number(value);
}

export function simulateRoutes(app: FastifyInstance, ctx: EsContext): void {
  const { ilm, security } = ctx;
  if (!ilm) return;
  let pool: SimulationPool | undefined;
  app.addHook('onClose', async () => pool?.close());
  /** The forecast code and its pool, made on the first forecast. */
  const forecasts = async () => {
    const simulation = await loadSimulation();
    pool ??= new simulation.SimulationPool();
    return { ...simulation, pool };
  };

  app.post<{ Body: unknown }>('/_tessera/ilm/simulate', esRoute(cluster('cluster:monitor/tessera/ilm/simulate'), [], { body: true }), async (req, reply) => {
    const { parseSimulateRequest, simulatePolicy, pool } = await forecasts();
    const request = parseSimulateRequest(req.body);
    // Every stored policy may come into play (a template may name another for the next index).
    if (security) requirePolicyRead(req, security);
    await ilm.runner.settle();
    return esSend(req, reply, await simulatePolicy(request, environment(req, ctx, pool)));
  });

  app.get<{ Params: { index: string }; Querystring: Record<string, unknown> }>('/_tessera/ilm/timeline/:index', TIMELINE, async (req, reply) => {
    const { parseHorizon, parseDocumentRate, indexTimeline, DEFAULT_HORIZON, DEFAULT_DOCUMENT_SIZE, pool } = await forecasts();
    const query = req.query;
    const horizon = parseHorizon(param(query, 'horizon') ?? DEFAULT_HORIZON, 'timeline');
    const documents = parseDocumentRate(numberParam(param(query, 'docs_per_day') ?? '0'), param(query, 'doc_size') ?? DEFAULT_DOCUMENT_SIZE, 'timeline', {
      perDay: 'docs_per_day',
      size: 'doc_size',
    });
    if (security) requirePolicyRead(req, security);
    await ilm.runner.settle();
    return esSend(req, reply, await indexTimeline(req.params.index, { horizon, documents }, environment(req, ctx, pool)));
  });
}
