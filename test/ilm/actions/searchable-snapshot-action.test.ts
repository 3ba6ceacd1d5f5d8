/** The searchable_snapshot action: the steps it compiles to (ES's testToSteps) and its settings as ES writes them back. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SearchableSnapshotAction } from '../../../src/ilm/actions/searchable-snapshot-action.js';
import { compiled } from './step-rows.js';

describe('searchable_snapshot action', () => {
  it('force-merges before the snapshot by default; delete and swap-aliases end it, leaving the index', () => {
    assert.deepEqual(compiled(SearchableSnapshotAction, { snapshot_repository: 'repo' }, 'cold'), [
      'branch-check-prerequisites: branch -> check-not-write-index | true: cold/next_action/next_step',
      'check-not-write-index: wait -> wait-for-shard-history-leases',
      'wait-for-shard-history-leases: wait periodic -> check-ts-end-time-passed | needs indices:monitor/stats | refused on closed',
      'check-ts-end-time-passed: wait periodic -> branch-check-existing-snapshot',
      'branch-check-existing-snapshot: branch -> forcemerge | true: wait-for-data-tier',
      'forcemerge: action -> segment-count | needs indices:admin/forcemerge | refused on closed',
      'segment-count: wait periodic -> generate-snapshot-name | refused on closed',
      'generate-snapshot-name: action -> cleanup-snapshot',
      'cleanup-snapshot: action -> create-snapshot',
      'create-snapshot: action -> wait-for-data-tier',
      'wait-for-data-tier: wait -> mount-snapshot',
      'mount-snapshot: action -> wait-for-index-color',
      'wait-for-index-color: wait -> copy-execution-state',
      'copy-execution-state: action -> copy-settings',
      'copy-settings: action -> branch-on-datastream-check',
      'branch-on-datastream-check: branch -> swap-aliases | true: replace-datastream-backing-index',
      'replace-datastream-backing-index: action -> delete',
      'delete: action -> (none) | needs indices:admin/delete',
      'swap-aliases: action -> (none) | needs indices:admin/aliases',
    ]);
  });

  it('goes straight to the snapshot without force_merge_index', () => {
    const rows = compiled(SearchableSnapshotAction, { snapshot_repository: 'repo', force_merge_index: false }, 'frozen');
    const merging = compiled(SearchableSnapshotAction, { snapshot_repository: 'repo' }, 'frozen');
    assert.deepEqual(rows.slice(0, 5), [
      'branch-check-prerequisites: branch -> check-not-write-index | true: frozen/next_action/next_step',
      'check-not-write-index: wait -> wait-for-shard-history-leases',
      'wait-for-shard-history-leases: wait periodic -> check-ts-end-time-passed | needs indices:monitor/stats | refused on closed',
      'check-ts-end-time-passed: wait periodic -> branch-check-existing-snapshot',
      'branch-check-existing-snapshot: branch -> generate-snapshot-name | true: wait-for-data-tier',
    ]);
    assert.deepEqual(rows.slice(5), merging.slice(7), 'the same steps from generate-snapshot-name on');
  });

  it('parses its settings into what a stored policy holds, defaults included', () => {
    assert.deepEqual(SearchableSnapshotAction.parse({ snapshot_repository: 'repo' }), { snapshot_repository: 'repo', force_merge_index: true });
  });
});
