/**
 * @module URL parameter junk for the bad-input fuzzing: names a route does not honour (unknown anywhere, honoured
 * elsewhere, near-misses of its own) and malformed values of the parameters it does honour, each with the refusal
 * Elasticsearch answers (BaseRestHandler's "unrecognized parameter", Booleans.parseBoolean, TimeValue, RefreshPolicy).
 */
import { GLOBAL_PARAMS } from '../../src/http/es/es-params.js';
import { declaredEsRoutes } from '../helpers/es-routes.js';

/** The subset of the fuzzing's generator these functions draw from. */
export interface Draw {
  int(max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  string(n: number, alphabet?: string): string;
}

/** Every ES route, keyed `METHOD /url`, and what it declares. */
export const ROUTES = await declaredEsRoutes();

/** The parameters `route` honours (a HEAD those of its GET). */
const paramsOf = (route: string) => (ROUTES.get(route) ?? ROUTES.get(route.replace(/^HEAD /, 'GET ')))?.params ?? [];

/** Every parameter some route honours. */
const HONOURED_ANYWHERE: readonly string[] = [...new Set([...GLOBAL_PARAMS, ...[...ROUTES.values()].flatMap((route) => route.params)])].sort();

/** Names of ES parameters Tessera's routes do not read, and names that trip up objects keyed by them. */
const FOREIGN = [
  'wait_for_active_shards', 'routing', 'preference', 'pipeline', 'scroll', 'size', 'from', 'sort', 'ignore_throttled', 'wait_for_completion', 'level',
  'source', 'source_content_type', 'callback', 'include_type_name', 'type', 'fields', 'stored_fields', 'realtime', 'analyzer', 'default_operator', 'df',
  'Pretty', 'PRETTY', 'Format', 'filterPath', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '0', '-', '.', 'a.b', 'é', '日本',
  'fz_bogus', 'x'.repeat(300),
];

/** ES's names for the path parameters, which it reads from the same map as URL parameters. */
const ES_PATH_PARAM: Readonly<Record<string, string>> = { newIndex: 'new_index', repo: 'repository' };

export function pathParamsOf(route: string): string[] {
  return [...route.matchAll(/:(\w+)/g)].map((m) => ES_PATH_PARAM[m[1]!] ?? m[1]!);
}

function knownTo(route: string): Set<string> {
  return new Set([...GLOBAL_PARAMS, ...paramsOf(route), ...pathParamsOf(route)]);
}

/** A near-miss of `name`: one edit of the kinds people make. */
function nearMiss(draw: Draw, name: string): string {
  const at = draw.int(name.length);
  switch (draw.int(7)) {
    case 0:
      return name.slice(0, at) + name.slice(at + 1);
    case 1:
      return name.slice(0, at) + name[at] + name.slice(at);
    case 2:
      return name.endsWith('s') ? name.slice(0, -1) : `${name}s`;
    case 3:
      return name.replace(/_/g, '-');
    case 4:
      return name[0]!.toUpperCase() + name.slice(1);
    case 5:
      return `${name}_`;
    default:
      return name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
  }
}

/** One to three distinct names `route` does not honour. */
export function unknownParams(draw: Draw, route: string): string[] {
  const known = knownTo(route);
  const own = [...known].filter((n) => n.length > 1);
  const names = new Set<string>();
  const wanted = draw.chance(0.75) ? 1 : draw.chance(0.7) ? 2 : 3;
  for (let tries = 0; names.size < wanted && tries < 50; tries++) {
    const roll = draw.int(4);
    const name =
      roll === 0 ? draw.pick(FOREIGN) : roll === 1 ? draw.pick(HONOURED_ANYWHERE) : roll === 2 ? nearMiss(draw, draw.pick(own)) : `fz${draw.string(draw.int(12) + 1)}`;
    if (name !== '' && !known.has(name)) names.add(name);
  }
  return [...names];
}

/** Values for unknown parameters: any is refused for the name alone. */
export const UNKNOWN_VALUES = ['', '1', 'true', 'false', 'x', 'soon', '-1', '*', 'fz-plain', '%C3%A9', '%00', 'a%26b%3Dc', 'v'.repeat(2000)];

export interface MalformedValue {
  readonly name: string;
  /** Already encoded for the query string. */
  readonly value: string;
  /** Whether `reason` is a refusal ES would give this value. */
  readonly reasonFits: (reason: string) => boolean;
}

const TIME = new Set(['master_timeout', 'timeout']);
const BOOLEAN = new Set([
  'local', 'flat_settings', 'include_defaults', 'ignore_unavailable', 'allow_no_indices', 'dry_run', 'error_trace', 'human', 'wait_for_no_relocating_shards',
  'wait_for_no_initializing_shards', 'only_managed', 'only_errors', 'doc_as_upsert', 'require_alias', 'require_data_stream', 'create', 'realtime',
  'accept_enterprise', 'list_executed_pipelines', 'verbose',
]);
const TIME_VALUES = ['soon', '5x', 'abc', '1.5.5s', 's', '10 sec', 'NaN', '1e3ms', '--1s', '9223372036854775808d'];
const BOOLEAN_VALUES = ['yes', 'no', '2', '1', '0', 'TRUE', 'False', 'on', 'off', 'x', 'null', 'true,false'];
const REFRESH_VALUES = ['sometimes', 'TRUE', '1', '0', 'yes', 'wait-for', 'waitfor', 'x'];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A malformed value of a parameter `route` honours, or undefined when it honours none of the kinds drawn from. */
export function malformedParam(draw: Draw, route: string): MalformedValue | undefined {
  const honoured = [...paramsOf(route), 'error_trace', 'human'];
  // Gets read refresh as a boolean, _mget's POST too, and the by-query actions and reindex; writes read it as a RefreshPolicy.
  const reads = route.startsWith('GET ') || route.startsWith('HEAD ') || route.endsWith('/_mget') || route.endsWith('_by_query') || route.endsWith('/_reindex');
  const candidates = honoured.filter((n) => TIME.has(n) || BOOLEAN.has(n) || n === 'refresh');
  if (candidates.length === 0) return undefined;
  const name = draw.pick(candidates);
  if (BOOLEAN.has(name) || (name === 'refresh' && reads)) {
    const value = draw.pick(BOOLEAN_VALUES);
    const parse = `Failed to parse value [${value}] as only [true] or [false] are allowed.`;
    // IndicesOptions' booleans name the parameter, with the parse failure as the cause.
    return { name, value: encodeURIComponent(value), reasonFits: (r) => r === parse || r === `Could not convert [${name}] to boolean` };
  }
  if (name === 'refresh') {
    const value = draw.pick(REFRESH_VALUES);
    return { name, value: encodeURIComponent(value), reasonFits: (r) => r === `Unknown value for refresh: [${value}].` };
  }
  const value = draw.pick(TIME_VALUES);
  const setting = new RegExp(`^failed to parse (setting \\[${name}\\] with value \\[${escaped(value)}\\] as a time value|\\[${escaped(value)}\\])`);
  return { name, value: encodeURIComponent(value), reasonFits: (r) => setting.test(r) };
}
