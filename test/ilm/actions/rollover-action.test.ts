/** The rollover action: the steps it compiles to (ES's testToSteps) and its settings as ES writes them back. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RolloverAction } from '../../../src/ilm/actions/rollover-action.js';
import { compiled } from './step-rows.js';

describe('rollover action', () => {
  it("compiles to ES's five steps, the two rollover steps needing the rollover privilege", () => {
    assert.deepEqual(compiled(RolloverAction, { max_age: '1d' }, 'hot'), [
      'check-rollover-ready: wait periodic -> attempt-rollover | needs indices:admin/rollover',
      'attempt-rollover: action -> wait-for-active-shards | needs indices:admin/rollover',
      'wait-for-active-shards: wait -> update-rollover-lifecycle-date',
      'update-rollover-lifecycle-date: action -> set-indexing-complete',
      'set-indexing-complete: action -> hot/next_action/next_step | needs indices:admin/settings/update',
    ]);
  });

  it('parses its settings into what a stored policy holds, defaults included', () => {
    assert.deepEqual(RolloverAction.parse({ max_age: '7d', max_docs: '10', min_size: '1gb' }), { max_age: '7d', max_docs: 10, min_size: '1gb' });
  });
});
