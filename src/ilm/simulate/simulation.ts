/**
 * @module A lifecycle forecast: the real runner (LifecycleRunner and PollScheduler, the same steps, the same
 * disk monitor) on a private copy of the cluster, under a private virtual clock, with documents written at a
 * steady rate. What it records is what the server would do, for the index followed and every index it leads to
 * (its rollovers, its shrunken or mounted copies). Nothing of the real server changes.
 */
import {
  ClusterError,
  ClusterService,
  ClusterState,
  DataStreams,
  DiskMonitor,
  MemoryClusterRepository,
  diskCapacity,
  isExceeded,
  watermark,
  type DiskUsage,
  type IndexStats,
  type WatermarkLevel,
} from '../../cluster/index.js';
import { VirtualClock } from '../../platform/clock.js';
import { humanDuration } from '../../platform/units/index.js';
import { readExecution } from '../execution-state.js';
import { stepInfoAdvice, type Advice } from '../remedies/index.js';
import { ERROR_STEP } from '../step-key.js';
import { withLifecycleMetadata } from '../policy/lifecycle-metadata.js';
import type { PolicyMetadata } from '../policy/policy-metadata.js';
import { PolicyService } from '../policy/policy-service.js';
import { LifecycleRunner } from '../runner/lifecycle-runner.js';
import type { RunContext } from '../runner/run-index.js';
import { PollScheduler } from '../runner/poll-scheduler.js';
import { SimulatedDocuments, type DocumentRate, type OtherWrites, type WriteStatus } from './simulated-documents.js';
import { Timeline, type TimelineEvent } from './timeline.js';

export interface SimulationInput {
  /** The cluster to start from: a copy is taken, and the index followed is in it. */
  readonly state: ClusterState;
  readonly index: string;
  /** Every policy the indices followed may name, the simulated one among them. */
  readonly policies: readonly PolicyMetadata[];
  readonly now: number;
  /** The live scheduler's last tick, so simulated ticks fall where real ones will. */
  readonly lastTick: number;
  readonly horizon: number;
  readonly documents: DocumentRate;
  /** The other streams written meanwhile (a whole cluster's forecast): their documents fill the same disk. */
  readonly otherWrites?: readonly OtherWrites[];
  /** Documents and size of the indices that exist now. */
  readonly stats: (index: string) => IndexStats;
  /** The node's disk when `tessera.disk.capacity` is not set. */
  readonly defaultDiskCapacity: number;
  /** Ends the forecast at its first error (what follows is its consequence): a whole cluster's forecast needs no more. */
  readonly untilFirstError?: boolean;
  /** Authorizes a step's action as the policy's last modifier; absent without security. */
  readonly authorize?: RunContext['authorize'];
}

export interface IndexForecast {
  readonly name: string;
  readonly policy: string | undefined;
  readonly phase?: string;
  readonly action?: string;
  readonly step?: string;
  readonly stepTime?: number;
  readonly failedStep?: string;
  readonly failedStepRetryCount?: number;
  readonly stepInfo?: Readonly<Record<string, unknown>>;
  /** Where the index ends the forecast waiting with a message: the console's advice on that wait. */
  readonly waitAdvice?: Advice;
  readonly docs: number;
  readonly sizeBytes: number;
}

/** A data stream of the indices followed, as it stands at the end. */
export interface DataStreamForecast {
  readonly name: string;
  readonly generation: number;
  /** Its backing indices at the end, oldest first; the last is the write index. */
  readonly indices: readonly string[];
}

export interface DiskSample extends DiskUsage {
  readonly time: number;
}

export interface SimulationResult {
  readonly start: number;
  readonly end: number;
  readonly events: readonly TimelineEvent[];
  /** Where each index followed stands at the end (those still existing). */
  readonly indices: readonly IndexForecast[];
  /** The data streams the indices followed back (when the one followed is a backing index), by name. */
  readonly dataStreams: readonly DataStreamForecast[];
  readonly disk: { readonly capacity: number; readonly watermarks: Readonly<Record<WatermarkLevel, string>>; readonly samples: readonly DiskSample[] };
  readonly firstError: Extract<TimelineEvent, { kind: 'error' }> | undefined;
  /** The cluster as the step that failed first saw it, for the remedy. */
  readonly firstErrorState: ClusterState | undefined;
  readonly ticks: number;
  /** Set when the events outgrew the limit and the simulation stopped early, at `end`. */
  readonly truncated: boolean;
}

/** Enough for years of a busy policy; beyond it a forecast is a loop, not a timeline. */
const MAX_EVENTS = 20_000;
/**
 * The most work one forecast may do, in index-ticks: each lifecycle pass (a poll tick or a cluster change) and each
 * write of documents between two ticks counts once per index in the simulated cluster, since each reads them all.
 */
