/** @module Snapshot repositories: `PUT/GET/DELETE /_snapshot/<repo>`, and `GET /_snapshot/<repo>/_all` for the snapshots ILM took. */
import type { FastifyInstance } from 'fastify';
import { deleteRepository, putRepository, repositoryMissing, type SnapshotRepository } from '../../cluster/index.js';
import { matchesPattern } from '../../platform/units/index.js';
import { compareStrings } from '../../platform/ids.js';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';
import { esRoute, cluster } from './es-actions.js';
import { ACKED, MASTER_READ } from './es-params.js';

const GET_REPOSITORIES = esRoute(cluster('cluster:admin/repository/get'), MASTER_READ);

function render(repository: SnapshotRepository) {
  // ES returns repository settings as strings.
  return { type: repository.type, settings: Object.fromEntries(Object.entries(repository.settings).map(([k, v]) => [k, String(v)])) };
}

export function snapshotRoutes(app: FastifyInstance, ctx: EsContext): void {
  for (const method of ['put', 'post'] as const) {
    app[method]<{ Params: { repo: string }; Body: unknown }>('/_snapshot/:repo', esRoute(cluster('cluster:admin/repository/put'), ACKED, { body: true }), async (req, reply) => {
      await ctx.cluster.update((state) => ({ state: putRepository(state, req.params.repo, req.body), result: undefined }));
      return esSend(req, reply, { acknowledged: true });
    });
  }
  const get = (expression: string | undefined) => {
    const patterns = expression === undefined || expression === '_all' ? ['*'] : expression.split(',');
    const repositories = [...ctx.cluster.state.repositories.values()].sort((a, b) => compareStrings(a.name, b.name));
    const body: Record<string, unknown> = {};
    for (const pattern of patterns) {
      const found = repositories.filter((r) => matchesPattern(pattern, r.name));
      if (found.length === 0 && !pattern.includes('*')) throw repositoryMissing(pattern);
      for (const repository of found) body[repository.name] = render(repository);
    }
    return body;
  };
  app.get('/_snapshot', GET_REPOSITORIES, async (req, reply) => esSend(req, reply, get(undefined)));
  app.get<{ Params: { repo: string } }>('/_snapshot/:repo', GET_REPOSITORIES, async (req, reply) => esSend(req, reply, get(req.params.repo)));
  app.delete<{ Params: { repo: string } }>('/_snapshot/:repo', esRoute(cluster('cluster:admin/repository/delete'), ACKED), async (req, reply) => {
    await ctx.cluster.update((state) => ({ state: deleteRepository(state, req.params.repo), result: undefined }));
    return esSend(req, reply, { acknowledged: true });
  });
  app.get<{ Params: { repo: string } }>('/_snapshot/:repo/_all', esRoute(cluster('cluster:admin/snapshot/get'), ['master_timeout']), async (req, reply) => {
    const repository = ctx.cluster.state.repositories.get(req.params.repo);
    if (!repository) throw repositoryMissing(req.params.repo);
    const snapshots = repository.snapshots.map((s) => ({
      snapshot: s.snapshot,
      uuid: s.uuid,
      repository: repository.name,
      indices: s.indices,
      state: 'SUCCESS',
      start_time_in_millis: s.start_time_in_millis,
    }));
    return esSend(req, reply, { snapshots, total: snapshots.length, remaining: 0 });
  });
}
