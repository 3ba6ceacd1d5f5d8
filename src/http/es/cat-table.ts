/**
 * @module The `_cat` table machinery, as Elasticsearch's Table, RestTable and AbstractCatAction have it: declared
 * columns with aliases, descriptions, defaults and alignment; `help`, `h` (names, aliases, wildcards), `s`, `v`,
 * `bytes`, `time`, `ts`, `pri`, and text, JSON or YAML by `format` or the Accept header.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ClusterError } from '../../cluster/index.js';
import { BYTE_UNITS, byteSizeText, humanDuration, matchesPattern, TIME_UNITS } from '../../platform/units/index.js';
import type { Clock } from '../../platform/clock.js';
import { sortInTurns } from '../../platform/turns.js';
import { esSend, esSendText, flag, javaSplit, prettyRequested, responseFormat } from './es-reply.js';
import { esSendJsonStream, esSendTextStream, jsonArray, jsonStreamable, STREAM_FROM_ENTRIES } from './es-stream.js';

type Query = Record<string, string | undefined>;

/** One column as a Rest*Action declares it (`alias:…;default:false;text-align:right;sibling:pri;desc:…`). */
export interface CatColumn {
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly desc?: string;
  /** Shown without `h`; ES's `default:false` columns only on request. */
  readonly default?: boolean;
  readonly right?: boolean;
  /** The flag (`pri`) that adds the `<flag>.<name>` column next to this one when it is asked for with `h`. */
  readonly sibling?: string;
}

/** A size cell: rendered per `bytes`, compared by size (ES's ByteSizeValue). */
export class CatBytes {
  constructor(readonly bytes: number) {}
}

/** A duration cell: rendered per `time`, compared by length (ES's TimeValue). */
export class CatTime {
  constructor(readonly millis: number) {}
}

export type CatValue = string | number | boolean | null | CatBytes | CatTime;
export type CatRow = Readonly<Record<string, CatValue>>;

export interface CatTable {
  readonly columns: readonly CatColumn[];
  readonly rows: readonly CatRow[];
}

/** Table.startHeadersWithTimestamp: the columns the health and count tables begin with. */
export const TIMESTAMP_COLUMNS: readonly CatColumn[] = [
  { name: 'epoch', aliases: ['t', 'time'], desc: 'seconds since 1970-01-01 00:00:00' },
  { name: 'timestamp', aliases: ['ts', 'hms', 'hhmmss'], desc: 'time in HH:MM:SS' },
];

/** The cells Table.startRow adds under TIMESTAMP_COLUMNS, from the server's clock. */
export function timestampCells(clock: Clock): CatRow {
  const now = clock.now();
  return { epoch: Math.floor(now / 1000), timestamp: new Date(now).toISOString().slice(11, 19) };
}

/** TimeValue.toString(): the largest whole unit, one decimal truncated, `.0` dropped. */
export function timeValueText(millis: number): string {
  return humanDuration(millis, 1);
}

/** RestTable.renderValue: an unknown `bytes` or `time` unit falls back to the human form, as ES does. */
function render(query: Query, value: CatValue): string | null {
  if (value === null) return null;
  if (value instanceof CatBytes) {
    const unit = BYTE_UNITS[query.bytes ?? ''];
    return unit === undefined ? byteSizeText(value.bytes) : String(Math.floor(value.bytes / unit));
  }
  if (value instanceof CatTime) {
    const unit = TIME_UNITS[query.time ?? ''];
    return unit === undefined ? timeValueText(value.millis) : String(Math.floor(value.millis / unit));
  }
  return String(value);
}

/** What a cell is compared by: its value, for cells of one kind. */
type SortKey = string | number | boolean | null;

const kindOf = (cell: Exclude<CatValue, null>) => (cell instanceof CatBytes ? 'bytes' : cell instanceof CatTime ? 'time' : typeof cell);
const keyOf = (cell: CatValue): SortKey => (cell instanceof CatBytes ? cell.bytes : cell instanceof CatTime ? cell.millis : cell);