export const MAX_FORECAST_WORK = 10_000_000;

function workLimitReached(horizon: number): ClusterError {
  return new ClusterError(
    'illegal_argument_exception',
    400,
    `this forecast would take more than [${MAX_FORECAST_WORK}] index-ticks, the limit of one forecast (each poll tick, and each write of documents between two, counts once per index in the cluster); forecast a shorter [horizon] than [${humanDuration(horizon)}]`,
  );
}
const MAX_SAMPLES = 100;
const LEVELS: readonly WatermarkLevel[] = ['low', 'high', 'flood_stage'];

/** The random part of generated names (a shrunken index's), as lint shows it. */
const PLACEHOLDER_UUID = 'xxxx';

function level(state: ClusterState, usage: DiskUsage): WatermarkLevel | undefined {
  let reached: WatermarkLevel | undefined;
  for (const l of LEVELS) if (isExceeded(watermark(state, l), usage)) reached = l;
  return reached;
}

export async function simulate(input: SimulationInput): Promise<SimulationResult> {
  const clock = new VirtualClock(input.now);
  const end = input.now + input.horizon;
  // The policies forecast (drafts included) in a running ILM, whatever the live cluster's operation mode.
  const lifecycle = { policies: new Map(input.policies.map((p) => [p.name, p])), operationMode: 'RUNNING' as const };
  const cluster = await ClusterService.open(new MemoryClusterRepository(withLifecycleMetadata(input.state, lifecycle)), clock, () => PLACEHOLDER_UUID);
  const policies = new PolicyService(cluster);
  const initial = new Map([...input.state.indices.keys()].map((name) => [name, input.stats(name)]));
  const start = input.state.indices.get(input.index)!;
  const alias = start.settings['index.lifecycle.rollover_alias'];
  // A backing index is followed with its whole stream: documents go to the stream's write index, whichever it is.
  const dataStream = DataStreams.ofIndex(input.state, input.index);
  const target = dataStream ? dataStream.name : alias !== undefined && ClusterState.aliasExists(input.state, alias) ? alias : input.index;
  const documents = new SimulatedDocuments(initial, input.documents, target, input.now, input.otherWrites);
  const disk = new DiskMonitor(cluster, documents, input.defaultDiskCapacity);
  disk.start();
  const timeline = new Timeline(clock);
  const followed = new Set([input.index, ...(dataStream?.indices.map((i) => i.index_name) ?? [])]);

  let firstErrorState: ClusterState | undefined;
  let failure: unknown;
  let writes: WriteStatus = documents.writeStatus(input.state);
  let reached = level(input.state, disk.usage());
  let work = 0;
  /** Counts one step of the forecast against its work limit; past the limit the forecast fails with it. */
  const spend = () => {
    work += cluster.state.indices.size;
    if (work > MAX_FORECAST_WORK) throw workLimitReached(input.horizon);
  };
  const samples: DiskSample[] = [];
  const sampleEvery = Math.max(1, Math.ceil(input.horizon / MAX_SAMPLES));
  let nextSample = input.now;
  /** Where writes go, and whether they are refused, changes with the state: a step's write block, a rollover. */
  const writesMeet = (status: WriteStatus) => {
    if (status?.refused === writes?.refused && status?.index === writes?.index) return;
    if (writes?.refused) timeline.record({ kind: 'writes_resumed', time: clock.now(), index: writes.index });
    if (status?.refused) timeline.record({ kind: 'writes_refused', time: clock.now(), index: status.index, block: status.refused });
    writes = status;
  };
  cluster.onChange((after, before) => {
    documents.follow(after, before);
    for (const name of timeline.indices(after, before)) followed.add(name);
    writesMeet(documents.writeStatus(after));
  });
  /** After documents were written: the disk as ES's monitor sees it then, and what the writes met. */
  const afterWrites = (status: WriteStatus) => {
    writesMeet(status);
    const usage = disk.usage();
    const now = level(cluster.state, usage);
    if (now !== reached) {
      const up = LEVELS.indexOf(now!) > LEVELS.indexOf(reached!);
      const crossed = up ? LEVELS.slice(LEVELS.indexOf(reached!) + 1, LEVELS.indexOf(now!) + 1) : LEVELS.slice(LEVELS.indexOf(now!) + 1, LEVELS.indexOf(reached!) + 1).reverse();
      for (const l of crossed) timeline.record({ kind: 'watermark', time: clock.now(), level: l, exceeded: up, usedBytes: usage.used, usedPercent: usage.usedPercent });
      reached = now;
    }
    if (clock.now() >= nextSample) {
      samples.push({ time: clock.now(), ...usage });
      nextSample = clock.now() + sampleEvery;
    }
  };

  const runner = new LifecycleRunner({
    cluster,
    policies,
    clock,
    newUuid: () => PLACEHOLDER_UUID,
    // Passes are not cut into slices: a simulation runs off the request path, and a cut set by the wall clock would
    // let the machine's load change the order of same-moment events.
    sliceMillis: Infinity,
    stats: (index) => documents.stats(index),
    allocationBlocked: (state) => disk.highWatermarkExceeded(state),
    ...(input.authorize && { authorize: input.authorize }),
    manages: (index) => followed.has(index),
    observe: (index, execution) => {
      if (execution.step === ERROR_STEP) firstErrorState ??= cluster.state;
      timeline.step(index, execution);
    },
    prepare: async () => {
      spend();
      afterWrites(documents.accrue(cluster.state, clock.now()));
    },
    onError: (error) => {
      failure ??= error;
    },
  });
  const scheduler = new PollScheduler(runner, clock, input.lastTick);
  // With documents, every poll interval is a step of its own, each reading at least the indices the forecast does
  // not follow (they never go away): a forecast certain to exceed the limit is refused before it starts.
  if (documents.writing && Math.ceil(input.horizon / runner.pollInterval()) * (input.state.indices.size - followed.size) > MAX_FORECAST_WORK) {
    throw workLimitReached(input.horizon);
  }
  runner.start();
  await runner.settle();
  let ticks = 0;
  let truncated = false;
  while (clock.now() < end) {
    // Between ticks documents keep arriving, and the disk monitor sees them as they are written.
    const step = documents.writing ? Math.min(runner.pollInterval(), end - clock.now()) : end - clock.now();
    // A pass that fails (the work limit reached) stops the ticks at once.
    ticks += await scheduler.advance(clock, step, () => failure !== undefined || (input.untilFirstError === true && timeline.firstError !== undefined));
    if (failure !== undefined) throw failure;
    if (documents.writing) spend();
    afterWrites(documents.accrue(cluster.state, clock.now()));
    await disk.check();
    await runner.settle();
    // A pass that failed as a whole is a bug or a limit of the simulation, never a forecast.
    if (failure !== undefined) throw failure;
    if (input.untilFirstError && timeline.firstError) break;
    if (timeline.events.length > MAX_EVENTS) {
      truncated = true;
      break;
    }
  }
  runner.stop();
  timeline.finish();
  const state = cluster.state;
  const usage = disk.usage();
  if (samples.at(-1)?.time !== clock.now()) samples.push({ time: clock.now(), ...usage });
  return {
    start: input.now,
    end: clock.now(),
    events: timeline.events,
    indices: [...followed].filter((name) => state.indices.has(name)).map((name) => forecast(state, name, documents.stats(name))),
    dataStreams: streamsAtEnd(state, dataStream?.name),
    disk: {
      capacity: diskCapacity(state, input.defaultDiskCapacity),
      watermarks: Object.fromEntries(LEVELS.map((l) => [l, watermark(state, l).raw])) as Record<WatermarkLevel, string>,
      samples,
    },
    firstError: timeline.firstError,
    firstErrorState,
    ticks,
    truncated,
  };
}

