/**
 * @module Authorizes every ES request (when security is on) for the action its route maps to: cluster actions
 * against the user's cluster privileges, index actions against the index privileges on each index named.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClusterError, failDestructive, resolveDataStreamNames, parseAliasActions, parseExpandWildcards, resolveDateMathName, resolveIndices, type ResolveOptions, rolloverIndexName, writeIndexOf, type AliasAction, type AutoCreateCheck, type ClusterState } from '../../cluster/index.js';
import { authorizeCluster, authorizeIndexActionAnywhere, authorizeIndices, type Permissions, type Security } from '../../security/index.js';
import { bulkRequestsOf } from './bulk-request.js';
import type { EsContext } from './es-context.js';
import type { RouteAction } from './es-actions.js';

/** The indices a route's wildcards reach: its defaults, or the request's `expand_wildcards`, as ES authorizes with the request's IndicesOptions. */
function wildcardStates(req: FastifyRequest, route: RouteAction): Pick<ResolveOptions, 'expandOpen' | 'expandClosed' | 'expandHidden'> {
  const fallback = { expandOpen: route.wildcards !== 'closed', expandClosed: route.wildcards !== undefined };
  return parseExpandWildcards((req.query as Record<string, string | undefined>).expand_wildcards, fallback);
}

/** The names an expression stands for at `now`: wildcards expanded, date math (`<logs-{now/d}>`) resolved, as ES authorizes them. */
function expand(state: ClusterState, expression: string | undefined, now: number, states: Pick<ResolveOptions, 'expandOpen' | 'expandClosed' | 'expandHidden'> = {}): string[] {
  const parts = (expression ?? '_all').split(',');
  return parts.flatMap((part) =>
    part.includes('*') || part === '_all' ? resolveIndices(state, part, { allowNoIndices: true, ignoreUnavailable: true, ...states }) : [resolveDateMathName(part, now)],
  );
}

/** A date math name resolved; one that does not parse is authorized as written (its write fails on the parse error). */
function dateMathOrRaw(name: string, now: number): string {
  try {
    return resolveDateMathName(name, now);
  } catch {
    return name;
  }
}

function namedIndices(req: FastifyRequest, route: RouteAction, state: ClusterState, now: number): string[] {
  const params = req.params as Record<string, string | undefined>;
  switch (route.indices) {
    case 'path':
      return expand(state, params[route.param ?? 'index'], now, wildcardStates(req, route));
    case 'aliases-body': {
      const actions = (req.body as { actions?: unknown[] } | undefined)?.actions ?? [];
      return actions.flatMap((entry) => {
        const spec = Object.values((entry ?? {}) as Record<string, { index?: string | string[]; indices?: string[] }>)[0] ?? {};
        const names = [...(spec.index === undefined ? [] : Array.isArray(spec.index) ? spec.index : [spec.index]), ...(spec.indices ?? [])];
        return names.flatMap((name) => expand(state, name, now));
      });
    }
    case 'data-stream-actions-body': {
      const actions = (req.body as { actions?: unknown } | undefined)?.actions;
      // ModifyDataStreamsAction.Request.indices(): the data streams, as named; the handler reports a malformed body.
      return Array.isArray(actions) ? actions.flatMap((entry) => Object.values((entry ?? {}) as Record<string, { data_stream?: unknown }>).flatMap((spec) => (typeof spec?.data_stream === 'string' ? [spec.data_stream] : []))) : [];
    }
    case 'bulk-body':
      try {
        return [...new Set(bulkRequestsOf(req).map((r) => dateMathOrRaw(r.target, now)))];
      } catch {
        return []; // The handler reports the malformed body.
      }
    default:
      return [];
  }
}

/**
 * As Elasticsearch does, a wildcard (or no index at all) in the path narrows to the indices the caller may act on,
 * and the request runs on those; indices named outright must all be allowed. When nothing is left the request runs
 * on no index (`*,-*`), provided the caller may perform the action on some index at all.
 */
