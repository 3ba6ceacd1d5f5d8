/**
 * @module The Elasticsearch actions ILM's steps perform on their index. Each action marks the steps that need
 * one (`needs`), and the runner authorizes them as the policy's last modifier (LifecyclePolicySecurityClient).
 */
export const StepPrivileges = Object.freeze({
  rollover: 'indices:admin/rollover',
  monitorStats: 'indices:monitor/stats',
  updateSettings: 'indices:admin/settings/update',
  resize: 'indices:admin/resize',
  aliases: 'indices:admin/aliases',
  forcemerge: 'indices:admin/forcemerge',
  delete: 'indices:admin/delete',
});
