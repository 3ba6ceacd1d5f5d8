/**
 * @module query_string (and `?q=`) and simple_query_string on one index (QueryStringQueryBuilder.doToQuery,
 * SimpleQueryStringBuilder.doToQuery): the text parsed by its syntax, each piece compiled per field by
 * query-string-fields.ts, the boolean structure kept as the parser built it. A syntax error is the 400 ES raises:
 * `query_shard_exception` "Failed to parse query [<text>]", caused by Lucene's "Cannot parse '<text>': …".
 */
import { ClusterError } from '../../cluster-error.js';
import type { Fuzziness, Query } from '../query.js';
import { resolveField } from '../index-fields.js';
import { ALL, and, not, or, ZERO, type CompiledQuery, type Scorer } from '../search-plan.js';
import { LuceneSyntaxError, parseLuceneQuery, type LuceneQuery, type Occur } from '../query-string/lucene-syntax.js';
import { buildSimpleTree, parseSimpleQuery, type SimpleLeaf, type SimpleTree } from '../query-string/simple-syntax.js';
import type { CompileContext } from './compile-context.js';
import { compileQuery, gated } from './compile-query.js';
import { minimumShouldMatch } from './minimum-should-match.js';
import {
  fieldAndBoost, fuzzyQuery, NOTHING, phraseQuery, prefixQuery, rangeQuery, regexpQuery, resolveTargets, textQuery, wildcardQuery,
  type PieceSettings, type Target,
} from './query-string-fields.js';

type Of<K extends Query['kind']> = Extract<Query, { kind: K }>;

const AUTO: Fuzziness = { auto: [3, 6] };
const everything = (scoring: boolean): CompiledQuery => ({ set: ALL, scorer: scoring ? { kind: 'constant', set: ALL, boost: 1 } : ZERO });

/** The parse failure as ES reports it, Lucene's exception (and its own cause) under the shard exception. */
function parseFailure(ctx: CompileContext, text: string, error: LuceneSyntaxError): ClusterError {
  const lucene = new ClusterError(error.javaType, 400, error.message);
  const cause = new ClusterError('parse_exception', 400, `Cannot parse '${text}': ${error.message}`, {}, lucene);
  lucene.java = cause.java = true;
  return new ClusterError('query_shard_exception', 400, `Failed to parse query [${text}]`, { index_uuid: ctx.index.uuid, index: ctx.index.name }, cause);
}

/** A BooleanQuery of compiled clauses; a purely negative one also matches everything else (fixNegativeQueryIfNeeded). */
function booleanOf(clauses: readonly { occur: Occur; query: CompiledQuery }[], boost: number, scoring: boolean, msm?: string, fixNegative = true): CompiledQuery {
  const must = clauses.filter((c) => c.occur === 'must').map((c) => c.query);
  const should = clauses.filter((c) => c.occur === 'should').map((c) => c.query);
  const mustNot = clauses.filter((c) => c.occur === 'must_not').map((c) => c.query);
  const negativeOnly = fixNegative && must.length === 0 && should.length === 0 && mustNot.length > 0;
  const minimum = minimumShouldMatch(should.length, msm) ?? (must.length === 0 && should.length > 0 ? 1 : 0);
  const optional = minimum > 0 ? or(should.map((c) => c.set), minimum) : ALL;
  const positive = negativeOnly ? ALL : and([...must.map((c) => c.set), optional]);
  const set = not(positive, or(mustNot.map((c) => c.set)));
  if (!scoring || set.op === 'none') return { set, scorer: ZERO };
  const parts: Scorer[] = [...must.map((c) => c.scorer), ...should.map(gated)].filter((s) => s.kind !== 'zero');
  return { set, scorer: parts.length === 0 ? ZERO : { kind: 'sum', parts, boost } };
}

const boosted = (c: CompiledQuery, boost: number): CompiledQuery => (boost === 1 || c.scorer.kind === 'zero' ? c : { set: c.set, scorer: { kind: 'sum', parts: [c.scorer], boost } });

interface QueryStringSettings extends PieceSettings {
  readonly text: string;
  /** The parser's own field (`this.field`): `*`, the default_field, or none when `fields` are given. */
  readonly parserField?: string;
  readonly defaults: readonly Target[];
  readonly phraseSlop: number;
  readonly fuzziness: Fuzziness;
  readonly allowLeadingWildcard: boolean;
  readonly timeZone?: string;
}

