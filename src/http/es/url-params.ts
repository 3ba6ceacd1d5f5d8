/**
 * @module Refuses URL parameters a route does not honour, as Elasticsearch's BaseRestHandler does after the handler
 * has read its own: `request [/x] contains unrecognized parameter: [foo] -> did you mean [bar]?`. Parameters that
 * are true of any request on one node (`master_timeout`, `local`, ...) are still checked for a well-formed value.
 * A body sent to a route that reads none is refused too, as ES refuses it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClusterErrors } from '../../cluster/index.js';
import { closeMatches } from '../../platform/did-you-mean.js';
import { parseTimeValue } from '../../platform/units/index.js';
import { GLOBAL_PARAMS } from './es-params.js';
import { flag } from './es-reply.js';

/** ES's names for the path parameters Tessera's routes name otherwise, as its suggestions list them. */
const ES_PATH_PARAM: Readonly<Record<string, string>> = { newIndex: 'new_index', repo: 'repository' };

/** RefreshPolicy.parse: every policy is met at once, since what Tessera commits is visible to the next request. */
function checkRefresh(value: string): void {
  if (!['true', 'false', 'wait_for', ''].includes(value)) throw ClusterErrors.illegalArgument(`Unknown value for refresh: [${value}].`);
}

/** The write actions that read `refresh` as a boolean (refresh the written indices at the end, or not). */
const BOOLEAN_REFRESH: ReadonlySet<string> = new Set(['indices:data/write/delete/byquery', 'indices:data/write/update/byquery', 'indices:data/write/reindex']);

/** The value checks of parameters no handler reads further. */
const VALUE_CHECKS: Readonly<Record<string, (value: string, name: string) => void>> = {
  master_timeout: (value, name) => void parseTimeValue(value, name),
  timeout: (value, name) => void parseTimeValue(value, name),
  local: (value, name) => void flag({ [name]: value }, name),
  wait_for_no_relocating_shards: (value, name) => void flag({ [name]: value }, name),
  wait_for_no_initializing_shards: (value, name) => void flag({ [name]: value }, name),
  // Read by handlers only to render the answer, after a write has committed: checked first, so a malformed one
  // refuses the write rather than failing it half done.
  flat_settings: (value, name) => void flag({ [name]: value }, name),
  // RestBulkAction reads it as a boolean; no pipeline runs in Tessera, so nothing else reads it.
  list_executed_pipelines: (value, name) => void flag({ [name]: value }, name),
  refresh: (value) => checkRefresh(value),
  human: (value, name) => void flag({ [name]: value }, name),
  error_trace: (value, name) => void flag({ [name]: value }, name),
};

export function requestPath(req: FastifyRequest): string {
  const raw = req.url.split('?')[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** BaseRestHandler.unrecognized: each unknown name in order, with the close candidates ES would suggest. */
export function unrecognized(path: string, unknown: readonly string[], candidates: readonly string[], detail = 'parameter'): string {
  const names = [...unknown].sort();
  const listed = names.map((name) => {
    const matches = closeMatches(name, candidates);
    const hint = matches.length === 0 ? '' : matches.length === 1 ? ` -> did you mean [${matches[0]}]?` : ` -> did you mean any of [${matches.join(', ')}]?`;
    return `[${name}]${hint}`;
  });
  return `request [${path}] contains unrecognized ${detail}${names.length > 1 ? 's' : ''}: ${listed.join(', ')}`;
}

/** After authentication and authorization, as ES checks parameters only once the request may run. */
export function refuseUnknownParams(app: FastifyInstance): void {
  app.addHook('preHandler', async (req) => {
    const honoured = req.routeOptions.config.esParams;
    if (!honoured) return;
    const query = (req.query ?? {}) as Record<string, unknown>;
    const pathParams = Object.keys((req.params ?? {}) as object).map((name) => ES_PATH_PARAM[name] ?? name);
    const known = new Set([...honoured, ...GLOBAL_PARAMS, ...pathParams]);
    const unknown = Object.keys(query).filter((name) => !known.has(name));
    if (unknown.length > 0) throw ClusterErrors.illegalArgument(unrecognized(requestPath(req), unknown, [...known]));
    // Reads take `refresh` as a boolean (RestGetAction, RestMultiGetAction), as do the by-query actions and reindex
    // (AbstractBaseReindexRestHandler), and check it themselves.
    const action = req.routeOptions.config.esAction?.action ?? '';
    const reads = action.startsWith('indices:data/read/') || BOOLEAN_REFRESH.has(action);
    for (const [name, value] of Object.entries(query)) {
      if (reads && name === 'refresh') continue;
      const check = VALUE_CHECKS[name];
      if (check && typeof value === 'string') check(value, name);
    }
    if (req.body !== undefined && req.routeOptions.config.esBody !== true) {
      throw ClusterErrors.illegalArgument(`request [${req.method} ${requestPath(req)}] does not support having a body`);
    }
  });
}
