/** @module Aliases: `POST /_aliases`, `PUT/DELETE /<index>/_alias/<name>`, `GET /_alias[/<name>]`, `GET /<index>/_alias[/<name>]`. */
import type { FastifyInstance } from 'fastify';
import { applyAliasActions, parseAliasActions, parseAliasMetadata, resolveDateMathExpression, resolveDateMathName, resolveIndices, type AliasAction } from '../../cluster/index.js';
import { matchesPattern } from '../../platform/units/index.js';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';
import { renderAlias } from './index-render.js';
import { esRoute, onPath } from './es-actions.js';
import { ACKED } from './es-params.js';

const GET_ALIASES = esRoute(onPath('indices:admin/aliases/get'), ['local']);

/**
 * Alias actions with date math resolved at `now`: in every action's index expression, and in the names an add creates
 * (TransportIndicesAliasesAction resolves those; a remove names existing aliases as they are).
 */
function withDateMath(actions: AliasAction[], now: number): AliasAction[] {
  return actions.map((action) => {
    const indices = resolveDateMathExpression(action.indices, now);
    return action.kind === 'add' ? { ...action, indices, aliases: action.aliases.map((alias) => resolveDateMathName(alias, now)) } : { ...action, indices };
  });
}

export function aliasRoutes(app: FastifyInstance, ctx: EsContext): void {
  /** Applies the actions; when every one of them failed, the request fails with the first error. */
  const apply = (actions: AliasAction[]) =>
    ctx.cluster.update((state) => {
      const { state: next, outcomes } = applyAliasActions(state, actions);
      const failed = outcomes.filter((o) => o.error);
      if (failed.length === outcomes.length && failed.length > 0) throw failed[0]!.error!;
      return { state: next, result: outcomes };
    });

  app.post<{ Body: unknown }>('/_aliases', esRoute({ action: 'indices:admin/aliases', indices: 'aliases-body' }, ACKED, { body: true }), async (req, reply) => {
    const outcomes = await apply(withDateMath(parseAliasActions(req.body), ctx.clock.now()));
    if (!outcomes.some((o) => o.error)) return esSend(req, reply, { acknowledged: true, errors: false });
    const actionResults = outcomes.map((o) => ({
      action: { type: o.action.kind, indices: o.indices, ...('aliases' in o.action && { aliases: o.action.aliases }) },
      status: o.error ? o.error.status : 200,
      ...(o.error && { error: { type: o.error.type, reason: o.error.reason, ...o.error.metadata } }),
    }));
    return esSend(req, reply, { acknowledged: true, errors: true, action_results: actionResults });
  });

  const putAlias = esRoute(onPath('indices:admin/aliases'), ACKED, { body: true });
  for (const segment of ['_alias', '_aliases']) {
    const put = async (index: string, name: string, body: unknown) =>
      apply([{ kind: 'add', indices: index, aliases: [name], meta: parseAliasMetadata(body) }]);
    app.put<{ Params: { index: string; name: string }; Body: unknown }>(`/:index/${segment}/:name`, putAlias, async (req, reply) => {
      await put(req.params.index, req.params.name, req.body);
      return esSend(req, reply, { acknowledged: true });
    });
    app.post<{ Params: { index: string; name: string }; Body: unknown }>(`/:index/${segment}/:name`, putAlias, async (req, reply) => {
      await put(req.params.index, req.params.name, req.body);
      return esSend(req, reply, { acknowledged: true });
    });
    app.delete<{ Params: { index: string; name: string } }>(`/:index/${segment}/:name`, esRoute(onPath('indices:admin/aliases'), ACKED), async (req, reply) => {
      await apply([{ kind: 'remove', indices: req.params.index, aliases: req.params.name.split(',') }]);
      return esSend(req, reply, { acknowledged: true });
    });
  }

  const getAliases = (indexExpression: string | undefined, nameExpression: string | undefined) => {
    const state = ctx.cluster.state;
    // GetAliasesRequest's strictExpandHidden reaches closed indices.
    const names = resolveIndices(state, indexExpression, { resolveAliases: indexExpression !== undefined, expandClosed: true });
    const patterns = nameExpression?.split(',');
    const body: Record<string, { aliases: Record<string, unknown> }> = {};
    const found = new Set<string>();
    for (const name of names) {
      const index = state.indices.get(name)!;
      const aliases: Record<string, unknown> = {};
      for (const alias of Object.keys(index.aliases).sort()) {
        if (patterns && !patterns.some((p) => p === '_all' || matchesPattern(p, alias))) continue;
        aliases[alias] = renderAlias(index.aliases[alias]!);
        found.add(alias);
      }
      if (!patterns || Object.keys(aliases).length > 0) body[name] = { aliases };
    }
    const missing = (patterns ?? []).filter((p) => !p.includes('*') && p !== '_all' && !found.has(p));
    if (missing.length > 0) {
      // ES answers 404 with the aliases it found and an error naming the missing ones.
      const error = missing.length === 1 ? `alias [${missing[0]}] missing` : `aliases [${missing.join(',')}] missing`;
      return { status: 404, body: { error, status: 404, ...body } };
    }
    return { status: 200, body };
  };

  // `index` is absent here unless authorization narrowed "all indices" to the caller's (es-authorization.ts).
  app.get<{ Params: { index?: string } }>('/_alias', GET_ALIASES, async (req, reply) => {
    const { body, status } = getAliases(req.params.index, undefined);
    return esSend(req, reply, body, status);
  });
  app.get<{ Params: { name: string; index?: string } }>('/_alias/:name', GET_ALIASES, async (req, reply) => {
    const { body, status } = getAliases(req.params.index, req.params.name);
    return esSend(req, reply, body, status);
  });
  app.get<{ Params: { index: string } }>('/:index/_alias', GET_ALIASES, async (req, reply) => {
    const { body, status } = getAliases(req.params.index, undefined);
    return esSend(req, reply, body, status);
  });
  app.get<{ Params: { index: string; name: string } }>('/:index/_alias/:name', GET_ALIASES, async (req, reply) => {
    const { body, status } = getAliases(req.params.index, req.params.name);
    return esSend(req, reply, body, status);
  });
}
