/** @module A stored policy: its definition, version and modification time (LifecyclePolicyMetadata). */
import type { LifecyclePolicy } from './lifecycle-policy.js';

export interface PolicyMetadata {
  readonly name: string;
  readonly policy: LifecyclePolicy;
  readonly version: number;
  readonly modifiedDate: number;
  /** The user who last modified the policy (with security on); its steps run as this user. */
  readonly modifiedBy?: string;
}

/** java.time's ZonedDateTime.toString in UTC: seconds and millis are left out when zero. */
export function javaIsoInstant(millis: number): string {
  const iso = new Date(millis).toISOString();
  if (iso.endsWith(':00.000Z')) return iso.replace(':00.000Z', 'Z');
  if (iso.endsWith('.000Z')) return iso.replace('.000Z', 'Z');
  return iso;
}
