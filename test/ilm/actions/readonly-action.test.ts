/** The readonly action: the steps it compiles to (ES's testToSteps) and its settings as ES writes them back. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReadonlyAction } from '../../../src/ilm/actions/readonly-action.js';
import { compiled } from './step-rows.js';

describe('readonly action', () => {
  it('blocks writes once the index is no write index', () => {
    assert.deepEqual(compiled(ReadonlyAction, {}, 'warm'), [
      'check-not-write-index: wait -> check-ts-end-time-passed',
      'check-ts-end-time-passed: wait periodic -> readonly',
      'readonly: action -> warm/next_action/next_step | needs indices:admin/settings/update',
    ]);
  });

  it('parses its settings into what a stored policy holds, defaults included', () => {
    assert.deepEqual(ReadonlyAction.parse({}), {});
  });
});
