/**
 * @module `search_after` as a condition of the store's page query (so a page is cut in SQL, not in JavaScript): a
 * row is after the given values when, key by key in sort order, it is greater (in the key's order, with missing
 * values where the key places them) on the first key where they differ; equal on every key, the tie decides.
 */
import { sql, type RawBuilder } from 'kysely';
import type { PageAfter, StoreSortKey } from '../search/search-repository.js';

const TRUE = sql`1 = 1`;
const FALSE = sql`1 = 0`;

/** Strictly after and equal, for one key whose column in the page query is `s<i>`. */
function keyConditions(key: StoreSortKey, i: number, value: number | string | null): { gt: RawBuilder<unknown>; eq: RawBuilder<unknown> } {
  const column = sql.raw(`s${i}`);
  const beyond = (expr: RawBuilder<unknown>, v: number | string) => (key.order === 'asc' ? sql`${expr} > ${v}` : sql`${expr} < ${v}`);
  if (key.missing !== '_last' && key.missing !== '_first') {
    // A missing value sorts as the given one, so a missing after value reads as it too.
    const effective = sql`coalesce(${column}, ${key.missing})`;
    const v = value ?? key.missing;
    return { gt: beyond(effective, v), eq: sql`${effective} = ${v}` };
  }
  // Missing values go last (or first) whichever the order (as the page query orders them).
  if (value === null) return { gt: key.missing === '_first' ? sql`${column} is not null` : FALSE, eq: sql`${column} is null` };
  const present = sql`(${column} is not null and ${beyond(column, value)})`;
  return { gt: key.missing === '_last' ? sql`(${present} or ${column} is null)` : present, eq: sql`${column} = ${value}` };
}

export function afterCondition(sort: readonly StoreSortKey[], after: PageAfter): RawBuilder<unknown> {
  let condition: RawBuilder<unknown> = after.tie === true ? TRUE : after.tie === false ? FALSE : after.tie.order === 'asc' ? sql`doc > ${after.tie.doc}` : sql`doc < ${after.tie.doc}`;
  // Only the keys `values` covers (a decisive score key ends them early).
  for (let i = after.values.length - 1; i >= 0; i--) {
    const { gt, eq } = keyConditions(sort[i]!, i, after.values[i] ?? null);
    condition = sql`(${gt} or (${eq} and ${condition}))`;
  }
  return condition;
}
