/**
 * @module `_validate/query` (TransportValidateQueryAction): the query is parsed (a body that does not parse answers
 * `valid: false`, with the parser's message under `explain`), then built against each target index as a shard
 * would build it; an index it cannot be built on is invalid, with the error ES words. Valid queries explain
 * themselves in Lucene's syntax (lucene-string.ts).
 */
import { ClusterError } from '../../cluster-error.js';
import type { ClusterState } from '../../cluster-state.js';
import type { ResolveOptions } from '../../index-expression.js';
import { compileQuery } from '../compile/compile-query.js';
import type { CompileContext } from '../compile/compile-context.js';
import { parsingError } from '../dsl/dsl-errors.js';
import { isObject, type Json } from '../dsl/dsl-values.js';
import { parseQuery } from '../dsl/parse-query.js';
import { indexContext } from '../compile/index-context.js';
import type { Query } from '../query.js';
import { searchTargets } from '../search-targets.js';
import { xContentToken } from '../../../platform/xcontent.js';
import { luceneString } from './lucene-string.js';

export interface ValidateOptions {
  readonly explain: boolean;
  readonly rewrite: boolean;
  readonly allShards: boolean;
}

export interface QueryExplanation {
  readonly index?: string;
  readonly shard?: number;
  readonly valid: boolean;
  readonly error?: string;
  readonly explanation?: string;
}

export interface ValidateOutcome {
  readonly shards: { total: number; successful: number; failed: number };
  readonly valid: boolean;
  readonly explanations?: QueryExplanation[];
}

/** RestActions.getQueryContent (parseTopLevelQuery): `{query: {...}}` and nothing else; none means match_all. */
export function parseValidateBody(body: Json): Query | undefined {
  if (body === undefined || body === null) return undefined;
  if (!isObject(body)) throw parsingError(`Expected [START_OBJECT] but found [${xContentToken(body)}]`);
  let query: Query | undefined;
  for (const [member, value] of Object.entries(body)) {
    if (member !== 'query') throw parsingError(`request does not support [${member}]`);
    query = parseQuery(value);
  }
  return query;
}

/** The Java exception classes ES's messages name, by the error type Tessera gives them. */
const JAVA_CLASSES: Readonly<Record<string, string>> = {
  parsing_exception: 'org.elasticsearch.common.ParsingException',
  x_content_parse_exception: 'org.elasticsearch.xcontent.XContentParseException',
  query_shard_exception: 'org.elasticsearch.index.query.QueryShardException',
  illegal_argument_exception: 'java.lang.IllegalArgumentException',
  number_format_exception: 'java.lang.NumberFormatException',
  parse_exception: 'org.apache.lucene.queryparser.classic.ParseException',
};

/**
 * ElasticsearchException.getDetailedMessage: the exception as Throwable.toString writes it (class name, message),
 * prefixed by `[index/uuid]` when it names one, then each cause after `; `.
 */
export function detailedMessage(error: ClusterError): string {
  const index = typeof error.metadata.index === 'string' && typeof error.metadata.index_uuid === 'string' ? `[${error.metadata.index}/${error.metadata.index_uuid}] ` : '';
  const self = `${index}${JAVA_CLASSES[error.type] ?? `org.elasticsearch.ElasticsearchException`}: ${error.reason}`;
  return error.causedBy ? `${self}; ${detailedMessage(error.causedBy)}` : self;
}

const MATCH_ALL: Query = { kind: 'match_all', boost: 1 };

/** Builds `query` on each target index, as each shard of ValidateQuery does (one shard per index here). */
export function validateQuery(state: ClusterState, expression: string | undefined, query: Query | undefined, options: ResolveOptions, how: ValidateOptions, now: number): ValidateOutcome {
  const targets = searchTargets(state, expression, options);
  const explanations: QueryExplanation[] = [];
  let valid = true;
  for (const target of targets) {
    const metadata = state.indices.get(target.name)!;
    const ctx = indexContext(metadata, now);
    let explanation: QueryExplanation;
    try {
      compileQuery(query ?? MATCH_ALL, ctx, true);
      for (const filter of target.aliasFilters ?? []) compileQuery(filter, ctx, false);
      explanation = { index: metadata.name, valid: true, explanation: luceneString(query ?? MATCH_ALL, ctx) };
    } catch (error) {
      if (!(error instanceof ClusterError)) throw error;
      explanation = { index: metadata.name, valid: false, error: detailedMessage(asShardError(error, ctx)) };
    }
    valid &&= explanation.valid;
    explanations.push(how.allShards ? { index: explanation.index, shard: 0, ...withoutIndex(explanation) } : explanation);
  }
  return {
    shards: { total: targets.length, successful: targets.length, failed: 0 },
    valid,
    ...((how.explain || how.rewrite || how.allShards) && { explanations }),
  };
}

function withoutIndex(e: QueryExplanation): Omit<QueryExplanation, 'index'> {
  const { index: _index, ...rest } = e;
  return rest;
}

/** What SearchExecutionContext.toQuery throws: a QueryShardException over anything but a parsing error. */
function asShardError(error: ClusterError, ctx: CompileContext): ClusterError {
  if (error.type === 'query_shard_exception' || error.type === 'parsing_exception') return error;
  return new ClusterError('query_shard_exception', 400, `failed to create query: ${error.reason}`, { index_uuid: ctx.index.uuid, index: ctx.index.name }, error);
}
