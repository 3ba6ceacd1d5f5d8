/**
 * The calls that change an index's lifecycle by hand: `POST /<index>/_ilm/retry` (and the automatic retry on
 * each poll), `POST /<index>/_ilm/remove` and `POST /_ilm/move/<index>`, with every error they answer.
 */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer, rawRequest as raw, explainRecord as explain, type Row } from '../helpers/es.js';


function envelope(status: number, type: string, reason: string, metadata: Record<string, unknown> = {}) {
  const error = { type, reason, ...metadata };
  return { error: { root_cause: [error], ...error }, status };
}

function indexNotFound(index: string) {
  return envelope(404, 'index_not_found_exception', `no such index [${index}]`, { 'resource.type': 'index_or_alias', 'resource.id': index, index_uuid: '_na_', index });
}

function innermost(error: Row): { type: string; reason: string } {
  let current = error;
  while (current.caused_by) current = current.caused_by;
  return { type: current.type, reason: current.reason };
}

async function position(client: Client, index: string): Promise<[string, string, string]> {
  const record = await explain(client, index);
  return [record.phase, record.action, record.step];
}

async function flatSettings(client: Client, index: string): Promise<Record<string, string>> {
  const response = await client.indices.getSettings({ index, flat_settings: true });
  return response[index]!.settings as Record<string, string>;
}

const MISSING_ALIAS_INFO = (index: string) => ({
  type: 'illegal_argument_exception',
  reason: `setting [index.lifecycle.rollover_alias] for index [${index}] is empty or not defined`,
});

const ROLL = {
  phases: {
    hot: { actions: { rollover: { max_age: '1d' } } },
    delete: { min_age: '30d', actions: { delete: {} } },
  },
};
const LATER = { phases: { warm: { min_age: '50d', actions: { readonly: {} } } } };

