/**
 * A step_info stored before errors carried codes (an index in ERROR, or waiting, since before an upgrade) keeps the
 * console's advice: its code is read back from Tessera's words of that time, in legacy-step-info.ts only. An index
 * recorded since carries its code, and its words are not read.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ClusterState, createIndex, type IndexMetadata } from '../../src/cluster/index.js';
import { writeExecution, type ExecutionState } from '../../src/ilm/execution-state.js';
import { stepInfoAdvice } from '../../src/ilm/remedies/index.js';

function stored(execution: ExecutionState, name = 'logs-000001'): IndexMetadata {
  const { index } = createIndex(ClusterState.empty(), { name, body: { settings: { 'index.lifecycle.name': 'logs' } }, now: 0, uuid: 'u' });
  return writeExecution(index, { phase: 'hot', action: 'rollover', ...execution });
}

const failed = (stepInfo: Record<string, unknown>, extra: ExecutionState = {}) =>
  stored({ step: 'ERROR', failed_step: 'check-rollover-ready', is_auto_retryable_error: 'true', step_info: JSON.stringify(stepInfo), ...extra });

describe('advice for a step_info stored without its code', () => {
  it('reads the rows back from Tessera’s words', () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ type: 'illegal_argument_exception', reason: 'the number of target shards [4] must be less than the number of source shards [2]' }, 1],
      [{ type: 'illegal_argument_exception', reason: 'Rollover alias [logs] can point to multiple indices, found duplicated alias [[logs]] in index template [logs]' }, 2],
      [{ type: 'illegal_argument_exception', reason: 'index.lifecycle.rollover_alias [app] does not point to index [logs-000001]' }, 3],
      [{ type: 'illegal_argument_exception', reason: 'setting [index.lifecycle.rollover_alias] for index [logs-000001] is empty or not defined' }, 4],
      [{ type: 'illegal_state_exception', reason: 'alias [logs] has more than one write index [logs-000001,logs-000002]' }, 5],
      [{ type: 'illegal_argument_exception', reason: "index name [logs] does not match pattern '^.*-\\d+$'" }, 6],
      [{ type: 'circuit_breaking_exception', reason: '[parent] Data too large, data for [<forcemerge [logs]>] would be [4032/3.9kb], which is larger than the limit of [2048/2kb]' }, 7],
      [{ type: 'cluster_block_exception', reason: 'index [logs-000001] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block];' }, 8],
      [{ type: 'security_exception', reason: 'action [indices:admin/rollover] is unauthorized for user [ops] with roles [ilm_ops] on indices [logs-000001], this action is granted by the index privileges [manage,all]' }, 9],
    ];
    for (const [stepInfo, row] of cases) assert.equal(stepInfoAdvice(failed(stepInfo))?.row, row, JSON.stringify(stepInfo));
    assert.match(stepInfoAdvice(failed(cases[6]![0]))!.remedy, /raise indices\.breaker\.total\.limit/);
    const wait = stepInfoAdvice(stored({ step: 'wait-for-active-shards', step_info: JSON.stringify({ message: 'high disk watermark [90%] exceeded on [tessera-0]' }) }))!;
    assert.deepEqual([wait.row, wait.retry], [8, 'none']);
  });

  it('gives the general advice for any other words, and reads no words when the code was stored', () => {
    const other = stepInfoAdvice(failed({ type: 'illegal_argument_exception', reason: 'something else' }))!;
    assert.equal(other.row, undefined);
    assert.equal(other.cause, 'Step [check-rollover-ready] failed with illegal_argument_exception.');
    // The stored code wins over words that would read as another row.
    const coded = stepInfoAdvice(
      failed({ type: 'illegal_argument_exception', reason: 'setting [index.lifecycle.rollover_alias] for index [logs-000001] is empty or not defined' }, {
        step_info_cause: JSON.stringify({ code: 'origination_date_unparseable', params: { index: 'logs-000001' } }),
      }),
    )!;
    assert.equal(coded.row, undefined);
    assert.equal(stepInfoAdvice(stored({ step: 'complete' })), undefined);
  });
});
