/**
 * @module The plain highlighter (ES's PlainHighlighter over Lucene's Highlighter, QueryScorer and
 * SimpleSpanFragmenter): each `_source` value of a field is re-analysed with the field's analyzer, the tokens the
 * query's terms match are wrapped in the tags, the text is cut into fragments of about `fragment_size` characters
 * (never inside a matched phrase), and the fragments holding the most distinct matched terms are kept, best first.
 */
import { ClusterErrors } from '../../cluster-error.js';
import { analyze, type Token } from '../analysis/analyze.js';
import type { DocSet } from '../search-plan.js';
import type { HighlightOptions } from './parse-highlight.js';

/** `index.highlight.max_analyzed_offset`'s default. */
export const DEFAULT_MAX_ANALYZED_OFFSET = 1_000_000;

/** What a query asks to highlight, per field: whole terms, phrases (token runs), and term patterns. */
export interface HighlightTerms {
  readonly terms: Map<string, Set<string>>;
  readonly phrases: { field: string; terms: readonly (readonly string[])[]; slop: number }[];
  readonly patterns: { field: string; test: (term: string) => boolean }[];
}

/** The terms of a compiled query, as WeightedSpanTermExtractor takes them: every clause but the prohibited ones. */
export function highlightTerms(set: DocSet): HighlightTerms {
  const out: HighlightTerms = { terms: new Map(), phrases: [], patterns: [] };
  const add = (field: string, term: string) => {
    let terms = out.terms.get(field);
    if (!terms) out.terms.set(field, (terms = new Set()));
    terms.add(term);
  };
  const visit = (s: DocSet) => {
    switch (s.op) {
      case 'terms':
        for (const t of s.terms) add(s.field, t);
        break;
      case 'keywords':
        for (const v of s.values) add(s.field, v);
        break;
      case 'phrase':
        if (s.terms.length === 1) for (const t of s.terms[0]!) add(s.field, t);
        else out.phrases.push({ field: s.field, terms: s.terms, slop: s.slop });
        break;
      case 'term_pattern':
      case 'keyword_pattern': {
        const { prefix, pattern } = s;
        out.patterns.push({ field: s.field, test: (term) => term.startsWith(prefix) && (pattern === undefined || pattern.test(term)) });
        break;
      }
      case 'and':
      case 'or':
        s.sets.forEach(visit);
        break;
      case 'not':
        visit(s.from);
        break;
      default:
        break;
    }
  };
  visit(set);
  return out;
}

/** Positions of the tokens a phrase of the query covers in `tokens` (QueryScorer's position-sensitive span terms). */
function phraseSpans(tokens: readonly Token[], phrases: HighlightTerms['phrases'], accepts: (field: string) => boolean): { positions: Set<number>; spans: Map<number, number> } {
  const positions = new Set<number>();
  const spans = new Map<number, number>();
  const at = new Map<number, string>();
  for (const t of tokens) at.set(t.position, t.term);
  for (const phrase of phrases) {
    if (!accepts(phrase.field)) continue;
    for (const t of tokens) {
      if (!phrase.terms[0]!.includes(t.term)) continue;
      // With slop the words may sit up to `slop` apart: each must follow the previous within it (in order).
      let position = t.position;
      let ok = true;
      const covered = [position];
      for (const alternatives of phrase.terms.slice(1)) {
        let found: number | undefined;
        for (let p = position + 1; p <= position + 1 + phrase.slop; p++) {
          if (alternatives.includes(at.get(p) ?? '\u0000')) {
            found = p;
            break;
          }
        }
        if (found === undefined) {
          ok = false;
          break;
        }
        position = found;
        covered.push(found);
      }
      if (!ok) continue;
      for (const p of covered) positions.add(p);
      spans.set(t.position, position);
    }
  }
  return { positions, spans };
}

interface Fragment {
  readonly num: number;
  readonly start: number;
  end: number;
  score: number;
}

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;', '/': '&#x2F;' };

