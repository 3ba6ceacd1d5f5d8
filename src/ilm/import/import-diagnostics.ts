/**
 * @module A real cluster rebuilt from the answers of its own read APIs (a support-diagnostics bundle, or the same
 * answers saved with curl): its indices with settings, aliases and rollover history, data streams, templates,
 * policies with their versions, each managed index's execution state as explain reports it, document counts and
 * sizes, and the disk with its watermarks. Built whole or not at all: any file that does not read as its API's
 * answer is an ImportError naming the file and what is wrong, and nothing of it is used.
 */
import {
  ClusterError,
  ClusterState,
  DATA_STREAM_METADATA,
  flattenSettings,
  parseComponentTemplate,
  parseLegacyTemplate,
  parseTemplate,
  parseWatermark,
  type AliasMetadata,
  type ComponentTemplate,
  type ComposableTemplate,
  type DataStream,
  type IndexMetadata,
  type IndexStats,
  type LegacyTemplate,
  type WatermarkLevel,
} from '../../cluster/index.js';
import { parseByteSize } from '../../platform/units/index.js';
import { ILM_CUSTOM, type ExecutionState } from '../execution-state.js';
import type { PhaseExecutionInfo } from '../phase-execution.js';
import { withLifecycleMetadata } from '../policy/lifecycle-metadata.js';
import { parsePolicyBody } from '../policy/lifecycle-policy.js';
import type { PolicyMetadata } from '../policy/policy-metadata.js';
import { parseRoleDescriptor } from '../../security/role-descriptor.js';
import { SecurityError } from '../../security/security-error.js';
import type { Role } from '../../security/security-model.js';
import { breakerSettings, type NodesMemory } from './breaker-limits.js';
import { DIAGNOSTICS_FILES, fileDescription } from './diagnostics-files.js';
import { policyRunners, ROLES_FILE, type ImportedSecurity } from './imported-security.js';
import { AUTHENTICATION_HEADER } from './security-header.js';

/** A bundle that cannot be imported: the message names the file and what is wrong or missing. */
export class ImportError extends Error {}

export interface ImportedDisk {
  /** Every data node's disk together, as one node's: Tessera models one node. */
  readonly totalBytes: number;
  readonly availableBytes: number;
  /** What the disks hold besides the indices' stores (other files, the OS): it stays as it is. */
  readonly otherBytes: number;
}

export interface ImportedCluster {
  readonly version: string;
  readonly clusterName: string;
  /** When the bundle was taken: the forecast starts there. */
  readonly collectedAt: number;
  readonly state: ClusterState;
  readonly policies: readonly PolicyMetadata[];
  /** Documents (primaries) and store size (all copies: what takes disk) of each index. */
  readonly stats: ReadonlyMap<string, IndexStats>;
  readonly disk: ImportedDisk | undefined;
  /** The users the policies' steps run as, and the roles: absent, the steps run unchecked. */
  readonly security?: ImportedSecurity;
  /** Files that were missing, each with what the forecast cannot see without it; and policies whose user is not known. */
  readonly notSeen: readonly string[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Elasticsearch versions whose ILM Tessera models: 7.17 and 8.x. */
export const MODELLED_VERSIONS = '7.17 to 8.x';
const LEVELS: readonly WatermarkLevel[] = ['low', 'high', 'flood_stage'];

function fail(path: string, message: string): never {
  throw new ImportError(`${path}: ${message}`);
}

function object(value: unknown, path: string, what: string): Json {
  if (!isObject(value)) fail(path, `${what} is not an object; is this the answer of ${fileDescription(path.split(' ')[0]!)?.call ?? 'its API'}?`);
  return value;
}

/** A number ES writes as a number, or as a string of one (settings). */
function millis(value: unknown, path: string, what: string): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) fail(path, `${what} is not a number: ${JSON.stringify(value)}`);
  return n;
}

/** Runs a parser of Tessera's PUT bodies on a bundle's part, its refusal reworded to name the file. */
function parsed<T>(path: string, what: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ClusterError) fail(path, `${what}: ${error.type}: ${error.reason}`);
    throw error;
  }
}

