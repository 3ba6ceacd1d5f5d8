/**
 * @module Authorizing one `_msearch` item as the caller (as ES authorizes each search of a multi-search as its own
 * `indices:data/read/search` request): names given outright must all be allowed, else the item fails alone with the
 * security error; wildcards narrow to the indices the caller may read, as a `_search` URL's do.
 */
import type { FastifyRequest } from 'fastify';
import { resolveDateMathName, resolveIndices, type ResolveOptions, type ClusterState } from '../../cluster/index.js';
import type { Security } from '../../security/index.js';
import { indexActionCheck } from './es-authorization.js';

const SEARCH_ACTION = 'indices:data/read/search';
const isWildcard = (part: string) => part.includes('*') || part === '_all';

/** The item's expression narrowed to what the caller may search; throws the security error of a name it may not. */
export function authorizedExpression(req: FastifyRequest, security: Security | undefined, state: ClusterState, expression: string | undefined, options: ResolveOptions, now: number): string | undefined {
  const check = indexActionCheck(req, security, SEARCH_ACTION);
  if (!check) return expression;
  const parts = (expression ?? '_all').split(',').map((p) => p.trim()).filter(Boolean);
  const narrowed: string[] = [];
  parts.forEach((part, i) => {
    if (i > 0 && part.startsWith('-')) return void narrowed.push(part);
    if (isWildcard(part)) {
      const names = resolveIndices(state, part, { ...options, allowNoIndices: true, ignoreUnavailable: true });
      narrowed.push(...names.filter((name) => check(name) === undefined));
      return;
    }
    let name = part;
    try {
      name = resolveDateMathName(part, now);
    } catch {
      // The search reports a malformed name.
    }
    const denied = check(name);
    if (denied) throw denied;
    narrowed.push(part);
  });
  // Nothing left: the search runs on no index, as a narrowed `_search` does.
  return narrowed.some((p) => !p.startsWith('-')) ? narrowed.join(',') : '*,-*';
}
