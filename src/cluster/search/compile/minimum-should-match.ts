/**
 * @module `minimum_should_match` applied to a number of optional clauses (Queries.calculateMinShouldMatch):
 * `3`, `-2`, `75%`, `-25%`, and conditional forms `2<75%` or `3<-1 5<50%`.
 */

const ONE_PERCENT = Math.fround(1 / 100);

function simple(count: number, spec: string): number {
  let result: number;
  if (spec.includes('%')) {
    const percent = Number.parseInt(spec.slice(0, -1), 10);
    // Java's float arithmetic, whose rounding decides cases such as 30% of 10 (2, not 3).
    const calc = Math.fround(Math.fround(count * percent) * ONE_PERCENT);
    result = calc < 0 ? count + Math.trunc(calc) : Math.trunc(calc);
  } else {
    const calc = Number.parseInt(spec, 10);
    result = calc < 0 ? count + calc : calc;
  }
  return result < 0 ? 0 : result;
}

/** How many of `count` optional clauses must match; undefined when no spec was given. */
export function minimumShouldMatch(count: number, spec: string | undefined): number | undefined {
  if (spec === undefined) return undefined;
  const text = spec.trim();
  if (!text.includes('<')) return simple(count, text);
  let result = count;
  for (const part of text.replace(/\s*<\s*/g, '<').split(/\s+/)) {
    const [upperBound, rule] = part.split('<');
    if (count <= Number.parseInt(upperBound!, 10)) return result;
    result = simple(count, rule!.trim());
  }
  return result;
}
