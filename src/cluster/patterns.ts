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
