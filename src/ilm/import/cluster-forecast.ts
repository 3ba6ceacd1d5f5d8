/**
 * @module The forecast of a whole imported cluster: lint over every managed index, and a timeline for each thing
 * written to (a data stream, a rollover alias's write index) and each other managed index, each with its own rate
 * of documents, from the moment the bundle was taken. What will fail, wait for good or fill the disk within the
 * horizon, when, with the spec's row and the remedy; and what is in ERROR already, with its fix.
 */
import { ClusterState, DataStream, DataStreams, IndexMetadata, writeIndexOf, type IndexStats } from '../../cluster/index.js';
import { humanDuration, matchesPattern } from '../../platform/units/index.js';
import { readExecution } from '../execution-state.js';
import { lintManagedIndexEntries } from '../lint/lint-managed-indices.js';
import type { LintProblem } from '../lint/lint-problem.js';
import { stepInfoAdvice } from '../remedies/index.js';
import { indexSimulation, type SimulationEnvironment } from '../simulate/forecast.js';
import type { SimulationResult } from '../simulate/simulation.js';
import { WRITE_BLOCKS } from '../simulate/simulated-documents.js';
import { ERROR_STEP } from '../step-key.js';
import type { ImportedCluster } from './import-diagnostics.js';
import { importedAuthorizer } from './imported-security.js';

const DAY_MS = 86_400_000;
/** ES's documents average about a kilobyte on disk: the size of one where an index has none yet. */
const DEFAULT_DOCUMENT_BYTES = 1024;
/** How far a cluster's forecast looks unless told: a month, as far as most policies' first phases reach. */
export const DEFAULT_CLUSTER_HORIZON = '30d';
/** Each timeline runs the whole cluster: past this many, a forecast would take too long to be worth waiting for. */
export const MAX_FORECAST_TARGETS = 500;

export interface RateOverride {
  readonly pattern: string;
  readonly perDay: number;
}

/** `<pattern>=<documents a day>`, as `--rate` and the upload's `rate` take it; a RangeError says what is wrong. */
export function parseRateOverride(text: string): RateOverride {
  const at = text.lastIndexOf('=');
  const perDay = Number(text.slice(at + 1));
  if (at <= 0 || text.slice(at + 1).trim() === '' || !Number.isFinite(perDay) || perDay < 0) {
    throw new RangeError(`expected <pattern>=<documents a day> such as logs-*=250000, got "${text}"`);
  }
  return { pattern: text.slice(0, at), perDay };
}

export interface ClusterForecastOptions {
  readonly horizon: number;
  readonly rates: readonly RateOverride[];
  /** Each reported target's timeline too, as GET /_tessera/ilm/timeline answers it: the console draws it. */
  readonly timelines?: boolean;
  /** Where each timeline runs: here by default; the server runs them in its worker threads. */
  readonly runSimulation?: SimulationEnvironment['runSimulation'];
}

type TargetKind = 'data_stream' | 'alias' | 'index';

interface Target {
  readonly name: string;
  readonly kind: TargetKind;
  /** The index the timeline follows: a stream's or alias's write index, or the index itself. */
  readonly index: string;
  /** The indices whose lint problems the target reports. */
  readonly members: readonly string[];
  readonly written: boolean;
}

/** What each problem of a target looks like in the report; `time` is when the forecast sees it, if it does. */
export interface Finding {
  readonly outcome: 'error' | 'stuck' | 'disk';
  readonly index?: string;
  readonly time?: string;
  readonly time_millis?: number;
  readonly elapsed?: string;
  readonly phase?: string;
  readonly action?: string;
  readonly step?: string;
  readonly type?: string;
  readonly message: string;
  readonly row: number | null;
  readonly remedy: string;
  /** A wait's: the other indices that wait at the same step for the same reason, each from later on. */
  readonly also?: readonly string[];
}

function phaseOf(state: ClusterState, index: string): string | undefined {
  return readExecution(state.indices.get(index)!).phase;
}

function isManaged(index: IndexMetadata): boolean {
  return index.settings['index.lifecycle.name'] !== undefined;
}

/** The alias an index is written through, when it is that alias's write index. */
function writeAlias(state: ClusterState, index: IndexMetadata): string | undefined {
  const alias = index.settings['index.lifecycle.rollover_alias'];
  if (alias === undefined || index.aliases[alias] === undefined) return undefined;
  const holders = ClusterState.indicesOfAlias(state, alias);
  const explicit = index.aliases[alias]!.is_write_index;
  return explicit === true || (explicit === undefined && holders.length === 1) ? alias : undefined;
}

