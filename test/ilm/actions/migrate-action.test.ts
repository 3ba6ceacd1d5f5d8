/** The migrate action: the steps it compiles to (ES's testToSteps) and its settings as ES writes them back. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MigrateAction } from '../../../src/ilm/actions/migrate-action.js';
import { compiled } from './step-rows.js';

describe('migrate action', () => {
  it('sets the tier preference unless the branch skips a disabled action', () => {
    assert.deepEqual(compiled(MigrateAction, {}, 'warm'), [
      'branch-check-skip-action: branch -> migrate | true: warm/next_action/next_step',
      'migrate: action -> check-migration | needs indices:admin/settings/update',
      'check-migration: wait -> warm/next_action/next_step',
    ]);
  });

  it('parses its settings into what a stored policy holds, defaults included', () => {
    assert.deepEqual(MigrateAction.parse({}), { enabled: true });
    assert.deepEqual(MigrateAction.parse({ enabled: 'false' }), { enabled: false });
  });
});