/** QueryStringQueryParser.extractMultiFields: the parser's defaults, or what a field named in the text reaches. */
function targetsOf(s: QueryStringSettings, field: string | undefined): readonly Target[] {
  if (field === undefined || (field === '*' && s.parserField === '*')) return s.defaults;
  return resolveTargets([{ field, boost: 1 }], s.ctx);
}

/** Fuzziness.fromString(...).asDistance(term) for what followed `~`; a bare `~` takes the query's `fuzziness`. */
function fuzzinessOf(distance: string, s: QueryStringSettings): Fuzziness {
  if (distance === '') return s.fuzziness;
  if (/^auto/i.test(distance)) return AUTO;
  const n = Number.parseFloat(distance);
  if (Number.isNaN(n)) return s.fuzziness;
  if (n < 0) throw new LuceneSyntaxError('Minimum similarity for a FuzzyQuery has to be between 0.0f and 1.0f !');
  return { edits: Math.min(2, Math.trunc(n)) as 0 | 1 | 2 };
}

/** getFieldQuery for unquoted text: `_exists_:f`, one-sided ranges (`age:>=10`), a date with time_zone, else analysed text. */
function textPiece(node: Extract<LuceneQuery, { kind: 'text' }>, s: QueryStringSettings, boost: number, msm?: string): CompiledQuery | null {
  const field = node.field ?? s.parserField;
  if (field === '_exists_') return boosted(compileExists(node.text, s), boost);
  const { text } = node;
  if (field !== undefined && text.length > 1 && (text[0] === '>' || text[0] === '<')) {
    const inclusive = text.length > 2 && text[1] === '=';
    const value = text.slice(inclusive ? 2 : 1);
    const bounds = text[0] === '>' ? { from: value, to: null, includeFrom: inclusive, includeTo: true } : { from: null, to: value, includeFrom: true, includeTo: inclusive };
    return rangeQuery(targetsOf(s, field), bounds, s, boost, s.timeZone);
  }
  if (field !== undefined && text.length > 1 && s.timeZone !== undefined && resolveField(s.ctx.fields, field)?.family === 'date') {
    return rangeQuery(targetsOf(s, field), { from: text, to: text, includeFrom: true, includeTo: true }, s, boost, s.timeZone);
  }
  // Lucene flattens one field's words into the top clauses, where minimum_should_match counts them; several fields
  // make a dis_max that it leaves alone (the ES docs' "minimum_should_match with multiple fields").
  const targets = targetsOf(s, node.field);
  return textQuery(targets, text, s, boost, targets.length === 1 ? msm : undefined);
}

/** `_exists_:field` and `field:*` (existsQuery): the field, or every field a pattern reaches, has a value. */
const compileExists = (field: string, s: PieceSettings): CompiledQuery => compileQuery({ kind: 'exists', field, boost: 1 }, s.ctx, s.scoring);

function piece(node: LuceneQuery, s: QueryStringSettings, msm?: string): CompiledQuery | null {
  const boost = node.boost ?? 1;
  switch (node.kind) {
    case 'bool': {
      const clauses = node.clauses.flatMap((c) => {
        const query = piece(c.query, s);
        return query === null ? [] : [{ occur: c.occur, query }];
      });
      return clauses.length === 0 ? null : booleanOf(clauses, boost, s.scoring, msm);
    }
    case 'text':
      return textPiece(node, s, boost, msm);
    case 'phrase':
      return node.field === '_exists_' ? boosted(compileExists(node.text, s), boost) : phraseQuery(targetsOf(s, node.field), node.text, node.slop ?? s.phraseSlop, s, boost);
    case 'prefix':
      return prefixQuery(targetsOf(s, node.field), node.text, s, boost);
    case 'wildcard': {
      // getWildcardQuery: `*` on all fields matches everything, on one field (or pattern) asks for a value.
      const field = node.field ?? s.parserField;
      if (node.pattern === '*' && field !== undefined) return boosted(/^\*+$/.test(field) ? everything(s.scoring) : compileExists(field, s), boost);
      if (node.pattern !== '*' && !s.allowLeadingWildcard && /^[*?]/.test(node.pattern)) throw new LuceneSyntaxError("'*' or '?' not allowed as first character in WildcardQuery");
      return wildcardQuery(targetsOf(s, node.field), node.pattern, s, boost);
    }
    case 'regexp':
      return regexpQuery(targetsOf(s, node.field), node.pattern, s, boost);
    case 'fuzzy':
      return fuzzyQuery(targetsOf(s, node.field), node.text, fuzzinessOf(node.distance, s), s, boost);
    case 'range':
      return rangeQuery(targetsOf(s, node.field), node, s, boost, s.timeZone);
  }
}

