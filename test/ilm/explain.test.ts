/**
 * `GET /<index>/_ilm/explain`: the unmanaged and managed record shapes in ES's field order, `human=true`,
 * ages, `only_managed`, `only_errors`, wildcards, missing indices, a policy that does not exist, and the
 * phase definition cached in `phase_execution`.
 */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer, rawRequest as raw, explainRecord as explain, type Row } from '../helpers/es.js';


const LATER = { phases: { warm: { min_age: '5d', actions: { readonly: {} } } } };
const ROLLOVER = { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } };

describe('explain records', () => {
  const es = useEsServer();

  it('an unmanaged index is exactly {index, managed:false}', async () => {
    await es.client.indices.create({ index: 'plain' });
    const response = await raw(es.server.url, 'GET', '/plain/_ilm/explain');
    assert.equal(response.status, 200);
    assert.equal(JSON.stringify(response.json), JSON.stringify({ indices: { plain: { index: 'plain', managed: false } } }));
    assert.deepEqual(await explain(es.client, 'plain'), { index: 'plain', managed: false });
  });

  it('a fresh managed index waits at new/complete/complete with every date, in ES field order', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'later', policy: LATER });
    const t0 = es.clock.now();
    await client.indices.create({ index: 'fresh', settings: { 'index.lifecycle.name': 'later' } });
    const { phase_execution: _cached, ...record } = await explain(client, 'fresh');
    assert.deepEqual(Object.keys(record), [
      'index',
      'managed',
      'policy',
      'index_creation_date_millis',
      'time_since_index_creation',
      'lifecycle_date_millis',
      'age',
      'phase',
      'phase_time_millis',
      'action',
      'action_time_millis',
      'step',
      'step_time_millis',
    ]);
    assert.deepEqual(record, {
      index: 'fresh',
      managed: true,
      policy: 'later',
      index_creation_date_millis: t0,
      time_since_index_creation: '0s',
      lifecycle_date_millis: t0,
      age: '0s',
      phase: 'new',
      phase_time_millis: t0,
      action: 'complete',
      action_time_millis: t0,
      step: 'complete',
      step_time_millis: t0,
    });
  });

  it('the new phase caches phase_execution without a phase_definition (IndexLifecycleTransition.updateExecutionStateToStep)', async () => {
    const record = await explain(es.client, 'fresh');
    const policy = (await es.client.ilm.getLifecycle({ name: 'later' })).later!;
    assert.equal(Object.keys(record).at(-1), 'phase_execution', 'phase_execution is the last field');
    assert.deepEqual(record.phase_execution, { policy: 'later', version: 1, modified_date_in_millis: Date.parse(String(policy.modified_date)) });
    assert.deepEqual(Object.keys(record.phase_execution), ['policy', 'version', 'modified_date_in_millis']);
  });

  it('ages are computed at response time, in the largest unit, truncated to two decimals', async () => {
    const { client } = es;
    const t0 = (await explain(client, 'fresh')).index_creation_date_millis as number;
    await es.advance('36h');
    let record = await explain(client, 'fresh');
    assert.equal(record.age, '1.5d');
    assert.equal(record.time_since_index_creation, '1.5d');
    assert.equal(record.phase, 'new', 'still before min_age');
    assert.equal(record.step_time_millis, t0, 'waiting does not move the step time');
    await es.advance('2159m');
    record = await explain(client, 'fresh');
    assert.equal(record.age, '2.99d', '2d 23h 59m is truncated, not rounded');

    const t1 = es.clock.now();
    await client.indices.create({ index: 'young', settings: { 'index.lifecycle.name': 'later' } });
    await es.advance('15s');
    assert.equal((await explain(client, 'young')).age, '15s');
    await es.advance('1785s');
    assert.equal((await explain(client, 'young')).age, '30m');
    await es.advance('60m');
    record = await explain(client, 'young');
    assert.equal(record.age, '1.5h');
    assert.equal(record.lifecycle_date_millis, t1);
  });

  it('moves into the next phase when min_age has passed and caches the phase definition', async () => {
    const { client } = es;
    const t0 = (await explain(client, 'fresh')).index_creation_date_millis as number;
    const remaining = t0 + 5 * 86_400_000 - es.clock.now();
    await es.advance(`${remaining - 60_000}ms`);
    assert.equal((await explain(client, 'fresh')).phase, 'new', 'one minute before min_age');
    await es.advance('10m');
    const entered = await explain(client, 'fresh');
    assert.equal(entered.phase, 'warm');
    assert.ok(entered.phase_time_millis > t0 + 5 * 86_400_000 - 60_000 && entered.phase_time_millis <= es.clock.now());
    // readonly has a wait step ES evaluates on the next poll; an hour is plenty.
    await es.advance('1h');
    const record = await explain(client, 'fresh');
    assert.deepEqual([record.phase, record.action, record.step], ['warm', 'complete', 'complete']);
    assert.equal(record.phase_time_millis, entered.phase_time_millis);
    assert.deepEqual(record.phase_execution, {
      policy: 'later',
      phase_definition: { min_age: '5d', actions: { readonly: {} } },
      version: 1,
      modified_date_in_millis: record.phase_execution.modified_date_in_millis,
    });
    const settings = await client.indices.getSettings({ index: 'fresh', flat_settings: true });
    assert.equal(settings.fresh!.settings!['index.blocks.write' as never], 'true');
  });
});

