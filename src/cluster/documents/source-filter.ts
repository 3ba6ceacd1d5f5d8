/**
 * @module Which part of a document's `_source` a read returns (ES's FetchSourceContext) and the filtering itself, as
 * XContentMapValues.filter does it: include and exclude patterns are dotted paths where `*` matches any characters
 * (dots too); an included object comes whole, an object reached only on the way to an include comes with just what
 * matched (and not at all when nothing did), and an excluded path goes with everything under it.
 */

export interface FetchSource {
  /** Whether `_source` is returned at all. */
  readonly fetch: boolean;
  readonly includes: readonly string[];
  readonly excludes: readonly string[];
}

export const FETCH_WHOLE_SOURCE: FetchSource = Object.freeze({ fetch: true, includes: [], excludes: [] });

/** The pattern positions a glob can be in after reading `text`, from `states` (a `*` absorbs any character). */
function advance(pattern: string, states: ReadonlySet<number>, text: string): Set<number> {
  let current = closure(pattern, states);
  for (const c of text) {
    const next = new Set<number>();
    for (const i of current) {
      if (pattern[i] === '*') next.add(i);
      else if (pattern[i] === c) next.add(i + 1);
    }
    current = closure(pattern, next);
    if (current.size === 0) break;
  }
  return current;
}

/** Positions reachable without reading: a `*` may match nothing. */
function closure(pattern: string, states: ReadonlySet<number>): Set<number> {
  const out = new Set(states);
  for (const i of [...out].sort((a, b) => a - b)) {
    for (let j = i; pattern[j] === '*'; j++) out.add(j + 1);
  }
  return out;
}

/** One pattern's progress along the current path. */
interface Matcher {
  readonly pattern: string;
  readonly states: ReadonlySet<number>;
}

function step(matchers: readonly Matcher[], text: string): Matcher[] {
  return matchers.map((m) => ({ pattern: m.pattern, states: advance(m.pattern, m.states, text) })).filter((m) => m.states.size > 0);
}

const accepts = (matchers: readonly Matcher[]) => matchers.some((m) => m.states.has(m.pattern.length));

const start = (patterns: readonly string[]): Matcher[] => patterns.map((pattern) => ({ pattern, states: new Set([0]) }));

/** Includes in progress, or `all` once an include has matched a whole path (everything below is included). */
type Includes = Matcher[] | 'all';

function filterObject(source: Record<string, unknown>, includes: Includes, excludes: Matcher[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    const excluded = step(excludes, key);
    if (accepts(excluded)) continue;
    let included: Includes = 'all';
    if (includes !== 'all') {
      const stepped = step(includes, key);
      if (!accepts(stepped)) {
        if (stepped.length === 0) continue;
        included = stepped;
      }
    }
    const kept = filterValue(value, included, excluded);
    if (kept !== undefined) Object.defineProperty(out, key, { value: kept, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A value under a path: undefined when nothing of it is kept. */
function filterValue(value: unknown, included: Includes, excluded: Matcher[]): unknown {
  const whole = included === 'all';
  if (Array.isArray(value)) {
    const kept = value.flatMap((item) => {
      const filtered = filterValue(item, included, excluded);
      return filtered === undefined ? [] : [filtered];
    });
    return whole || kept.length > 0 ? kept : undefined;
  }
  if (value !== null && typeof value === 'object') {
    const nested = (m: Includes) => (m === 'all' ? 'all' : step(m, '.'));
    const kept = filterObject(value as Record<string, unknown>, nested(included), step(excluded, '.'));
    return whole || Object.keys(kept).length > 0 ? kept : undefined;
  }
  return whole ? value : undefined;
}

/** The part of `source` that `fetch` asks for (the caller has checked that it asks for the source at all). */
export function filterSource(source: unknown, fetch: FetchSource): unknown {
  if (fetch.includes.length === 0 && fetch.excludes.length === 0) return source;
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return source;
  return filterObject(source as Record<string, unknown>, fetch.includes.length === 0 ? 'all' : start(fetch.includes), start(fetch.excludes));
}