function checkVersion(files: ReadonlyMap<string, unknown>): string {
  const root = files.get('version.json');
  const number = isObject(root) && isObject(root.version) ? root.version.number : undefined;
  if (typeof number !== 'string') fail('version.json', 'no [version.number]; is this the answer of GET / of an Elasticsearch cluster?');
  const [major, minor] = number.split('.').map(Number);
  if (!(major === 8 || (major === 7 && minor === 17))) {
    fail('version.json', `Elasticsearch ${number} is not modelled: tessera ilm forecast models Elasticsearch ${MODELLED_VERSIONS}, whose ILM steps and errors it reproduces`);
  }
  return number;
}

function settingsOf(raw: unknown, path: string): Record<string, string> {
  const flat = flattenSettings(raw ?? {});
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(flat)) {
    if (value === null || value === undefined) continue;
    out[key] = Array.isArray(value) ? value.map(String).join(',') : typeof value === 'object' ? fail(path, `setting [${key}] is not a value`) : String(value);
  }
  return out;
}

function aliasMetadata(raw: unknown): AliasMetadata {
  if (!isObject(raw)) return {};
  return {
    ...(typeof raw.is_write_index === 'boolean' && { is_write_index: raw.is_write_index }),
    ...(typeof raw.is_hidden === 'boolean' && { is_hidden: raw.is_hidden }),
    ...(raw.filter !== undefined && { filter: raw.filter }),
    ...(typeof raw.index_routing === 'string' && { index_routing: raw.index_routing }),
    ...(typeof raw.search_routing === 'string' && { search_routing: raw.search_routing }),
  };
}

/** Explain's record turned back into the strings ILM keeps (LifecycleExecutionState), as the runner reads them. */
function executionOf(record: Json, index: IndexMetadata, policies: ReadonlyMap<string, PolicyMetadata>, path: string): ExecutionState {
  const time = (field: string) => (record[`${field}_millis`] === undefined ? undefined : String(millis(record[`${field}_millis`], path, `[${index.name}].${field}_millis`)));
  const text = (field: string) => (typeof record[field] === 'string' ? (record[field] as string) : undefined);
  const json = (field: string) => (isObject(record[field]) ? JSON.stringify(record[field]) : undefined);
  let phaseDefinition: string | undefined;
  if (isObject(record.phase_execution)) {
    const execution = record.phase_execution;
    const info: PhaseExecutionInfo = {
      policy: String(execution.policy),
      ...(isObject(execution.phase_definition) && { phase_definition: phaseOf(execution.phase_definition, record, path) }),
      version: millis(execution.version, path, `[${index.name}].phase_execution.version`),
      modified_date_in_millis: millis(execution.modified_date_in_millis ?? Date.parse(String(execution.modified_date)), path, `[${index.name}].phase_execution.modified_date_in_millis`),
    };
    phaseDefinition = JSON.stringify(info);
  } else if (text('phase') !== undefined) {
    // Explain leaves it out in `new`; the runner caches the policy's version there all the same.
    const policy = policies.get(String(record.policy));
    if (policy) phaseDefinition = JSON.stringify({ policy: policy.name, version: policy.version, modified_date_in_millis: policy.modifiedDate });
  }
  // The lifecycle date explain shows is the origination date when one is set, else what ILM keeps (creation or rollover).
  const origination = index.settings['index.lifecycle.origination_date'];
  const lifecycleDate = origination !== undefined && origination !== '-1' ? String(index.creationDate) : (time('lifecycle_date') ?? String(index.creationDate));
  const state: Record<string, string | undefined> = {
    phase: text('phase'),
    action: text('action'),
    step: text('step'),
    phase_time: time('phase_time'),
    action_time: time('action_time'),
    step_time: time('step_time'),
    failed_step: text('failed_step'),
    is_auto_retryable_error: typeof record.is_auto_retryable_error === 'boolean' ? String(record.is_auto_retryable_error) : undefined,
    failed_step_retry_count: record.failed_step_retry_count === undefined ? undefined : String(millis(record.failed_step_retry_count, path, `[${index.name}].failed_step_retry_count`)),
    step_info: json('step_info'),
    previous_step_info: json('previous_step_info'),
    phase_definition: phaseDefinition,
    creation_date: lifecycleDate,
    shrink_index_name: text('shrink_index_name'),
    snapshot_repository: text('repository_name'),
    snapshot_name: text('snapshot_name'),
  };
  return Object.fromEntries(Object.entries(state).filter(([, v]) => v !== undefined)) as ExecutionState;
}

