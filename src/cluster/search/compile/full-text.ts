/**
 * @module Full-text queries on one index (MatchQueryBuilder, MatchPhraseQueryBuilder, MultiMatchQueryBuilder): the
 * query text analysed with the field's search analyser (or the query's), then a term per token — OR'd (with
 * `minimum_should_match`) or AND'd — or a phrase. Keyword, number, date and boolean fields take the text as one
 * value, as their term query does; `lenient` turns a value such a field cannot read into no match.
 */
import { ClusterError, ClusterErrors } from '../../cluster-error.js';
import type { Query } from '../query.js';
import { resolveField, type SearchField } from '../index-fields.js';
import { and, ALL, NONE, or, ZERO, type CompiledQuery, type DocSet, type Scorer } from '../search-plan.js';
import { analyze } from '../analysis/analyze.js';
import { BUILT_IN_ANALYZERS } from '../../mappings/field-types.js';
import { queryShardError } from '../search-errors.js';
import type { CompileContext } from './compile-context.js';
import { minimumShouldMatch } from './minimum-should-match.js';
import { valuesQuery } from './term-level.js';
import { fuzzyMatcher, wildcardRegExp } from './term-patterns.js';

type Of<K extends Query['kind']> = Extract<Query, { kind: K }>;

function tokens(field: SearchField, text: string, analyzer: string | undefined, ctx: CompileContext): string[] {
  const name = analyzer ?? field.searchAnalyzer;
  if (analyzer !== undefined && !BUILT_IN_ANALYZERS.has(analyzer)) throw queryShardError(ctx.index, ClusterErrors.illegalArgument(`[match] analyzer [${analyzer}] not found`), '');
  return analyze(name, text).map((t) => t.term);
}

/** A non-text field's value, or no match when `lenient` and the field cannot read it. */
function exactValue(field: SearchField, value: string | number | boolean, ctx: CompileContext, boost: number, scoring: boolean, lenient: boolean): CompiledQuery {
  try {
    return valuesQuery(field, [value], ctx, boost, scoring, true);
  } catch (error) {
    if (lenient && error instanceof ClusterError) return { set: NONE, scorer: ZERO };
    throw error;
  }
}

const zeroTerms = (mode: 'none' | 'all', scoring: boolean, boost: number): CompiledQuery =>
  mode === 'all' ? { set: ALL, scorer: scoring ? { kind: 'constant', set: ALL, boost } : ZERO } : { set: NONE, scorer: ZERO };

export function match(q: Of<'match'>, fieldName: string, boost: number, ctx: CompileContext, scoring: boolean): CompiledQuery {
  const field = resolveField(ctx.fields, fieldName);
  if (!field) return { set: NONE, scorer: ZERO };
  if (field.family !== 'text') return field.family === undefined ? { set: NONE, scorer: ZERO } : exactValue(field, q.query, ctx, boost, scoring, q.lenient);
  const terms = tokens(field, String(q.query), q.analyzer, ctx);
  if (terms.length === 0) return zeroTerms(q.zeroTermsQuery, scoring, boost);
  if (q.fuzziness) {
    // Each token matches the dictionary's terms within its edit distance; they score their boost.
    const sets = terms.map((t): DocSet => ({ op: 'term_pattern', field: field.path, prefix: t.slice(0, q.prefixLength), pattern: fuzzyMatcher(t, q.fuzziness!, q.prefixLength, q.fuzzyTranspositions) }));
    const required = q.operator === 'and' ? sets.length : (minimumShouldMatch(sets.length, q.minimumShouldMatch) ?? 1);
    const set = q.operator === 'and' ? and(sets) : or(sets, Math.max(required, 1));
    const scorer: Scorer = scoring ? { kind: 'sum', parts: sets.map((s) => ({ kind: 'constant', set: s, boost })), boost: 1 } : ZERO;
    return { set, scorer };
  }
  const sets = terms.map((t): DocSet => ({ op: 'terms', field: field.path, terms: [t] }));
  let set: DocSet;
  if (q.operator === 'and') set = and(sets);
  else set = or(sets, Math.max(minimumShouldMatch(sets.length, q.minimumShouldMatch) ?? 1, 1));
  const scorer: Scorer = scoring ? { kind: 'bm25', field: field.path, source: 'postings', terms, boost } : ZERO;
  return { set, scorer };
}