function narrowWildcards(req: FastifyRequest, route: RouteAction, state: ClusterState, permissions: Permissions, keyId: string | undefined, now: number): string[] {
  const params = req.params as Record<string, string | undefined>;
  const param = route.param ?? 'index';
  const parts = (params[param] ?? '_all').split(',');
  const isWildcard = (part: string) => part.includes('*') || part === '_all';
  if (!parts.some(isWildcard)) return [...new Set(expand(state, params[param], now))];
  const allowed = (index: string) => permissions.every(({ user, lookup }) => !authorizeIndices(user, lookup, route.action, [index], keyId));
  const states = wildcardStates(req, route);
  const expandPart = (part: string) =>
    route.dataStreams ? resolveDataStreamNames(state, [part], { expandHidden: states.expandHidden === true, ignoreUnavailable: true }) : expand(state, part, now, states);
  const narrowed = parts.flatMap((part, i) => (i > 0 && part.startsWith('-') ? [part] : isWildcard(part) ? expandPart(part).filter(allowed) : [part]));
  // Index names never start with '-', so what does is an exclusion.
  const named = [...new Set(narrowed.filter((part) => !part.startsWith('-')))];
  if (named.length === 0) {
    for (const { user, lookup } of permissions) {
      const denied = authorizeIndexActionAnywhere(user, lookup, route.action, keyId);
      if (denied) throw denied;
    }
    params[param] = '*,-*';
    return [];
  }
  params[param] = narrowed.join(',');
  return named;
}

/** Fails with the first permission set that does not allow `action` on every one of `names`. */
function requireOnAll(permissions: Permissions, action: string, names: readonly string[], keyId: string | undefined): void {
  if (names.length === 0) return;
  for (const { user, lookup } of permissions) {
    const denied = authorizeIndices(user, lookup, action, names, keyId);
    if (denied) throw denied;
  }
}

/** The actions ES's SecurityActionFilter checks against `action.destructive_requires_name` before authorizing. */
const DESTRUCTIVE_ACTIONS: ReadonlySet<string> = new Set(['indices:admin/delete', 'indices:admin/close', 'indices:admin/open']);

const isPattern = (name: string) => name.includes('*') || name === '_all';

/** The index a rollover of `alias` without a name would create; undefined where the rollover itself will fail. */
function generatedRolloverName(state: ClusterState, alias: string | undefined, now: number): string | undefined {
  try {
    return alias === undefined ? undefined : rolloverIndexName(writeIndexOf(state, alias), undefined, now).name;
  } catch {
    return undefined;
  }
}

/** Alias names a request's body creates (`aliases` of index creation and rollover). */
function bodyAliasNames(body: unknown): string[] {
  const aliases = (body as { aliases?: unknown } | undefined)?.aliases;
  return aliases !== null && typeof aliases === 'object' && !Array.isArray(aliases) ? Object.keys(aliases) : [];
}

/**
 * Names beyond the route's indices that a request touches, with the action each needs (as ES's AuthorizationService
 * authorizes them): an alias is a name another team may own, so adding or removing one needs `indices:admin/aliases`
 * on the alias as well as on the index; creating an index with aliases needs it on those aliases; a rollover needs
 * `indices:admin/create` on the index it creates, named or generated.
 */
function secondaryNames(req: FastifyRequest, action: string, state: ClusterState, now: number): { action: string; names: string[] }[] {
  const params = req.params as Record<string, string | undefined>;
  const aliases = (names: readonly string[]) => ({ action: 'indices:admin/aliases', names: names.filter((n) => !isPattern(n)) });
  switch (action) {
    case 'indices:admin/aliases': {
      if (params.name !== undefined) return [aliases(params.name.split(','))];
      let actions: AliasAction[];
      try {
        actions = parseAliasActions(req.body);
      } catch {
        return []; // The handler reports the malformed body.
      }
      return [aliases(actions.flatMap((a) => (a.kind === 'remove_index' ? [] : a.kind === 'add' ? a.aliases.map((alias) => dateMathOrRaw(alias, now)) : a.aliases)))];
    }
    case 'indices:admin/create':
      return [aliases(bodyAliasNames(req.body))];
    case 'indices:admin/rollover':
      return [aliases(bodyAliasNames(req.body)), { action: 'indices:admin/create', names: [params.newIndex === undefined ? generatedRolloverName(state, params.alias, now) : resolveDateMathName(params.newIndex, now)].flatMap((n) => n ?? []) }];
    default:
      return [];
  }
}

