/** @module Where policies and ILM's operation mode are kept. */
import type { PolicyMetadata } from './policy-metadata.js';

export type OperationMode = 'RUNNING' | 'STOPPING' | 'STOPPED';

export interface PolicyRepository {
  loadPolicies(): Promise<PolicyMetadata[]>;
  savePolicy(policy: PolicyMetadata): Promise<void>;
  deletePolicy(name: string): Promise<void>;
  loadMode(): Promise<OperationMode>;
  saveMode(mode: OperationMode): Promise<void>;
  /** Where the virtual clock stood, so a restart does not send it back in time. */
  loadVirtualNow(): Promise<number | undefined>;
  saveVirtualNow(millis: number): Promise<void>;
}
