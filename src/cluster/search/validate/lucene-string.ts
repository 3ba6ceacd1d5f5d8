/**
 * @module A query as Lucene's Query.toString() writes it, for `_validate/query?explain`: compound queries (bool,
 * constant_score, boosts) from the query itself, so `must`, `filter`, `should` and `must_not` keep their marks
 * (`+`, `#`, none, `-`); leaf queries from what they compiled to for the index (analysed terms, phrases, point
 * ranges). Where Tessera's plan keeps less than Lucene's query, the rendering is close rather than exact; docs/search.md
 * lists where.
 */
import type { Query } from '../query.js';
import type { CompileContext } from '../compile/compile-context.js';
import { compileQuery } from '../compile/compile-query.js';
import type { Bounds, DocSet } from '../search-plan.js';
import { floatForJson } from '../analysis/bm25.js';
import { minimumShouldMatch } from '../compile/minimum-should-match.js';

/** Java's Float.toString of a boost: `2.0`, `0.5`. */
function javaFloat(n: number): string {
  const value = floatForJson(n);
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

const boosted = (text: string, boost: number) => (boost === 1 ? text : `(${text})^${javaFloat(boost)}`);
const LONG_MIN = '-9223372036854775808';
const LONG_MAX = '9223372036854775807';

/** PointRangeQuery.toString: inclusive bounds, the type's extremes for open ones. */
function pointRange(field: string, b: Bounds<number>): string {
  const low = b.gte ?? (b.gt === undefined ? LONG_MIN : Number.isInteger(b.gt) ? b.gt + 1 : b.gt);
  const high = b.lte ?? (b.lt === undefined ? LONG_MAX : Number.isInteger(b.lt) ? b.lt - 1 : b.lt);
  return `${field}:[${low} TO ${high}]`;
}

/** TermRangeQuery.toString: `{`/`[` per bound, `*` for an open one. */
function termRange(field: string, b: Bounds<string>): string {
  const low = b.gte ?? b.gt;
  const high = b.lte ?? b.lt;
  return `${field}:${b.gte !== undefined || low === undefined ? '[' : '{'}${low ?? '*'} TO ${high ?? '*'}${b.lte !== undefined || high === undefined ? ']' : '}'}`;
}

/** A BooleanQuery's clauses joined; nested ones in parentheses, as BooleanQuery.toString does below the top. */
function clauses(parts: readonly [string, DocSet | string][]): string {
  return parts.map(([mark, part]) => mark + (typeof part === 'string' ? part : nested(part))).join(' ');
}

const isBoolean = (s: DocSet) => s.op === 'and' || s.op === 'or' || s.op === 'not' || (s.op === 'terms' && s.terms.length > 1);
const nested = (s: DocSet) => (isBoolean(s) ? `(${renderSet(s)})` : renderSet(s));

/** A compiled document set as the Lucene query it stands for. */
export function renderSet(set: DocSet): string {
  switch (set.op) {
    case 'all':
      return '*:*';
    case 'none':
      return 'MatchNoDocsQuery("")';
    case 'keywords':
      return set.values.length === 1 ? `${set.field}:${set.values[0]}` : `${set.field}:(${set.values.join(' ')})`;
    case 'keyword_range':
    case 'term_range':
      return termRange(set.field, set.bounds);
    case 'keyword_pattern':
    case 'term_pattern':
      return `${set.field}:${set.prefix}*`;
    case 'numbers':
      return set.values.length === 1 ? `${set.field}:[${set.values[0]} TO ${set.values[0]}]` : `${set.field}:{${set.values.join(' ')}}`;
    case 'number_range':
      return pointRange(set.field, set.bounds);
    case 'has_value':
    case 'has_terms':
      return `FieldExistsQuery [field=${set.field}]`;
    case 'terms':
      return set.terms.map((t) => `${set.field}:${t}`).join(' ');
    case 'phrase': {
      const words = set.terms.map((alternatives) => (alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' ')})`));
      return `${set.field}:"${words.join(' ')}${set.prefixLast === undefined ? '' : '*'}"${set.slop > 0 ? `~${set.slop}` : ''}`;
    }
    case 'ids':
      return `_id:(${set.ids.join(' ')})`;
    case 'docs':
      return `DocsQuery(${set.docs.length})`;
    case 'seq_range':
      return pointRange('_seq_no', set.bounds);
    case 'nested_docs':
      return `_nested_path:${set.path}`;
    case 'nested':
      return `ToParentBlockJoinQuery (${renderSet(set.inner)})`;
    case 'and':
      return clauses(set.sets.map((s) => ['+', s]));
    case 'or':
      return set.min > 1 ? `(${clauses(set.sets.map((s) => ['', s]))})~${set.min}` : clauses(set.sets.map((s) => ['', s]));
    case 'not':
      return clauses([['+', set.from], ['-', set.without]]);
  }
}

/** The query as Lucene writes it, compiled for `ctx`'s index. */
export function luceneString(q: Query, ctx: CompileContext): string {
  switch (q.kind) {
    case 'match_all':
      return boosted('*:*', q.boost);
    case 'match_none':
      return 'MatchNoDocsQuery("User requested \\"match_none\\" query.")';
    case 'constant_score':
      return boosted(`ConstantScore(${luceneString(q.filter, ctx)})`, q.boost);
    case 'bool': {
      const part = (c: Query) => {
        const text = luceneString(c, ctx);
        return c.kind === 'bool' && c.boost === 1 ? `(${text})` : text;
      };
      const parts = [...q.must.map((c) => `+${part(c)}`), ...q.filter.map((c) => `#${part(c)}`), ...q.should.map(part), ...q.mustNot.map((c) => `-${part(c)}`)];
      // A bool of must_not clauses alone matches every document but those (Queries.fixNegativeQueryIfNeeded).
      if (q.must.length + q.filter.length + q.should.length === 0 && q.mustNot.length > 0) parts.push('#*:*');
      // Only a `minimum_should_match` given sets Lucene's minimum (Queries.applyMinimumShouldMatch).
      const minimum = minimumShouldMatch(q.should.length, q.minimumShouldMatch) ?? 0;
      const text = parts.length === 0 ? '*:*' : parts.join(' ');
      const withMinimum = minimum > 0 ? `(${text})~${minimum}` : text;
      return boosted(withMinimum, q.boost);
    }
    default: {
      const { set } = compileQuery(q, ctx, false);
      return boosted(renderSet(set), q.boost);
    }
  }
}
