/** @module Tessera's clock endpoints: `GET /_tessera/clock` and, on the virtual clock, `POST /_tessera/clock/_advance`. */
import type { FastifyInstance } from 'fastify';
import { ClusterError, ClusterErrors } from '../../cluster/index.js';
import { MAX_CLOCK_MILLIS, VirtualClock } from '../../platform/clock.js';
import { parseTimeValue } from '../../platform/units/index.js';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';
import { esRoute, cluster } from './es-actions.js';

export function clockRoutes(app: FastifyInstance, ctx: EsContext): void {
  const describe = () => {
    const now = ctx.clock.now();
    const nextPoll = ctx.ilm && (!ctx.instance || ctx.instance.isLeader()) ? ctx.ilm.scheduler.nextTick(now) : undefined;
    return {
      mode: ctx.clock instanceof VirtualClock ? 'virtual' : 'system',
      now: new Date(now).toISOString(),
      now_millis: now,
      ...(ctx.ilm && { poll_interval_millis: ctx.ilm.runner.pollInterval() }),
      // Only the instance that runs the runner knows its ticks; a poll interval of centuries has no next tick to show.
      ...(nextPoll !== undefined && Number.isSafeInteger(nextPoll) && { next_poll_millis: nextPoll }),
    };
  };
  app.get('/_tessera/clock', esRoute(cluster('cluster:monitor/tessera/clock'), []), async (req, reply) => esSend(req, reply, describe()));
  app.post<{ Body: unknown }>('/_tessera/clock/_advance', esRoute(cluster('cluster:admin/tessera/clock/advance'), [], { body: true }), async (req, reply) => {
    const clock = ctx.clock;
    if (!(clock instanceof VirtualClock) || !ctx.ilm) {
      throw ClusterErrors.illegalArgument('the clock is the system clock and cannot be advanced; start Tessera with --clock virtual');
    }
    if (ctx.instance && !ctx.instance.isLeader()) {
      throw new ClusterError('illegal_state_exception', 409, 'the virtual clock advances on the instance that runs the lifecycle runner; this instance does not (see GET /_tessera/instance)');
    }
    const by = (req.body as { by?: unknown } | undefined)?.by;
    if (typeof by !== 'string') throw ClusterErrors.illegalArgument('[by] is required: a time value such as "30d"');
    const millis = parseTimeValue(by, 'by', ClusterErrors.illegalArgument);
    if (millis < 0) throw ClusterErrors.illegalArgument(`[by] must not be negative, got [${by}]`);
    const left = MAX_CLOCK_MILLIS - clock.now();
    if (millis > left) {
      throw ClusterErrors.illegalArgument(
        `[by] of [${by}] would move the virtual clock from [${new Date(clock.now()).toISOString()}] past [${new Date(MAX_CLOCK_MILLIS).toISOString()}], the latest date Elasticsearch handles; at most [${Math.max(0, left)}ms] is left`,
      );
    }
    const ticks = await ctx.ilm.scheduler.advance(clock, millis);
    await ctx.ilm.saveVirtualNow(clock.now());
    return esSend(req, reply, { ...describe(), ticks });
  });
}
