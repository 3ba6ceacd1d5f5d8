/** @module The `_ilm` endpoints: policies, explain, retry, remove, move, start, stop and status. */
import type { FastifyInstance } from 'fastify';
import { resolveIndices } from '../../cluster/index.js';
import { explainIndex, includeInExplain, javaIsoInstant, moveToStepRequest, removePolicy, retry, serializePolicy } from '../../ilm/index.js';
import { ES_VERSION } from '../../cluster/index.js';
import type { EsContext } from './es-context.js';
import { requestedCompatibility } from './es-content.js';
import { esSend, flag } from './es-reply.js';

type Query = Record<string, string | undefined>;

export function ilmRoutes(app: FastifyInstance, ctx: EsContext): void {
  const { ilm } = ctx;
  if (!ilm) return;
  const { policies } = ilm;

  app.put<{ Params: { name: string }; Body: unknown }>('/_ilm/policy/:name', async (req, reply) => {
    const { warnings } = await policies.put(req.params.name, req.body, req.authentication?.user.username);
    if (warnings.length > 0) {
      reply.header('warning', warnings.map((w) => `299 Elasticsearch-${ES_VERSION}-tessera "${w}"`));
    }
    return esSend(req, reply, { acknowledged: true });
  });

  const getPolicies = (expression: string | undefined) =>
    Object.fromEntries(
      policies.resolve(expression).map((p) => [
        p.name,
        { version: p.version, modified_date: javaIsoInstant(p.modifiedDate), policy: serializePolicy(p.policy), in_use_by: policies.inUseBy(ctx.cluster.state, p.name) },
      ]),
    );
  app.get('/_ilm/policy', async (req, reply) => esSend(req, reply, getPolicies(undefined)));
  app.get<{ Params: { name: string } }>('/_ilm/policy/:name', async (req, reply) => esSend(req, reply, getPolicies(req.params.name)));

  app.delete<{ Params: { name: string } }>('/_ilm/policy/:name', async (req, reply) => {
    await policies.delete(req.params.name);
    return esSend(req, reply, { acknowledged: true });
  });

  app.get<{ Params: { index: string }; Querystring: Query }>('/:index/_ilm/explain', async (req, reply) => {
    await ilm.runner.settle();
    const state = ctx.cluster.state;
    const onlyManaged = flag(req.query, 'only_managed');
    const onlyErrors = flag(req.query, 'only_errors');
    // A client asking for compatibility with 7 gets the record's earlier form.
    const options = { human: flag(req.query, 'human'), now: ctx.clock.now(), legacy: requestedCompatibility(req) === '7' };
    const indices: Record<string, unknown> = {};
    for (const name of resolveIndices(state, req.params.index)) {
      const record = explainIndex(state, state.indices.get(name)!, options);
      if (includeInExplain(state, record, onlyManaged, onlyErrors)) indices[name] = record;
    }
    return esSend(req, reply, { indices });
  });

  app.post<{ Params: { index: string } }>('/:index/_ilm/retry', async (req, reply) => {
    await ctx.cluster.update((state) => ({ state: retry(state, req.params.index, ctx.clock.now()), result: undefined }));
    return esSend(req, reply, { acknowledged: true });
  });

  app.post<{ Params: { index: string } }>('/:index/_ilm/remove', async (req, reply) => {
    await ctx.cluster.update((state) => ({ state: removePolicy(state, req.params.index), result: undefined }));
    return esSend(req, reply, { has_failures: false, failed_indexes: [] });
  });

  app.post<{ Params: { index: string }; Body: unknown }>('/_ilm/move/:index', async (req, reply) => {
    await ctx.cluster.update((state) => ({ state: moveToStepRequest(state, req.params.index, req.body, ctx.clock.now()), result: undefined }));
    return esSend(req, reply, { acknowledged: true });
  });

  app.post('/_ilm/start', async (req, reply) => {
    await policies.setMode('RUNNING');
    return esSend(req, reply, { acknowledged: true });
  });
  app.post('/_ilm/stop', async (req, reply) => {
    await policies.setMode('STOPPING');
    await ilm.runner.settle();
    return esSend(req, reply, { acknowledged: true });
  });
  app.get('/_ilm/status', async (req, reply) => esSend(req, reply, { operation_mode: policies.mode }));
}