function targets(state: ClusterState): Target[] {
  const out: Target[] = [];
  const covered = new Set<string>();
  for (const ds of DataStreams.all(state).values()) {
    const write = state.indices.get(DataStream.writeIndex(ds));
    if (!write || !isManaged(write)) continue;
    const members = ds.indices.map((i) => i.index_name).filter((name) => state.indices.get(name) && isManaged(state.indices.get(name)!));
    for (const name of members) covered.add(name);
    out.push({ name: ds.name, kind: 'data_stream', index: write.name, members, written: true });
  }
  const managed = [...state.indices.values()].filter((i) => isManaged(i) && !covered.has(i.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const index of managed) {
    const alias = writeAlias(state, index);
    if (alias !== undefined) out.push({ name: alias, kind: 'alias', index: index.name, members: [index.name], written: true });
    else out.push({ name: index.name, kind: 'index', index: index.name, members: [index.name], written: false });
  }
  return out;
}

/** Whether writes could reach the index now: open, and without a block a user set to stop them. */
function writable(index: IndexMetadata): boolean {
  return !IndexMetadata.isClosed(index) && !WRITE_BLOCKS.some((block) => index.settings[block] === 'true');
}

/**
 * The data streams and aliases written to whose write index no policy manages: nothing of them is forecast, but
 * their documents fill the same disk. An alias counts where Elasticsearch would route a write through it (its
 * `is_write_index`, or its only index), once per write index, and not over a data stream's backing index.
 */
function unmanagedWriters(state: ClusterState): Target[] {
  const out: Target[] = [];
  const backing = new Set<string>();
  for (const ds of DataStreams.all(state).values()) {
    for (const i of ds.indices) backing.add(i.index_name);
    const write = state.indices.get(DataStream.writeIndex(ds));
    if (write && !isManaged(write) && writable(write)) out.push({ name: ds.name, kind: 'data_stream', index: write.name, members: [], written: true });
  }
  const aliases = [...new Set([...state.indices.values()].flatMap((i) => Object.keys(i.aliases)))].sort();
  const taken = new Set<string>();
  for (const alias of aliases) {
    let write: IndexMetadata;
    try {
      write = writeIndexOf(state, alias);
    } catch {
      continue; // an alias with no write index is read through, never written
    }
    if (isManaged(write) || backing.has(write.name) || taken.has(write.name) || !writable(write)) continue;
    taken.add(write.name);
    out.push({ name: alias, kind: 'alias', index: write.name, members: [], written: true });
  }
  return out;
}

/** The indices a target's documents went to so far: those of the stream, or of the alias. */
function history(state: ClusterState, target: Target): IndexMetadata[] {
  if (target.kind === 'data_stream') return DataStreams.get(state, target.name)!.indices.map((i) => state.indices.get(i.index_name)!).filter(Boolean);
  if (target.kind === 'alias') return ClusterState.indicesOfAlias(state, target.name);
  return [state.indices.get(target.index)!];
}

/**
 * Documents a day: every document the target's indices hold, over the time since the oldest of them was created
 * (at least a day, so a new index's first hour does not count for a day's rate). An index not written to gets none.
 */
function rateOf(imported: ImportedCluster, target: Target, overrides: readonly RateOverride[]): { perDay: number; sizeBytes: number; source: string } {
  const indices = history(imported.state, target);
  const totals = indices.reduce<IndexStats>((sum, i) => {
    const s = imported.stats.get(i.name);
    return { docs: sum.docs + (s?.docs ?? 0), sizeBytes: sum.sizeBytes + (s?.sizeBytes ?? 0) };
  }, { docs: 0, sizeBytes: 0 });
  const sizeBytes = totals.docs > 0 ? Math.max(1, Math.round(totals.sizeBytes / totals.docs)) : DEFAULT_DOCUMENT_BYTES;
  const override = [...overrides].reverse().find((o) => matchesPattern(o.pattern, target.name));
  if (override) return { perDay: override.perDay, sizeBytes, source: `--rate ${override.pattern}=${override.perDay}` };
  if (!target.written) return { perDay: 0, sizeBytes, source: 'not written to' };
  const oldest = Math.min(...indices.map((i) => i.creationDate));
  const days = Math.max(1, (imported.collectedAt - oldest) / DAY_MS);
  const perDay = Math.round(totals.docs / days);
  return { perDay, sizeBytes, source: `estimated: ${totals.docs} documents over ${humanDuration(imported.collectedAt - oldest)}` };
}

function problemFinding(index: string, p: LintProblem): Finding {
  return {
    outcome: p.outcome === 'stuck' ? 'stuck' : 'error',
    index,
    ...(p.phase !== undefined && { phase: p.phase, action: p.action, step: p.step }),
    ...(p.type !== undefined && { type: p.type }),
    message: p.message,
    row: p.row,
    remedy: p.remedy,
  };
}

interface Timeline {
  readonly first_error: (Record<string, unknown> & { row: number | null; remedy: string }) | null;
  readonly events: readonly Record<string, unknown>[];
}

const at = (event: Record<string, unknown>) => ({ time: String(event.time), time_millis: Number(event.time_millis), elapsed: String(event.elapsed) });

const FLOOD_MESSAGE = 'the disk passes the flood-stage watermark: Elasticsearch puts a read-only-allow-delete block on every index with a shard on the node, and refuses writes to them';

/** The disk's part: the flood stage reached, the writes then refused. */
function diskFinding(timeline: Timeline): Finding | undefined {
  const flood = timeline.events.find((e) => e.kind === 'watermark' && e.level === 'flood_stage' && e.exceeded === true);
  if (!flood) return undefined;
  const refused = timeline.events.find((e) => e.kind === 'writes_refused' && Number(e.time_millis) >= Number(flood.time_millis));
  const index = refused ? String(refused.index) : undefined;
  return {
    outcome: 'disk',
    ...(index !== undefined && { index }),
    ...at(flood),
    type: 'cluster_block_exception',
    message: index
      ? `index [${index}] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block];`
      : `the disk passes the flood-stage watermark (${String(flood.used_percent)}% of the modelled disk used)`,
    row: null,
    remedy:
      'Free disk or add nodes before then: delete or shrink old indices sooner (an earlier delete phase), or lower the rate of writes. ES lifts the block by itself once usage falls below the high watermark.',
  };
}

function errorFinding(timeline: Timeline): Finding | undefined {
  const e = timeline.first_error;
  if (!e) return undefined;
  const info = (e.step_info ?? {}) as Record<string, unknown>;
  return {
    outcome: 'error',
    index: String(e.index),
    ...at(e),
    phase: String(e.phase),
    action: String(e.action),
    step: String(e.failed_step),
    ...(typeof info.type === 'string' && { type: info.type }),
    message: String(info.reason ?? info.message ?? ''),
    row: e.row,
    remedy: e.remedy,
  };
}

/**
 * The waits the forecast ends in: each index still at a step that waits with a message in step_info, as explain
 * shows it, from when it entered the step. A rollover whose conditions are not yet met waits without one: that is
 * how an index lives in hot, not a wait for good. Indices waiting at the same step for the same reason are one
 * finding, at the first of them.
 */
function waitFindings(result: SimulationResult): Finding[] {
  // Each index's last move, in time order: the wait began there, or before the forecast if it never moved.
  const lastStep = new Map<string, { step: string; time: number }>();
  for (const e of result.events) if (e.kind === 'step') lastStep.set(e.index, { step: e.step, time: e.time });
  const entered = (index: string, step: string | undefined) => (lastStep.get(index)?.step === step ? lastStep.get(index)!.time : result.start);
  const messageOf = (info: Readonly<Record<string, unknown>> | undefined) => String(info?.message ?? info?.reason ?? '');
  const waits = result.indices
    .filter((i) => i.waitAdvice !== undefined && messageOf(i.stepInfo) !== '')
    .map((i) => ({ index: i, since: entered(i.name, i.step) }))
    .sort((a, b) => a.since - b.since || (a.index.name < b.index.name ? -1 : 1));
  const byReason = new Map<string, { first: Finding; also: string[] }>();
  for (const { index, since } of waits) {
    const info = index.stepInfo!;
    const message = messageOf(info);
    const key = `${index.phase}/${index.action}/${index.step}|${message}`;
    const known = byReason.get(key);
    if (known) {
      known.also.push(index.name);
      continue;
    }
    const first: Finding = {
      outcome: 'stuck',
      index: index.name,
      time: new Date(since).toISOString(),
      time_millis: since,
      elapsed: humanDuration(since - result.start),
      phase: index.phase!,
      action: index.action!,
      step: index.step!,
      ...(typeof info.type === 'string' && { type: info.type }),
      message,
      row: index.waitAdvice!.row ?? null,
      remedy: index.waitAdvice!.remedy,
    };
    byReason.set(key, { first, also: [] });
  }
  return [...byReason.values()].map(({ first, also }) => (also.length > 0 ? { ...first, also } : first));
}

function sameProblem(f: Finding): string {
  return `${f.index}|${f.outcome}|${f.step}|${f.message}`;
}

export interface TargetReport {
  readonly name: string;
  readonly kind: TargetKind;
  readonly write_index: string;
  readonly policy: string;
  /** The write index's phase when the bundle was taken, where it has one: where its lane starts. */
  readonly phase?: string;
  readonly documents: { readonly per_day: number; readonly size_in_bytes: number; readonly rate: string };
  /** What the timeline saw within the horizon, in time order: the first error, the disk's flood stage. */
  readonly forecast: readonly Finding[];
  /** What lint finds on the target's indices as they stand: errors and waits, with no time. */
  readonly lint: readonly Finding[];
  /** With `timelines`: the timeline the findings come from, up to its first error. */
  readonly timeline?: Record<string, unknown>;
}

export interface DiskWriter {
  readonly name: string;
  readonly kind: 'data_stream' | 'alias';
  readonly write_index: string;
  readonly documents: TargetReport['documents'];
}

export interface InError {
  readonly index: string;
  readonly policy: string;
  readonly phase?: string;
  readonly action?: string;
  readonly failed_step?: string;
  readonly step_info?: Record<string, unknown>;
  readonly row: number | null;
  readonly cause: string;
  readonly remedy: string;
}

export interface ClusterForecastReport {
  readonly cluster_name: string;
  readonly version: string;
  readonly start: string;
  readonly start_millis: number;
  readonly horizon: string;
  readonly not_seen: readonly string[];
  readonly in_error: readonly InError[];
  /** When the disk, filled by every stream written, reaches the flood stage within the horizon. */
  readonly disk: { readonly time: string; readonly time_millis: number; readonly elapsed: string; readonly message: string; readonly remedy: string } | null;
  /** The data streams and aliases written to that no policy manages: their documents fill the disk too. */
  readonly disk_writers: readonly DiskWriter[];
  /** Only the targets with something to report. */
  readonly targets: readonly TargetReport[];
  readonly summary: {
    readonly managed_indices: number;
    readonly forecast: number;
    readonly failing: number;
    /** Indices forecast to wait for good (the `stuck` findings and their `also`). */
    readonly stuck: number;
    readonly in_error: number;
    readonly text: string;
  };
}

/** Runs lint and the timelines over the imported cluster; throws the timelines' refusals (ClusterError). */
export async function forecastCluster(imported: ImportedCluster, options: ClusterForecastOptions): Promise<ClusterForecastReport> {
  const { state, collectedAt } = imported;
  const policies = new Map(imported.policies.map((p) => [p.name, p]));
  const env = {
    state,
    policy: (name: string) => policies.get(name),
    now: collectedAt,
    policies: () => imported.policies,
    lastTick: collectedAt,
    stats: (index: string) => imported.stats.get(index) ?? { docs: 0, sizeBytes: 0 },
    // The disk is always set (tessera.disk.capacity), or the decider off.
    defaultDiskCapacity: 0,
    // With the roles, each policy's steps run as its header's user, as ES runs them; without, unchecked.
    ...(imported.security && { authorizeAs: importedAuthorizer(imported.security) }),
    ...(options.runSimulation && { runSimulation: options.runSimulation }),
  };
  const lint = new Map(await lintManagedIndexEntries(env));
  const all = targets(state);
  if (all.length > MAX_FORECAST_TARGETS) {
    throw new RangeError(`the cluster has ${all.length} managed data streams, aliases and indices to forecast; at most ${MAX_FORECAST_TARGETS} are forecast in one run`);
  }
  const reports: TargetReport[] = [];
  let flood: Finding | undefined;
  let stuck = 0;
  const writers = unmanagedWriters(state);
  const rates = new Map([...all, ...writers].map((target) => [target, rateOf(imported, target, options.rates)]));
  // Every stream written fills the one disk, managed or not: each timeline writes the others' documents too, without
  // following them.
  const writes = [...all, ...writers]
    .filter((t) => rates.get(t)!.perDay > 0)
    .map((t) => ({ target: t.name, documents: { perDay: rates.get(t)!.perDay, sizeBytes: rates.get(t)!.sizeBytes } }));
  for (const target of all) {
    const rate = rates.get(target)!;
    const otherWrites = writes.filter((w) => w.target !== target.name);
    const asked = { horizon: options.horizon, documents: { perDay: rate.perDay, sizeBytes: rate.sizeBytes }, untilFirstError: true, ...(otherWrites.length > 0 && { otherWrites }) };
    const { result, rendered } = await indexSimulation(target.index, asked, env);
    const timeline = rendered as unknown as Timeline;
    const disk = diskFinding(timeline);
    if (disk && (flood === undefined || disk.time_millis! < flood.time_millis!)) flood = disk;
    const waits = waitFindings(result);
    stuck += waits.reduce((sum, w) => sum + 1 + (w.also?.length ?? 0), 0);
    // The flood stage blocks every index: a target hears of it where its own writes are refused, the rest once, above.
    const forecast = [errorFinding(timeline), rate.perDay > 0 ? disk : undefined, ...waits].filter((f): f is Finding => f !== undefined).sort((a, b) => a.time_millis! - b.time_millis!);
    // What the timeline dates, lint need not repeat undated.
    const dated = new Set(forecast.map(sameProblem));
    const found = target.members.flatMap((name) =>
      (lint.get(name)?.problems ?? [])
        .filter((p) => p.outcome === 'error' || p.outcome === 'stuck')
        .map((p) => problemFinding(name, p))
        .filter((f) => !dated.has(sameProblem(f))),
    );
    if (forecast.length === 0 && found.length === 0) continue;
    const phase = phaseOf(state, target.index);
    reports.push({
      name: target.name,
      kind: target.kind,
      write_index: target.index,
      policy: state.indices.get(target.index)!.settings['index.lifecycle.name']!,
      ...(phase !== undefined && { phase }),
      documents: { per_day: rate.perDay, size_in_bytes: rate.sizeBytes, rate: rate.source },
      forecast,
      lint: found,
      ...(options.timelines && { timeline: timeline as unknown as Record<string, unknown> }),
    });
    // A timeline holds the event loop while it runs; between two, the process may do anything else it has to.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const inError = [...state.indices.values()]
    .filter((i) => isManaged(i) && readExecution(i).step === ERROR_STEP)
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((i): InError => {
      const execution = readExecution(i);
      const advice = stepInfoAdvice(i);
      // Where the words of step_info name no known cause, lint's diagnosis of the same failure does.
      const info = execution.step_info === undefined ? {} : (JSON.parse(execution.step_info) as Record<string, unknown>);
      const linted = advice?.row === undefined ? lint.get(i.name)?.problems.find((p) => p.message === info.reason && p.outcome !== 'warning') : undefined;
      return {
        index: i.name,
        policy: i.settings['index.lifecycle.name']!,
        ...(execution.phase !== undefined && { phase: execution.phase, action: execution.action }),
        ...(execution.failed_step !== undefined && { failed_step: execution.failed_step }),
        ...(execution.step_info !== undefined && { step_info: JSON.parse(execution.step_info) as Record<string, unknown> }),
        row: linted ? linted.row : (advice?.row ?? null),
        cause: linted ? linted.message : (advice?.cause ?? 'The step failed.'),
        remedy: linted ? linted.remedy : (advice?.remedy ?? `Fix what the step_info names, then POST /${i.name}/_ilm/retry.`),
      };
    });
  const managed = [...state.indices.values()].filter(isManaged).length;
  const failing = reports.length;
  const horizon = humanDuration(options.horizon);
  const counted = `${managed} managed ${managed === 1 ? 'index' : 'indices'}, ${all.length} forecast over ${horizon}`;
  const filled = flood ? `; the disk reaches the flood stage in ${flood.elapsed}` : '';
  const waiting = stuck > 0 ? `; ${stuck} ${stuck === 1 ? 'index waits' : 'indices wait'} for good` : '';
  const text = failing === 0 && inError.length === 0 && !flood ? `${counted}: nothing will fail` : `${counted}: ${failing} will fail, get stuck or fill the disk${waiting}; ${inError.length} in ERROR now${filled}`;
  return {
    cluster_name: imported.clusterName,
    version: imported.version,
    start: new Date(collectedAt).toISOString(),
    start_millis: collectedAt,
    horizon,
    not_seen: imported.notSeen,
    in_error: inError,
    disk: flood ? { time: flood.time!, time_millis: flood.time_millis!, elapsed: flood.elapsed!, message: FLOOD_MESSAGE, remedy: flood.remedy } : null,
    disk_writers: writers.map((w): DiskWriter => {
      const rate = rates.get(w)!;
      return { name: w.name, kind: w.kind as DiskWriter['kind'], write_index: w.index, documents: { per_day: rate.perDay, size_in_bytes: rate.sizeBytes, rate: rate.source } };
    }),
    targets: reports,
    summary: { managed_indices: managed, forecast: all.length, failing, stuck, in_error: inError.length, text },
  };
}
