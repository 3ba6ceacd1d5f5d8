/** The unfollow action: the steps it compiles to (ES's testToSteps) and its settings as ES writes them back. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UnfollowAction } from '../../../src/ilm/actions/unfollow-action.js';
import { compiled } from './step-rows.js';

describe('unfollow action', () => {
  it('is one branch that skips the action, no index being a follower', () => {
    assert.deepEqual(compiled(UnfollowAction, {}, 'hot'), [
      'branch-check-unfollow-prerequisites: branch -> hot/next_action/next_step | true: hot/next_action/next_step',
    ]);
  });

  it('parses its settings into what a stored policy holds, defaults included', () => {
    assert.deepEqual(UnfollowAction.parse({}), {});
  });
});
