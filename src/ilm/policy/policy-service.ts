/** @module Put, get and delete lifecycle policies, with ES's versioning, no-op and in-use rules. */
import { isDeepStrictEqual } from 'node:util';
import { matchesPattern, type ClusterState } from '../../cluster/index.js';
import type { Clock } from '../../platform/clock.js';
import { compareStrings } from '../../platform/ids.js';
import { IlmErrors } from '../ilm-error.js';
import { parsePolicyBody, validatePolicy, validatePolicyName, type LifecyclePolicy } from './lifecycle-policy.js';
import type { PolicyMetadata } from './policy-metadata.js';
import type { OperationMode, PolicyRepository } from './policy-repository.js';

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
  readonly #listeners = new Set<() => void>();

  private constructor(
    private readonly repository: PolicyRepository,
    private readonly clock: Clock,
  ) {}

  static async open(repository: PolicyRepository, clock: Clock): Promise<PolicyService> {
    const service = new PolicyService(repository, clock);
    for (const policy of await repository.loadPolicies()) service.#policies.set(policy.name, policy);
    service.#mode = await repository.loadMode();
    return service;
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
    const existing = this.#policies.get(name);
    // An identical re-PUT by the same user changes nothing, not even the version (TransportPutLifecycleAction.isNoopUpdate);
    // by another user it is a real update, because the stored authentication changes.
    if (existing && isDeepStrictEqual(existing.policy, policy) && existing.modifiedBy === caller) return { changed: false, warnings };
    const metadata: PolicyMetadata = {
      name,
      policy,
      version: (existing?.version ?? 0) + 1,
      modifiedDate: this.clock.now(),
      ...(caller !== undefined && { modifiedBy: caller }),
    };
    await this.repository.savePolicy(metadata);
    this.#policies.set(name, metadata);
    this.#changed();
    return { changed: true, warnings };
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
    if (!this.#policies.has(name)) throw IlmErrors.policyNotFound(name);
    await this.repository.deletePolicy(name);
    this.#policies.delete(name);
    this.#changed();
  }

  async setMode(mode: OperationMode): Promise<void> {
    if (this.#mode === mode) return;
    await this.repository.saveMode(mode);
    this.#mode = mode;
    this.#changed();
  }
}