function phaseOf(definition: Json, record: Json, path: string) {
  const name = String(record.phase);
  return parsed(path, `[${String(record.index)}].phase_execution.phase_definition`, () => parsePolicyBody({ policy: { phases: { [name]: definition } } }).phases[name]!);
}

function readPolicies(raw: unknown): Map<string, PolicyMetadata> {
  const path = 'commercial/ilm_policies.json';
  const policies = new Map<string, PolicyMetadata>();
  for (const [name, entry] of Object.entries(object(raw, path, 'the answer'))) {
    const e = object(entry, path, `policy [${name}]`);
    const policy = object(e.policy, path, `policy [${name}].policy`);
    // GET answers what PUT takes, plus ES's own members of later versions; only phases and _meta shape the run.
    const body = { phases: policy.phases, ...(policy._meta !== undefined && { _meta: policy._meta }) };
    const modified = typeof e.modified_date === 'string' ? Date.parse(e.modified_date) : e.modified_date;
    policies.set(name, {
      name,
      policy: parsed(path, `policy [${name}]`, () => parsePolicyBody({ policy: body })),
      version: millis(e.version, path, `policy [${name}].version`),
      modifiedDate: millis(modified, path, `policy [${name}].modified_date`),
    });
  }
  return policies;
}

/** Each policy's headers as the cluster state keeps them (index_lifecycle's LifecyclePolicyMetadata). */
function policyHeaders(metadata: Json, names: Iterable<string>): Map<string, Json | undefined> {
  const lifecycle = isObject(metadata.index_lifecycle) && isObject(metadata.index_lifecycle.policies) ? metadata.index_lifecycle.policies : {};
  return new Map([...names].map((name) => {
    const entry = lifecycle[name];
    return [name, isObject(entry) && isObject(entry.headers) ? entry.headers : undefined];
  }));
}

/** GET /_security/role's answer: each role by name, reserved ones included. */
function readRoles(raw: unknown): Map<string, Role> {
  const roles = new Map<string, Role>();
  for (const [name, body] of Object.entries(object(raw, ROLES_FILE, 'the answer'))) {
    try {
      roles.set(name, parseRoleDescriptor(name, body));
    } catch (error) {
      if (error instanceof SecurityError) fail(ROLES_FILE, `role [${name}]: ${error.type}: ${error.reason}`);
      throw error;
    }
  }
  return roles;
}

function readIndices(metadata: Json, aliasFile: unknown): IndexMetadata[] {
  const path = 'cluster_state.json';
  const indices = object(metadata.indices, path, '[metadata.indices]');
  const aliases = aliasFile === undefined ? undefined : object(aliasFile, 'alias.json', 'the answer');
  return Object.entries(indices).map(([name, raw]) => {
    const entry = object(raw, path, `index [${name}]`);
    const settings = settingsOf(entry.settings, path);
    const creationDate = millis(settings['index.creation_date'], path, `index [${name}] setting [index.creation_date]`);
    const uuid = settings['index.uuid'] ?? fail(path, `index [${name}] has no [index.uuid]`);
    const named = Array.isArray(entry.aliases) ? entry.aliases.map(String) : [];
    const detailed = aliases && isObject(aliases[name]) && isObject(aliases[name].aliases) ? (aliases[name].aliases as Json) : undefined;
    const rolloverInfo: Record<string, { met_conditions: Record<string, unknown>; time: number }> = {};
    if (isObject(entry.rollover_info)) {
      for (const [alias, info] of Object.entries(entry.rollover_info)) {
        const i = object(info, path, `index [${name}].rollover_info[${alias}]`);
        rolloverInfo[alias] = { met_conditions: isObject(i.met_conditions) ? i.met_conditions : {}, time: millis(i.time, path, `index [${name}].rollover_info[${alias}].time`) };
      }
    }
    const mappings = isObject(entry.mappings) && isObject(entry.mappings._doc) ? entry.mappings._doc : {};
    return Object.freeze({
      name,
      uuid,
      creationDate,
      settings: Object.freeze(settings),
      mappings,
      aliases: Object.fromEntries(named.map((alias) => [alias, aliasMetadata(detailed?.[alias])])),
      rolloverInfo,
      customs: {},
      ...(entry.state === 'close' && { state: 'close' as const }),
    });
  });
}

