/**
 * @module `POST /_tessera/ilm/simulate` and `GET /_tessera/ilm/timeline/<index>`: the simulation set up from a
 * request and the live server (as lint sets up its dry run), and its result in the shape the API answers with.
 */
import { ClusterErrors, DataStream, DataStreams, type ClusterError, type IndexStats } from '../../cluster/index.js';
import { humanDuration } from '../../platform/units/index.js';
import { IlmErrors } from '../ilm-error.js';
import { resolveTarget } from '../lint/lint-policy.js';
import type { LintEnvironment } from '../lint/lint-environment.js';
import { diagnoseStep } from '../remedies/index.js';
import { validatePolicy } from '../policy/lifecycle-policy.js';
import { stepRunnerOf, type PolicyMetadata, type StepRunner } from '../policy/policy-metadata.js';
import type { SimulateRequest, Forecast } from './simulate-request.js';
import { simulate, type SimulationInput, type SimulationResult } from './simulation.js';
import type { TimelineEvent } from './timeline.js';

export interface SimulationEnvironment extends LintEnvironment {
  readonly policies: () => readonly PolicyMetadata[];
  /** The live scheduler's last poll tick. */
  readonly lastTick: number;
  readonly stats: (index: string) => IndexStats;
  readonly defaultDiskCapacity: number;
  /** Where the simulation runs: here by default; the server runs it in a worker thread (SimulationPool). */
  readonly runSimulation?: (input: SimulationInput) => Promise<SimulationResult>;
}

/** Steps are authorized as each policy's last modifier with its stored roles, each runner's authorizer made once. */
function stepAuthorizer(env: SimulationEnvironment): SimulationInput['authorize'] {
  const authorizeAs = env.authorizeAs;
  if (!authorizeAs) return undefined;
  const byRunner = new Map<string, (action: string, index: string) => ClusterError | undefined>();
  return (runner, action, index) => {
    const key = JSON.stringify([runner.username, runner.roles ?? null]);
    let authorize = byRunner.get(key);
    if (!authorize) byRunner.set(key, (authorize = authorizeAs(runner)));
    return authorize(action, index);
  };
}

function runnerOf(policy: PolicyMetadata | undefined): StepRunner | undefined {
  return policy && stepRunnerOf(policy);
}

function run(env: SimulationEnvironment, state: SimulationInput['state'], index: string, policies: readonly PolicyMetadata[], forecast: Forecast, runner: StepRunner | undefined): Promise<SimulationResult> {
  // A caller who may not see the user the steps run as is refused before anything runs.
  if (runner !== undefined) env.authorizeAs?.(runner);
  const authorize = stepAuthorizer(env);
  return (env.runSimulation ?? simulate)({
    state,
    index,
    policies,
    now: env.now,
    lastTick: env.lastTick,
    horizon: forecast.horizon,
    documents: forecast.documents,
    ...(forecast.untilFirstError && { untilFirstError: true }),
    ...(forecast.otherWrites && { otherWrites: forecast.otherWrites }),
    stats: env.stats,
    defaultDiskCapacity: env.defaultDiskCapacity,
    ...(authorize && { authorize }),
  });
}

/** A policy on an index that does not exist yet, as if the policy were PUT and the index created now. */
export async function simulatePolicy(request: SimulateRequest, env: SimulationEnvironment): Promise<Record<string, unknown>> {
  const { stored, metadata, created, runner } = resolveTarget(request, env);
  // What PUT /_ilm/policy or PUT /<index> would refuse cannot run.
  if (!stored) validatePolicy(metadata.policy);
  if (created && 'refused' in created) throw created.refused;
  if (created!.index.settings['index.lifecycle.name'] === undefined) {
    throw IlmErrors.illegalArgument(`index [${created!.index.name}] has no [index.lifecycle.name], in its settings or in a matching index template, so no policy would manage it`);
  }
  const policies = [...env.policies().filter((p) => p.name !== metadata.name), metadata];
  const result = await run(env, created!.state, created!.index.name, policies, request, runner);
  return render(result, created!.index.name, metadata.name, request);
}

/**
 * An existing index from where it stands now, with its stored policy. A data stream is forecast from its write index,
 * with every backing index of the stream.
 */
export async function indexTimeline(target: string, forecast: Forecast, env: SimulationEnvironment): Promise<Record<string, unknown>> {
  return (await indexSimulation(target, forecast, env)).rendered;
}

