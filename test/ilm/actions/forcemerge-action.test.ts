/** The forcemerge action: the steps it compiles to (ES's testToSteps) and its settings as ES writes them back. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ForcemergeAction } from '../../../src/ilm/actions/forcemerge-action.js';
import { compiled } from './step-rows.js';

describe('forcemerge action', () => {
  it('blocks writes, merges and counts segments', () => {
    assert.deepEqual(compiled(ForcemergeAction, { max_num_segments: 1 }, 'warm'), [
      'branch-forcemerge-check-prerequisites: branch -> check-not-write-index | true: warm/next_action/next_step',
      'check-not-write-index: wait -> readonly',
      'readonly: action -> forcemerge | needs indices:admin/settings/update',
      'forcemerge: action -> segment-count | needs indices:admin/forcemerge | refused on closed',
      'segment-count: wait periodic -> warm/next_action/next_step | refused on closed',
    ]);
  });

  it('parses its settings into what a stored policy holds, defaults included', () => {
    assert.deepEqual(ForcemergeAction.parse({ max_num_segments: '1', index_codec: 'best_compression' }), { max_num_segments: 1, index_codec: 'best_compression' });
  });
});
