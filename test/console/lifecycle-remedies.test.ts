/**
 * The console's remedies for the spec's error rows 1–9 (web/src/pages/lifecycle/error-remedies.ts), fed with the
 * exact step_info Tessera produces (docs/errors.md) and with the spec's own message shapes. The browser suites
 * show rows 1 and 3 end to end; this covers every row's matching and wording.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnose } from '../../web/src/pages/lifecycle/error-remedies.ts';
import type { ExplainRecord, StepInfo } from '../../web/src/pages/lifecycle/lifecycle-types.ts';

function failed(index: string, step_info: StepInfo, phase = 'hot', extra: Partial<ExplainRecord> = {}): ExplainRecord {
  return { index, managed: true, policy: 'logs', phase, action: 'x', step: 'ERROR', failed_step: 'x', is_auto_retryable_error: true, step_info, ...extra };
}

describe('remedies for the spec’s error rows', () => {
  it('row 1: a shrink target not smaller than the source (Tessera’s text and the spec’s shape)', () => {
    const tessera = diagnose(failed('my-index-000001', { type: 'illegal_argument_exception', reason: 'the number of target shards [4] must be less than the number of source shards [2]' }, 'warm', { policy: 'shrink-index' }))!;
    assert.equal(tessera.row, 1);
    assert.equal(tessera.remedy, 'Edit policy [shrink-index] so the shrink in the warm phase has a number_of_shards smaller than 2 (a factor of 2, such as 1), and save it. Then press Retry.');
    const spec = diagnose(failed('i', { type: 'illegal_argument_exception', reason: 'target shards [8] must be less than source shards [4]' }, 'warm'))!;
    assert.equal(spec.row, 1);
    assert.match(spec.remedy, /smaller than 4/);
  });

  it('row 2: the rollover alias repeated in an index template', () => {
    for (const reason of [
      'Rollover alias [logs-write] can point to multiple indices, found duplicated alias [[logs-write]] in index template [logs]',
      'Rollover alias [logs-write] can point to multiple indices, found duplicated alias [logs-write] in index template [logs]',
    ]) {
      const d = diagnose(failed('logs-000001', { type: 'illegal_argument_exception', reason }))!;
      assert.equal(d.row, 2, reason);
      assert.match(d.remedy, /^Remove \[logs-write\] from the aliases section of index template \[logs\]\. Set the alias only once/);
    }
  });

  it('row 3: the rollover alias does not point to the index', () => {
    const d = diagnose(failed('app-000001', { type: 'illegal_argument_exception', reason: 'index.lifecycle.rollover_alias [app] does not point to index [app-000001]' }))!;
    assert.equal(d.row, 3);
    assert.match(d.remedy, /^Check the index setting index\.lifecycle\.rollover_alias of \[app-000001\] and list the aliases/);
  });

  it('row 4: the rollover alias setting is missing (both of Elasticsearch’s wordings, and the spec’s)', () => {
    for (const reason of [
      'setting [index.lifecycle.rollover_alias] for index [web-000001] is empty or not defined',
      'setting [index.lifecycle.rollover_alias] for index [web-000001] is empty or not defined, it must be set to the name of the alias pointing to the group of indices being rolled over',
      'Setting [index.lifecycle.rollover_alias] for index [web-000001] is empty or not defined',
    ]) {
      const d = diagnose(failed('web-000001', { type: 'illegal_argument_exception', reason }))!;
      assert.equal(d.row, 4, reason);
      assert.equal(d.remedy, 'Set index.lifecycle.rollover_alias on [web-000001] to the alias the index is written through (its write alias). Then press Retry.');
    }
  });

  it('row 5: an alias with more than one write index', () => {
    for (const reason of ['alias [events-all] has more than one write index [events-000001,events-000002]', 'Alias [events-all] has more than one write index [events-000001,events-000002]']) {
      const d = diagnose(failed('events-000001', { type: 'illegal_state_exception', reason }))!;
      assert.equal(d.row, 5, reason);
      assert.match(d.remedy, /^Use the aliases API to set is_write_index to false for alias \[events-all\] on all indices but one/);
    }
  });

  it('row 6: an index name without a numeric suffix', () => {
    for (const reason of ["index name [metrics] does not match pattern '^.*-\\d+$'", 'index name [metrics] does not match pattern ^.*-\\\\d+']) {
      const d = diagnose(failed('metrics', { type: 'illegal_argument_exception', reason }))!;
      assert.equal(d.row, 6, reason);
      assert.match(d.remedy, /such as metrics-000001.*index\.lifecycle\.indexing_complete: true on \[metrics\]/);
    }
  });

  it('row 7: a circuit breaker', () => {
    const d = diagnose(
      failed('cb-merge', {
        type: 'circuit_breaking_exception',
        reason: '[request] Data too large, data for [<forcemerge [cb-merge]>] would be [4032/3.9kb], which is larger than the limit of [2048/2kb]',
        bytes_wanted: 4032,
        bytes_limit: 2048,
        durability: 'TRANSIENT',
      }),
    )!;
    assert.equal(d.row, 7);
    assert.match(d.remedy, /^Relieve the memory pressure before going on: raise indices\.breaker\.request\.limit/);
    const parent = diagnose(failed('i', { type: 'circuit_breaking_exception', reason: '[parent] Data too large, data for [<bulk_request>] would be [1/1b], which is larger than the limit of [0/0b]' }))!;
    assert.match(parent.remedy, /raise indices\.breaker\.total\.limit/);
    assert.equal(diagnose(failed('i', { reason: 'CircuitBreakingException: [parent] data too large, data for [x]' }))!.row, 7, 'the spec’s shape');
  });

  it('row 8: the high disk watermark (a wait) and the flood stage (a failure)', () => {
    const wait = diagnose({ index: 'logs-000001', managed: true, policy: 'rolling', phase: 'hot', step: 'wait-for-active-shards', step_info: { message: 'high disk watermark [90%] exceeded on [tessera-0]' } })!;
    assert.equal(wait.row, 8);
    assert.equal(wait.retry, 'none');
    assert.match(wait.remedy, /^Free disk space/);
    assert.equal(diagnose(failed('i', { reason: 'High disk watermark [90%] exceeded on [node-1]' }))!.row, 8, 'the spec’s shape');
    const flood = diagnose(
      failed('metrics-1', {
        type: 'cluster_block_exception',
        reason: 'index [metrics-1] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block];',
      }),
    )!;
    assert.equal(flood.row, 8);
    assert.match(flood.remedy, /^Free disk space \(delete old indices or documents\) until usage is below the high watermark/);
  });

  it('row 9: security_exception', () => {
    const d = diagnose(
      failed('logs-000001', {
        type: 'security_exception',
        reason: 'action [indices:admin/settings/update] is unauthorized for user [ops] with roles [ilm_ops] on indices [logs-000001], this action is granted by the index privileges [manage,all]',
      }, 'warm', { policy: 'ops-policy' }),
    )!;
    assert.equal(d.row, 9);
    assert.equal(d.cause, 'Lifecycle steps run as the user who last modified policy [ops-policy], and user [ops] (roles [ilm_ops]) may not perform [indices:admin/settings/update].');
    assert.equal(d.remedy, "Give that user's role back the index privileges the step needs (manage or all on this index), or save policy [ops-policy] again as a user who has them. Then press Retry.");
  });

  it('anything else gets a generic hint; no step_info, no diagnosis', () => {
    const d = diagnose(failed('i', { type: 'illegal_state_exception', reason: 'repository [snaps] is missing. [p] policy for index [i] cannot continue until the repository is created or the policy is changed' }, 'cold', { policy: 'p', failed_step: 'generate-snapshot-name' }))!;
    assert.equal(d.row, undefined);
    assert.equal(d.cause, 'Step [generate-snapshot-name] failed with illegal_state_exception.');
    assert.match(d.remedy, /^Read the reason above and fix what it names \(the policy \[p\], the index's settings or aliases, or a cluster setting\)\. The error is retried automatically at each poll, or press Retry/);
    assert.equal(diagnose({ index: 'i', managed: true, step: 'complete' }), undefined);
  });
});