function readDataStreams(metadata: Json, file: unknown, indices: ReadonlyMap<string, IndexMetadata>): DataStream[] {
  // The cluster state keeps them as ES stores them; GET /_data_stream lists the same with more.
  const fromState = isObject(metadata.data_stream) && isObject(metadata.data_stream.data_stream) ? Object.values(metadata.data_stream.data_stream) : undefined;
  const path = fromState ? 'cluster_state.json' : 'commercial/data_stream.json';
  const list = fromState ?? (isObject(file) && Array.isArray(file.data_streams) ? file.data_streams : []);
  return list.map((raw) => {
    const ds = object(raw, path, 'a data stream');
    const name = typeof ds.name === 'string' ? ds.name : fail(path, 'a data stream has no [name]');
    if (!Array.isArray(ds.indices) || ds.indices.length === 0) fail(path, `data stream [${name}] has no backing indices`);
    const backing = ds.indices.map((i) => {
      const index = object(i, path, `data stream [${name}]'s index`);
      const indexName = String(index.index_name);
      if (!indices.has(indexName)) fail(path, `data stream [${name}]'s backing index [${indexName}] is not in cluster_state.json's indices`);
      return { index_name: indexName, index_uuid: String(index.index_uuid) };
    });
    return Object.freeze({
      name,
      timestamp_field: { name: isObject(ds.timestamp_field) && typeof ds.timestamp_field.name === 'string' ? ds.timestamp_field.name : '@timestamp' },
      indices: backing,
      generation: millis(ds.generation, path, `data stream [${name}].generation`),
      ...(isObject(ds._meta) && { _meta: ds._meta }),
      hidden: ds.hidden === true,
      replicated: ds.replicated === true,
      system: ds.system === true,
      allow_custom_routing: ds.allow_custom_routing === true,
      rollover_on_write: ds.rollover_on_write === true,
    });
  });
}

function readTemplates(files: ReadonlyMap<string, unknown>): { templates: ComposableTemplate[]; components: ComponentTemplate[]; legacy: LegacyTemplate[] } {
  const list = (path: string, member: string, inner: string) => {
    const raw = files.get(path);
    if (raw === undefined) return [];
    const entries = object(raw, path, 'the answer')[member];
    if (!Array.isArray(entries)) fail(path, `no [${member}] list; is this the answer of ${fileDescription(path)!.call}?`);
    return entries.map((e) => {
      const entry = object(e, path, `an entry of [${member}]`);
      return { name: String(entry.name), body: object(entry[inner], path, `[${String(entry.name)}].${inner}`) };
    });
  };
  // Members GET adds that PUT does not take (dates of 8.x's later versions).
  const bare = (body: Json) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'created_date' && key !== 'created_date_millis' && key !== 'modified_date' && key !== 'modified_date_millis'));
  const templates = list('index_templates.json', 'index_templates', 'index_template').map(({ name, body }) =>
    parsed('index_templates.json', `template [${name}]`, () => parseTemplate(name, bare(body))),
  );
  const components = list('component_templates.json', 'component_templates', 'component_template').map(({ name, body }) =>
    parsed('component_templates.json', `component template [${name}]`, () => parseComponentTemplate(name, bare(body))),
  );
  const legacyFile = files.get('templates.json');
  const legacy =
    legacyFile === undefined
      ? []
      : Object.entries(object(legacyFile, 'templates.json', 'the answer')).map(([name, raw]) => {
          const { order, ...body } = object(raw, 'templates.json', `template [${name}]`);
          return parsed('templates.json', `template [${name}]`, () => parseLegacyTemplate(name, body, order === undefined ? undefined : millis(order, 'templates.json', `template [${name}].order`)));
        });
  return { templates, components, legacy };
}

