/** @module Elasticsearch's simple wildcard matching (`Regex.simpleMatch`): `*` matches any run of characters. */

export function isWildcard(pattern: string): boolean {
  return pattern.includes('*');
}

export function matchesPattern(pattern: string, value: string): boolean {
  if (!pattern.includes('*')) return pattern === value;
  const parts = pattern.split('*');
  let position = 0;
  for (const [i, part] of parts.entries()) {
    if (i === 0) {
      if (!value.startsWith(part)) return false;
      position = part.length;
    } else if (i === parts.length - 1) {
      return value.length - part.length >= position && value.endsWith(part);
    } else {
      const at = value.indexOf(part, position);
      if (at < 0) return false;
      position = at + part.length;
    }
  }
  return true;
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
