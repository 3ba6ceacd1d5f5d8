/** @module The `_ilm` endpoints: policies, explain, retry, remove, move, start, stop and status. */
import type { FastifyInstance } from 'fastify';
import { resolveIndicesInTurns } from '../../cluster/index.js';
import { explainIndex, includeInExplain, javaIsoInstant, moveToStepRequest, removePolicy, retry, serializePolicy } from '../../ilm/index.js';
import type { EsContext } from './es-context.js';
import { requestedCompatibility } from './es-content.js';
import { addWarnings, esSend, flag, prettyRequested } from './es-reply.js';
import { esSendJsonStream, jsonObjectMember, jsonStreamable, propertyOrder } from './es-stream.js';
import { esRoute, cluster, onPath } from './es-actions.js';
import { ACKED, INDICES_OPTIONS } from './es-params.js';
import { indicesOptionsOf } from './indices-options.js';

const GET_POLICIES = esRoute(cluster('cluster:admin/ilm/get'), ACKED);
// RestExplainLifecycleAction reads IndicesOptions.fromRequest over strictExpandOpen, though the specification omits them.
const EXPLAIN = esRoute(onPath('indices:admin/ilm/explain'), ['only_managed', 'only_errors', 'master_timeout', ...INDICES_OPTIONS]);

type Query = Record<string, string | undefined>;

export function ilmRoutes(app: FastifyInstance, ctx: EsContext): void {
  const { ilm } = ctx;
  if (!ilm) return;
  const { policies } = ilm;

  app.put<{ Params: { name: string }; Body: unknown }>('/_ilm/policy/:name', esRoute(cluster('cluster:admin/ilm/put'), ACKED, { body: true }), async (req, reply) => {
    // The caller's role names are stored with the policy, as ES stores its authentication in the policy's headers.
    const user = req.authentication?.user;
    const { warnings } = await policies.put(req.params.name, req.body, user && { username: user.username, roles: user.roles });
    addWarnings(reply, warnings);
    return esSend(req, reply, { acknowledged: true });
  });

  const getPolicies = (expression: string | undefined) =>
    Object.fromEntries(
      policies.resolve(expression).map((p) => [
        p.name,
        { version: p.version, modified_date: javaIsoInstant(p.modifiedDate), policy: serializePolicy(p.policy), in_use_by: policies.inUseBy(ctx.cluster.state, p.name) },
      ]),
    );
  app.get('/_ilm/policy', GET_POLICIES, async (req, reply) => esSend(req, reply, getPolicies(undefined)));
  app.get<{ Params: { name: string } }>('/_ilm/policy/:name', GET_POLICIES, async (req, reply) => esSend(req, reply, getPolicies(req.params.name)));

  app.delete<{ Params: { name: string } }>('/_ilm/policy/:name', esRoute(cluster('cluster:admin/ilm/delete'), ACKED), async (req, reply) => {
    await policies.delete(req.params.name);
    return esSend(req, reply, { acknowledged: true });
  });

  app.get<{ Params: { index: string }; Querystring: Query }>('/:index/_ilm/explain', EXPLAIN, async (req, reply) => {
    await ilm.runner.settle();
    const state = ctx.cluster.state;
    const onlyManaged = flag(req.query, 'only_managed');
    const onlyErrors = flag(req.query, 'only_errors');
    // A client asking for compatibility with 7 gets the record's earlier form.
    const options = { human: flag(req.query, 'human'), now: ctx.clock.now(), legacy: requestedCompatibility(req) === '7' };
    const names = await resolveIndicesInTurns(state, req.params.index, indicesOptionsOf(req.query, {}), ctx.sortedPerTurn);
    // Records are made as the answer is written: over 100,000 indices it would be tens of MiB held at once.
    function* records(): Generator<[string, Record<string, unknown>]> {
      for (const name of propertyOrder(names)) {
        const record = explainIndex(state, state.indices.get(name)!, options);
        if (includeInExplain(state, record, onlyManaged, onlyErrors)) yield [name, record];
      }
    }
    if (jsonStreamable(req, names.length)) return esSendJsonStream(req, reply, jsonObjectMember('indices', records(), prettyRequested(req)));
    return esSend(req, reply, { indices: Object.fromEntries(records()) });
  });

  app.post<{ Params: { index: string } }>('/:index/_ilm/retry', esRoute(onPath('indices:admin/ilm/retry'), ACKED), async (req, reply) => {
    await ctx.cluster.update((state) => ({ state: retry(state, req.params.index, ctx.clock.now()), result: undefined }));
    return esSend(req, reply, { acknowledged: true });
  });

  app.post<{ Params: { index: string } }>('/:index/_ilm/remove', esRoute(onPath('indices:admin/ilm/remove_policy'), []), async (req, reply) => {
    await ctx.cluster.update((state) => ({ state: removePolicy(state, req.params.index), result: undefined }));
    return esSend(req, reply, { has_failures: false, failed_indexes: [] });
  });

  app.post<{ Params: { index: string }; Body: unknown }>('/_ilm/move/:index', esRoute(cluster('cluster:admin/ilm/_move/post'), ACKED, { body: true }), async (req, reply) => {
    await ctx.cluster.update((state) => ({ state: moveToStepRequest(state, req.params.index, req.body, ctx.clock.now()), result: undefined }));
    return esSend(req, reply, { acknowledged: true });
  });

  app.post('/_ilm/start', esRoute(cluster('cluster:admin/ilm/start'), ACKED), async (req, reply) => {
    await policies.setMode('RUNNING');
    return esSend(req, reply, { acknowledged: true });
  });
  app.post('/_ilm/stop', esRoute(cluster('cluster:admin/ilm/stop'), ACKED), async (req, reply) => {
    await policies.setMode('STOPPING');
    await ilm.runner.settle();
    return esSend(req, reply, { acknowledged: true });
  });
  app.get('/_ilm/status', esRoute(cluster('cluster:admin/ilm/operation_mode/get'), ACKED), async (req, reply) => esSend(req, reply, { operation_mode: policies.mode }));
}