describe('retry', () => {
  const es = useEsServer();
  const notInError = (index: string) => `cannot retry an action for an index [${index}] that has not encountered an error when running a Lifecycle Policy`;

  it('sets up a failing index, a healthy one and an unmanaged one', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'roll', policy: ROLL });
    await client.ilm.putLifecycle({ name: 'later', policy: LATER });
    // No index.lifecycle.rollover_alias: check-rollover-ready fails at each poll.
    await client.indices.create({ index: 'failing-000001', settings: { 'index.lifecycle.name': 'roll' } });
    await client.indices.create({ index: 'healthy', settings: { 'index.lifecycle.name': 'later' } });
    await client.indices.create({ index: 'plain' });
    assert.deepEqual(await position(client, 'failing-000001'), ['hot', 'rollover', 'check-rollover-ready'], 'the wait runs on poll ticks only');
  });

  it('a missing index is a 400 illegal_argument_exception, not a 404', async () => {
    const response = await raw(es.server.url, 'POST', '/nope/_ilm/retry');
    assert.deepEqual(response.json, envelope(400, 'illegal_argument_exception', 'index [nope] does not exist'));
    assert.equal(response.status, 400);
  });

  it('an index that is not in ERROR, managed or not, cannot be retried', async () => {
    for (const index of ['healthy', 'plain', 'failing-000001']) {
      const response = await raw(es.server.url, 'POST', `/${index}/_ilm/retry`);
      assert.deepEqual(response.json, envelope(400, 'illegal_argument_exception', notInError(index)), index);
    }
  });

  it('the first failure moves the index to ERROR without a retry count or previous_step_info', async () => {
    const { client } = es;
    await es.advance('10m');
    const record = await explain(client, 'failing-000001');
    assert.deepEqual([record.phase, record.action, record.step, record.failed_step], ['hot', 'rollover', 'ERROR', 'check-rollover-ready']);
    assert.equal(record.is_auto_retryable_error, true);
    assert.deepEqual(record.step_info, MISSING_ALIAS_INFO('failing-000001'));
    assert.equal('failed_step_retry_count' in record, false);
    assert.equal('previous_step_info' in record, false);
    assert.equal(record.step_time_millis, es.clock.now());
  });

  it('each poll tick retries automatically and counts one more retry', async () => {
    const { client } = es;
    await es.advance('10m');
    let record = await explain(client, 'failing-000001');
    assert.equal(record.step, 'ERROR');
    assert.equal(record.failed_step_retry_count, 1);
    assert.deepEqual(record.previous_step_info, MISSING_ALIAS_INFO('failing-000001'));
    await es.advance('10m');
    assert.equal((await explain(client, 'failing-000001')).failed_step_retry_count, 2);
    await es.advance('30m');
    record = await explain(client, 'failing-000001');
    assert.equal(record.failed_step_retry_count, 5);
    assert.equal(record.step, 'ERROR');
  });

  it('a manual retry goes back to the failed step, keeps the count and moves step_info to previous_step_info', async () => {
    const { client } = es;
    assert.deepEqual(await client.ilm.retry({ index: 'failing-000001' }), { acknowledged: true });
    const record = await explain(client, 'failing-000001');
    assert.deepEqual([record.phase, record.action, record.step], ['hot', 'rollover', 'check-rollover-ready']);
    assert.equal('failed_step' in record, false);
    assert.equal('step_info' in record, false);
    assert.deepEqual(record.previous_step_info, MISSING_ALIAS_INFO('failing-000001'));
    assert.equal(record.failed_step_retry_count, 5, 'manual retries are not counted');
    assert.equal(record.is_auto_retryable_error, true, 'kept until a step succeeds');
    assert.equal(record.step_time_millis, es.clock.now());
  });

  it('a step that fails again keeps the count; the next automatic retry adds one', async () => {
    const { client } = es;
    await es.advance('10m');
    let record = await explain(client, 'failing-000001');
    assert.equal(record.step, 'ERROR');
    assert.equal(record.failed_step_retry_count, 5);
    await es.advance('10m');
    record = await explain(client, 'failing-000001');
    assert.equal(record.failed_step_retry_count, 6);
  });

  it('a list or wildcard retries all or nothing', async () => {
    const { client } = es;
    const response = await raw(es.server.url, 'POST', '/failing-000001,healthy/_ilm/retry');
    assert.deepEqual(response.json, envelope(400, 'illegal_argument_exception', notInError('healthy')));
    assert.equal((await explain(client, 'failing-000001')).step, 'ERROR', 'the failing index was not retried either');
    const wildcard = await raw(es.server.url, 'POST', '/*/_ilm/retry');
    assert.equal(wildcard.status, 400);
    assert.equal((await explain(client, 'failing-000001')).step, 'ERROR');
    assert.deepEqual(await client.ilm.retry({ index: 'failing-*' }), { acknowledged: true });
    assert.equal((await explain(client, 'failing-000001')).step, 'check-rollover-ready');
  });

  it('after the fix, the policy goes on and a successful step clears the error fields', async () => {
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    await client.indices.putSettings({ index: 'failing-000001', settings: { 'index.lifecycle.rollover_alias': 'failing' } });
    await client.indices.updateAliases({ actions: [{ add: { index: 'failing-000001', alias: 'failing', is_write_index: true } }] });
    await es.advance('1d');
    const record = await explain(client, 'failing-000001');
    assert.deepEqual([record.phase, record.action, record.step], ['hot', 'complete', 'complete']);
    for (const field of ['failed_step', 'step_info', 'is_auto_retryable_error', 'failed_step_retry_count']) assert.equal(field in record, false, field);
    assert.equal(await client.indices.exists({ index: 'failing-000002' }), true);
  });
});

describe('retry and policy updates', () => {
  const es = useEsServer();

  it('a policy update leaves an index in ERROR on its cached phase; the retry reloads it', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'roll', policy: ROLL });
    await client.indices.create({ index: 'stuck-000001', settings: { 'index.lifecycle.name': 'roll' } });
    await es.advance('10m');
    let record = await explain(client, 'stuck-000001');
    assert.equal(record.step, 'ERROR');
    assert.equal(record.phase_execution.version, 1);
    const phaseTime = record.phase_time_millis as number;

    await es.advance('1m');
    await client.ilm.putLifecycle({ name: 'roll', policy: { phases: { hot: { actions: { rollover: { max_age: '2d' } } }, delete: { min_age: '30d', actions: { delete: {} } } } } });
    record = await explain(client, 'stuck-000001');
    assert.equal(record.phase_execution.version, 1, 'indices in ERROR are not refreshed when the policy is stored');
    assert.equal(record.phase_execution.phase_definition.actions.rollover.max_age, '1d');
    assert.equal(record.phase_time_millis, phaseTime);

    await client.ilm.retry({ index: 'stuck-000001' });
    record = await explain(client, 'stuck-000001');
    assert.equal(record.phase_execution.version, 2);
    assert.equal(record.phase_execution.phase_definition.actions.rollover.max_age, '2d');
  });

  it('reloading the phase on retry starts a new phase time, as every phase-definition refresh does', async () => {
    const record = await explain(es.client, 'stuck-000001');
    assert.equal(record.phase_time_millis, es.clock.now());
  });
});

