/**
 * @module The index-resolution parameters of a request (`expand_wildcards`, `ignore_unavailable`, `allow_no_indices`),
 * read as IndicesOptions.fromRequest reads them over the API's own defaults.
 */
import { ClusterError, ClusterErrors, parseExpandWildcards, type ResolveOptions } from '../../cluster/index.js';

type Query = Record<string, string | undefined>;

/** XContentMapValues.nodeBooleanValue: empty keeps the default; anything but true/false is refused with its cause. */
function booleanOption(query: Query, name: string, fallback: boolean | undefined): boolean | undefined {
  const text = query[name];
  if (text === undefined || text === '') return fallback;
  if (text === 'true' || text === 'false') return text === 'true';
  const cause = ClusterErrors.illegalArgument(`Failed to parse value [${text}] as only [true] or [false] are allowed.`);
  throw new ClusterError('illegal_argument_exception', 400, `Could not convert [${name}] to boolean`, {}, cause);
}

/** `defaults` are the API's own IndicesOptions (strictExpandOpen unless the API says otherwise). */
export function indicesOptionsOf(query: Query, defaults: ResolveOptions): ResolveOptions {
  const states = parseExpandWildcards(query.expand_wildcards, defaults);
  return {
    ...defaults,
    ...states,
    ignoreUnavailable: booleanOption(query, 'ignore_unavailable', defaults.ignoreUnavailable ?? false),
    allowNoIndices: booleanOption(query, 'allow_no_indices', defaults.allowNoIndices ?? true),
  };
}
