/** A phase compiles to its actions' steps in ES's order, once per parsed phase: by identity, not by content. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseAction, type PhaseActions } from '../../../src/ilm/actions/index.js';
import { compilePhase } from '../../../src/ilm/compile-phase.js';
import { readPhaseExecution } from '../../../src/ilm/phase-execution.js';

function parsed(actions: Record<string, unknown>): PhaseActions {
  return Object.fromEntries(Object.entries(actions).map(([action, body]) => [action, parseAction(action, body)])) as PhaseActions;
}

describe('compilePhase', () => {
  it("wires the actions in ES's order, injecting unfollow and migrate, to the phase's end", () => {
    const steps = compilePhase('warm', parsed({ forcemerge: { max_num_segments: 1 }, set_priority: { priority: 5 }, shrink: { number_of_shards: 1 } }));
    const actions = [...new Set(steps.map((s) => s.key.action))];
    assert.deepEqual(actions, ['set_priority', 'unfollow', 'migrate', 'shrink', 'forcemerge']);
    for (const [i, step] of steps.entries()) {
      if (step.key.action !== steps[i + 1]?.key.action) {
        assert.deepEqual(step.nextKey, steps[i + 1]?.key ?? { phase: 'warm', action: 'complete', name: 'complete' }, `${step.key.action} leads on`);
      }
    }
  });

  it('does not inject migrate next to allocation rules', () => {
    const steps = compilePhase('cold', parsed({ allocate: { require: { box: 'cold' } } }));
    assert.deepEqual([...new Set(steps.map((s) => s.key.action))], ['allocate']);
  });

  it('compiles a phase once, and an equal but separate phase again', () => {
    const actions = parsed({ rollover: { max_age: '1d' } });
    assert.equal(compilePhase('hot', actions), compilePhase('hot', actions));
    assert.notEqual(compilePhase('hot', actions), compilePhase('hot', parsed({ rollover: { max_age: '1d' } })));
    assert.notEqual(compilePhase('hot', actions), compilePhase('warm', actions), 'the phase is part of each step key');
  });

  it("compiles an index's cached phase once for as long as its execution state stays the same", () => {
    const execution = { phase_definition: JSON.stringify({ policy: 'p', version: 1, modified_date_in_millis: 0, phase_definition: { min_age: '0ms', actions: { delete: { delete_searchable_snapshot: true } } } }) };
    const first = readPhaseExecution(execution)!.phase_definition!.actions;
    assert.equal(readPhaseExecution(execution)!.phase_definition!.actions, first);
    assert.equal(compilePhase('delete', first), compilePhase('delete', readPhaseExecution(execution)!.phase_definition!.actions));
    assert.notEqual(readPhaseExecution({ ...execution })!.phase_definition!.actions, first, 'a new execution state is parsed anew');
  });
});
