/**
 * @module ListRows' page as SQL, the same on SQLite and PostgreSQL. A sorted page reads in two parts, so the first
 * sort key's index drives it: first the rows whose first key is set, walked in that key's order (grid_cells_num),
 * each checked against the filters, stopping once the page is full; then, only if the page is not full, the rows whose
 * first key is empty (they sort last in either direction), in the order of the other keys. Without sorts the rows are
 * walked in grid order (grid_rows_position). Either way the store stops after one row more than the page.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { FieldType } from '../../gen/tessera/grid/v1/field_pb.js';
import type { SortValue } from '../rows/page-token.js';
import type { CellPredicate, RowCondition, SortKey } from '../rows/row-query.js';
import type { RowQuery } from '../rows/row-repository.js';
import type { GridTables } from './grid-tables.js';

type Db = Kysely<GridTables> | Transaction<GridTables>;

export interface FoundRow {
  readonly row_id: string;
  readonly position: string;
  readonly keys: readonly SortValue[];
}

/** The row's cell of `fieldId` as cell `alias`, among those its field reads (cells/cell-visibility.ts). */
function cellOf(alias: string, fieldId: string, types: readonly FieldType[]): RawBuilder<unknown> {
  const c = sql.ref(alias);
  return sql`${c}.grid_id = r.grid_id and ${c}.row_id = r.row_id and ${c}.field_id = ${fieldId} and ${c}.field_type in (${sql.join(types.map((t) => sql.lit(t)))})`;
}

function predicateSql(predicate: CellPredicate): RawBuilder<unknown> {
  if (predicate.column === 'text_key') {
    return predicate.op === 'like' ? sql`c.text_key like ${predicate.value} escape '\\'` : sql`c.text_key = ${predicate.value}`;
  }
  switch (predicate.op) {
    case 'not null':
      return sql`c.num_key is not null`;
    case 'between':
      return sql`c.num_key between ${predicate.from} and ${predicate.to}`;
    default:
      return sql`c.num_key ${sql.raw(predicate.op)} ${predicate.value}`;
  }
}

function conditionSql(condition: RowCondition): RawBuilder<unknown> {
  if (condition.kind === 'options') {
    const ids = sql.join(condition.optionIds.map((id) => sql`${id}`));
    const holding = sql`from grid_cell_options o where o.grid_id = r.grid_id and o.field_id = ${condition.fieldId} and o.row_id = r.row_id and o.option_id in (${ids})`;
    if (condition.mode === 'all') return sql`(select count(*) ${holding}) = ${condition.optionIds.length}`;
    return condition.mode === 'any' ? sql`exists (select 1 ${holding})` : sql`not exists (select 1 ${holding})`;
  }
  const cell = cellOf('c', condition.fieldId, condition.types);
  const where = condition.predicate ? sql`${cell} and ${predicateSql(condition.predicate)}` : cell;
  return condition.negate ? sql`not exists (select 1 from grid_cells c where ${where})` : sql`exists (select 1 from grid_cells c where ${where})`;
}

/** The sort key read from cell `alias`. */
function keyOf(sort: SortKey, alias: string): RawBuilder<unknown> {
  return sql.ref(`${alias}.${sort.key === 'text' ? 'text_sort' : 'num_key'}`);
}

/** The later sort keys' cells, joined once each: a key read by a column, not a subquery per use. */
function keyJoins(sorts: readonly SortKey[], first: number): RawBuilder<unknown> {
  return sql.join(
    sorts.map((sort, i) => {
      const alias = `s${first + i}`;
      return sql` left join grid_cells ${sql.ref(alias)} on ${cellOf(alias, sort.fieldId, sort.types)}`;
    }),
    sql``,
  );
}

/**
 * Rows after the cursor in the order `(k1 is null), k1, …, position`: empty keys sort last in either direction,
 * so "after" a row with an empty key means an equal (empty) key and a later tie-break.
 */
function afterCursor(keys: readonly RawBuilder<unknown>[], sorts: readonly SortKey[], values: readonly SortValue[], position: string): RawBuilder<unknown> {
  let rest: RawBuilder<unknown> = sql`r.position > ${position}`;
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i]!;
    const value = values[i]!;
    if (value === null) {
      rest = sql`(${key} is null and ${rest})`;
      continue;
    }
    const beyond = sorts[i]!.descending ? sql`${key} < ${value}` : sql`${key} > ${value}`;
    rest = sql`(${key} is null or ${beyond} or (${key} = ${value} and ${rest}))`;
  }
  return rest;
}

