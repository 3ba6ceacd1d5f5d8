/** @module Policies kept only in memory: those of a lifecycle simulation, which must never reach the real store. */
import type { PolicyMetadata } from './policy-metadata.js';
import type { OperationMode, PolicyRepository, PolicyTransaction } from './policy-repository.js';

export class MemoryPolicyRepository implements PolicyRepository {
  readonly #policies: Map<string, PolicyMetadata>;
  #mode: OperationMode = 'RUNNING';
  #virtualNow: number | undefined;

  constructor(policies: Iterable<PolicyMetadata>) {
    this.#policies = new Map([...policies].map((p) => [p.name, p]));
  }

  async loadPolicies(): Promise<PolicyMetadata[]> {
    return [...this.#policies.values()];
  }

  async loadMode(): Promise<OperationMode> {
    return this.#mode;
  }

  async generation(): Promise<number> {
    return 0;
  }

  async transaction<T>(work: (tx: PolicyTransaction) => Promise<T>): Promise<T> {
    return work({
      generation: 0,
      loadPolicies: () => this.loadPolicies(),
      loadMode: () => this.loadMode(),
      savePolicy: async (policy) => void this.#policies.set(policy.name, policy),
      deletePolicy: async (name) => void this.#policies.delete(name),
      saveMode: async (mode) => void (this.#mode = mode),
    });
  }

  async loadVirtualNow(): Promise<number | undefined> {
    return this.#virtualNow;
  }

  async saveVirtualNow(millis: number): Promise<void> {
    this.#virtualNow = millis;
  }
}
