/**
 * @module Term-level queries on one index (TermQueryBuilder … FuzzyQueryBuilder): exact values read per field type,
 * never analysed. Term queries on text and keyword fields score by BM25 as Lucene's TermQuery does; numbers, dates,
 * ranges, exists, ids and multi-term queries (prefix, wildcard, regexp) score their boost (a constant-score rewrite).
 */
import type { Query } from '../query.js';
import { resolveField, type SearchField } from '../index-fields.js';
import { NONE, or, ZERO, type Bounds, type CompiledQuery, type DocSet, type Scorer } from '../search-plan.js';
import type { CompileContext } from './compile-context.js';
import { booleanOf, dateOf, numberBound, numberOf } from './query-values.js';
import { luceneRegExp, wildcardRegExp, literalPrefix, fuzzyMatcher } from './term-patterns.js';

type Of<K extends Query['kind']> = Extract<Query, { kind: K }>;

const constant = (set: DocSet, boost: number, scoring: boolean): CompiledQuery => ({ set, scorer: scoring && set.op !== 'none' ? { kind: 'constant', set, boost } : ZERO });

/** The documents holding one of `values` in `field`, and how they score. */
export function valuesQuery(field: SearchField, values: readonly (string | number | boolean)[], ctx: CompileContext, boost: number, scoring: boolean, scored: boolean): CompiledQuery {
  switch (field.family) {
    case 'text': {
      const terms = values.map(String);
      const set: DocSet = { op: 'terms', field: field.path, terms };
      const scorer: Scorer = scoring && scored ? { kind: 'bm25', field: field.path, source: 'postings', terms, boost } : scoring ? { kind: 'constant', set, boost } : ZERO;
      return { set, scorer };
    }
    case 'keyword': {
      const keywords = values.map(String);
      const set: DocSet = { op: 'keywords', field: field.path, values: keywords };
      const scorer: Scorer = scoring && scored ? { kind: 'bm25', field: field.path, source: 'keywords', terms: keywords, boost } : scoring ? { kind: 'constant', set, boost } : ZERO;
      return { set, scorer };
    }
    case 'numeric': {
      const numbers = values.map((v) => numberOf(field, v, ctx)).filter((n): n is number => n !== undefined);
      return constant(numbers.length === 0 ? NONE : { op: 'numbers', field: field.path, values: numbers }, boost, scoring);
    }
    case 'date':
      return constant({ op: 'numbers', field: field.path, values: values.map((v) => dateOf(field, v, ctx, false)) }, boost, scoring);
    case 'boolean':
      return constant({ op: 'numbers', field: field.path, values: values.map((v) => booleanOf(v, ctx)) }, boost, scoring);
    default:
      return { set: NONE, scorer: ZERO };
  }
}

function term(q: Of<'term'>, ctx: CompileContext, scoring: boolean): CompiledQuery {
  const field = resolveField(ctx.fields, q.field);
  if (!field) return { set: NONE, scorer: ZERO };
  if (q.caseInsensitive && (field.family === 'keyword' || field.family === 'text')) {
    const value = String(q.value).toLowerCase();
    const exact = { test: (t: string) => t === value };
    const set: DocSet = field.family === 'keyword' ? { op: 'keyword_pattern', field: field.path, prefix: value, pattern: exact, caseInsensitive: true } : { op: 'term_pattern', field: field.path, prefix: value, pattern: exact };
    return constant(set, q.boost, scoring);
  }
  return valuesQuery(field, [q.value], ctx, q.boost, scoring, true);
}

function range(q: Of<'range'>, ctx: CompileContext, scoring: boolean): CompiledQuery {
  const field = resolveField(ctx.fields, q.field);
  if (!field) return { set: NONE, scorer: ZERO };
  const given = (['gt', 'gte', 'lt', 'lte'] as const).filter((k) => q[k] !== undefined && q[k] !== null);
  let set: DocSet;
  switch (field.family) {
    case 'numeric': {
      const bounds: Record<string, number> = {};
      for (const k of given) bounds[k] = numberBound(field, q[k]!, ctx);
      set = { op: 'number_range', field: field.path, bounds };
      break;
    }
    case 'date': {
      const bounds: Record<string, number> = {};
      // gt and lte round up (`now/d` ends the day), gte and lt round down, as DateFieldType.rangeQuery parses them.
      for (const k of given) bounds[k] = dateOf(field, q[k]!, ctx, k === 'gt' || k === 'lte', q.format, q.timeZone);
      set = { op: 'number_range', field: field.path, bounds };
      break;
    }
    case 'boolean': {
      const bounds: Record<string, number> = {};
      for (const k of given) bounds[k] = booleanOf(q[k]!, ctx);
      set = { op: 'number_range', field: field.path, bounds };
      break;
    }
    case 'keyword':
    case 'text': {
      const bounds: Bounds<string> = Object.fromEntries(given.map((k) => [k, String(q[k])]));
      set = field.family === 'keyword' ? { op: 'keyword_range', field: field.path, bounds } : { op: 'term_range', field: field.path, bounds };
      break;
    }
    default:
      set = NONE;
  }
  return constant(set, q.boost, scoring);
}

