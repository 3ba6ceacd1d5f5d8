/**
 * @module The term matchers of multi-term queries: wildcards (`*`, `?`, `\` escapes), Lucene regular expressions
 * (RegExp's syntax, whole-term, with its optional operators), and fuzzy matches (Levenshtein automata: edits within
 * `fuzziness`, the first `prefix_length` characters exact, a transposition one edit when allowed).
 */
import { ClusterErrors } from '../../cluster-error.js';
import type { Fuzziness } from '../query.js';
import type { TermMatcher } from '../search-plan.js';
import { queryShardError } from '../search-errors.js';
import type { CompileContext } from './compile-context.js';

const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The characters before the first wildcard: the part of the term dictionary worth reading. */
export function literalPrefix(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' || c === '?') break;
    if (c === '\\' && i + 1 < pattern.length) out += pattern[++i]!;
    else out += c;
  }
  return out;
}

export function wildcardRegExp(pattern: string, caseInsensitive: boolean): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') out += '[\\s\\S]*';
    else if (c === '?') out += '[\\s\\S]';
    else if (c === '\\' && i + 1 < pattern.length) out += escape(pattern[++i]!);
    else out += escape(c);
  }
  return new RegExp(`^${out}$`, caseInsensitive ? 'iu' : 'u');
}

/** A Lucene regular expression as a JavaScript one; its `#` (empty language) and `@` (any string) with flags that allow them. */
export function luceneRegExp(pattern: string, flags: string, ctx: CompileContext): TermMatcher {
  const enabled = new Set(flags.toUpperCase().split('|').map((f) => f.trim()));
  const all = enabled.has('ALL') || flags === '';
  const allows = (flag: string) => all || enabled.has(flag);
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) {
      out += escape(pattern[++i]!);
    } else if (c === '@' && allows('ANYSTRING')) {
      out += '[\\s\\S]*';
    } else if (c === '#' && allows('EMPTY')) {
      out += '(?!)';
    } else if (c === '<' && allows('INTERVAL')) {
      const end = pattern.indexOf('>', i);
      const match = end > 0 ? /^(\d+)-(\d+)$/.exec(pattern.slice(i + 1, end)) : null;
      if (!match) throw queryShardError(ctx.index, ClusterErrors.illegalArgument(`expected '>' at position ${i}`));
      const [lo, hi] = [Number(match[1]), Number(match[2])];
      const width = match[1]!.length;
      out += `(?:${Array.from({ length: Math.min(hi - lo + 1, 10_000) }, (_, k) => String(lo + k).padStart(width, '0')).join('|')})`;
      i = end;
    } else if ((c === '~' && allows('COMPLEMENT')) || (c === '&' && allows('INTERSECTION'))) {
      throw queryShardError(ctx.index, ClusterErrors.illegalArgument(`Tessera does not support the regular expression operator [${c}] yet`));
    } else if (c === '"') {
      const end = pattern.indexOf('"', i + 1);
      const literal = end > 0 ? pattern.slice(i + 1, end) : pattern.slice(i + 1);
      out += escape(literal);
      i = end > 0 ? end : pattern.length;
    } else if (c === '/' || c === '^' || c === '$') {
      out += escape(c);
    } else {
      out += c;
    }
  }
  let compiled: RegExp;
  try {
    compiled = new RegExp(`^(?:${out})$`, 'u');
  } catch (error) {
    throw queryShardError(ctx.index, ClusterErrors.illegalArgument(`invalid regular expression [${pattern}]: ${(error as Error).message}`));
  }
  return compiled;
}

/** FuzzyQuery's edit distance for a term: AUTO:low,high gives 0 below low characters, 1 below high, else 2. */
export function editsFor(text: string, fuzziness: Fuzziness): number {
  if ('edits' in fuzziness) return fuzziness.edits;
  const length = [...text].length;
  const [low, high] = fuzziness.auto;
  return length < low ? 0 : length < high ? 1 : 2;
}

/** Optimal string alignment distance, stopping once it exceeds `max`. */
function distance(a: readonly string[], b: readonly string[], max: number, transpositions: boolean): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (transpositions && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length]!;
}

export function fuzzyMatcher(text: string, fuzziness: Fuzziness, prefixLength: number, transpositions: boolean): TermMatcher {
  const chars = [...text];
  const max = editsFor(text, fuzziness);
  const prefix = chars.slice(0, prefixLength).join('');
  const rest = chars.slice(prefixLength);
  return {
    test(term: string) {
      if (!term.startsWith(prefix)) return false;
      return distance([...term.slice(prefix.length)], rest, max, transpositions) <= max;
    },
  };
}
