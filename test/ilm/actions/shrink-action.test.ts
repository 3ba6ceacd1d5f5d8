/** The shrink action: the steps it compiles to (ES's testToSteps) and its settings as ES writes them back. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ShrinkAction } from '../../../src/ilm/actions/shrink-action.js';
import { compiled } from './step-rows.js';

describe('shrink action', () => {
  it('keeps the write block after shrinking by default', () => {
    assert.deepEqual(compiled(ShrinkAction, { number_of_shards: 1 }, 'warm'), [
      'branch-check-prerequisites: branch -> check-not-write-index | true: warm/next_action/next_step',
      'check-not-write-index: wait -> wait-for-shard-history-leases',
      'wait-for-shard-history-leases: wait periodic -> check-ts-end-time-passed | needs indices:monitor/stats | refused on closed',
      'check-ts-end-time-passed: wait periodic -> readonly',
      'readonly: action -> check-target-shards-count | needs indices:admin/settings/update',
      'check-target-shards-count: wait -> cleanup-shrink-index',
      'cleanup-shrink-index: action -> generate-index-name',
      'generate-index-name: action -> set-single-node-allocation',
      'set-single-node-allocation: action -> check-shrink-allocation | needs indices:admin/settings/update',
      'check-shrink-allocation: wait -> shrink',
      'shrink: action -> shrunk-shards-allocated | needs indices:admin/resize | refused on closed',
      'shrunk-shards-allocated: wait -> copy-execution-state',
      'copy-execution-state: action -> branch-on-datastream-check',
      'branch-on-datastream-check: branch -> aliases | true: replace-datastream-backing-index',
      'aliases: action -> is-shrunken-index | needs indices:admin/aliases',
      'replace-datastream-backing-index: action -> delete',
      'delete: action -> is-shrunken-index | needs indices:admin/delete',
      'is-shrunken-index: wait -> warm/next_action/next_step',
    ]);
  });

  it('lifts the write block at update-settings when writes are allowed after the shrink', () => {
    const withoutWrites = compiled(ShrinkAction, { number_of_shards: 1 }, 'warm');
    assert.deepEqual(compiled(ShrinkAction, { number_of_shards: 1, allow_write_after_shrink: true }, 'warm'), [
      ...withoutWrites.slice(0, -1),
      'is-shrunken-index: wait -> update-settings',
      'update-settings: action -> warm/next_action/next_step | needs indices:admin/settings/update',
    ]);
  });

  it('parses its settings into what a stored policy holds, defaults included', () => {
    assert.deepEqual(ShrinkAction.parse({ number_of_shards: '2' }), { number_of_shards: 2, allow_write_after_shrink: false });
    assert.deepEqual(ShrinkAction.parse({ max_primary_shard_size: '50gb', allow_write_after_shrink: 'true' }), { max_primary_shard_size: '50gb', allow_write_after_shrink: true });
  });
});
