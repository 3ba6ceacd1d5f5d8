/** @module A stored policy: its definition, version and modification time (LifecyclePolicyMetadata). */
import type { LifecyclePolicy } from './lifecycle-policy.js';

export interface PolicyMetadata {
  readonly name: string;
  readonly policy: LifecyclePolicy;
  readonly version: number;
  readonly modifiedDate: number;
}

/** java.time's ZonedDateTime.toString in UTC: seconds and millis are left out when zero. */
export function javaIsoInstant(millis: number): string {
  const iso = new Date(millis).toISOString();
  if (iso.endsWith(':00.000Z')) return iso.replace(':00.000Z', 'Z');
  if (iso.endsWith('.000Z')) return iso.replace('.000Z', 'Z');
  return iso;
}
