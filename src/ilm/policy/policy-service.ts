/**
 * @module Put, get and delete lifecycle policies, with ES's versioning, no-op and in-use rules. Policies and the
 * operation mode live in the cluster state (lifecycle-metadata.ts); every change is one cluster-state commit.
 */
import { isDeepStrictEqual } from 'node:util';
import { resolveSettings, type ClusterService, type ClusterState } from '../../cluster/index.js';
import { matchesPattern } from '../../platform/units/index.js';
import { compareStrings } from '../../platform/ids.js';
import { IlmErrors } from '../ilm-error.js';
import { refreshCachedPhases } from '../lifecycle-operations.js';
import { parsePolicyBody, validatePolicy, validatePolicyName, type LifecyclePolicy } from './lifecycle-policy.js';
import { lifecycleMetadata, withLifecycleMetadata, type OperationMode } from './lifecycle-metadata.js';
import { stepRunnerOf, type PolicyMetadata, type StepRunner } from './policy-metadata.js';

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
  constructor(private readonly cluster: ClusterService) {}

  get(name: string): PolicyMetadata | undefined {
    return lifecycleMetadata(this.cluster.state).policies.get(name);
  }

  get mode(): OperationMode {
    return lifecycleMetadata(this.cluster.state).operationMode;
  }

  /** `caller` is the authenticated user, with the roles it holds now: the policy's steps then run with these. */
  async put(name: string, body: unknown, caller?: Required<StepRunner>): Promise<PutPolicyResult> {
    validatePolicyName(name);
    const policy: LifecyclePolicy = parsePolicyBody(body);
    validatePolicy(policy);
    const warnings = Object.entries(policy.phases)
      .filter(([, phase]) => (phase.actions.rollover as Record<string, unknown> | undefined)?.max_size !== undefined)
      .map(
        ([phase]) =>
          `Use of the [max_size] rollover condition found in phase [${phase}]. This condition has been deprecated in favour of the [max_primary_shard_size] condition and will be removed in a later version`,
      );
    const changed = await this.cluster.update((state) => {
      const metadata = lifecycleMetadata(state);
      const existing = metadata.policies.get(name);
      // An identical re-PUT by the same user changes nothing, not even the version (TransportPutLifecycleAction.isNoopUpdate);
      // by another user it is a real update, because the stored authentication changes.
      if (existing && isDeepStrictEqual(existing.policy, policy) && isDeepStrictEqual(stepRunnerOf(existing), caller)) return { state, result: false };
      const saved: PolicyMetadata = {
        name,
        policy,
        version: (existing?.version ?? 0) + 1,
        modifiedDate: this.cluster.clock.now(),
        ...(caller !== undefined && { modifiedBy: caller.username, modifiedByRoles: [...caller.roles] }),
      };
      const policies = new Map(metadata.policies).set(name, saved);
      // The indices that run the policy pick the change up in the same commit (TransportPutLifecycleAction).
      return { state: refreshCachedPhases(withLifecycleMetadata(state, { ...metadata, policies }), saved), result: true };
    });
    return { changed, warnings };
  }

  /** Policies by name or comma list (in that order), or by one wildcard (sorted by name). */
  resolve(expression: string | undefined): PolicyMetadata[] {
    if (expression === undefined || expression === '' || expression === '_all') expression = '*';
    const names = expression.split(',').map((n) => n.trim());
    if (names.length > 1 && names.some((n) => n.includes('*'))) {
      throw IlmErrors.illegalArgument('wildcard only supports a single value, please use comma-separated values or a single wildcard value');
    }
    const { policies } = lifecycleMetadata(this.cluster.state);
    if (names.length === 1 && names[0]!.includes('*')) {
      return [...policies.values()].filter((p) => matchesPattern(names[0]!, p.name)).sort((a, b) => compareStrings(a.name, b.name));
    }
    // Named policies come back in the order asked for.
    return names.map((name) => {
      const policy = policies.get(name);
      if (!policy) throw IlmErrors.policyNotFound(name);
      return policy;
    });
  }

  inUseBy(state: ClusterState, name: string): InUseBy {
    const indices = [...state.indices.values()].filter((i) => i.settings['index.lifecycle.name'] === name).map((i) => i.name).sort();
    const composable_templates = [...state.templates.values()]
      // ES's IndexLifecycleUsageTransportAction reads the settings a template resolves to, its component templates' too.
      .filter((t) => resolveSettings(state, t)['index.lifecycle.name'] === name)
      .map((t) => t.name)
      .sort();
    return { indices, data_streams: [], composable_templates };
  }

  async delete(name: string): Promise<void> {
    await this.cluster.update((state) => {
      const { indices } = this.inUseBy(state, name);
      if (indices.length > 0) {
        throw IlmErrors.illegalArgument(`Cannot delete policy [${name}]. It is in use by one or more indices: [${indices.join(', ')}]`);
      }
      const metadata = lifecycleMetadata(state);
      if (!metadata.policies.has(name)) throw IlmErrors.policyNotFound(name);
      const policies = new Map(metadata.policies);
      policies.delete(name);
      return { state: withLifecycleMetadata(state, { ...metadata, policies }), result: undefined };
    });
  }

  async setMode(mode: OperationMode): Promise<void> {
    await this.cluster.update((state) => {
      const metadata = lifecycleMetadata(state);
      if (metadata.operationMode === mode) return { state, result: undefined };
      return { state: withLifecycleMetadata(state, { ...metadata, operationMode: mode }), result: undefined };
    });
  }
}
