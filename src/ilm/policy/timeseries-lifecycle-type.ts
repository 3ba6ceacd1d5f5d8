/** @module The phases of a lifecycle and the actions each allows, in the order ES executes them (TimeseriesLifecycleType). */

export const PHASES = ['hot', 'warm', 'cold', 'frozen', 'delete'] as const;
export type PhaseName = (typeof PHASES)[number];

/** Actions allowed per phase, in the order ES executes them. */
export const PHASE_ACTIONS: Readonly<Record<PhaseName, readonly string[]>> = {
  hot: ['set_priority', 'unfollow', 'rollover', 'readonly', 'downsample', 'shrink', 'forcemerge', 'searchable_snapshot'],
  warm: ['set_priority', 'unfollow', 'readonly', 'downsample', 'allocate', 'migrate', 'shrink', 'forcemerge'],
  cold: ['set_priority', 'unfollow', 'readonly', 'downsample', 'searchable_snapshot', 'allocate', 'migrate', 'freeze'],
  frozen: ['unfollow', 'searchable_snapshot'],
  delete: ['wait_for_snapshot', 'delete'],
};