/** The fields under `name`: itself, or every field below an object of that name (ExistsQueryBuilder). */
function fieldsUnder(ctx: CompileContext, name: string): SearchField[] {
  const field = resolveField(ctx.fields, name);
  if (field) return [field];
  const prefix = `${name}.`;
  return [...ctx.fields.fields.values()].filter((f) => f.path.startsWith(prefix));
}

function exists(q: Of<'exists'>, ctx: CompileContext, scoring: boolean): CompiledQuery {
  const names = q.field.includes('*') ? [...ctx.fields.fields.keys()].filter((p) => wildcardRegExp(q.field, false).test(p)) : [q.field];
  const fields = names.flatMap((n) => fieldsUnder(ctx, n));
  const sets = fields.map((f): DocSet => (f.family === 'text' ? { op: 'has_terms', field: f.path } : { op: 'has_value', field: f.path }));
  return constant(or(sets), q.boost, scoring);
}

function multiTerm(field: SearchField | undefined, prefix: string, pattern: { test(t: string): boolean } | undefined, caseInsensitive: boolean): DocSet {
  if (!field) return NONE;
  if (field.family === 'keyword') return { op: 'keyword_pattern', field: field.path, prefix, ...(pattern && { pattern }), caseInsensitive };
  if (field.family === 'text') return { op: 'term_pattern', field: field.path, prefix, ...(pattern && { pattern }) };
  return NONE;
}

function patternQuery(q: Of<'prefix'> | Of<'wildcard'> | Of<'regexp'>, ctx: CompileContext, scoring: boolean): CompiledQuery {
  const field = resolveField(ctx.fields, q.field);
  // Text fields normalise a pattern as their analyser normalises terms (lower case); keywords keep it as given.
  const lower = q.caseInsensitive || field?.family === 'text';
  const value = lower ? q.value.toLowerCase() : q.value;
  let set: DocSet;
  if (q.kind === 'prefix') set = multiTerm(field, value, undefined, q.caseInsensitive);
  else if (q.kind === 'wildcard') set = multiTerm(field, literalPrefix(value), wildcardRegExp(value, false), q.caseInsensitive);
  else set = multiTerm(field, '', luceneRegExp(value, q.flags, ctx), q.caseInsensitive);
  return constant(set, q.boost, scoring);
}

function fuzzy(q: Of<'fuzzy'>, ctx: CompileContext, scoring: boolean): CompiledQuery {
  const field = resolveField(ctx.fields, q.field);
  const value = String(q.value);
  const text = field?.family === 'text' ? value.toLowerCase() : value;
  const set = multiTerm(field, text.slice(0, q.prefixLength), fuzzyMatcher(text, q.fuzziness, q.prefixLength, q.transpositions), false);
  return constant(set, q.boost, scoring);
}

export function compileTermLevel(q: Query, ctx: CompileContext, scoring: boolean): CompiledQuery | undefined {
  switch (q.kind) {
    case 'term':
      return term(q, ctx, scoring);
    case 'terms': {
      const field = resolveField(ctx.fields, q.field);
      // TermInSetQuery scores its boost, whatever the field.
      return field ? constant(valuesQuery(field, q.values, ctx, q.boost, false, false).set, q.boost, scoring) : { set: NONE, scorer: ZERO };
    }
    case 'range':
      return range(q, ctx, scoring);
    case 'exists':
      return exists(q, ctx, scoring);
    case 'ids':
      return constant({ op: 'ids', ids: q.values }, q.boost, scoring);
    case 'prefix':
    case 'wildcard':
    case 'regexp':
      return patternQuery(q, ctx, scoring);
    case 'fuzzy':
      return fuzzy(q, ctx, scoring);
    default:
      return undefined;
  }
}