function streamsAtEnd(state: ClusterState, name: string | undefined): DataStreamForecast[] {
  const dataStream = name === undefined ? undefined : DataStreams.get(state, name);
  if (!dataStream) return [];
  return [{ name: dataStream.name, generation: dataStream.generation, indices: dataStream.indices.map((i) => i.index_name) }];
}

function forecast(state: ClusterState, name: string, stats: IndexStats): IndexForecast {
  const index = state.indices.get(name)!;
  const execution = readExecution(index);
  let stepInfo: Record<string, unknown> | undefined;
  let parsed = false;
  if (execution.step_info !== undefined) {
    try {
      stepInfo = JSON.parse(execution.step_info) as Record<string, unknown>;
      parsed = true;
    } catch {
      stepInfo = { message: execution.step_info };
    }
  }
  return {
    name,
    policy: index.settings['index.lifecycle.name'],
    ...(execution.phase !== undefined && { phase: execution.phase, action: execution.action!, step: execution.step! }),
    ...(execution.step_time !== undefined && { stepTime: Number(execution.step_time) }),
    ...(execution.failed_step !== undefined && { failedStep: execution.failed_step }),
    ...(execution.failed_step_retry_count !== undefined && { failedStepRetryCount: Number(execution.failed_step_retry_count) }),
    ...(stepInfo && { stepInfo }),
    // The advice reads step_info as JSON, as the runner writes it.
    ...(parsed && execution.step !== ERROR_STEP && { waitAdvice: stepInfoAdvice(index)! }),
    docs: stats.docs,
    sizeBytes: stats.sizeBytes,
  };
}
