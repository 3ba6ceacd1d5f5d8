/**
 * @module The errors the search DSL parser raises, worded as Elasticsearch words them. ES prefixes most with the
 * parser's line:column; a parsed body has none, so the location is left out and the rest of the words kept.
 */
import { ClusterError, ClusterErrors } from '../../cluster-error.js';
import { didYouMean } from '../../../platform/did-you-mean.js';

/** ParsingException: what the query builders' hand-written parsers throw. */
export function parsingError(reason: string): ClusterError {
  return new ClusterError('parsing_exception', 400, reason);
}

/** The hand-written builders' refusal of a member they do not know (TermQueryBuilder, BoolQueryBuilder, ...). */
export function unsupportedMember(query: string, member: string): ClusterError {
  return parsingError(`[${query}] query does not support [${member}]`);
}

/**
 * ObjectParser's refusal, for the builders that declare one (match_all, ids): fromXContent rethrows it as a
 * ParsingException with SuggestingErrorOnUnknown's suggestions.
 */
export function unknownField(parser: string, member: string, known: readonly string[]): ClusterError {
  return parsingError(`[${parser}] unknown field [${member}]${didYouMean(member, known)}`);
}

/** A value of the wrong JSON type for a member; ES's words vary by token, so Tessera names the member. */
export function badValue(query: string, member: string): ClusterError {
  return parsingError(`[${query}] failed to parse field [${member}]`);
}

/** What Tessera parses but cannot evaluate yet: a clear 400 rather than a result that ignores it. */
export function notSupportedYet(what: string): ClusterError {
  return ClusterErrors.illegalArgument(`Tessera does not support ${what} yet`);
}

export const illegalArgument = ClusterErrors.illegalArgument;
