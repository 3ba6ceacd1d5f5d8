/**
 * @module The standard gRPC health service (`grpc.health.v1.Health`), as load balancers, Kubernetes' gRPC probes and
 * grpc-health-probe call it: the server as a whole (`""`) and each service it names are SERVING while the store
 * answers and the server is not closing, NOT_SERVING otherwise. Any other name is NOT_FOUND for Check ("unknown
 * service", gRPC's reference wording) and SERVICE_UNKNOWN for Watch, which stays open until the client or the
 * server closes it. Open to every caller, as probes call it without credentials: it tells nothing but the status.
 */
import { create } from '@bufbuild/protobuf';
import { setTimeout as sleep } from 'node:timers/promises';
import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import { Health, HealthCheckResponse_ServingStatus as Status, HealthCheckResponseSchema, HealthListResponseSchema } from '../../gen/grpc/health/v1/health_pb.js';

/** A store check is made at most this often, however many calls ask. */
const PROBE_EVERY_MS = 1_000;
/** A store that has not answered by then is taken as unreachable. */
const PROBE_TIMEOUT_MS = 2_000;
/** How often a Watch looks again. */
const WATCH_EVERY_MS = 1_000;

export interface HealthOptions {
  /** Resolves when the store answers a trivial query; rejects (or never settles) when it cannot. */
  readonly probe: () => Promise<unknown>;
  /** Aborted when the server starts closing. */
  readonly shutdownSignal: AbortSignal;
  /** The services reported besides the server as a whole. */
  readonly services: readonly string[];
}

/** Whether the store answers, found out at most once a PROBE_EVERY_MS, concurrent askers sharing one check. */
function storeStatus(options: HealthOptions): () => Promise<Status> {
  let last: { at: number; status: Promise<Status> } | undefined;
  return () => {
    if (options.shutdownSignal.aborted) return Promise.resolve(Status.NOT_SERVING);
    const now = performance.now();
    if (last && now - last.at < PROBE_EVERY_MS) return last.status;
    const status = new Promise<Status>((resolve) => {
      const timer = setTimeout(() => resolve(Status.NOT_SERVING), PROBE_TIMEOUT_MS);
      options.probe().then(
        () => resolve(Status.SERVING),
        () => resolve(Status.NOT_SERVING),
      ).finally(() => clearTimeout(timer));
    });
    last = { at: now, status };
    return status;
  };
}

export function healthRoutes(router: ConnectRouter, options: HealthOptions): void {
  const known = new Set(['', ...options.services]);
  const status = storeStatus(options);
  router.service(Health, {
    async check(request) {
      if (!known.has(request.service)) throw new ConnectError('unknown service', Code.NotFound);
      return create(HealthCheckResponseSchema, { status: await status() });
    },
    async list() {
      const now = await status();
      return create(HealthListResponseSchema, { statuses: Object.fromEntries([...known].map((name) => [name, create(HealthCheckResponseSchema, { status: now })])) });
    },
    async *watch(request, context) {
      const signal = AbortSignal.any([context.signal, options.shutdownSignal]);
      let sent: Status | undefined;
      for (;;) {
        const now = known.has(request.service) ? await status() : Status.SERVICE_UNKNOWN;
        if (now !== sent) yield create(HealthCheckResponseSchema, { status: (sent = now) });
        await sleep(WATCH_EVERY_MS, undefined, { signal }).catch(() => undefined);
        // As WatchFields' streams, a watch ends at once when the server closes: watchers then retry, as gRPC's
        // health checking protocol asks of any end of the stream, and find the port closed.
        if (signal.aborted) return;
      }
    },
  });
}
