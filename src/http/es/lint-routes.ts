/**
 * @module Tessera's ILM lint: `POST /_tessera/ilm/lint` (a policy on an index before either exists, and by name on
 * the indices and templates that use it) and
 * `GET /_tessera/ilm/lint` (every managed index as it stands). What they may reveal beyond the route's own
 * action, stored policies and other users' privileges, needs the privilege that reads those directly.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClusterError, ClusterErrors } from '../../cluster/index.js';
import { loadLint, type LintEnvironment } from '../../ilm/index.js';
import { authorizeAsUser, authorizeCluster, type Security, type StoredPrincipal } from '../../security/index.js';
import type { EsContext } from './es-context.js';
import { esSend, prettyRequested } from './es-reply.js';
import { esSendJsonStream, jsonObjectMember, jsonStreamable, propertyOrderBy } from './es-stream.js';
import { esRoute, cluster } from './es-actions.js';

const READ_POLICIES = 'cluster:admin/ilm/get';
const READ_USERS = 'cluster:admin/xpack/security/user/get';

function requireClusterAction(req: FastifyRequest, security: Security, action: string): void {
  const authentication = req.authentication!;
  for (const { user, lookup } of security.roles.permissionsOf(authentication)) {
    const denied = authorizeCluster(user, lookup, action, authentication.apiKey?.id);
    if (denied) throw denied;
  }
}

/** Reading a stored policy through lint or a simulation needs what reading it directly needs. */
export function requirePolicyRead(req: FastifyRequest, security: Security): void {
  requireClusterAction(req, security, READ_POLICIES);
}

/** Whether the caller may perform the cluster action, every permission set of theirs allowing it. */
function mayPerform(req: FastifyRequest, security: Security, action: string): boolean {
  const authentication = req.authentication!;
  return security.roles.permissionsOf(authentication).every(({ user, lookup }) => !authorizeCluster(user, lookup, action, authentication.apiKey?.id));
}

/**
 * What lint and the simulation read. The simulation refuses a caller who may not read the user its steps run as;
 * lint (`skipUnreadable`) runs for anyone who may read the policy, leaving that user's privileges unchecked.
 */
export function lintEnvironment(req: FastifyRequest, ctx: EsContext, skipUnreadable = false): LintEnvironment {
  const { security } = ctx;
  const caller = req.authentication?.user.username;
  return {
    state: ctx.cluster.state,
    policy: (name) => ctx.ilm!.policies.get(name),
    now: ctx.clock.now(),
    ...(caller !== undefined && { caller }),
    ...(security &&
      skipUnreadable && {
        mayReadPrivilegesOf: (user: string) => user === caller || mayPerform(req, security, READ_USERS),
      }),
    ...(security && {
      authorizeAs: (runner: StoredPrincipal) => {
        if (runner.username !== caller) requireClusterAction(req, security, READ_USERS);
        return (action: string, index: string) => {
          const denied = authorizeAsUser((name) => security.users.user(name), (name) => security.roles.role(name), runner, action, index);
          // As the runner records it: the step's failure is a cluster error with the denial's type and reason.
          return denied && ClusterError.from(denied);
        };
      },
    }),
  };
}

/** A page of the console's index list at most: a longer list is the whole cluster's lint, which needs no list. */
export const MAX_LINTED_NAMES = 1_000;

/**
 * `index`: the comma-separated names of the indices to lint (the rows on screen), not patterns: a name that is no
 * index, or names an unmanaged one, is left out of the answer, as the whole cluster's lint leaves out unmanaged ones.
 */
function lintedNames(index: string | undefined): string[] | undefined {
  if (index === undefined) return undefined;
  const names = [...new Set(index.split(',').filter(Boolean))];
  if (names.length === 0) throw ClusterErrors.illegalArgument('[index] names no index');
  if (names.length > MAX_LINTED_NAMES) throw ClusterErrors.illegalArgument(`[index] names more than [${MAX_LINTED_NAMES}] indices: [${names.length}]`);
  const pattern = names.find((name) => name.includes('*'));
  if (pattern !== undefined) throw ClusterErrors.illegalArgument(`[index] takes index names, not patterns: [${pattern}]`);
  return names;
}

export function lintRoutes(app: FastifyInstance, ctx: EsContext): void {
  const { ilm, security } = ctx;
  if (!ilm) return;

  app.post<{ Body: unknown }>('/_tessera/ilm/lint', esRoute(cluster('cluster:monitor/tessera/ilm/lint'), [], { body: true }), async (req, reply) => {
    const { lintAnswer, parseLintRequest } = await loadLint();
    const request = parseLintRequest(req.body);
    if (security && request.name !== undefined) requirePolicyRead(req, security);
    await ilm.runner.settle();
    return esSend(req, reply, await lintAnswer(request, lintEnvironment(req, ctx, true)));
  });

  app.get<{ Querystring: { index?: string } }>('/_tessera/ilm/lint', esRoute(cluster('cluster:monitor/tessera/ilm/lint'), ['index']), async (req, reply) => {
    const names = lintedNames(req.query.index);
    if (security) requirePolicyRead(req, security);
    const { lintManagedIndexEntries } = await loadLint();
    await ilm.runner.settle();
    const entries = await lintManagedIndexEntries(lintEnvironment(req, ctx, true), names);
    // Over 100,000 indices the answer is 5 MiB: written whole, its encoding would hold one turn of the event loop.
    if (jsonStreamable(req, entries.length)) return esSendJsonStream(req, reply, jsonObjectMember('indices', propertyOrderBy(entries, ([name]) => name), prettyRequested(req)));
    return esSend(req, reply, { indices: Object.fromEntries(entries) });
  });
}