describe('explain with human=true', () => {
  const es = useEsServer();

  it('writes each human date before its millis twin, also in phase_execution', async () => {
    const { client } = es;
    // A phase that completes at once, so every field (phase_execution included) is there.
    await client.ilm.putLifecycle({ name: 'now', policy: { phases: { hot: { actions: { set_priority: { priority: 10 } } } } } });
    await client.indices.create({ index: 'human', settings: { 'index.lifecycle.name': 'now' } });
    const response = await raw(es.server.url, 'GET', '/human/_ilm/explain?human=true');
    const record = response.json.indices.human as Row;
    assert.deepEqual(Object.keys(record), [
      'index',
      'managed',
      'policy',
      'index_creation_date',
      'index_creation_date_millis',
      'time_since_index_creation',
      'lifecycle_date',
      'lifecycle_date_millis',
      'age',
      'phase',
      'phase_time',
      'phase_time_millis',
      'action',
      'action_time',
      'action_time_millis',
      'step',
      'step_time',
      'step_time_millis',
      'phase_execution',
    ]);
    assert.deepEqual(Object.keys(record.phase_execution), ['policy', 'phase_definition', 'version', 'modified_date', 'modified_date_in_millis']);
    const viaClient = (await client.ilm.explainLifecycle({ index: 'human', human: true })).indices.human as unknown as Row;
    assert.deepEqual(Object.keys(viaClient), Object.keys(record));
    // Without human, none of them.
    const plain = (await raw(es.server.url, 'GET', '/human/_ilm/explain')).json.indices.human as Row;
    assert.equal(Object.keys(plain).filter((k) => ['index_creation_date', 'lifecycle_date', 'phase_time', 'action_time', 'step_time'].includes(k)).length, 0);
    assert.equal('modified_date' in plain.phase_execution, false);
  });

  it('formats them with strict_date_optional_time_nanos, as XContentBuilder.timestampFieldsFromUnixEpochMillis does', async () => {
    await es.advance('90s');
    await es.client.indices.create({ index: 'human-2', settings: { 'index.lifecycle.name': 'now' } });
    const record = (await raw(es.server.url, 'GET', '/human,human-2/_ilm/explain?human=true')).json.indices as Record<string, Row>;
    for (const row of Object.values(record)) {
      for (const field of ['index_creation_date', 'lifecycle_date', 'phase_time', 'action_time', 'step_time']) {
        // Always seconds and three fraction digits: 2026-01-01T00:00:00.000Z.
        assert.equal(row[field], new Date(row[`${field}_millis`]).toISOString(), `${row.index} ${field}`);
      }
      assert.equal(row.phase_execution.modified_date, new Date(row.phase_execution.modified_date_in_millis).toISOString());
    }
  });
});

