/**
 * @module A query compiled for one index: the set of documents it matches and how they score. `scoring` is false in
 * filter context (bool `filter` and `must_not`, constant_score, `_count`), where nothing is scored.
 */
import { ClusterError, ClusterErrors } from '../../cluster-error.js';
import type { Query } from '../query.js';
import { ALL, and, NONE, not, or, withUniverse, ZERO, type CompiledQuery, type DocSet, type Scorer } from '../search-plan.js';
import { scopedFields } from '../index-fields.js';
import { queryShardError } from '../search-errors.js';
import type { CompileContext } from './compile-context.js';
import { minimumShouldMatch } from './minimum-should-match.js';
import { compileTermLevel } from './term-level.js';
import { match, multiMatch, phrase } from './full-text.js';
import { compileQueryString, compileSimpleQueryString } from './query-string.js';

type Of<K extends Query['kind']> = Extract<Query, { kind: K }>;

/** A clause that scores only where it matches needs no gate; one whose parts may score elsewhere does. */
export function gated(c: CompiledQuery): Scorer {
  if (c.scorer.kind === 'zero' || c.scorer.kind === 'constant') return c.scorer;
  if (c.scorer.kind === 'bm25' && c.set.op === 'terms') return c.scorer;
  return { kind: 'gated', set: c.set, scorer: c.scorer };
}

function bool(q: Of<'bool'>, ctx: CompileContext, scoring: boolean): CompiledQuery {
  const must = q.must.map((c) => compileQuery(c, ctx, scoring));
  const should = q.should.map((c) => compileQuery(c, ctx, scoring));
  const filter = q.filter.map((c) => compileQuery(c, ctx, false));
  const mustNot = q.mustNot.map((c) => compileQuery(c, ctx, false));
  // With no required clause at least one optional one must match (BoolQueryBuilder.doToQuery), else none need to.
  const required = must.length + filter.length;
  const minimum = minimumShouldMatch(should.length, q.minimumShouldMatch) ?? (required === 0 && should.length > 0 ? 1 : 0);
  const optional = minimum > 0 ? or(should.map((c) => c.set), minimum) : ALL;
  const set = not(and([...must.map((c) => c.set), ...filter.map((c) => c.set), optional]), or(mustNot.map((c) => c.set)));
  if (!scoring || set.op === 'none') return { set, scorer: ZERO };
  const parts = [...must.map((c) => c.scorer), ...should.map(gated)].filter((s) => s.kind !== 'zero');
  return { set, scorer: parts.length === 0 ? ZERO : { kind: 'sum', parts, boost: q.boost } };
}

/**
 * NestedQueryBuilder: the inner query runs over the nested documents at `path` (its fields those of the nested
 * object, `match_all` meaning every nested document there) and matches their parents, scored by `score_mode`.
 */
function nested(q: Of<'nested'>, ctx: CompileContext, scoring: boolean): CompiledQuery {
  if (ctx.allFields.objects.get(q.path) !== 'nested') {
    if (q.ignoreUnmapped) return { set: NONE, scorer: ZERO };
    throw queryShardError(ctx.index, new ClusterError('illegal_state_exception', 500, `[nested] failed to find nested object under path [${q.path}]`));
  }
  const innerCtx = { ...ctx, fields: scopedFields(ctx.allFields, q.path) };
  const inner = compileQuery(q.query, innerCtx, scoring && q.scoreMode !== 'none');
  const universe: DocSet = { op: 'nested_docs', path: q.path };
  const innerSet = and([universe, withUniverse(inner.set, universe)]);
  if (innerSet.op === 'none') return { set: NONE, scorer: ZERO };
  const set: DocSet = { op: 'nested', path: q.path, inner: innerSet };
  return { set, scorer: scoring ? { kind: 'nested', path: q.path, set: innerSet, scorer: inner.scorer, mode: q.scoreMode, boost: q.boost } : ZERO };
}

export function compileQuery(q: Query, ctx: CompileContext, scoring: boolean): CompiledQuery {
  const termLevel = compileTermLevel(q, ctx, scoring);
  if (termLevel) return termLevel;
  switch (q.kind) {
    case 'match_all':
      return { set: ALL, scorer: scoring ? { kind: 'constant', set: ALL, boost: q.boost } : ZERO };
    case 'match_none':
      return { set: NONE, scorer: ZERO };
    case 'bool':
      return bool(q, ctx, scoring);
    case 'constant_score': {
      const { set } = compileQuery(q.filter, ctx, false);
      return { set, scorer: scoring && set.op !== 'none' ? { kind: 'constant', set, boost: q.boost } : ZERO };
    }
    case 'match':
      return match(q, q.field, q.boost, ctx, scoring);
    case 'match_phrase':
    case 'match_phrase_prefix':
      return phrase(q, q.field, q.boost, ctx, scoring);
    case 'multi_match':
      return multiMatch(q, ctx, scoring);
    case 'query_string':
      return compileQueryString(q, ctx, scoring);
    case 'simple_query_string':
      return compileSimpleQueryString(q, ctx, scoring);
    case 'nested':
      return nested(q, ctx, scoring);
    default:
      throw ClusterErrors.illegalArgument(`Tessera does not support the [${q.kind}] query yet`);
  }
}
