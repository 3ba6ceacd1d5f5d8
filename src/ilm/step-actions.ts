/**
 * @module The Elasticsearch action each step performs on its index, authorized as the policy's last modifier
 * (LifecyclePolicySecurityClient). Steps not listed only read the cluster state and need no privilege.
 */

const STEP_ACTIONS: Readonly<Record<string, string>> = {
  'check-rollover-ready': 'indices:admin/rollover',
  'attempt-rollover': 'indices:admin/rollover',
  'wait-for-shard-history-leases': 'indices:monitor/stats',
  'set-indexing-complete': 'indices:admin/settings/update',
  set_priority: 'indices:admin/settings/update',
  readonly: 'indices:admin/settings/update',
  allocate: 'indices:admin/settings/update',
  migrate: 'indices:admin/settings/update',
  'set-single-node-allocation': 'indices:admin/settings/update',
  'update-settings': 'indices:admin/settings/update',
  shrink: 'indices:admin/resize',
  aliases: 'indices:admin/aliases',
  'swap-aliases': 'indices:admin/aliases',
  forcemerge: 'indices:admin/forcemerge',
  delete: 'indices:admin/delete',
};

export function stepAction(stepName: string): string | undefined {
  return STEP_ACTIONS[stepName];
}
