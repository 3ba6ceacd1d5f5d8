/**
 * @module Keeps docs/ilm.md and docs/errors.md honest. errors.md has a section for each of the spec's error rows
 * 1–6 that names the failed step, type and reason test/ilm/error-rows.test.ts asserts. ilm.md lists, for every
 * supported action, exactly the steps compilePhase produces, and names every step a policy using all of them
 * compiles to.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { compilePhase } from '../../src/ilm/compile-phase.js';
import { parseAction, SUPPORTED_ACTIONS, type PhaseActions } from '../../src/ilm/actions/index.js';
import { PHASE_ACTIONS, PHASES } from '../../src/ilm/policy/timeseries-lifecycle-type.js';
import { markdownSection, markdownTableRows } from '../helpers/markdown.js';
import { ERROR_STEP, INIT_KEY, NEW_COMPLETE_KEY, StepKey } from '../../src/ilm/step-key.js';

const ILM_DOC = readFileSync(new URL('../../docs/ilm.md', import.meta.url), 'utf8');
const ERRORS_DOC = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');

/** The `backticked` names in a cell, in order. */
function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

/**
 * What test/ilm/error-rows.test.ts asserts for each row, copied here on purpose: importing that file would run
 * its suites. Change both together.
 */
const ERROR_ROWS = [
  {
    row: 1,
    failedStep: 'shrink',
    type: 'illegal_argument_exception',
    reason: 'the number of target shards [4] must be less than the number of source shards [2]',
  },
  {
    row: 2,
    failedStep: 'attempt-rollover',
    type: 'illegal_argument_exception',
    reason: 'Rollover alias [logs-write] can point to multiple indices, found duplicated alias [[logs-write]] in index template [logs]',
  },
  {
    row: 3,
    failedStep: 'check-rollover-ready',
    type: 'illegal_argument_exception',
    reason: 'index.lifecycle.rollover_alias [app] does not point to index [app-000001]',
  },
  {
    row: 4,
    failedStep: 'check-rollover-ready',
    type: 'illegal_argument_exception',
    reason: 'setting [index.lifecycle.rollover_alias] for index [web-000001] is empty or not defined',
  },
  {
    row: 5,
    failedStep: 'attempt-rollover',
    type: 'illegal_state_exception',
    reason: 'alias [events-all] has more than one write index [events-000001,events-000002]',
  },
  {
    row: 6,
    failedStep: 'check-rollover-ready',
    type: 'illegal_argument_exception',
    reason: "index name [metrics] does not match pattern '^.*-\\d+$'",
  },
] as const;

describe('docs/errors.md', () => {
  const summary = markdownTableRows(ERRORS_DOC);

  for (const { row, failedStep, type, reason } of ERROR_ROWS) {
    it(`row ${row}: its section shows failed_step ${failedStep}, ${type} and the exact reason`, () => {
      const text = markdownSection(ERRORS_DOC, `Row ${row}:`);
      assert.ok(text.includes(reason), `the reason, word for word: ${reason}`);
      // As explain's JSON prints it, so a pasted output cannot show a different reason either.
      assert.ok(text.includes(`"reason": ${JSON.stringify(reason)}`), `explain output with ${JSON.stringify(reason)}`);
      assert.ok(text.includes(`"failed_step": "${failedStep}"`), `explain output with failed_step ${failedStep}`);
      assert.ok(text.includes(`"type": "${type}"`), `explain output with type ${type}`);
      assert.ok(text.includes('_ilm/retry'), 'a retry in the remedy');
    });

    it(`row ${row}: the summary table agrees`, () => {
      const cells = summary.find((c) => c[0] === String(row));
      assert.ok(cells, `a summary row ${row}`);
      assert.deepEqual(codeSpans(cells.slice(2).join('|')), [failedStep, type, reason]);
    });
  }

  it('row 8 is documented with the reason the tests assert', () => {
    const text = markdownSection(ERRORS_DOC, 'Row 8: high disk watermark');
    assert.ok(text.includes('high disk watermark [90%] exceeded on [tessera-0]'));
    assert.ok(text.includes('disk usage exceeded flood-stage watermark, index has read-only-allow-delete block'));
  });

  it('row 7 is documented with the breaker reason format the tests assert', () => {
    const text = markdownSection(ERRORS_DOC, 'Row 7: circuit breaker');
    assert.ok(text.includes('[request] Data too large, data for [<forcemerge [cb-merge]>] would be ['));
    assert.ok(text.includes('circuit_breaking_exception'));
  });

  it('row 9 is documented with the security_exception the tests assert', () => {
    const text = markdownSection(ERRORS_DOC, 'Row 9: security_exception');
    assert.ok(text.includes('action [indices:admin/settings/update] is unauthorized for user [ops] with roles [ilm_ops] on indices [logs-000001], this action is granted by the index privileges [manage,all]'));
  });
});