/** The fields and leniency the builder gives its parser: default_field, else `fields`, else index.query.default_field. */
function defaultsOf(given: { defaultField?: string; fields: readonly Target[]; lenient: boolean }, ctx: CompileContext): { parserField?: string; defaults: Target[]; lenient: boolean } {
  const all = (names: readonly string[]) => names.some((n) => n === '*');
  if (given.defaultField !== undefined) {
    if (all([given.defaultField])) return { parserField: '*', defaults: resolveTargets([{ field: '*', boost: 1 }], ctx), lenient: true };
    return { parserField: given.defaultField, defaults: resolveTargets([{ field: given.defaultField, boost: 1 }], ctx), lenient: given.lenient };
  }
  if (given.fields.length > 0) return { defaults: resolveTargets(given.fields, ctx), lenient: given.lenient || all(given.fields.map((f) => f.field)) };
  const specs = ctx.defaultFields.map(fieldAndBoost);
  if (all(specs.map((f) => f.field))) return { parserField: '*', defaults: resolveTargets([{ field: '*', boost: 1 }], ctx), lenient: true };
  return { defaults: resolveTargets(specs, ctx), lenient: given.lenient };
}

export function compileQueryString(q: Of<'query_string'>, ctx: CompileContext, scoring: boolean): CompiledQuery {
  // QueryStringQueryParser.parse: blank text matches nothing, before Lucene sees it.
  if (q.query.trim() === '') return NOTHING;
  const { parserField, defaults, lenient } = defaultsOf(q, ctx);
  const s: QueryStringSettings = {
    ctx, scoring, lenient, operator: q.defaultOperator, analyzeWildcard: q.analyzeWildcard, text: q.query, defaults, phraseSlop: q.phraseSlop,
    fuzziness: q.fuzziness ?? AUTO, allowLeadingWildcard: q.allowLeadingWildcard,
    ...(parserField !== undefined && { parserField }), ...(q.analyzer !== undefined && { analyzer: q.analyzer }), ...(q.timeZone !== undefined && { timeZone: q.timeZone }),
  };
  let compiled: CompiledQuery | null;
  try {
    compiled = piece(parseLuceneQuery(q.query, q.defaultOperator), s, q.minimumShouldMatch);
  } catch (error) {
    if (error instanceof LuceneSyntaxError) throw parseFailure(ctx, q.query, error);
    throw error;
  }
  return boosted(compiled ?? NOTHING, q.boost);
}

export function compileSimpleQueryString(q: Of<'simple_query_string'>, ctx: CompileContext, scoring: boolean): CompiledQuery {
  const { defaults, lenient } = defaultsOf({ fields: q.fields, lenient: q.lenient }, ctx);
  const s: PieceSettings = { ctx, scoring, lenient, operator: q.defaultOperator, analyzeWildcard: q.analyzeWildcard, ...(q.analyzer !== undefined && { analyzer: q.analyzer }) };
  const leaf = (node: SimpleLeaf): CompiledQuery | null => {
    if (node.kind === 'phrase') return phraseQuery(defaults, node.text, node.slop, s, 1);
    if (node.kind === 'prefix') return prefixQuery(defaults, node.text, s, 1);
    if (node.kind === 'fuzzy') return fuzzyQuery(defaults, node.text, { edits: node.edits as 0 | 1 | 2 }, s, 1);
    return textQuery(defaults, node.text, s, 1);
  };
  const tree = buildSimpleTree(parseSimpleQuery(q.query, q.flags), q.defaultOperator === 'and' ? 'must' : 'should', leaf, everything(scoring));
  const build = (t: SimpleTree<CompiledQuery>, msm?: string): CompiledQuery =>
    t.kind === 'leaf' ? t.query : booleanOf(t.clauses.map((c) => ({ occur: c.occur, query: build(c.query) })), 1, scoring, msm, false);
  return boosted(tree === null ? NOTHING : build(tree, q.minimumShouldMatch), q.boost);
}