/**
 * Authorizes in two stages. Before the body is read (onRequest): every check that needs no body, and for actions
 * whose indices the body names, that the caller may perform the action on some index at all, so a caller without
 * the privilege cannot make the server read, hold and parse a large body. After parsing (preHandler): the indices
 * and aliases the body names.
 */
export function authorizeRequests(app: FastifyInstance, ctx: EsContext, security: Security): void {
  const permissionsFor = (req: FastifyRequest) => {
    const route = req.routeOptions.config.esAction;
    const authentication = req.authentication;
    if (!route || !authentication) return undefined;
    return { route, authentication, keyId: authentication.apiKey?.id, permissions: security.roles.permissionsOf(authentication) };
  };
  app.addHook('onRequest', async (req) => {
    const checked = permissionsFor(req);
    if (!checked) return;
    const { route, authentication, keyId, permissions } = checked;
    // Anyone signed in with their own password may change it; an API key may not (ES's checkChangePasswordAction),
    // else a key narrowed to reading one index could take over its owner's account.
    if (route.action.endsWith('/user/change_password') && authentication.type === 'realm' && (req.params as { name?: string }).name === authentication.user.username) return;
    // RBACEngine.checkSameUserPermissions: anyone may ask what they themselves may do, by key or password.
    if (route.action === 'cluster:admin/xpack/security/user/has_privileges' && [undefined, authentication.user.username].includes((req.params as { user?: string }).user)) return;
    if (route.action === 'cluster:admin/xpack/security/user/list_privileges') return;
    if (!route.indices) {
      for (const { user, lookup } of permissions) {
        const denied = authorizeCluster(user, lookup, route.action, keyId);
        if (denied) throw denied;
      }
      return;
    }
    if (route.indices === 'path') {
      // SecurityActionFilter: narrowing turns a wildcard into names, so the wildcard is judged before it is narrowed.
      if (DESTRUCTIVE_ACTIONS.has(route.action)) failDestructive(ctx.cluster.state, (req.params as Record<string, string | undefined>)[route.param ?? 'index'] ?? '');
      requireOnAll(permissions, route.action, narrowWildcards(req, route, ctx.cluster.state, permissions, keyId, ctx.clock.now()), keyId);
      return;
    }
    for (const { user, lookup } of permissions) {
      const denied = authorizeIndexActionAnywhere(user, lookup, route.action, keyId);
      if (denied) throw denied;
    }
  });
  app.addHook('preHandler', async (req) => {
    const checked = permissionsFor(req);
    if (!checked) return;
    const { route, keyId, permissions } = checked;
    if (route.indices && route.indices !== 'path') requireOnAll(permissions, route.action, [...new Set(namedIndices(req, route, ctx.cluster.state, ctx.clock.now()))], keyId);
    for (const { action, names } of secondaryNames(req, route.action, ctx.cluster.state, ctx.clock.now())) requireOnAll(permissions, action, [...new Set(names)], keyId);
  });
}

/**
 * Whether the caller may perform the index action `action` on a name: undefined to allow, else the error. Undefined
 * altogether when security is off. For checks a handler makes itself, item by item.
 */
export function indexActionCheck(req: FastifyRequest, security: Security | undefined, action: string): ((name: string) => ClusterError | undefined) | undefined {
  const authentication = req.authentication;
  if (!security || !authentication) return undefined;
  const permissions = security.roles.permissionsOf(authentication);
  return (name) => {
    for (const { user, lookup } of permissions) {
      const denied = authorizeIndices(user, lookup, action, [name], authentication.apiKey?.id);
      if (denied) return ClusterError.from(denied);
    }
    return undefined;
  };
}

/**
 * Writing to a missing index creates it, which needs `indices:admin/auto_create` (privileges `create_index` or
 * `auto_configure`) on that name, not just `write`: else a writer could create indices it may not `PUT`. Undefined
 * when security is off.
 */
export function autoCreateCheck(req: FastifyRequest, security: Security | undefined): AutoCreateCheck | undefined {
  return indexActionCheck(req, security, 'indices:admin/auto_create');
}