/** indexTimeline's answer, and the simulation it renders, for callers that read more than the API shows. */
export async function indexSimulation(target: string, forecast: Forecast, env: SimulationEnvironment): Promise<{ result: SimulationResult; rendered: Record<string, unknown> }> {
  const dataStream = DataStreams.get(env.state, target);
  const name = dataStream ? DataStream.writeIndex(dataStream) : target;
  const index = env.state.indices.get(name);
  if (!index) throw ClusterErrors.indexNotFound(name);
  const policyName = index.settings['index.lifecycle.name'];
  if (policyName === undefined) throw IlmErrors.illegalArgument(`index [${name}] is not managed by a lifecycle policy: it has no [index.lifecycle.name]`);
  const result = await run(env, env.state, name, env.policies(), forecast, runnerOf(env.policy(policyName)));
  return { result, rendered: render(result, name, policyName, forecast) };
}

function at(time: number, start: number): Record<string, unknown> {
  return { time: new Date(time).toISOString(), time_millis: time, elapsed: humanDuration(time - start) };
}

function renderEvent(event: TimelineEvent, start: number): Record<string, unknown> {
  const head = { ...at(event.time, start), kind: event.kind };
  switch (event.kind) {
    case 'step':
      return { ...head, index: event.index, phase: event.phase, action: event.action, step: event.step };
    case 'error':
      return {
        ...head,
        index: event.index,
        phase: event.phase,
        action: event.action,
        step: 'ERROR',
        failed_step: event.failedStep,
        is_auto_retryable_error: event.retryable,
        auto_retries: event.autoRetries,
        step_info: event.error,
      };
    case 'created':
      return {
        ...head,
        index: event.index,
        cause: event.cause,
        ...(event.from !== undefined && { from: event.from }),
        ...(event.alias !== undefined && { alias: event.alias }),
        ...(event.dataStream !== undefined && { data_stream: event.dataStream }),
        ...(event.action !== undefined && { action: event.action }),
      };
    case 'deleted':
      return { ...head, index: event.index };
    case 'watermark':
      return { ...head, level: event.level, exceeded: event.exceeded, used_in_bytes: event.usedBytes, used_percent: round(event.usedPercent) };
    case 'writes_refused':
      return { ...head, index: event.index, block: event.block };
    case 'writes_resumed':
      return { ...head, index: event.index };
  }
}

function round(percent: number): number {
  return Math.round(percent * 100) / 100;
}

/** The first error with the spec's row and the remedy, as lint words them. */
function renderFirstError(result: SimulationResult): Record<string, unknown> | null {
  const error = result.firstError;
  if (!error) return null;
  const state = result.firstErrorState!;
  const index = state.indices.get(error.index);
  const diagnosis = diagnoseStep(error.cause, { state, ...(index && { index }), phase: error.phase });
  return { ...renderEvent(error, result.start), row: diagnosis.row, remedy: diagnosis.remedy };
}

export function render(result: SimulationResult, index: string, policy: string, forecast: Forecast): Record<string, unknown> {
  const streamOf = new Map(result.dataStreams.flatMap((ds) => ds.indices.map((backing) => [backing, ds.name])));
  return {
    index,
    policy,
    start: new Date(result.start).toISOString(),
    start_millis: result.start,
    end: new Date(result.end).toISOString(),
    end_millis: result.end,
    horizon: humanDuration(forecast.horizon),
    documents: { per_day: forecast.documents.perDay, size_in_bytes: forecast.documents.sizeBytes },
    ticks: result.ticks,
    truncated: result.truncated,
    first_error: renderFirstError(result),
    events: result.events.map((e) => renderEvent(e, result.start)),
    indices: Object.fromEntries(
      result.indices.map((i) => [
        i.name,
        {
          ...(streamOf.has(i.name) && { data_stream: streamOf.get(i.name) }),
          ...(i.policy !== undefined && { policy: i.policy }),
          ...(i.phase !== undefined && { phase: i.phase, action: i.action, step: i.step }),
          ...(i.stepTime !== undefined && { step_time_millis: i.stepTime }),
          ...(i.failedStep !== undefined && { failed_step: i.failedStep }),
          ...(i.failedStepRetryCount !== undefined && { failed_step_retry_count: i.failedStepRetryCount }),
          ...(i.stepInfo && { step_info: i.stepInfo }),
          docs_count: i.docs,
          size_in_bytes: i.sizeBytes,
        },
      ]),
    ),
    // Backing indices grouped under their stream; those deleted on the way are no longer in it.
    ...(result.dataStreams.length > 0 && {
      data_streams: Object.fromEntries(result.dataStreams.map((ds) => [ds.name, { generation: ds.generation, write_index: ds.indices.at(-1), indices: ds.indices }])),
    }),
    disk: {
      capacity_in_bytes: result.disk.capacity,
      watermarks: result.disk.watermarks,
      samples: result.disk.samples.map((s) => ({ ...at(s.time, result.start), used_in_bytes: s.used, used_percent: round(s.usedPercent) })),
    },
  };
}