function readStats(raw: unknown): Map<string, IndexStats> {
  const path = 'indices_stats.json';
  const indices = object(object(raw, path, 'the answer').indices, path, '[indices]');
  const stats = new Map<string, IndexStats>();
  for (const [name, entry] of Object.entries(indices)) {
    const e = object(entry, path, `index [${name}]`);
    const docs = isObject(e.primaries) && isObject(e.primaries.docs) ? e.primaries.docs.count : 0;
    const size = isObject(e.total) && isObject(e.total.store) ? e.total.store.size_in_bytes : 0;
    stats.set(name, { docs: millis(docs, path, `[${name}].primaries.docs.count`), sizeBytes: millis(size, path, `[${name}].total.store.size_in_bytes`) });
  }
  return stats;
}

/** Every data node's fs total and memory; the nodes' own clocks tell when the bundle was taken. */
function readNodes(raw: unknown): { total: number; available: number; timestamp: number | undefined; memory: NodesMemory } {
  const path = 'nodes_stats.json';
  const nodes = object(object(raw, path, 'the answer').nodes, path, '[nodes]');
  let total = 0;
  let available = 0;
  let timestamp: number | undefined;
  const breakerLimits: Record<string, number> = {};
  let heapMaxBytes: number | undefined;
  const least = (a: number | undefined, b: number) => (a === undefined ? b : Math.min(a, b));
  for (const [id, entry] of Object.entries(nodes)) {
    const node = object(entry, path, `node [${id}]`);
    if (node.timestamp !== undefined) timestamp = Math.max(timestamp ?? 0, millis(node.timestamp, path, `node [${id}].timestamp`));
    const roles = Array.isArray(node.roles) ? node.roles.map(String) : undefined;
    if (roles && !roles.some((r) => r.startsWith('data'))) continue;
    const heap = isObject(node.jvm) && isObject(node.jvm.mem) ? node.jvm.mem.heap_max_in_bytes : undefined;
    if (heap !== undefined) heapMaxBytes = least(heapMaxBytes, millis(heap, path, `node [${id}].jvm.mem.heap_max_in_bytes`));
    for (const [name, breaker] of Object.entries(isObject(node.breakers) ? node.breakers : {})) {
      if (!isObject(breaker) || breaker.limit_size_in_bytes === undefined) continue;
      breakerLimits[name] = least(breakerLimits[name], millis(breaker.limit_size_in_bytes, path, `node [${id}].breakers.${name}.limit_size_in_bytes`));
    }
    const fs = isObject(node.fs) && isObject(node.fs.total) ? node.fs.total : undefined;
    if (!fs) continue;
    total += millis(fs.total_in_bytes, path, `node [${id}].fs.total.total_in_bytes`);
    available += millis(fs.available_in_bytes, path, `node [${id}].fs.total.available_in_bytes`);
  }
  return { total, available, timestamp, memory: { breakerLimits, heapMaxBytes } };
}

/** The settings the forecast honours: ILM's own and the disk decider's switch; the watermarks are rewritten below. */
const KEPT_SETTING = /^(indices\.lifecycle\.|cluster\.routing\.allocation\.disk\.threshold_enabled$)/;

function clusterSettings(files: ReadonlyMap<string, unknown>): { kept: Record<string, string>; all: Record<string, string> } {
  const all: Record<string, string> = {};
  const defaults = files.get('cluster_settings_defaults.json');
  if (defaults !== undefined) Object.assign(all, settingsOf(object(defaults, 'cluster_settings_defaults.json', 'the answer').defaults, 'cluster_settings_defaults.json'));
  const settings = files.get('cluster_settings.json');
  if (settings !== undefined) {
    const s = object(settings, 'cluster_settings.json', 'the answer');
    Object.assign(all, settingsOf(s.persistent, 'cluster_settings.json'), settingsOf(s.transient, 'cluster_settings.json'));
  }
  return { kept: Object.fromEntries(Object.entries(all).filter(([key]) => KEPT_SETTING.test(key))), all };
}

