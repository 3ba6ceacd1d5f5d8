/**
 * @module The inner search of `_delete_by_query`, `_update_by_query` and `_reindex`, authorized as ES authorizes any
 * search the caller sends (IndicesAndAliasesResolver): a wildcard narrows to the indices the caller may read, and a
 * name given outright must be readable, else the run fails with the 403.
 */
import type { FastifyRequest } from 'fastify';
import { resolveDateMathName, resolveIndices, type ClusterState, type ResolveOptions } from '../../cluster/index.js';
import type { Security } from '../../security/index.js';
import { indexActionCheck } from './es-authorization.js';

const SEARCH_ACTION = 'indices:data/read/search';
const isWildcard = (part: string) => part.includes('*') || part === '_all';

/** The expression the scan may read, narrowed for the caller; unchanged when security is off. */
export function readableExpression(req: FastifyRequest, security: Security | undefined, state: ClusterState, expression: string, options: ResolveOptions, now: number): string {
  const allowed = indexActionCheck(req, security, SEARCH_ACTION);
  if (!allowed) return expression;
  const parts = expression.split(',');
  const narrowed = parts.flatMap((part, i) => {
    // Index names never start with '-', so after the first part such a part is an exclusion.
    if (i > 0 && part.startsWith('-')) return [part];
    if (isWildcard(part)) return resolveIndices(state, part, { ...options, allowNoIndices: true, ignoreUnavailable: true }).filter((name) => allowed(name) === undefined);
    const denied = allowed(resolveDateMathName(part, now));
    if (denied) throw denied;
    return [part];
  });
  // Nothing readable through the wildcards: the search runs on no index, as ES's `*,-*`.
  return narrowed.some((part) => !part.startsWith('-')) ? narrowed.join(',') : '*,-*';
}