describe('explain filters and index expressions', () => {
  const es = useEsServer();

  it('sets up one index of each kind', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'later', policy: LATER });
    await client.ilm.putLifecycle({ name: 'roll', policy: ROLLOVER });
    await client.indices.create({ index: 'w-plain' });
    await client.indices.create({ index: 'w-ok', settings: { 'index.lifecycle.name': 'later' } });
    await client.indices.create({ index: 'w-ghost', settings: { 'index.lifecycle.name': 'ghost' } });
    // No rollover alias: the first poll fails check-rollover-ready.
    await client.indices.create({ index: 'w-err', settings: { 'index.lifecycle.name': 'roll' } });
    await client.indices.create({ index: 'other', settings: { 'index.lifecycle.name': 'later' } });
    await es.advance('10m');
    assert.equal((await explain(client, 'w-err')).step, 'ERROR');
  });

  it('a wildcard lists its matches sorted by name; a comma list lists those', async () => {
    const { client } = es;
    const all = await client.ilm.explainLifecycle({ index: 'w-*' });
    assert.deepEqual(Object.keys(all.indices), ['w-err', 'w-ghost', 'w-ok', 'w-plain']);
    const list = await client.ilm.explainLifecycle({ index: 'w-plain,other' });
    assert.deepEqual(Object.keys(list.indices), ['other', 'w-plain']);
    const everything = await raw(es.server.url, 'GET', '/_all/_ilm/explain');
    assert.deepEqual(Object.keys(everything.json.indices), ['other', 'w-err', 'w-ghost', 'w-ok', 'w-plain']);
    const none = await raw(es.server.url, 'GET', '/nothing-*/_ilm/explain');
    assert.equal(none.status, 200);
    assert.deepEqual(none.json, { indices: {} });
  });

  it('only_managed drops unmanaged indices', async () => {
    const response = await es.client.ilm.explainLifecycle({ index: 'w-*', only_managed: true });
    assert.deepEqual(Object.keys(response.indices), ['w-err', 'w-ghost', 'w-ok']);
    const rawResponse = await raw(es.server.url, 'GET', '/w-plain/_ilm/explain?only_managed=true');
    assert.deepEqual(rawResponse.json, { indices: {} });
  });

  it('only_errors keeps indices in ERROR and indices whose policy does not exist', async () => {
    const { client } = es;
    const response = await client.ilm.explainLifecycle({ index: 'w-*', only_errors: true });
    assert.deepEqual(Object.keys(response.indices), ['w-err', 'w-ghost']);
    const both = await client.ilm.explainLifecycle({ index: '*', only_errors: true, only_managed: true });
    assert.deepEqual(Object.keys(both.indices), ['w-err', 'w-ghost']);
  });

  it('a missing concrete index is a 404 index_not_found_exception, alone or in a list', async () => {
    const metadata = { 'resource.type': 'index_or_alias', 'resource.id': 'nope', index_uuid: '_na_', index: 'nope' };
    const cause = { type: 'index_not_found_exception', reason: 'no such index [nope]', ...metadata };
    for (const path of ['/nope/_ilm/explain', '/w-ok,nope/_ilm/explain']) {
      const response = await raw(es.server.url, 'GET', path);
      assert.equal(response.status, 404, path);
      assert.deepEqual(response.json, { error: { root_cause: [cause], ...cause }, status: 404 }, path);
    }
  });

  it('takes the indices options as ES does (the support-diagnostics tool asks /*/_ilm/explain?expand_wildcards=all)', async () => {
    const { client, server } = es;
    await client.indices.create({ index: 'w-hidden', settings: { 'index.hidden': true, 'index.lifecycle.name': 'later' } });
    await client.indices.create({ index: 'w-shut', settings: { 'index.lifecycle.name': 'later' } });
    await client.indices.close({ index: 'w-shut' });
    // strictExpandOpen by default: neither the hidden nor the closed index.
    assert.deepEqual(Object.keys((await client.ilm.explainLifecycle({ index: 'w-*' })).indices), ['w-err', 'w-ghost', 'w-ok', 'w-plain']);
    const all = await raw(server.url, 'GET', '/w-*/_ilm/explain?expand_wildcards=all&only_managed=true');
    assert.equal(all.status, 200);
    assert.deepEqual(Object.keys(all.json.indices), ['w-err', 'w-ghost', 'w-hidden', 'w-ok', 'w-shut']);
    assert.equal(all.json.indices['w-shut'].policy, 'later');
    assert.deepEqual(Object.keys((await raw(server.url, 'GET', '/w-*/_ilm/explain?expand_wildcards=closed')).json.indices), ['w-shut']);
    assert.deepEqual(Object.keys((await raw(server.url, 'GET', '/w-ok,nope/_ilm/explain?ignore_unavailable=true')).json.indices), ['w-ok']);
    const none = await raw(server.url, 'GET', '/nothing-*/_ilm/explain?allow_no_indices=false');
    assert.equal(none.status, 404);
    assert.equal(none.json.error.reason, 'no such index [nothing-*]');
    const bad = await raw(server.url, 'GET', '/w-*/_ilm/explain?expand_wildcards=shut');
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.reason, 'No valid expand wildcard value [shut]');
    await client.indices.delete({ index: 'w-hidden,w-shut' });
  });

  it('an index whose policy does not exist reads step ERROR with the reason in step_info', async () => {
    const record = await explain(es.client, 'w-ghost');
    assert.deepEqual(record, {
      index: 'w-ghost',
      managed: true,
      policy: 'ghost',
      index_creation_date_millis: record.index_creation_date_millis,
      time_since_index_creation: '10m',
      step: 'ERROR',
      step_info: { type: 'illegal_argument_exception', reason: 'policy [ghost] does not exist' },
    });
    assert.deepEqual(Object.keys(record), ['index', 'managed', 'policy', 'index_creation_date_millis', 'time_since_index_creation', 'step', 'step_info']);
  });

  it('once the policy is created the index starts it and leaves the error list', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'ghost', policy: LATER });
    const record = await explain(client, 'w-ghost');
    assert.deepEqual([record.phase, record.action, record.step], ['new', 'complete', 'complete']);
    assert.equal(record.step_info, undefined);
    assert.equal(record.lifecycle_date_millis, record.index_creation_date_millis, 'the lifecycle date is the creation date, not the start');
    const errorsOnly = await client.ilm.explainLifecycle({ index: 'w-*', only_errors: true });
    assert.deepEqual(Object.keys(errorsOnly.indices), ['w-err']);
  });

  it('an index in ERROR shows failed_step, is_auto_retryable_error and step_info', async () => {
    const record = await explain(es.client, 'w-err');
    assert.deepEqual(
      Object.keys(record).filter((k) => ['phase', 'action', 'step', 'failed_step', 'is_auto_retryable_error', 'step_info', 'phase_execution'].includes(k)),
      ['phase', 'action', 'step', 'failed_step', 'is_auto_retryable_error', 'step_info', 'phase_execution'],
    );
    assert.deepEqual([record.phase, record.action, record.step, record.failed_step], ['hot', 'rollover', 'ERROR', 'check-rollover-ready']);
    assert.equal(record.is_auto_retryable_error, true);
    assert.deepEqual(record.step_info, { type: 'illegal_argument_exception', reason: 'setting [index.lifecycle.rollover_alias] for index [w-err] is empty or not defined' });
  });
});

