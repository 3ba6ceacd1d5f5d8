/** @module `GET /_cat/aliases` and `GET /_cat/indices`: aligned text (with `v` for headers) or `format=json`. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { byteSizeText, IndexMetadata, matchesPattern, resolveIndices } from '../../cluster/index.js';
import { compareStrings } from '../../platform/ids.js';
import type { EsContext } from './es-context.js';
import { esSend, esSendText, flag } from './es-reply.js';

type Query = Record<string, string | undefined>;
type Row = Record<string, string>;

/** ES right-aligns the columns it declares `text-align:right` (counts and sizes). */
const RIGHT_ALIGNED = new Set(['pri', 'rep', 'docs.count', 'docs.deleted', 'store.size', 'pri.store.size', 'dataset.size', 'shards', 'disk.indices', 'disk.used', 'disk.avail', 'disk.total', 'disk.percent']);

const BYTE_UNITS: Readonly<Record<string, number>> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3, tb: 1024 ** 4, pb: 1024 ** 5 };

/** How `_cat` writes a size: with `?bytes=<unit>` a whole number of that unit, else ES's human form (`1.2kb`). */
export function catBytes(req: FastifyRequest): (bytes: number) => string {
  const unit = BYTE_UNITS[String((req.query as Query).bytes ?? '').toLowerCase()];
  return unit === undefined ? byteSizeText : (bytes) => String(Math.floor(bytes / unit));
}

export function sendTable(req: FastifyRequest, reply: FastifyReply, columns: readonly string[], rows: readonly Row[]): FastifyReply {
  const query = req.query as Query;
  const wanted = query.h ? query.h.split(',').map((c) => c.trim()).filter((c) => columns.includes(c)) : [...columns];
  if (query.format === 'json') return esSend(req, reply, rows.map((row) => Object.fromEntries(wanted.map((c) => [c, row[c] ?? null]))));
  const table = flag(query, 'v') ? [Object.fromEntries(wanted.map((c) => [c, c])), ...rows] : rows;
  const widths = wanted.map((c) => Math.max(...table.map((row) => (row[c] ?? '-').length)));
  const cell = (row: Row, c: string, i: number) => (RIGHT_ALIGNED.has(c) ? (row[c] ?? '-').padStart(widths[i]!) : (row[c] ?? '-').padEnd(widths[i]!));
  const text = table.map((row) => wanted.map((c, i) => cell(row, c, i)).join(' ').trimEnd()).join('\n');
  return esSendText(reply, table.length === 0 ? '' : `${text}\n`);
}

export function catRoutes(app: FastifyInstance, ctx: EsContext): void {
  const aliases = (req: FastifyRequest<{ Params: { name?: string } }>, reply: FastifyReply) => {
    const patterns = req.params.name?.split(',');
    const rows: Row[] = [];
    for (const index of [...ctx.cluster.state.indices.values()].sort((a, b) => compareStrings(a.name, b.name))) {
      for (const alias of Object.keys(index.aliases).sort()) {
        if (patterns && !patterns.some((p) => matchesPattern(p, alias))) continue;
        const meta = index.aliases[alias]!;
        rows.push({
          alias,
          index: index.name,
          filter: meta.filter ? '*' : '-',
          'routing.index': meta.index_routing ?? '-',
          'routing.search': meta.search_routing ?? '-',
          is_write_index: meta.is_write_index === undefined ? '-' : String(meta.is_write_index),
        });
      }
    }
    rows.sort((a, b) => compareStrings(a.alias!, b.alias!) || compareStrings(a.index!, b.index!));
    return sendTable(req, reply, ['alias', 'index', 'filter', 'routing.index', 'routing.search', 'is_write_index'], rows);
  };
  app.get('/_cat/aliases', aliases);
  app.get('/_cat/aliases/:name', aliases);

  const indices = async (req: FastifyRequest<{ Params: { index?: string } }>, reply: FastifyReply) => {
    await ctx.documents?.sync();
    const state = ctx.cluster.state;
    const bytes = catBytes(req);
    const rows = resolveIndices(state, req.params.index, { expandClosed: true }).map((name) => {
      const index = state.indices.get(name)!;
      const replicas = IndexMetadata.replicas(index);
      // One node holds no replica, so the store is the primaries' store.
      const stats = ctx.documents?.stats(name) ?? { docs: 0, sizeBytes: 0 };
      return {
        health: replicas > 0 ? 'yellow' : 'green',
        status: IndexMetadata.isClosed(index) ? 'close' : 'open',
        index: name,
        uuid: index.uuid,
        pri: String(IndexMetadata.primaryShards(index)),
        rep: String(replicas),
        'docs.count': String(stats.docs),
        // A deleted document is gone at once: there are no segments to keep it until a merge.
        'docs.deleted': '0',
        'store.size': bytes(stats.sizeBytes),
        'pri.store.size': bytes(stats.sizeBytes),
        'dataset.size': bytes(stats.sizeBytes),
      };
    });
    return sendTable(req, reply, ['health', 'status', 'index', 'uuid', 'pri', 'rep', 'docs.count', 'docs.deleted', 'store.size', 'pri.store.size', 'dataset.size'], rows);
  };
  app.get('/_cat/indices', indices);
  app.get('/_cat/indices/:index', indices);
}
