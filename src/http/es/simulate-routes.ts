/**
 * @module Tessera's lifecycle forecasts: `POST /_tessera/ilm/simulate` (a policy on an index before either
 * exists), `GET /_tessera/ilm/timeline/<index>` (an index from where it stands) and `POST /_tessera/ilm/forecast`
 * (another cluster, from its support-diagnostics bundle: `tessera ilm forecast` for the console). Each runs the real
 * runner on a copy of a cluster under a private virtual clock, in a worker thread (two at a time, each for at most
 * `tessera.ilm.simulate.timeout`); the server itself is left as it was, and goes on answering meanwhile.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClusterError, ClusterErrors, clusterSetting, DEFAULT_DISK_CAPACITY, FORECAST_TIMEOUT } from '../../cluster/index.js';
import { loadImport, loadSimulation, type SimulationEnvironment, type SimulationPool } from '../../ilm/index.js';
import { DEFAULT_MAX_CONTENT_LENGTH } from './es-content.js';
import { flag } from './es-reply.js';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';
import { lintEnvironment, requirePolicyRead } from './lint-routes.js';
import { esRoute, cluster } from './es-actions.js';

const TIMELINE = esRoute(cluster('cluster:monitor/tessera/ilm/simulate'), ['horizon', 'docs_per_day', 'doc_size']);
const CLUSTER_FORECAST = esRoute(cluster('cluster:monitor/tessera/ilm/simulate'), ['horizon', 'rate', 'timelines'], { body: true });
/**
 * A file of an uploaded zip, once inflated. At most fourteen are read, so one upload holds at most 14 × this in
 * memory, and only one upload is forecast at a time.
 */
export const MAX_UPLOADED_FILE_BYTES = 32 * 1024 * 1024;

/** `{"files": {"<path>": <answer>, …}}`: a bundle's folder as the console reads it; only the files the forecast reads. */
function bundleFromJson(body: unknown, paths: readonly string[]): Map<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw ClusterErrors.illegalArgument('the body must be a zip of a support-diagnostics bundle (Content-Type: application/zip), or {"files": {"<path>": <answer>}}');
  for (const key of Object.keys(body)) if (key !== 'files') throw ClusterErrors.illegalArgument(`[${key}] is not a member of a bundle; it takes [files]`);
  const files = (body as { files?: unknown }).files;
  if (files === null || typeof files !== 'object' || Array.isArray(files)) throw ClusterErrors.illegalArgument('[files] must be an object of file paths to the answers they hold');
  for (const path of Object.keys(files)) {
    if (!paths.includes(path)) throw ClusterErrors.illegalArgument(`[files] holds [${path}], which the forecast does not read; it reads [${paths.join(', ')}]`);
  }
  return new Map(Object.entries(files));
}

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

  // Another cluster's forecast holds the bundle and runs up to 500 timelines: one at a time is what a server lends.
  let forecasting = false;
  void app.register(async (scoped) => {
    scoped.addContentTypeParser('application/zip', { parseAs: 'buffer', bodyLimit: ctx.maxContentLength ?? DEFAULT_MAX_CONTENT_LENGTH }, (_req, body, done) => done(null, body));
    scoped.post<{ Body: unknown; Querystring: Record<string, unknown> }>('/_tessera/ilm/forecast', CLUSTER_FORECAST, async (req, reply) => {
      const { parseHorizon, pool } = await forecasts();
      const { importDiagnostics, forecastCluster, parseRateOverride, readBundleZip, ImportError, DIAGNOSTICS_FILES, ALSO_READ_FILES, DEFAULT_CLUSTER_HORIZON } = await loadImport();
      const query = req.query as Record<string, string | undefined>;
      const horizon = parseHorizon(param(query, 'horizon') ?? DEFAULT_CLUSTER_HORIZON, 'forecast');
      const timelines = flag(query, 'timelines');
      const paths = [...DIAGNOSTICS_FILES, ...ALSO_READ_FILES].map((f) => f.path);
      try {
        const rates = (typeof query.rate === 'string' && query.rate !== '' ? query.rate.split(',') : []).map((text) => {
          try {
            return parseRateOverride(text);
          } catch (error) {
            throw new ImportError(`[rate]: ${(error as Error).message}`);
          }
        });
        // Refused before the zip is inflated and read: that work is the forecast's too.
        if (forecasting) throw new ClusterError('es_rejected_execution_exception', 429, 'another cluster forecast is running; send this one again when it has ended');
        forecasting = true;
        try {
          const files = Buffer.isBuffer(req.body) ? readBundleZip(req.body, paths, MAX_UPLOADED_FILE_BYTES, 'the zip') : bundleFromJson(req.body, paths);
          const imported = importDiagnostics(files);
          const timeoutMillis = clusterSetting(ctx.cluster.state, FORECAST_TIMEOUT);
          return esSend(req, reply, await forecastCluster(imported, { horizon, rates, timelines, runSimulation: (input) => pool.run(input, timeoutMillis) }));
        } finally {
          forecasting = false;
        }
      } catch (error) {
        if (error instanceof ImportError || error instanceof RangeError) throw ClusterErrors.illegalArgument(error.message);
        throw error;
      }
    });
  });
}
