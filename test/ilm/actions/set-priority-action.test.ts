/** The set_priority action: the steps it compiles to (ES's testToSteps) and its settings as ES writes them back. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SetPriorityAction } from '../../../src/ilm/actions/set-priority-action.js';
import { compiled } from './step-rows.js';

describe('set_priority action', () => {
  it('is one settings step', () => {
    assert.deepEqual(compiled(SetPriorityAction, { priority: 1 }, 'hot'), [
      'set_priority: action -> hot/next_action/next_step | needs indices:admin/settings/update',
    ]);
  });

  it('parses its settings into what a stored policy holds, defaults included', () => {
    assert.deepEqual(SetPriorityAction.parse({ priority: '50' }), { priority: 50 });
    assert.deepEqual(SetPriorityAction.parse({}), { priority: null });
  });
});
