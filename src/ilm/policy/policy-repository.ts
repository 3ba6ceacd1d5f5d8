/** @module Where policies and ILM's operation mode are kept. */
import type { PolicyMetadata } from './policy-metadata.js';

export type OperationMode = 'RUNNING' | 'STOPPING' | 'STOPPED';

export interface PolicyReader {
  loadPolicies(): Promise<PolicyMetadata[]>;
  loadMode(): Promise<OperationMode>;
}

/** One change to the policies or the mode, locked against the other instances sharing the store until it ends. */
export interface PolicyTransaction extends PolicyReader {
  /** The stored generation when the transaction began: ahead of the service's when another instance changed something. */
  readonly generation: number;
  savePolicy(policy: PolicyMetadata): Promise<void>;
  deletePolicy(name: string): Promise<void>;
  saveMode(mode: OperationMode): Promise<void>;
}

export interface PolicyRepository extends PolicyReader {
  /** The stored generation; 0 on a store this instance owns alone, where it never moves. */
  generation(): Promise<number>;
  /** Runs `work` in one transaction that bumps the generation when it commits. */
  transaction<T>(work: (tx: PolicyTransaction) => Promise<T>): Promise<T>;
  /** Where the virtual clock stood, so a restart does not send it back in time. */
  loadVirtualNow(): Promise<number | undefined>;
  saveVirtualNow(millis: number): Promise<void>;
}