/** Every supported action, each in a phase that allows it, with the options that compile the most steps. */
const FULL_POLICY: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  hot: {
    set_priority: { priority: 100 },
    unfollow: {},
    rollover: { max_age: '1d' },
    readonly: {},
    shrink: { number_of_shards: 1, allow_write_after_shrink: true },
    forcemerge: { max_num_segments: 1 },
    searchable_snapshot: { snapshot_repository: 'archive' },
  },
  warm: {
    set_priority: { priority: 50 },
    readonly: {},
    allocate: { number_of_replicas: 0 },
    migrate: {},
    shrink: { number_of_shards: 1, allow_write_after_shrink: true },
    forcemerge: { max_num_segments: 1 },
  },
  cold: { set_priority: { priority: 0 }, unfollow: {}, readonly: {}, allocate: { number_of_replicas: 0 }, migrate: {}, searchable_snapshot: { snapshot_repository: 'archive' } },
  frozen: { unfollow: {}, searchable_snapshot: { snapshot_repository: 'archive' } },
  delete: { delete: {} },
};

/** Stored policies hold normalized actions (defaults such as `delete_searchable_snapshot: true` filled in). */
function compileFull(phase: string, actions: Readonly<Record<string, unknown>>) {
  const parsed = Object.fromEntries(Object.entries(actions).map(([action, config]) => [action, parseAction(action, config)]));
  return compilePhase(phase, parsed as PhaseActions);
}

const compiled = Object.entries(FULL_POLICY).flatMap(([phase, actions]) => compileFull(phase, actions));

describe('docs/ilm.md', () => {
  const stepTable = markdownTableRows(markdownSection(ILM_DOC, 'Compiled steps'));
  const byAction = new Map(stepTable.map((cells) => [codeSpans(cells[0]!)[0]!, cells]));

  it('the full policy uses every supported action, injected ones included', () => {
    assert.deepEqual(new Set(compiled.map((s) => s.key.action)), SUPPORTED_ACTIONS);
    assert.ok(compileFull('warm', { shrink: { number_of_shards: 1 } }).some((s) => s.key.action === 'unfollow'), 'unfollow is injected');
    assert.ok(compileFull('cold', { readonly: {} }).some((s) => s.key.action === 'migrate'), 'migrate is injected');
  });

  it('names every step the full policy compiles to', () => {
    const missing = [...new Set(compiled.map((s) => s.key.name))].filter((name) => !ILM_DOC.includes(`\`${name}\``));
    assert.deepEqual(missing, []);
  });

  it('has one row per supported action in its step table, and no other', () => {
    assert.equal(byAction.size, stepTable.length, 'no action listed twice');
    assert.deepEqual(new Set(byAction.keys()), SUPPORTED_ACTIONS);
  });

  for (const action of SUPPORTED_ACTIONS) {
    it(`lists ${action}'s steps in compiled order, in every phase it is documented for`, () => {
      const cells = byAction.get(action);
      assert.ok(cells, `a row for ${action}`);
      const documented = codeSpans(cells[2]!);
      const phases = cells[1]!.split(',').map((p) => p.trim());
      const expectedPhases = PHASES.filter((p) => PHASE_ACTIONS[p].includes(action));
      assert.deepEqual(phases, expectedPhases);
      for (const phase of phases) {
        const names = compileFull(phase, FULL_POLICY[phase]!)
          .filter((s) => s.key.action === action)
          .map((s) => s.key.name);
        assert.deepEqual(documented, names, `${phase}/${action}`);
      }
    });
  }

  it('names the pseudo-steps around the phases', () => {
    for (const key of [INIT_KEY, NEW_COMPLETE_KEY]) assert.ok(ILM_DOC.includes(`\`${StepKey.format(key)}\``), StepKey.format(key));
    assert.ok(ILM_DOC.includes('`<phase>/complete/complete`'));
    assert.ok(ILM_DOC.includes(`\`${ERROR_STEP}\``));
  });
});