/** The fragments of one value, best first (Highlighter.getBestTextFragments without merging), with score > 0. */
export function highlightValue(text: string, analyzer: string, field: string, query: HighlightTerms, options: HighlightOptions): { text: string; score: number; num: number }[] {
  const accepts = (f: string) => !options.requireFieldMatch || f === field;
  const tokens = analyze(analyzer, text);
  const { positions: phrasePositions, spans } = phraseSpans(tokens, query.phrases, accepts);
  const matches = (t: Token): string | undefined => {
    if (phrasePositions.has(t.position)) return t.term;
    for (const [f, terms] of query.terms) if (accepts(f) && terms.has(t.term)) return t.term;
    for (const p of query.patterns) if (accepts(p.field) && p.test(t.term)) return t.term;
    return undefined;
  };
  const encode = options.encoder === 'html' ? (s: string) => s.replace(/[&<>"'/]/g, (c) => HTML[c]!) : (s: string) => s;
  const pre = options.preTags[0] ?? '<em>';
  const post = options.postTags[0] ?? '</em>';
  const fragmentSize = options.fragmentSize;
  const whole = options.numberOfFragments === 0;
  let out = '';
  let lastEnd = 0;
  const fragments: Fragment[] = [{ num: 0, start: 0, end: 0, score: 0 }];
  let found = new Set<string>();
  let score = 0;
  // SimpleSpanFragmenter's state; its position lags one token behind, as Lucene's does (it is not told of the first).
  let fragPosition = -1;
  let previousPosition = tokens[0]?.position ?? 0;
  let waitFor = -1;
  let fragmentsSoFar = 1;
  const isNewFragment = (t: Token): boolean => {
    if (whole) return false;
    fragPosition += t.position - previousPosition;
    previousPosition = t.position;
    if (options.fragmenter === 'span') {
      if (waitFor <= fragPosition) waitFor = -1;
      else if (waitFor !== -1) return false;
      const end = spans.get(fragPosition);
      if (end !== undefined) waitFor = end + 1;
    }
    const fresh = t.endOffset >= fragmentSize * fragmentsSoFar && text.length - t.endOffset >= fragmentSize >>> 1;
    if (fresh) fragmentsSoFar++;
    return fresh;
  };
  let group: { token: Token; hit: boolean } | undefined;
  const flush = () => {
    const { token, hit } = group!;
    if (token.startOffset > lastEnd) out += encode(text.slice(lastEnd, token.startOffset));
    const piece = encode(text.slice(token.startOffset, token.endOffset));
    out += hit ? pre + piece + post : piece;
    lastEnd = Math.max(lastEnd, token.endOffset);
    group = undefined;
  };
  for (const token of tokens) {
    if (group && token.startOffset >= group.token.endOffset) {
      flush();
      if (isNewFragment(token)) {
        const current = fragments[fragments.length - 1]!;
        current.score = score;
        current.end = out.length;
        fragments.push({ num: fragments.length, start: out.length, end: out.length, score: 0 });
        found = new Set();
        score = 0;
      }
    }
    const term = matches(token);
    if (term !== undefined && !found.has(term)) {
      found.add(term);
      score += 1;
    }
    if (!group) group = { token, hit: term !== undefined };
    else group.hit ||= term !== undefined;
  }
  const last = fragments[fragments.length - 1]!;
  last.score = score;
  if (group) flush();
  if (lastEnd < text.length) out += encode(text.slice(lastEnd));
  last.end = out.length;
  const wanted = whole ? 1 : options.numberOfFragments;
  return fragments
    .slice()
    .sort((a, b) => b.score - a.score || a.num - b.num)
    .slice(0, wanted)
    .filter((f) => f.score > 0)
    .map((f) => ({ text: out.slice(f.start, f.end), score: f.score, num: f.num }));
}

/** The fragments of a field's values (PlainHighlighter.highlight), or `no_match_size`'s excerpt when none matched. */
export function highlightField(values: readonly string[], analyzer: string, field: string, query: HighlightTerms, options: HighlightOptions, where: { doc: string; index: string; maxAnalyzedOffset: number }): string[] | undefined {
  const fragments: { text: string; score: number }[] = [];
  for (const text of values) {
    if (text.length > where.maxAnalyzedOffset) {
      throw ClusterErrors.illegalArgument(
        `The length [${text.length}] of field [${field}] in doc[${where.doc}]/index[${where.index}] exceeds the [index.highlight.max_analyzed_offset] limit [${where.maxAnalyzedOffset}]. To avoid this error, set the query parameter [max_analyzed_offset] to a value less than index setting [${where.maxAnalyzedOffset}] and this will tolerate long field values by truncating them.`,
      );
    }
    fragments.push(...highlightValue(text, analyzer, field, query, options));
  }
  // ES sorts by Math.round of the score difference: a stable sort on whole scores.
  if (options.scoreOrdered) fragments.sort((a, b) => Math.round(b.score - a.score));
  if (fragments.length > 0) {
    const count = options.numberOfFragments === 0 && values.length > 1 ? fragments.length : Math.min(fragments.length, options.numberOfFragments === 0 ? 1 : options.numberOfFragments);
    return fragments.slice(0, count).map((f) => f.text);
  }
  if (options.noMatchSize > 0 && values.length > 0) {
    const contents = values[0]!;
    // The excerpt ends on a token's end, at most no_match_size characters in (findGoodEndForNoHighlightExcerpt).
    let end = -1;
    for (const t of analyze(analyzer, contents)) {
      if (t.endOffset >= options.noMatchSize) {
        if (t.endOffset === options.noMatchSize) end = options.noMatchSize;
        return end > 0 ? [contents.slice(0, end)] : undefined;
      }
      end = t.endOffset;
    }
    return end > 0 ? [contents.slice(0, end)] : undefined;
  }
  return undefined;
}
