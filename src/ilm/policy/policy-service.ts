/** @module Put, get and delete lifecycle policies, with ES's versioning, no-op and in-use rules. */
import { isDeepStrictEqual } from 'node:util';
import { type ClusterState } from '../../cluster/index.js';
import { matchesPattern } from '../../platform/units/index.js';
import type { Clock } from '../../platform/clock.js';
import { compareStrings } from '../../platform/ids.js';
import { IlmErrors } from '../ilm-error.js';
import { parsePolicyBody, validatePolicy, validatePolicyName, type LifecyclePolicy } from './lifecycle-policy.js';
import type { PolicyMetadata } from './policy-metadata.js';
import type { OperationMode, PolicyReader, PolicyRepository, PolicyTransaction } from './policy-repository.js';

export interface PutPolicyResult {
  readonly changed: boolean;
  readonly warnings: readonly string[];
}

export interface InUseBy {
  readonly indices: string[];
  readonly data_streams: string[];
  readonly composable_templates: string[];
}

export class PolicyService {
  readonly #policies = new Map<string, PolicyMetadata>();
  #mode: OperationMode = 'RUNNING';
  /** The stored generation the policies in memory belong to. */
  #generation = 0;
  #queue: Promise<unknown> = Promise.resolve();
  readonly #listeners = new Set<() => void>();

  private constructor(
    private readonly repository: PolicyRepository,
    private readonly clock: Clock,
  ) {}

  static async open(repository: PolicyRepository, clock: Clock): Promise<PolicyService> {
    const service = new PolicyService(repository, clock);
    service.#generation = await repository.generation();
    await service.#reload(repository);
    return service;
  }

  async #reload(reader: PolicyReader): Promise<void> {
    this.#policies.clear();
    for (const policy of await reader.loadPolicies()) this.#policies.set(policy.name, policy);
    this.#mode = await reader.loadMode();
  }

  /** Catches up with policy and mode changes other instances made to a shared store; `stored`: the generation, if already read. */
  sync(stored?: number): Promise<void> {
    if (stored !== undefined && stored <= this.#generation) return Promise.resolve();
    return this.#serial(async () => {
      const generation = await this.repository.generation();
      if (generation <= this.#generation) return;
      await this.#reload(this.repository);
      this.#generation = generation;
      this.#changed();
    });
  }

  /** One change at a time, made on the latest stored policies; `work` returns whether it changed anything. */
  #change<T>(work: (tx: PolicyTransaction) => Promise<T>): Promise<T> {
    return this.#serial(async () => {
      let reloaded = false;
      const result = await this.repository.transaction(async (tx) => {
        if (tx.generation > this.#generation) {
          await this.#reload(tx);
          reloaded = true;
        }
        const result = await work(tx);
        this.#generation = tx.generation + 1;
        return result;
      }).catch(async (error: unknown) => {
        // The reload was inside the rolled-back transaction but read committed data: keep it, at its generation.
        if (reloaded) this.#generation = await this.repository.generation();
        throw error;
      });
      return result;
    });
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  get(name: string): PolicyMetadata | undefined {
    return this.#policies.get(name);
  }

  get mode(): OperationMode {
    return this.#mode;
  }

  /** Told when a policy or the operation mode changes, so the runner can act. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }

  /** `caller` is the authenticated user, whose authority the policy's steps then run with. */
  async put(name: string, body: unknown, caller?: string): Promise<PutPolicyResult> {
    validatePolicyName(name);
    const policy: LifecyclePolicy = parsePolicyBody(body);
    validatePolicy(policy);
    const warnings = Object.entries(policy.phases)
      .filter(([, phase]) => (phase.actions.rollover as Record<string, unknown> | undefined)?.max_size !== undefined)
      .map(
        ([phase]) =>
          `Use of the [max_size] rollover condition found in phase [${phase}]. This condition has been deprecated in favour of the [max_primary_shard_size] condition and will be removed in a later version`,
      );
    const changed = await this.#change(async (tx) => {
      const existing = this.#policies.get(name);
      // An identical re-PUT by the same user changes nothing, not even the version (TransportPutLifecycleAction.isNoopUpdate);
      // by another user it is a real update, because the stored authentication changes.
      if (existing && isDeepStrictEqual(existing.policy, policy) && existing.modifiedBy === caller) return false;
      const metadata: PolicyMetadata = {
        name,
        policy,
        version: (existing?.version ?? 0) + 1,
        modifiedDate: this.clock.now(),
        ...(caller !== undefined && { modifiedBy: caller }),
      };
      await tx.savePolicy(metadata);
      this.#policies.set(name, metadata);
      return true;
    });
    this.#changed();
    return { changed, warnings };
  }

  /** Policies by name or comma list (in that order), or by one wildcard (sorted by name). */
  resolve(expression: string | undefined): PolicyMetadata[] {
    if (expression === undefined || expression === '' || expression === '_all') expression = '*';
    const names = expression.split(',').map((n) => n.trim());
    if (names.length > 1 && names.some((n) => n.includes('*'))) {
      throw IlmErrors.illegalArgument('wildcard only supports a single value, please use comma-separated values or a single wildcard value');
    }
    if (names.length === 1 && names[0]!.includes('*')) {
      return [...this.#policies.values()].filter((p) => matchesPattern(names[0]!, p.name)).sort((a, b) => compareStrings(a.name, b.name));
    }
    // Named policies come back in the order asked for.
    return names.map((name) => {
      const policy = this.#policies.get(name);
      if (!policy) throw IlmErrors.policyNotFound(name);
      return policy;
    });
  }

  inUseBy(state: ClusterState, name: string): InUseBy {
    const indices = [...state.indices.values()].filter((i) => i.settings['index.lifecycle.name'] === name).map((i) => i.name).sort();
    const composable_templates = [...state.templates.values()]
      .filter((t) => t.template?.settings?.['index.lifecycle.name'] === name)
      .map((t) => t.name)
      .sort();
    return { indices, data_streams: [], composable_templates };
  }

  async delete(state: ClusterState, name: string): Promise<void> {
    const { indices } = this.inUseBy(state, name);
    if (indices.length > 0) {
      throw IlmErrors.illegalArgument(`Cannot delete policy [${name}]. It is in use by one or more indices: [${indices.join(', ')}]`);
    }
    await this.#change(async (tx) => {
      if (!this.#policies.has(name)) throw IlmErrors.policyNotFound(name);
      await tx.deletePolicy(name);
      this.#policies.delete(name);
    });
    this.#changed();
  }

  async setMode(mode: OperationMode): Promise<void> {
    if (this.#mode === mode) return;
    const changed = await this.#change(async (tx) => {
      if (this.#mode === mode) return false;
      await tx.saveMode(mode);
      this.#mode = mode;
      return true;
    });
    if (changed) this.#changed();
  }
}