/**
 * Tessera's one node holds only the indices; the real disks hold other files too, and free space is what the
 * watermarks measure. So the modelled disk is the real one less those other files, and each watermark becomes the
 * free space it stands for on the real disk (a percentage of it, capped by its max_headroom where ES applies one).
 */
function diskSettings(disk: ImportedDisk, all: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { 'tessera.disk.capacity': `${Math.max(0, disk.totalBytes - disk.otherBytes)}b` };
  for (const level of LEVELS) {
    const key = `cluster.routing.allocation.disk.watermark.${level}`;
    const mark = parsed('cluster_settings.json', `[${key}]`, () => parseWatermark(level, all[key] ?? { low: '85%', high: '90%', flood_stage: '95%' }[level]));
    let free = 'usedPercent' in mark.limit ? disk.totalBytes * (1 - mark.limit.usedPercent / 100) : mark.limit.freeBytes;
    const headroom = all[`${key}.max_headroom`];
    if ('usedPercent' in mark.limit && headroom !== undefined && headroom !== '-1' && headroom !== '-1b') {
      free = Math.min(free, parsed('cluster_settings_defaults.json', `[${key}.max_headroom]`, () => parseByteSize(headroom, `${key}.max_headroom`)));
    }
    out[key] = `${Math.ceil(free)}b`;
  }
  return out;
}

/**
 * Builds the cluster from `files` (each path's parsed JSON; a missing file absent); throws ImportError. `notRead`:
 * why each file a live cluster did not give was not read, said in place of the file's absence.
 */
