/** @module `_security`: users, roles, and `_authenticate`, plus the hook that authenticates every ES request. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clusterDenial, holdsClusterPrivilege, publicUser, type Authentication, type Role, type Security } from '../../security/index.js';
import type { EsContext } from './es-context.js';
import { esSend, flag } from './es-reply.js';
import { ClusterErrors } from '../../cluster/index.js';
import { esRoute, cluster } from './es-actions.js';

const GET_USERS = esRoute(cluster('cluster:admin/xpack/security/user/get'), []);
const GET_ROLES = esRoute(cluster('cluster:admin/xpack/security/role/get'), []);
const CREATE_API_KEY = esRoute(cluster('cluster:admin/xpack/security/api_key/create'), ['refresh'], { body: true });
const CHANGE_PASSWORD = esRoute(cluster('cluster:admin/xpack/security/user/change_password'), ['refresh'], { body: true });

declare module 'fastify' {
  interface FastifyRequest {
    authentication?: Authentication;
  }
}

function renderRole(role: Role) {
  return {
    cluster: role.cluster,
    indices: role.indices.map((i) => ({ names: i.names, privileges: i.privileges, allow_restricted_indices: false })),
    applications: role.applications,
    run_as: role.run_as,
    metadata: role.metadata,
    transient_metadata: { enabled: true },
  };
}

/** Every ES request must carry credentials when security is on. */
export function authenticateRequests(app: FastifyInstance, security: Security): void {
  app.addHook('onRequest', async (req: FastifyRequest) => {
    // The peer's address scopes the lockout of failed passwords, so a stranger cannot lock a user out everywhere.
    req.authentication = await security.authentication.authenticate(req.headers.authorization, req.url.split('?')[0]!, req.socket.remoteAddress ?? '');
  });
}

