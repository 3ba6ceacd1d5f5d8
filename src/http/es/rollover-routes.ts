/** @module `POST /<alias>/_rollover[/<new_index>]` with conditions and `dry_run`. */
import type { FastifyInstance } from 'fastify';
import { ClusterErrors, rollover, type RolloverResult } from '../../cluster/index.js';
import type { EsContext } from './es-context.js';
import { esSend, flag } from './es-reply.js';

const BODY_KEYS = new Set(['conditions', 'settings', 'mappings', 'aliases']);

export function rolloverRoutes(app: FastifyInstance, ctx: EsContext): void {
  const handler = async (alias: string, newIndexName: string | undefined, body: unknown, dryRun: boolean): Promise<RolloverResult> => {
    const b = (body ?? {}) as Record<string, unknown>;
    for (const key of Object.keys(b)) if (!BODY_KEYS.has(key)) throw ClusterErrors.parse(`[rollover] unknown field [${key}]`);
    const { conditions = {}, ...createBody } = b;
    // Conditions count the documents every instance wrote.
    await ctx.documents?.sync();
    return ctx.cluster.update((state) =>
      rollover(state, {
        alias,
        ...(newIndexName !== undefined && { newIndexName }),
        conditions: conditions as Record<string, unknown>,
        dryRun,
        createBody,
        now: ctx.clock.now(),
        uuid: ctx.newUuid(),
        stats: (index) => ctx.documents?.stats(index) ?? { docs: 0, sizeBytes: 0 },
      }),
    );
  };
  app.post<{ Params: { alias: string }; Body: unknown; Querystring: Record<string, string | undefined> }>('/:alias/_rollover', async (req, reply) =>
    esSend(req, reply, await handler(req.params.alias, undefined, req.body, flag(req.query, 'dry_run'))),
  );
  app.post<{ Params: { alias: string; newIndex: string }; Body: unknown; Querystring: Record<string, string | undefined> }>(
    '/:alias/_rollover/:newIndex',
    async (req, reply) => esSend(req, reply, await handler(req.params.alias, req.params.newIndex, req.body, flag(req.query, 'dry_run'))),
  );
}