describe('remove', () => {
  const es = useEsServer();

  it('removes the lifecycle settings and execution state and answers has_failures:false', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'roll', policy: ROLL });
    await client.indices.create({
      index: 'managed-000001',
      settings: {
        'index.number_of_shards': 2,
        'index.priority': 5,
        'index.lifecycle.name': 'roll',
        'index.lifecycle.rollover_alias': 'managed',
        'index.lifecycle.indexing_complete': true,
      },
      aliases: { managed: { is_write_index: true } },
    });
    assert.equal((await explain(client, 'managed-000001')).managed, true);
    assert.deepEqual(((await client.ilm.getLifecycle({ name: 'roll' })).roll as unknown as Row).in_use_by.indices, ['managed-000001']);

    const response = await raw(es.server.url, 'POST', '/managed-000001/_ilm/remove');
    assert.equal(response.status, 200);
    assert.equal(JSON.stringify(response.json), JSON.stringify({ has_failures: false, failed_indexes: [] }));

    assert.deepEqual(await explain(client, 'managed-000001'), { index: 'managed-000001', managed: false });
    const settings = await flatSettings(client, 'managed-000001');
    assert.deepEqual(
      Object.keys(settings).filter((k) => k.startsWith('index.lifecycle.')),
      [],
    );
    assert.equal(settings['index.number_of_shards'], '2');
    assert.equal(settings['index.priority'], '5');
    assert.deepEqual(((await client.ilm.getLifecycle({ name: 'roll' })).roll as unknown as Row).in_use_by.indices, []);
    assert.deepEqual(await client.indices.getAlias({ index: 'managed-000001' }), { 'managed-000001': { aliases: { managed: { is_write_index: true } } } });
  });

  it('the index is left alone afterwards', async () => {
    const { client } = es;
    await es.advance('40d');
    assert.equal(await client.indices.exists({ index: 'managed-000001' }), true);
    assert.deepEqual(await explain(client, 'managed-000001'), { index: 'managed-000001', managed: false });
  });

  it('clears an index in ERROR too, and the policy can then be deleted', async () => {
    const { client } = es;
    await client.indices.create({ index: 'broken-000001', settings: { 'index.lifecycle.name': 'roll' } });
    await es.advance('10m');
    assert.equal((await explain(client, 'broken-000001')).step, 'ERROR');
    assert.deepEqual(await client.ilm.removePolicy({ index: 'broken-000001' }), { has_failures: false, failed_indexes: [] });
    assert.deepEqual(await explain(client, 'broken-000001'), { index: 'broken-000001', managed: false });
    assert.deepEqual(await client.ilm.deleteLifecycle({ name: 'roll' }), { acknowledged: true });
  });

  it('is a no-op on an unmanaged index and takes wildcards', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'later', policy: LATER });
    await client.indices.create({ index: 'rm-a', settings: { 'index.lifecycle.name': 'later' } });
    await client.indices.create({ index: 'rm-b', settings: { 'index.lifecycle.name': 'later' } });
    await client.indices.create({ index: 'rm-plain' });
    assert.deepEqual(await client.ilm.removePolicy({ index: 'rm-plain' }), { has_failures: false, failed_indexes: [] });
    assert.deepEqual(await client.ilm.removePolicy({ index: 'rm-*' }), { has_failures: false, failed_indexes: [] });
    const after = await client.ilm.explainLifecycle({ index: 'rm-*' });
    assert.deepEqual(after.indices, {
      'rm-a': { index: 'rm-a', managed: false },
      'rm-b': { index: 'rm-b', managed: false },
      'rm-plain': { index: 'rm-plain', managed: false },
    });
  });

  it('a missing index is a 404 index_not_found_exception', async () => {
    const response = await raw(es.server.url, 'POST', '/nope/_ilm/remove');
    assert.deepEqual(response.json, indexNotFound('nope'));
    assert.equal(response.status, 404);
  });
});