describe('explain phase_execution for rollover', () => {
  const es = useEsServer();

  async function bootstrap(client: Client, policy: string, index: string, alias: string) {
    await client.indices.create({
      index,
      settings: { 'index.lifecycle.name': policy, 'index.lifecycle.rollover_alias': alias },
      aliases: { [alias]: { is_write_index: true } },
    });
  }

  it('GET policy shows only the conditions the user gave', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'roll', policy: ROLLOVER });
    assert.deepEqual((await client.ilm.getLifecycle({ name: 'roll' })).roll!.policy.phases.hot?.actions?.rollover, { max_age: '1d' });
    await bootstrap(client, 'roll', 'r-000001', 'r');
    const record = await explain(client, 'r-000001');
    assert.deepEqual([record.phase, record.action, record.step], ['hot', 'rollover', 'check-rollover-ready']);
    assert.equal(record.phase_execution.version, 1);
    assert.equal(record.phase_execution.phase_definition.min_age, '0ms');
  });

  it('explain adds the implicit rollover conditions to phase_definition (TransportExplainLifecycleAction)', async () => {
    const { client } = es;
    let record = await explain(client, 'r-000001');
    assert.deepEqual(record.phase_execution.phase_definition.actions.rollover, { max_age: '1d', min_docs: 1, max_primary_shard_docs: 200000000 });
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    try {
      record = await explain(client, 'r-000001');
      assert.deepEqual(record.phase_execution.phase_definition.actions.rollover, { max_age: '1d', max_primary_shard_docs: 200000000 });
    } finally {
      await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': null } });
    }
  });

  it('a policy change that keeps the phase steps refreshes the cached phase at once (PhaseCacheManagement)', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'roll', policy: { phases: { hot: { actions: { rollover: { max_age: '3d' } } } } } });
    const record = await explain(client, 'r-000001');
    assert.equal(record.phase_execution.version, 2);
    assert.equal(record.phase_execution.phase_definition.actions.rollover.max_age, '3d');
  });

  it('a policy change that changes the phase steps keeps the cached phase', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'roll-2', policy: ROLLOVER });
    await bootstrap(client, 'roll-2', 's-000001', 's');
    await client.ilm.putLifecycle({ name: 'roll-2', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' }, set_priority: { priority: 10 } } } } } });
    const record = await explain(client, 's-000001');
    assert.equal(record.phase_execution.version, 1);
    assert.equal('set_priority' in record.phase_execution.phase_definition.actions, false);
    assert.deepEqual([record.phase, record.action, record.step], ['hot', 'rollover', 'check-rollover-ready']);
  });
});