function orderBy(keys: readonly RawBuilder<unknown>[], sorts: readonly SortKey[]): RawBuilder<unknown> {
  const parts = keys.flatMap((key, i) => [sql`(case when ${key} is null then 1 else 0 end)`, sorts[i]!.descending ? sql`${key} desc` : sql`${key} asc`]);
  return sql.join([...parts, sql`r.position`]);
}

function sortValue(value: unknown): SortValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return Number(value);
}

interface Part {
  /** The rows walked, and what ties them to the row alias `r`. */
  readonly from: RawBuilder<unknown>;
  readonly where: readonly RawBuilder<unknown>[];
  /** Each sort key's expression in this part, and the order by. */
  readonly keys: readonly RawBuilder<unknown>[];
  readonly order: RawBuilder<unknown>;
  readonly limit: number;
}

async function run(db: Db, part: Part): Promise<FoundRow[]> {
  const selected = part.keys.map((key, i) => sql`${key} as ${sql.ref(`k${i}`)}`);
  const result = await sql<{ row_id: string; position: string } & Record<string, unknown>>`
    select r.row_id, r.position${selected.length > 0 ? sql`, ${sql.join(selected)}` : sql``}
    from ${part.from}
    where ${sql.join(part.where, sql` and `)}
    order by ${part.order}
    limit ${part.limit}`.execute(db);
  return result.rows.map((row) => ({ row_id: row.row_id, position: row.position, keys: part.keys.map((_, i) => sortValue(row[`k${i}`])) }));
}

/** The page's rows, and whether more match after them. */
export async function readPage(db: Db, gridId: string, query: RowQuery): Promise<{ found: FoundRow[]; more: boolean }> {
  const wanted = query.limit + 1;
  const filters = query.conditions.map(conditionSql);
  const after = query.after;
  const [first, ...others] = query.sorts;
  let found: FoundRow[];
  if (!first) {
    const where = [sql`r.grid_id = ${gridId}`, ...filters];
    if (after) where.push(sql`r.position > ${after.position}`);
    found = await run(db, { from: sql`grid_rows r`, where, keys: [], order: sql`r.position`, limit: wanted });
  } else {
    const otherKeys = others.map((sort, i) => keyOf(sort, `s${i + 1}`));
    const joins = keyJoins(others, 1);
    found = [];
    // Rows whose first key is set, in its order, unless the cursor is past them already.
    if (!after || after.keys[0] !== null) {
      const key = keyOf(first, 's0');
      const keys = [key, ...otherKeys];
      const where = [
        sql`s0.grid_id = ${gridId} and s0.field_id = ${first.fieldId} and s0.field_type in (${sql.join(first.types.map((t) => sql.lit(t)))})`,
        sql`${key} is not null`,
        ...filters,
      ];
      if (after) {
        // The bound alone lets the store seek in the key's index; the exact cursor follows.
        where.push(first.descending ? sql`${key} <= ${after.keys[0]!}` : sql`${key} >= ${after.keys[0]!}`);
        where.push(afterCursor(keys, query.sorts, after.keys, after.position));
      }
      found = await run(db, {
        from: sql`grid_cells s0 join grid_rows r on r.grid_id = s0.grid_id and r.row_id = s0.row_id${joins}`,
        where,
        keys,
        order: sql.join([first.descending ? sql`${key} desc` : sql`${key} asc`, orderBy(otherKeys, others)]),
        limit: wanted,
      });
    }
    // Then the rows whose first key is empty, if the page has room.
    if (found.length < wanted) {
      const where = [
        sql`r.grid_id = ${gridId}`,
        sql`not exists (select 1 from grid_cells c where ${cellOf('c', first.fieldId, first.types)} and ${keyOf(first, 'c')} is not null)`,
        ...filters,
      ];
      if (after && after.keys[0] === null) where.push(afterCursor(otherKeys, others, after.keys.slice(1), after.position));
      const rest = await run(db, { from: sql`grid_rows r${joins}`, where, keys: [sql`null`, ...otherKeys], order: orderBy(otherKeys, others), limit: wanted - found.length });
      found.push(...rest);
    }
  }
  return { found: found.slice(0, query.limit), more: found.length > query.limit };
}
