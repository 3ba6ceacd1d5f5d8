/** The delete action: the steps it compiles to (ES's testToSteps) and its settings as ES writes them back. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DeleteAction } from '../../../src/ilm/actions/delete-action.js';
import { compiled } from './step-rows.js';

describe('delete action', () => {
  it("removes a mounted index's snapshot before the index by default", () => {
    assert.deepEqual(compiled(DeleteAction, {}, 'delete'), [
      'wait-for-shard-history-leases: wait periodic -> cleanup-snapshot | needs indices:monitor/stats | refused on closed',
      'cleanup-snapshot: action -> delete',
      'delete: action -> delete/next_action/next_step | needs indices:admin/delete',
    ]);
  });

  it('deletes only the index when told to keep the snapshot', () => {
    assert.deepEqual(compiled(DeleteAction, { delete_searchable_snapshot: false }, 'delete'), [
      'wait-for-shard-history-leases: wait periodic -> delete | needs indices:monitor/stats | refused on closed',
      'delete: action -> delete/next_action/next_step | needs indices:admin/delete',
    ]);
  });

  it('parses its settings into what a stored policy holds, defaults included', () => {
    assert.deepEqual(DeleteAction.parse({}), { delete_searchable_snapshot: true });
  });
});
