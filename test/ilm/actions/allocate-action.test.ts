/** The allocate action: the steps it compiles to (ES's testToSteps) and its settings as ES writes them back. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AllocateAction } from '../../../src/ilm/actions/allocate-action.js';
import { compiled } from './step-rows.js';

describe('allocate action', () => {
  it('changes the settings, then waits for the shards to be placed', () => {
    assert.deepEqual(compiled(AllocateAction, { number_of_replicas: 1 }, 'warm'), [
      'allocate: action -> check-allocation | needs indices:admin/settings/update',
      'check-allocation: wait -> warm/next_action/next_step',
    ]);
  });

  it('parses its settings into what a stored policy holds, defaults included', () => {
    assert.deepEqual(AllocateAction.parse({ number_of_replicas: 1 }), { number_of_replicas: 1, include: {}, exclude: {}, require: {} });
  });
});
