/** @module Elasticsearch's simple wildcard matching (`Regex.simpleMatch`): `*` matches any run of characters. */

export function isWildcard(pattern: string): boolean {
  return pattern.includes('*');
}

type Matcher = (value: string) => boolean;

/** Compiled patterns by their text; patterns come from requests too, so the cache forgets its oldest past this many. */
const MAX_CACHED = 1_000;
const compiled = new Map<string, Matcher>();

/** The pattern's literal runs between stars, matched left to right: linear in the value, whatever the stars. */
function compile(pattern: string): Matcher {
  if (!pattern.includes('*')) return (value) => value === pattern;
  const parts = pattern.split('*');
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  const middle = parts.slice(1, -1);
  return (value) => {
    if (!value.startsWith(first)) return false;
    let position = first.length;
    for (const part of middle) {
      const at = value.indexOf(part, position);
      if (at < 0) return false;
      position = at + part.length;
    }
    return value.length - last.length >= position && value.endsWith(last);
  };
}

/** The pattern's test, to hold on to when one pattern is matched against many values. */
export function matcherOf(pattern: string): Matcher {
  let matcher = compiled.get(pattern);
  if (matcher === undefined) {
    matcher = compile(pattern);
    if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value!);
    compiled.set(pattern, matcher);
  }
  return matcher;
}

export function matchesPattern(pattern: string, value: string): boolean {
  return matcherOf(pattern)(value);
}

/** Whether some name matches both patterns (ES intersects the patterns' automatons). */
export function patternsIntersect(a: string, b: string): boolean {
  const memo = new Map<number, boolean>();
  const walk = (i: number, j: number): boolean => {
    const id = i * (b.length + 1) + j;
    const known = memo.get(id);
    if (known !== undefined) return known;
    let result: boolean;
    if (i === a.length && j === b.length) result = true;
    else if (i < a.length && a[i] === '*') result = walk(i + 1, j) || (j < b.length && walk(i, j + 1));
    else if (j < b.length && b[j] === '*') result = walk(i, j + 1) || (i < a.length && walk(i + 1, j));
    else result = i < a.length && j < b.length && a[i] === b[j] && walk(i + 1, j + 1);
    memo.set(id, result);
    return result;
  };
  return walk(0, 0);
}
