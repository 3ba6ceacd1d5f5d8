/**
 * @module The per-field half of query_string and simple_query_string (QueryStringQueryParser's getXxxQuery and
 * SimpleQueryStringQueryParser's newXxxQuery): which fields a piece of text reaches, the query on each, and how the
 * fields combine — one field alone, several as dis_max with tie_breaker 0 (best_fields). A piece that analyses to
 * nothing is null (skipped by its boolean query); fields that resolve to none match nothing.
 */
import { ClusterError, ClusterErrors } from '../../cluster-error.js';
import type { Fuzziness, Query } from '../query.js';
import { resolveField } from '../index-fields.js';
import { NONE, or, ZERO, type CompiledQuery } from '../search-plan.js';
import { analyze } from '../analysis/analyze.js';
import { queryShardError } from '../search-errors.js';
import type { CompileContext } from './compile-context.js';
import { compileQuery } from './compile-query.js';
import { match, phrase } from './full-text.js';
import { wildcardRegExp } from './term-patterns.js';

export interface Target {
  readonly field: string;
  readonly boost: number;
}

/** What a query string's pieces are compiled with. */
export interface PieceSettings {
  readonly ctx: CompileContext;
  readonly scoring: boolean;
  readonly lenient: boolean;
  readonly analyzer?: string;
  readonly operator: 'or' | 'and';
  readonly analyzeWildcard: boolean;
}

export const NOTHING: CompiledQuery = Object.freeze({ set: NONE, scorer: ZERO });

/** `name^2` as a field and its boost (QueryParserHelper.parseFieldsAndWeights). */
export function fieldAndBoost(spec: string): Target {
  const caret = spec.lastIndexOf('^');
  if (caret <= 0) return { field: spec, boost: 1 };
  const boost = Number(spec.slice(caret + 1));
  return Number.isFinite(boost) ? { field: spec.slice(0, caret), boost } : { field: spec, boost: 1 };
}

/**
 * The fields a name or pattern reaches (QueryParserHelper.resolveMappingField): `*` and other patterns every mapped
 * field of a queryable type whose path matches; a plain name itself, mapped or not (unmapped matches nothing).
 */
export function resolveTargets(specs: readonly Target[], ctx: CompileContext): Target[] {
  const out: Target[] = [];
  for (const { field, boost } of specs) {
    if (!field.includes('*')) {
      out.push({ field, boost });
      continue;
    }
    const pattern = wildcardRegExp(field, false);
    for (const [path, f] of ctx.fields.fields) if (f.family !== undefined && pattern.test(path)) out.push({ field: path, boost });
  }
  return out;
}

/** A query a field cannot build: no match when lenient (Queries.newLenientFieldQuery), else the error. */
export function leniently(settings: PieceSettings, build: () => CompiledQuery): CompiledQuery {
  try {
    return build();
  } catch (error) {
    if (settings.lenient && error instanceof ClusterError) return NOTHING;
    throw error;
  }
}

/** dis_max over the fields' queries (tie_breaker 0), nulls dropped; null when every field analysed to nothing. */
export function bestField(targets: readonly Target[], settings: PieceSettings, one: (target: Target) => CompiledQuery | null): CompiledQuery | null {
  if (targets.length === 0) return NOTHING;
  const parts = targets.map(one).filter((c): c is CompiledQuery => c !== null);
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  const set = or(parts.map((c) => c.set));
  if (!settings.scoring) return { set, scorer: ZERO };
  return { set, scorer: { kind: 'max', parts: parts.map((c) => ({ kind: 'gated', set: c.set, scorer: c.scorer })), tieBreaker: 0, boost: 1 } };
}

/** True when `text` analyses to no token on a text field (a stop word, punctuation): the piece is then null. */
function analysesToNothing(fieldName: string, text: string, settings: PieceSettings): boolean {
  const field = resolveField(settings.ctx.fields, fieldName);
  if (field?.family !== 'text') return false;
  try {
    return analyze(settings.analyzer ?? field.searchAnalyzer, text).length === 0;
  } catch {
    return false;
  }
}

const withAnalyzer = (settings: PieceSettings) => (settings.analyzer === undefined ? {} : { analyzer: settings.analyzer });

/** Text analysed per field, its tokens joined by the default operator (MultiMatchQueryParser, best_fields). */
export function textQuery(targets: readonly Target[], text: string, settings: PieceSettings, boost: number, minimumShouldMatch?: string): CompiledQuery | null {
  return bestField(targets, settings, ({ field, boost: fieldBoost }) => {
    if (analysesToNothing(field, text, settings)) return null;
    const q: Extract<Query, { kind: 'match' }> = {
      kind: 'match', field, query: text, operator: settings.operator, prefixLength: 0, maxExpansions: 50, fuzzyTranspositions: true, lenient: settings.lenient, zeroTermsQuery: 'none', boost: 1,
      ...withAnalyzer(settings), ...(minimumShouldMatch !== undefined && { minimumShouldMatch }),
    };
    return leniently(settings, () => match(q, field, boost * fieldBoost, settings.ctx, settings.scoring));
  });
}

