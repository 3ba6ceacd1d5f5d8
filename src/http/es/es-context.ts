/** @module What the ES routes need from the rest of the server. */
import type { ClusterService, DiskMonitor, DocumentService, SearchContextService, SearchService } from '../../cluster/index.js';
import type { LifecycleRunner, PolicyService, PollScheduler } from '../../ilm/index.js';
import type { Security } from '../../security/index.js';
import type { Clock } from '../../platform/clock.js';

export interface EsContext {
  readonly cluster: ClusterService;
  readonly clock: Clock;
  readonly newUuid: () => string;
  readonly nodeName: string;
  readonly clusterName: string;
  readonly documents?: DocumentService;
  readonly search?: SearchService;
  /** Point in time and scroll. */
  readonly searchContexts?: SearchContextService;
  readonly disk?: DiskMonitor;
  /** Present when security is on: every request is authenticated. */
  readonly security?: Security;
  readonly ilm?: {
    readonly policies: PolicyService;
    readonly runner: LifecycleRunner;
    readonly scheduler: PollScheduler;
    readonly saveVirtualNow: (millis: number) => Promise<void>;
  };
  /** `http.max_content_length`: the largest request body read, in bytes (ES's default: 100mb). */
  readonly maxContentLength?: number;
  /** Rows an answer over every index sorts, or merges, in one turn of the event loop (sortInTurns' default if absent). */
  readonly sortedPerTurn?: number;
  /** Catches up with what other instances of a shared store changed; run before every request. */
  readonly sync?: () => Promise<void>;
  readonly instance?: {
    readonly id: string;
    readonly store: 'sqlite' | 'postgres';
    /** Whether this instance runs the lifecycle runner. */
    readonly isLeader: () => boolean;
  };
}
