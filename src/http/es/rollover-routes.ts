/** @module `POST /<alias|data stream>/_rollover[/<new_index>]` with conditions, `dry_run` and `lazy`. */
import type { FastifyInstance } from 'fastify';
import { ClusterErrors, rollover, type RolloverResult } from '../../cluster/index.js';
import type { EsContext } from './es-context.js';
import { esSend, flag } from './es-reply.js';
import { LONG_MAX } from '../../platform/units/index.js';
import { esRoute, onPath } from './es-actions.js';
import { ACKED } from './es-params.js';

const BODY_KEYS = new Set(['conditions', 'settings', 'mappings', 'aliases']);

/** RolloverRequest's condition parser: counts are longs, ages and sizes are strings parsed later. */
const CONDITIONS: Readonly<Record<string, 'count' | 'text'>> = {
  max_age: 'text', max_docs: 'count', max_size: 'text', max_primary_shard_size: 'text', max_primary_shard_docs: 'count',
  min_age: 'text', min_docs: 'count', min_size: 'text', min_primary_shard_size: 'text', min_primary_shard_docs: 'count',
};

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A count as a Java long: an integer, as a number or as text, within Long's range. */
function isLong(value: unknown): boolean {
  const text = typeof value === 'number' && Number.isInteger(value) ? BigInt(value).toString() : typeof value === 'string' ? value : undefined;
  return text !== undefined && /^-?\d+$/.test(text) && BigInt(text) <= LONG_MAX && BigInt(text) >= -LONG_MAX - 1n;
}

/** The body as RolloverRequest parses it: an object of objects, with conditions it knows, of the types it takes. */
function parseBody(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (!isObject(body)) throw ClusterErrors.parse('request body must be an object');
  for (const [key, value] of Object.entries(body)) {
    if (!BODY_KEYS.has(key)) throw ClusterErrors.parse(`[rollover] unknown field [${key}]`);
    if (!isObject(value)) throw ClusterErrors.parse(`[rollover] failed to parse field [${key}]`);
  }
  for (const [name, value] of Object.entries((body.conditions ?? {}) as Record<string, unknown>)) {
    const kind = CONDITIONS[name];
    if (kind === undefined) throw ClusterErrors.parse(`[conditions] unknown field [${name}]`);
    const ok = kind === 'count' ? isLong(value) : typeof value === 'string';
    if (!ok) throw ClusterErrors.parse(`[conditions] failed to parse field [${name}]`);
  }
  return body;
}

export function rolloverRoutes(app: FastifyInstance, ctx: EsContext): void {
  const handler = async (alias: string, newIndexName: string | undefined, body: unknown, query: Record<string, string | undefined>): Promise<RolloverResult> => {
    const { conditions = {}, ...createBody } = parseBody(body);
    // Conditions count the documents every instance wrote.
    await ctx.documents?.sync();
    return ctx.cluster.update((state) =>
      rollover(state, {
        alias,
        ...(newIndexName !== undefined && { newIndexName }),
        conditions: conditions as Record<string, unknown>,
        dryRun: flag(query, 'dry_run'),
        lazy: flag(query, 'lazy'),
        createBody,
        now: ctx.clock.now(),
        uuid: ctx.newUuid(),
        stats: (index) => ctx.documents?.stats(index) ?? { docs: 0, sizeBytes: 0 },
      }),
    );
  };
  const ROLLOVER = esRoute(onPath('indices:admin/rollover', 'alias'), ['dry_run', 'lazy', ...ACKED], { body: true });
  app.post<{ Params: { alias: string }; Body: unknown; Querystring: Record<string, string | undefined> }>('/:alias/_rollover', ROLLOVER, async (req, reply) =>
    esSend(req, reply, await handler(req.params.alias, undefined, req.body, req.query)),
  );
  app.post<{ Params: { alias: string; newIndex: string }; Body: unknown; Querystring: Record<string, string | undefined> }>(
    '/:alias/_rollover/:newIndex',
    ROLLOVER,
    async (req, reply) => esSend(req, reply, await handler(req.params.alias, req.params.newIndex, req.body, req.query)),
  );
}