export function phraseQuery(targets: readonly Target[], text: string, slop: number, settings: PieceSettings, boost: number): CompiledQuery | null {
  return bestField(targets, settings, ({ field, boost: fieldBoost }) => {
    if (analysesToNothing(field, text, settings)) return null;
    const q: Extract<Query, { kind: 'match_phrase' }> = { kind: 'match_phrase', field, query: text, slop, zeroTermsQuery: 'none', boost: 1, ...withAnalyzer(settings) };
    return leniently(settings, () => phrase(q, field, boost * fieldBoost, settings.ctx, settings.scoring));
  });
}

/** ES's refusal of a multi-term query on a field with no terms to expand (numbers, dates, booleans). */
function onStrings(settings: PieceSettings, field: string, what: string, build: () => CompiledQuery): CompiledQuery {
  const f = resolveField(settings.ctx.fields, field);
  if (!f) return NOTHING;
  if (f.family === 'text' || f.family === 'keyword') return leniently(settings, build);
  if (settings.lenient) return NOTHING;
  throw queryShardError(settings.ctx.index, ClusterErrors.illegalArgument(`Can only use ${what} queries on keyword and text fields - not on [${field}] which is of type [${f.type}]`));
}

/** `text*`: a prefix per field; with analyze_wildcard, text fields analyse it and take the last token as the prefix. */
export function prefixQuery(targets: readonly Target[], text: string, settings: PieceSettings, boost: number): CompiledQuery | null {
  return bestField(targets, settings, ({ field, boost: fieldBoost }) => {
    const f = resolveField(settings.ctx.fields, field);
    const b = boost * fieldBoost;
    const prefixOf = (value: string) => compileQuery({ kind: 'prefix', field, value, caseInsensitive: false, boost: b }, settings.ctx, settings.scoring);
    if (!settings.analyzeWildcard || f?.family !== 'text') return onStrings(settings, field, 'prefix', () => prefixOf(text));
    const tokens = analyze(settings.analyzer ?? f.searchAnalyzer, text).map((t) => t.term);
    if (tokens.length === 0) return null;
    if (tokens.length === 1) return prefixOf(tokens[0]!);
    const clauses = [...tokens.slice(0, -1).map((t): Query => ({ kind: 'term', field, value: t, caseInsensitive: false, boost: b })), { kind: 'prefix', field, value: tokens.at(-1)!, caseInsensitive: false, boost: b } as Query];
    const and = settings.operator === 'and';
    return compileQuery({ kind: 'bool', must: and ? clauses : [], should: and ? [] : clauses, filter: [], mustNot: [], boost: 1 }, settings.ctx, settings.scoring);
  });
}

export function wildcardQuery(targets: readonly Target[], pattern: string, settings: PieceSettings, boost: number): CompiledQuery | null {
  return bestField(targets, settings, ({ field, boost: fieldBoost }) => {
    // `field:*` asks whether the field has a value (getWildcardQuerySingle).
    if (pattern === '*') return compileQuery({ kind: 'exists', field, boost: boost * fieldBoost }, settings.ctx, settings.scoring);
    return onStrings(settings, field, 'wildcard', () => compileQuery({ kind: 'wildcard', field, value: pattern, caseInsensitive: false, boost: boost * fieldBoost }, settings.ctx, settings.scoring));
  });
}

export function regexpQuery(targets: readonly Target[], pattern: string, settings: PieceSettings, boost: number): CompiledQuery | null {
  return bestField(targets, settings, ({ field, boost: fieldBoost }) =>
    onStrings(settings, field, 'regexp', () => compileQuery({ kind: 'regexp', field, value: pattern, flags: 'ALL', caseInsensitive: false, maxDeterminizedStates: 10_000, boost: boost * fieldBoost }, settings.ctx, settings.scoring)),
  );
}

export function fuzzyQuery(targets: readonly Target[], text: string, fuzziness: Fuzziness, settings: PieceSettings, boost: number): CompiledQuery | null {
  return bestField(targets, settings, ({ field, boost: fieldBoost }) =>
    onStrings(settings, field, 'fuzzy', () =>
      compileQuery({ kind: 'fuzzy', field, value: text, fuzziness, prefixLength: 0, maxExpansions: 50, transpositions: true, boost: boost * fieldBoost }, settings.ctx, settings.scoring),
    ),
  );
}

export interface RangeBounds {
  readonly from: string | null;
  readonly to: string | null;
  readonly includeFrom: boolean;
  readonly includeTo: boolean;
}

/** A range per field, read by the field's type; text fields normalise the bounds (lower case) as their analyser does. */
export function rangeQuery(targets: readonly Target[], bounds: RangeBounds, settings: PieceSettings, boost: number, timeZone: string | undefined): CompiledQuery | null {
  return bestField(targets, settings, ({ field, boost: fieldBoost }) => {
    const f = resolveField(settings.ctx.fields, field);
    if (!f || f.family === undefined) return NOTHING;
    const norm = (v: string | null) => (v === null || v === '*' ? undefined : f.family === 'text' ? v.toLowerCase() : v);
    const [from, to] = [norm(bounds.from), norm(bounds.to)];
    const q: Query = {
      kind: 'range', field, relation: 'intersects', boost: boost * fieldBoost,
      ...(from !== undefined && (bounds.includeFrom ? { gte: from } : { gt: from })),
      ...(to !== undefined && (bounds.includeTo ? { lte: to } : { lt: to })),
      ...(timeZone !== undefined && f.family === 'date' && { timeZone }),
    };
    return leniently(settings, () => compileQuery(q, settings.ctx, settings.scoring));
  });
}
