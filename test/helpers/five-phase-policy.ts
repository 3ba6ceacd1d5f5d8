/** @module The 90-day, five-phase policy the five-phase test runs and the benchmark times (repository `archive`). */
export const FIVE_PHASE_POLICY = {
  phases: {
    hot: { actions: { rollover: { max_age: '1d' }, set_priority: { priority: 100 } } },
    warm: { min_age: '3d', actions: { shrink: { number_of_shards: 1 }, forcemerge: { max_num_segments: 1 }, allocate: { number_of_replicas: 0 } } },
    cold: { min_age: '10d', actions: { searchable_snapshot: { snapshot_repository: 'archive' } } },
    frozen: { min_age: '30d', actions: { searchable_snapshot: { snapshot_repository: 'archive' } } },
    delete: { min_age: '90d', actions: { delete: {} } },
  },
};