describe('move_to_step', () => {
  const es = useEsServer();
  const NEW = { phase: 'new', action: 'complete', name: 'complete' };
  const MV = {
    phases: {
      warm: { min_age: '10d', actions: { set_priority: { priority: 20 }, readonly: {} } },
      cold: { min_age: '20d', actions: { set_priority: { priority: 5 } } },
      delete: { min_age: '30d', actions: { delete: {} } },
    },
  };

  async function move(index: string, current_step: unknown, next_step: unknown) {
    return raw(es.server.url, 'POST', `/_ilm/move/${index}`, { current_step, next_step });
  }

  async function expectMoveError(index: string, current: unknown, next: unknown, reason: string) {
    const response = await move(index, current, next);
    assert.equal(response.status, 400, JSON.stringify(response.json));
    assert.deepEqual(innermost(response.json.error), { type: 'illegal_argument_exception', reason });
  }

  it('sets up indices waiting in the new phase', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'mv', policy: MV });
    for (const index of ['mv-1', 'mv-2', 'mv-3', 'mv-4', 'mv-5']) await client.indices.create({ index, settings: { 'index.lifecycle.name': 'mv' } });
    await client.indices.create({ index: 'plain' });
    await client.indices.create({ index: 'mv-ghost', settings: { 'index.lifecycle.name': 'ghost' } });
    assert.deepEqual(await position(client, 'mv-1'), ['new', 'complete', 'complete']);
  });

  it('moves to a fully named step and runs the phase from there', async () => {
    const { client } = es;
    await es.advance('1h');
    const response = await client.ilm.moveToStep({ index: 'mv-1', current_step: NEW, next_step: { phase: 'warm', action: 'set_priority', name: 'set_priority' } });
    assert.deepEqual(response, { acknowledged: true });
    const movedAt = es.clock.now();
    assert.equal((await explain(client, 'mv-1')).phase, 'warm');
    // readonly's check-ts-end-time-passed is evaluated on a poll tick in ES.
    await es.advance('10m');
    const record = await explain(client, 'mv-1');
    assert.deepEqual([record.phase, record.action, record.step], ['warm', 'complete', 'complete']);
    assert.equal(record.phase_time_millis, movedAt);
    assert.deepEqual(record.phase_execution.phase_definition, { min_age: '10d', actions: { set_priority: { priority: 20 }, readonly: {} } });
    const settings = await flatSettings(client, 'mv-1');
    assert.equal(settings['index.priority'], '20');
    assert.equal(settings['index.blocks.write'], 'true');
    assert.equal(record.lifecycle_date_millis, record.index_creation_date_millis, 'moving does not change the lifecycle date');
  });

  it('resolves a phase alone to its first step', async () => {
    const { client } = es;
    await client.ilm.moveToStep({ index: 'mv-2', current_step: NEW, next_step: { phase: 'cold' } });
    assert.deepEqual(await position(client, 'mv-2'), ['cold', 'complete', 'complete']);
    assert.equal((await flatSettings(client, 'mv-2'))['index.priority'], '5');
  });

  it('resolves a phase and action to the action’s first step, skipping earlier actions', async () => {
    const { client } = es;
    await client.ilm.moveToStep({ index: 'mv-3', current_step: NEW, next_step: { phase: 'warm', action: 'readonly' } });
    await es.advance('10m');
    assert.deepEqual(await position(client, 'mv-3'), ['warm', 'complete', 'complete']);
    const settings = await flatSettings(client, 'mv-3');
    assert.equal(settings['index.blocks.write'], 'true');
    assert.equal(settings['index.priority'], undefined, 'set_priority comes before readonly and was skipped');
  });

  it('requires a body', async () => {
    const response = await raw(es.server.url, 'POST', '/_ilm/move/mv-4');
    assert.deepEqual(response.json, envelope(400, 'parse_exception', 'request body is required'));
    assert.equal(response.status, 400);
  });

  it('requires both step keys', async () => {
    for (const [body, missing] of [
      [{ next_step: { phase: 'warm' } }, 'current_step'],
      [{ current_step: NEW }, 'next_step'],
    ] as const) {
      const response = await raw(es.server.url, 'POST', '/_ilm/move/mv-4', body);
      assert.equal(response.status, 400);
      assert.equal(response.json.error.type, 'x_content_parse_exception');
      assert.match(response.json.error.reason, new RegExp(`^(\\[\\d+:\\d+\\] )?\\[move_to_step_request\\] Required \\[${missing}\\]$`));
    }
  });

  it('refuses a step name without an action', async () => {
    await expectMoveError(
      'mv-4',
      NEW,
      { phase: 'warm', name: 'readonly' },
      'phase; phase and action; or phase, action, and step must be provided, but a step name was specified without a corresponding action',
    );
  });

  it('refuses a missing index and an unmanaged one', async () => {
    const missing = await move('nope', NEW, { phase: 'warm' });
    assert.deepEqual(missing.json, envelope(400, 'illegal_argument_exception', 'index [nope] does not exist'));
    const plain = await move('plain', NEW, { phase: 'warm' });
    assert.deepEqual(plain.json, envelope(400, 'illegal_argument_exception', 'index [plain] is not associated with an Index Lifecycle Policy'));
  });

  it('refuses when the index is not on the given current step, printing both keys as JSON', async () => {
    const current = { phase: 'hot', action: 'rollover', name: 'check-rollover-ready' };
    const response = await move('mv-4', current, { phase: 'warm', action: 'readonly', name: 'readonly' });
    assert.deepEqual(
      response.json,
      envelope(
        400,
        'illegal_argument_exception',
        'index [mv-4] is not on current step [{"phase":"hot","action":"rollover","name":"check-rollover-ready"}], currently: [{"phase":"new","action":"complete","name":"complete"}]',
      ),
    );
    assert.deepEqual(await position(es.client, 'mv-4'), ['new', 'complete', 'complete']);
  });

  it('prints null for an index that has no current step yet', async () => {
    await expectMoveError('mv-ghost', NEW, { phase: 'warm', action: 'readonly', name: 'readonly' }, 'index [mv-ghost] is not on current step [{"phase":"new","action":"complete","name":"complete"}], currently: [null]');
  });

  it('refuses a named step the policy does not have', async () => {
    await expectMoveError('mv-4', NEW, { phase: 'warm', action: 'readonly', name: 'nope' }, 'step [{"phase":"warm","action":"readonly","name":"nope"}] for index [mv-4] with policy [mv] does not exist');
  });

  it('refuses a phase or action it cannot resolve to a step', async () => {
    await expectMoveError('mv-4', NEW, { phase: 'hot' }, 'cannot move index [mv-4] with policy [mv]: unable to determine concrete step key from target next step key: {"phase":"hot"}');
    await expectMoveError(
      'mv-4',
      NEW,
      { phase: 'warm', action: 'shrink' },
      'cannot move index [mv-4] with policy [mv]: unable to determine concrete step key from target next step key: {"phase":"warm","action":"shrink"}',
    );
  });

  it('resolves the target before checking the current step (TransportMoveToStepAction pre-check)', async () => {
    await expectMoveError(
      'mv-4',
      { phase: 'hot', action: 'rollover', name: 'check-rollover-ready' },
      { phase: 'hot' },
      'cannot move index [mv-4] with policy [mv]: unable to determine concrete step key from target next step key: {"phase":"hot"}',
    );
  });

  it('refuses when the index’s policy no longer exists', async () => {
    const { client } = es;
    await client.indices.putSettings({ index: 'mv-5', settings: { 'index.lifecycle.name': 'ghost' } });
    await expectMoveError('mv-5', NEW, { phase: 'warm' }, 'policy [ghost] does not exist');
  });

  it('a fully named step of a policy that does not exist does not exist (PolicyStepsRegistry.stepExists)', async () => {
    await expectMoveError('mv-5', NEW, { phase: 'warm', action: 'readonly', name: 'readonly' }, 'step [{"phase":"warm","action":"readonly","name":"readonly"}] for index [mv-5] with policy [ghost] does not exist');
  });

  it('a moved index carries on with the policy', async () => {
    const { client } = es;
    await es.advance('20d');
    assert.deepEqual(await position(client, 'mv-1'), ['cold', 'complete', 'complete']);
    await es.advance('10d');
    assert.equal(await client.indices.exists({ index: 'mv-1' }), false);
  });
});