export function phrase(q: Of<'match_phrase'> | Of<'match_phrase_prefix'>, fieldName: string, boost: number, ctx: CompileContext, scoring: boolean): CompiledQuery {
  const field = resolveField(ctx.fields, fieldName);
  if (!field) return { set: NONE, scorer: ZERO };
  if (field.family !== 'text') return field.family === undefined ? { set: NONE, scorer: ZERO } : exactValue(field, q.query, ctx, boost, scoring, false);
  const terms = tokens(field, String(q.query), q.analyzer, ctx);
  if (terms.length === 0) return zeroTerms(q.zeroTermsQuery, scoring, boost);
  if (q.kind === 'match_phrase_prefix') {
    const last = terms.at(-1)!;
    const prefixed: DocSet = { op: 'term_pattern', field: field.path, prefix: last, pattern: { test: (t) => t.startsWith(last) } };
    if (terms.length === 1) return { set: prefixed, scorer: scoring ? { kind: 'constant', set: prefixed, boost } : ZERO };
    const set: DocSet = { op: 'phrase', field: field.path, terms: terms.map((t) => [t]), slop: q.slop, prefixLast: q.maxExpansions };
    return { set, scorer: scoring ? { kind: 'constant', set, boost } : ZERO };
  }
  if (terms.length === 1) {
    const set: DocSet = { op: 'terms', field: field.path, terms };
    return { set, scorer: scoring ? { kind: 'bm25', field: field.path, source: 'postings', terms, boost } : ZERO };
  }
  const set = { op: 'phrase' as const, field: field.path, terms: terms.map((t) => [t]), slop: q.slop };
  return { set, scorer: scoring ? { kind: 'phrase', set, boost } : ZERO };
}

/** `fields` as given, patterns expanded over the index's fields (QueryParserHelper.resolveMappingFields). */
export function expandFields(fields: readonly { field: string; boost: number }[], ctx: CompileContext): { field: string; boost: number }[] {
  const given = fields.length > 0 ? fields : ctx.defaultFields.map((field) => ({ field, boost: 1 }));
  const out: { field: string; boost: number }[] = [];
  for (const { field, boost } of given) {
    if (!field.includes('*')) {
      out.push({ field, boost });
      continue;
    }
    const pattern = wildcardRegExp(field, false);
    for (const [path, f] of ctx.fields.fields) if (pattern.test(path) && (f.family === 'text' || f.family === 'keyword')) out.push({ field: path, boost });
  }
  return out;
}

export function multiMatch(q: Of<'multi_match'>, ctx: CompileContext, scoring: boolean): CompiledQuery {
  if (q.type === 'cross_fields' || q.type === 'bool_prefix') throw ClusterErrors.illegalArgument(`Tessera does not support [multi_match] queries of type [${q.type}] yet`);
  // A pattern or the default field reads every field leniently, as ES does for `*`.
  const lenient = q.lenient || q.fields.length === 0 || q.fields.some((f) => f.field.includes('*'));
  const perField = expandFields(q.fields, ctx).map(({ field, boost }) => {
    if (q.type === 'phrase' || q.type === 'phrase_prefix') {
      const kind = q.type === 'phrase' ? ('match_phrase' as const) : ('match_phrase_prefix' as const);
      return phrase({ kind, field, query: q.query, slop: q.slop, maxExpansions: q.maxExpansions, zeroTermsQuery: q.zeroTermsQuery, boost: 1, ...(q.analyzer !== undefined && { analyzer: q.analyzer }) }, field, boost, ctx, scoring);
    }
    const matchQuery: Of<'match'> = {
      kind: 'match', field, query: q.query, operator: q.operator, prefixLength: q.prefixLength, maxExpansions: q.maxExpansions, fuzzyTranspositions: true, lenient, zeroTermsQuery: q.zeroTermsQuery, boost: 1,
      ...(q.analyzer !== undefined && { analyzer: q.analyzer }), ...(q.fuzziness && { fuzziness: q.fuzziness }), ...(q.minimumShouldMatch !== undefined && { minimumShouldMatch: q.minimumShouldMatch }),
    };
    try {
      return match(matchQuery, field, boost, ctx, scoring);
    } catch (error) {
      if (lenient && error instanceof ClusterError) return { set: NONE, scorer: ZERO };
      throw error;
    }
  });
  const set = or(perField.map((c) => c.set));
  if (!scoring) return { set, scorer: ZERO };
  // best_fields and phrase types take the best field's score (dis_max, tie_breaker 0); most_fields adds them.
  const parts = perField.map((c) => ({ kind: 'gated' as const, set: c.set, scorer: c.scorer }));
  const scorer: Scorer = q.type === 'most_fields' ? { kind: 'sum', parts, boost: q.boost } : { kind: 'max', parts, tieBreaker: q.tieBreaker ?? 0, boost: q.boost };
  return { set, scorer };
}