/** Nulls first, then by value. */
function compareKeys(x: SortKey, y: SortKey): number {
  if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** TableIndexComparator.compareCell: nulls first, like kinds by value, mixed kinds by their text. */
function compareCells(a: CatValue, b: CatValue): number {
  if (a === null || b === null || kindOf(a) === kindOf(b)) return compareKeys(keyOf(a), keyOf(b));
  return compareKeys(render({}, a), render({}, b));
}

/**
 * A column's cells as sort keys, when every cell but the nulls is of one kind, so that comparing the keys is
 * compareCells; undefined when kinds mix. Sorted by their keys, 100,000 numbers took a twentieth of the time
 * compareCells took (37 against 855 ms, on a busy machine).
 */
function columnKeys(rows: readonly CatRow[], column: string): SortKey[] | undefined {
  const keys: SortKey[] = [];
  let kind: string | undefined;
  for (const row of rows) {
    const cell = row[column] ?? null;
    if (cell !== null) {
      const cellKind = kindOf(cell);
      kind ??= cellKind;
      if (cellKind !== kind) return undefined;
    }
    keys.push(keyOf(cell));
  }
  return keys;
}

/** RestTable.getRowOrder: `s` sorts by columns named or aliased, each `:asc` (default) or `:desc`; Java's sort is stable. */
async function rowOrder(table: CatTable, query: Query, sortedPerTurn: number | undefined): Promise<readonly CatRow[]> {
  if (query.s === undefined) return table.rows;
  const byAlias = new Map<string, string>();
  for (const column of table.columns) {
    for (const alias of column.aliases ?? []) byAlias.set(alias, column.name);
    byAlias.set(column.name, column.name);
  }
  const ordering = javaSplit(query.s, ',').map((key) => {
    const reverse = key.endsWith(':desc');
    const name = reverse ? key.slice(0, -5) : key.endsWith(':asc') ? key.slice(0, -4) : key;
    const column = byAlias.get(name);
    if (column === undefined) throw new ClusterError('unsupported_operation_exception', 500, `Unable to sort by unknown sort key \`${name}\``);
    return { column, reverse };
  });
  const { rows } = table;
  const sorters = ordering.map(({ column, reverse }) => ({ column, reverse, keys: columnKeys(rows, column) }));
  // Row positions are sorted, so that the keys are found by position.
  const compareRows = (a: number, b: number) => {
    for (const { column, reverse, keys } of sorters) {
      const c = keys ? compareKeys(keys[a] as SortKey, keys[b] as SortKey) : compareCells(rows[a]![column] ?? null, rows[b]![column] ?? null);
      if (c !== 0) return reverse ? -c : c;
    }
    return 0;
  };
  const order = await sortInTurns(Array.from(rows.keys()), compareRows, sortedPerTurn);
  return order.map((position) => rows[position]!);
}

interface DisplayHeader {
  readonly name: string;
  readonly display: string;
}

const hasWildcard = (pattern: string) => pattern.includes('*');

/** RestTable.buildDisplayHeaders: `h` by name, alias or wildcard (unknown names are left out, as ES leaves them); else the defaults. */
function displayHeaders(table: CatTable, query: Query): DisplayHeader[] {
  const ts = flag(query, 'ts', true);
  const timestampOk = (name: string) => ts || (name !== 'epoch' && name !== 'timestamp');
  if (query.h === undefined) return table.columns.filter((c) => c.default !== false && timestampOk(c.name)).map((c) => ({ name: c.name, display: c.name }));
  const requested = new Set<string>();
  for (const header of javaSplit(query.h, ',')) {
    if (!hasWildcard(header)) {
      requested.add(header);
      continue;
    }
    for (const column of table.columns) {
      if (matchesPattern(header, column.name) || (column.aliases ?? []).some((alias) => matchesPattern(header, alias))) requested.add(column.name);
    }
  }
  const display: DisplayHeader[] = [];
  for (const possibility of requested) {
    let header: DisplayHeader | undefined;
    if (table.columns.some((c) => c.name === possibility)) header = { name: possibility, display: possibility };
    else {
      // The last column declaring the alias wins, as ES's loop over the headers keeps overwriting its match.
      for (const column of table.columns) if (column.aliases?.includes(possibility)) header = { name: column.name, display: possibility };
    }
    if (header === undefined || !timestampOk(header.name)) continue;
    display.push(header);
    const sibling = table.columns.find((c) => c.name === header.name)?.sibling;
    if (sibling !== undefined && flag(query, sibling) && table.columns.some((c) => c.name === `${sibling}.${header.name}`)) {
      display.push({ name: `${sibling}.${header.name}`, display: `${sibling}.${header.display}` });
    }
  }
  return display;
}

/** RestTable.pad; the padding count is a Java byte, so a gap over 127 characters wraps to no padding, as in ES. */
function pad(text: string | null, width: number, right: boolean, last: boolean): string {
  const value = text ?? '';
  const leftOver = ((width - value.length) << 24) >> 24;
  if (leftOver > 0 && right) return ' '.repeat(leftOver) + value;
  return last || leftOver <= 0 ? value : value + ' '.repeat(leftOver);
}

/** Cells measured in one turn of the event loop, for tables too large to measure in one. */
const CELLS_PER_TURN = 20_000;

/**
 * The text table's column widths: they need every cell, so the cells are rendered twice (once here to measure, once
 * to write) rather than all held at once; a large table is measured over several turns of the event loop.
 */
async function columnWidths(query: Query, headers: readonly DisplayHeader[], rows: readonly CatRow[]): Promise<number[]> {
  const widths = headers.map((h) => (flag(query, 'v') ? h.display.length : 0));
  const perTurn = Math.max(1, Math.floor(CELLS_PER_TURN / Math.max(1, headers.length)));
  for (const [r, row] of rows.entries()) {
    if (r > 0 && r % perTurn === 0) await nextTurn();
    headers.forEach((h, i) => {
      widths[i] = Math.max(widths[i]!, (render(query, row[h.name] ?? null) ?? '').length);
    });
  }
  return widths;
}

/** The text table's lines, with the columns `widths` wide. */
function* textTable(table: CatTable, query: Query, headers: readonly DisplayHeader[], rows: readonly CatRow[], widths: readonly number[]): Generator<string> {
  const verbose = flag(query, 'v');
  if (!verbose && rows.length === 0) return;
  const right = headers.map((h) => table.columns.find((c) => c.name === h.name)?.right === true);
  const line = (values: readonly (string | null)[]) => `${values.map((v, i) => pad(v, widths[i]!, right[i]!, i === values.length - 1)).join(' ')}\n`;
  if (verbose) yield line(headers.map((h) => h.display));
  for (const row of rows) yield line(headers.map((h) => render(query, row[h.name] ?? null)));
}

/** AbstractCatAction's `help`: name | aliases | description, every column left-aligned and padded, the last one too. */
function helpText(table: CatTable): string {
  const lines = table.columns.map((c) => [c.name, (c.aliases ?? []).join(','), c.desc ?? 'not available']);
  const widths = [0, 1, 2].map((i) => Math.max(...lines.map((l) => l[i]!.length)));
  return lines.map((l) => `${l.map((v, i) => pad(v, widths[i]!, false, false)).join(' | ')}\n`).join('');
}

/** Answers a `_cat` request: help, or the table as text, JSON or YAML; `sortedPerTurn`: see sortInTurns. */
export async function sendCatTable(req: FastifyRequest, reply: FastifyReply, table: CatTable, sortedPerTurn?: number): Promise<FastifyReply> {
  const query = req.query as Query;
  if (flag(query, 'help')) return esSendText(reply, helpText(table));
  const rows = await rowOrder(table, query, sortedPerTurn);
  const headers = displayHeaders(table, query);
  // RestTable.getResponseContentType: `format`, else the Accept header; neither (or text/plain, or a list) means text.
  const large = rows.length >= STREAM_FROM_ENTRIES;
  if (responseFormat(req, query.format !== undefined) === undefined) {
    const lines = textTable(table, query, headers, rows, await columnWidths(query, headers, rows));
    return large ? esSendTextStream(reply, lines) : esSendText(reply, [...lines].join(''));
  }
  function* objects(): Generator<Record<string, string | null>> {
    for (const row of rows) yield Object.fromEntries(headers.map((h) => [h.display, render(query, row[h.name] ?? null)]));
  }
  if (jsonStreamable(req, rows.length)) return esSendJsonStream(req, reply, jsonArray(objects(), prettyRequested(req)));
  return esSend(req, reply, [...objects()]);
}