export function importDiagnostics(bundle: ReadonlyMap<string, unknown>, notRead: ReadonlyMap<string, string> = new Map()): ImportedCluster {
  let files = bundle;
  const required = DIAGNOSTICS_FILES.filter((f) => f.missing === 'required');
  if (!required.some((f) => files.has(f.path))) {
    throw new ImportError(`none of the files of a support-diagnostics bundle is there (${required.map((f) => f.path).join(', ')}): is this the folder the diagnostics tool wrote?`);
  }
  for (const f of required) {
    if (!files.has(f.path)) throw new ImportError(`${f.path} is missing (the answer of ${f.call}): without it there is nothing to forecast`);
  }
  // curl saves a refusal as readily as an answer, and the diagnostics tool does too (its stats call is refused on a
  // cluster with a closed index). Without a required answer there is nothing to forecast; without another, its part.
  const refused = new Map<string, string>();
  for (const [path, answer] of files) {
    if (isObject(answer) && answer.error !== undefined && typeof answer.status === 'number') {
      const error = isObject(answer.error) ? answer.error : { reason: answer.error };
      const file = fileDescription(path);
      const refusal = `holds the cluster's refusal (status ${answer.status}), not the answer of ${file?.call ?? 'its call'}: ${String(error.type ?? 'error')}: ${String(error.reason)}`;
      if (file === undefined || file.missing === 'required') throw new ImportError(`${path}: ${refusal}`);
      refused.set(path, refusal);
    }
  }
  if (refused.size > 0) files = new Map([...files].filter(([path]) => !refused.has(path)));
  const version = checkVersion(files);
  const clusterState = object(files.get('cluster_state.json'), 'cluster_state.json', 'the answer');
  const metadata = object(clusterState.metadata, 'cluster_state.json', '[metadata]');
  const policies = readPolicies(files.get('commercial/ilm_policies.json'));
  const headers = policyHeaders(metadata, policies.keys());
  const runners = policyRunners(headers, files.has(ROLES_FILE) ? readRoles(files.get(ROLES_FILE)) : undefined);
  for (const [name, { username, roles }] of runners.modifiedBy) policies.set(name, { ...policies.get(name)!, modifiedBy: username, modifiedByRoles: roles });
  // Roles are missed only where some policy's steps run as a user the headers name: a cluster with security.
  const secured = [...headers.values()].some((h) => typeof h?.[AUTHENTICATION_HEADER] === 'string');
  const indexList = readIndices(metadata, files.get('alias.json'));
  const byName = new Map(indexList.map((i) => [i.name, i]));
  const explainPath = 'commercial/ilm_explain.json';
  const explained = object(object(files.get(explainPath), explainPath, 'the answer').indices, explainPath, '[indices]');
  for (const [name, raw] of Object.entries(explained)) {
    const record = object(raw, explainPath, `index [${name}]`);
    const index = byName.get(name);
    if (record.managed !== true || !index) continue;
    byName.set(name, { ...index, customs: { [ILM_CUSTOM]: Object.freeze(executionOf(record, index, policies, explainPath)) } });
  }
  const { templates, components, legacy } = readTemplates(files);
  const stats = files.has('indices_stats.json') ? readStats(files.get('indices_stats.json')) : new Map<string, IndexStats>();
  const nodes = files.has('nodes_stats.json') ? readNodes(files.get('nodes_stats.json')) : undefined;
  const indexBytes = [...byName.keys()].reduce((sum, name) => sum + (stats.get(name)?.sizeBytes ?? 0), 0);
  const disk = nodes && nodes.total > 0 ? { totalBytes: nodes.total, availableBytes: nodes.available, otherBytes: Math.max(0, nodes.total - nodes.available - indexBytes) } : undefined;
  const settings = clusterSettings(files);
  // Without the disk, no watermark can be reached: the decider is off rather than judging a made-up disk.
  const persistent = {
    ...settings.kept,
    ...(disk ? diskSettings(disk, settings.all) : { 'cluster.routing.allocation.disk.threshold_enabled': 'false' }),
    ...parsed('cluster_settings.json', "the circuit breakers' limits", () => breakerSettings(nodes?.memory, settings.all)),
  };

  let state: ClusterState = Object.freeze({
    ...ClusterState.empty(),
    clusterUuid: typeof clusterState.cluster_uuid === 'string' ? clusterState.cluster_uuid : 'imported',
    indices: byName,
    templates: new Map(templates.map((t) => [t.name, t])),
    componentTemplates: new Map(components.map((t) => [t.name, t])),
    legacyTemplates: new Map(legacy.map((t) => [t.name, t])),
    repositories: new Map(
      isObject(metadata.repositories)
        ? Object.entries(metadata.repositories).map(([name, r]) => [name, { name, type: String((r as Json).type), settings: isObject((r as Json).settings) ? ((r as Json).settings as Json) : {}, snapshots: [] }])
        : [],
    ),
    persistentSettings: Object.freeze(persistent),
  });
  const dataStreams = readDataStreams(metadata, files.get('commercial/data_stream.json'), byName);
  if (dataStreams.length > 0) state = ClusterState.withCustom(state, DATA_STREAM_METADATA, { data_stream: Object.fromEntries(dataStreams.map((d) => [d.name, d])), data_stream_aliases: {} });
  state = withLifecycleMetadata(state, { policies, operationMode: 'RUNNING' });

  const collectedAt = nodes?.timestamp ?? latestTime(byName.values(), policies.values());
  return {
    version,
    clusterName: typeof clusterState.cluster_name === 'string' ? clusterState.cluster_name : '(unnamed)',
    collectedAt,
    state,
    policies: [...policies.values()],
    stats,
    disk,
    ...(runners.security && { security: runners.security }),
    notSeen: [
      ...DIAGNOSTICS_FILES.filter((f) => f.missing !== 'required' && !files.has(f.path) && (secured || !f.withSecurity)).map(
        (f) => notRead.get(f.path) ?? (refused.has(f.path) ? `${f.path}: ${refused.get(f.path)!}: ${f.missing}` : `${f.path} (${f.call}): ${f.missing}`),
      ),
      ...runners.notes,
    ],
  };
}

/** Without the nodes' clocks: the latest moment the bundle records (a creation, a step, a policy's change). */
function latestTime(indices: Iterable<IndexMetadata>, policies: Iterable<PolicyMetadata>): number {
  let latest = 0;
  for (const policy of policies) latest = Math.max(latest, policy.modifiedDate);
  for (const index of indices) {
    latest = Math.max(latest, index.creationDate);
    const step = index.customs[ILM_CUSTOM]?.step_time;
    if (step !== undefined) latest = Math.max(latest, Number(step));
  }
  return latest;
}
