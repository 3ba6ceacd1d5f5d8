/**
 * @module `GET|POST /_security/user/_has_privileges` and `/_security/user/<user>/_has_privileges`: what the caller
 * may do, asked before doing it (as Kibana asks); and `GET /_security/user/_privileges`, everything the caller holds. Registered only with security on: without it Elasticsearch has no
 * security routes at all, and answers 400 "no handler found".
 */
import type { FastifyInstance } from 'fastify';
import { ClusterErrors } from '../../cluster/index.js';
import { checkPrivileges, listUserPrivileges, rolesOf, validatePrivilegeNames, type Security } from '../../security/index.js';
import { cluster, esRoute } from './es-actions.js';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';
import { parseHasPrivilegesRequest } from './has-privileges-request.js';

export const HAS_PRIVILEGES = 'cluster:admin/xpack/security/user/has_privileges';
export const LIST_PRIVILEGES = 'cluster:admin/xpack/security/user/list_privileges';

export function hasPrivilegesRoutes(app: FastifyInstance, ctx: EsContext): void {
  const security: Security | undefined = ctx.security;
  if (!security) return;
  const route = esRoute(cluster(HAS_PRIVILEGES), [], { body: true });
  for (const method of ['get', 'post'] as const) {
    for (const url of ['/_security/user/_has_privileges', '/_security/user/:user/_has_privileges']) {
      app[method]<{ Params: { user?: string }; Body: unknown }>(url, route, async (req, reply) => {
        const authentication = req.authentication!;
        const username = req.params.user ?? authentication.user.username;
        const check = parseHasPrivilegesRequest(username, req.body);
        // TransportHasPrivilegesAction: whoever may call it for others (manage_security) still learns only their own.
        if (username !== authentication.user.username) throw ClusterErrors.illegalArgument('users may only check the privileges of their own account');
        validatePrivilegeNames(check);
        return esSend(req, reply, checkPrivileges(username, security.roles.permissionsOf(authentication), check));
      });
    }
  }

  app.get('/_security/user/_privileges', esRoute(cluster(LIST_PRIVILEGES), []), async (req, reply) => {
    const authentication = req.authentication!;
    // An API key's own role descriptors limit its owner's roles: ES lists no such intersection.
    if (authentication.limitedTo) {
      throw ClusterErrors.illegalArgument('Cannot retrieve privileges for API keys with assigned role descriptors. Please use the Get API key information API https://ela.st/es-api-get-api-key');
    }
    return esSend(req, reply, listUserPrivileges(rolesOf(authentication.user, (name) => security.roles.role(name))));
  });
}