export function securityRoutes(app: FastifyInstance, ctx: EsContext): void {
  const security = ctx.security;
  if (!security) return;

  app.get('/_security/_authenticate', esRoute(cluster('cluster:admin/xpack/security/user/authenticate'), []), async (req, reply) => {
    const { user, realm, type, apiKey } = req.authentication!;
    return esSend(req, reply, { ...publicUser(user), authentication_realm: realm, lookup_realm: realm, authentication_type: type, ...(apiKey && { api_key: apiKey }) });
  });

  for (const method of ['put', 'post'] as const) {
    app[method]<{ Body: unknown }>('/_security/api_key', CREATE_API_KEY, async (req, reply) => esSend(req, reply, await security.apiKeys.createApiKey(req.authentication!, req.body)));
  }
  /**
   * The keys a request may reach (ES's ManageOwnApiKeyClusterPrivilege): everyone's with manage_api_key (or, to read
   * them, read_security), else the caller's own, and for a caller authenticated by an API key only that key itself.
   */
  const scope = (req: FastifyRequest, action: string, owner: boolean, ids: readonly string[], read = false): { username?: string } => {
    const authentication = req.authentication!;
    const managers = ['manage_api_key', 'manage_security', 'all', ...(read ? ['read_security'] : [])];
    const everyone = security.roles.permissionsOf(authentication).every(({ user, lookup }) => holdsClusterPrivilege(user, lookup, managers));
    if (everyone && !owner) return {};
    const key = authentication.apiKey;
    if (!everyone && key && (ids.length === 0 || ids.some((id) => id !== key.id))) {
      throw clusterDenial(authentication.user, action, ['manage_own_api_key'], key.id);
    }
    return { username: authentication.user.username };
  };
  type KeyQuery = { id?: string; name?: string; owner?: string; username?: string; realm_name?: string };
  app.get<{ Querystring: KeyQuery }>('/_security/api_key', esRoute(cluster('cluster:admin/xpack/security/api_key/get'), ['id', 'name', 'owner', 'username', 'realm_name']), async (req, reply) => {
    const { id, name, username: user, realm_name: realm } = req.query;
    const owner = flag(req.query, 'owner');
    // GetApiKeyRequest.validate: a blank value counts as not given.
    const given = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';
    const problems: string[] = [];
    if ((given(id) || given(name)) && (given(realm) || given(user))) problems.push('username or realm name must not be specified when the api key id or api key name is specified');
    if (owner && (given(realm) || given(user))) problems.push('neither username nor realm-name may be specified when retrieving owned API keys');
    if (given(id) && given(name)) problems.push('only one of [api key id, api key name] can be specified');
    if (problems.length > 0) throw ClusterErrors.validation(problems);
    const action = 'cluster:admin/xpack/security/api_key/get';
    const { username } = scope(req, action, owner, given(id) ? [id] : [], true);
    // ManageOwnApiKeyClusterPrivilege: without manage_api_key, only the caller's own keys may be named.
    if (username !== undefined && given(user) && user !== username) throw clusterDenial(req.authentication!.user, action, ['manage_own_api_key'], req.authentication!.apiKey?.id);
    const owned = username ?? (given(user) ? user : undefined);
    const apiKeys = security.apiKeys
      .getApiKeys({ ...(given(id) && { id }), ...(given(name) && { name }), ...(owned !== undefined && { username: owned }) })
      .filter((key) => !given(realm) || key.realm === realm);
    return esSend(req, reply, { api_keys: apiKeys });
  });
  app.delete<{ Body: unknown }>('/_security/api_key', esRoute(cluster('cluster:admin/xpack/security/api_key/invalidate'), [], { body: true }), async (req, reply) => {
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as { owner?: unknown; ids?: unknown; id?: unknown };
    const ids = [...(Array.isArray(body.ids) ? body.ids : []), ...(body.id === undefined ? [] : [body.id])].map(String);
    const { username } = scope(req, 'cluster:admin/xpack/security/api_key/invalidate', body.owner === true, ids);
    return esSend(req, reply, await security.apiKeys.invalidateApiKeys(req.body, username));
  });

  for (const method of ['put', 'post'] as const) {
    // Security writes are visible to the next request, so every refresh policy is met.
    app[method]<{ Params: { name: string }; Body: unknown }>('/_security/user/:name', esRoute(cluster('cluster:admin/xpack/security/user/put'), ['refresh'], { body: true }), async (req, reply) =>
      esSend(req, reply, { created: await security.users.putUser(req.params.name, req.body) }),
    );
    app[method]<{ Params: { name: string }; Body: unknown }>('/_security/user/:name/_password', CHANGE_PASSWORD, async (req, reply) => {
      await security.users.changePassword(req.params.name, req.body);
      return esSend(req, reply, {});
    });
    app[method]<{ Params: { name: string }; Body: unknown }>('/_security/role/:name', esRoute(cluster('cluster:admin/xpack/security/role/put'), ['refresh'], { body: true }), async (req, reply) =>
      esSend(req, reply, { role: { created: await security.roles.putRole(req.params.name, req.body) } }),
    );
  }

  const users = (names: string | undefined) => Object.fromEntries(security.users.getUsers(names?.split(',')).map((u) => [u.username, publicUser(u)]));
  app.get('/_security/user', GET_USERS, async (req, reply) => esSend(req, reply, users(undefined)));
  app.get<{ Params: { name: string } }>('/_security/user/:name', GET_USERS, async (req, reply) => {
    const found = users(req.params.name);
    return esSend(req, reply, found, Object.keys(found).length === 0 ? 404 : 200);
  });
  app.delete<{ Params: { name: string } }>('/_security/user/:name', esRoute(cluster('cluster:admin/xpack/security/user/delete'), ['refresh']), async (req, reply) => {
    const found = await security.users.deleteUser(req.params.name);
    return esSend(req, reply, { found }, found ? 200 : 404);
  });

  const roles = (names: string | undefined) => Object.fromEntries(security.roles.getRoles(names?.split(',')).map((r) => [r.name, renderRole(r)]));
  app.get('/_security/role', GET_ROLES, async (req, reply) => esSend(req, reply, roles(undefined)));
  app.get<{ Params: { name: string } }>('/_security/role/:name', GET_ROLES, async (req, reply) => {
    const found = roles(req.params.name);
    return esSend(req, reply, found, Object.keys(found).length === 0 ? 404 : 200);
  });
  app.delete<{ Params: { name: string } }>('/_security/role/:name', esRoute(cluster('cluster:admin/xpack/security/role/delete'), ['refresh']), async (req, reply) => {
    const found = await security.roles.deleteRole(req.params.name);
    return esSend(req, reply, { found }, found ? 200 : 404);
  });
}
