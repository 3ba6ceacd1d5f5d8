/**
 * The spec's error table, rows 1–6: each reproduced through the public API, read through explain with the
 * exact failed_step, type and reason, with the console's advice for it (GET /_tessera/ilm/lint), fixed with the
 * spec's remedy, retried, and run to completion.
 */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer } from '../helpers/es.js';
import { lintCluster } from '../helpers/lint.js';

async function explain(client: Client, index: string) {
  const response = await client.ilm.explainLifecycle({ index });
  return response.indices[index] as unknown as Record<string, unknown>;
}

/** What the console shows beside the failure: lint's `step_info_diagnosis`, found by the error's code. */
function advice(row: number, cause: string, remedy: string) {
  return { row, cause, remedy, retry: 'retry' };
}

async function expectError(client: Client, index: string, failedStep: string, type: string, reason: string, location: [string, string], expected: ReturnType<typeof advice>) {
  assert.deepEqual((await lintCluster(client))[index]?.step_info_diagnosis, expected);
  const record = await explain(client, index);
  assert.equal(record.step, 'ERROR', JSON.stringify(record));
  assert.equal(record.phase, location[0]);
  assert.equal(record.action, location[1]);
  assert.equal(record.failed_step, failedStep);
  assert.deepEqual(record.step_info, { type, reason });
  assert.equal(record.is_auto_retryable_error, true);
}

const ROLLOVER_POLICY = {
  phases: {
    hot: { actions: { rollover: { max_age: '1d' } } },
    delete: { min_age: '2d', actions: { delete: {} } },
  },
};

/** No documents are written here, so rollover must not wait for one. */
async function allowEmptyRollover(client: Client) {
  await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
}

describe('row 1: shrink to as many or more shards than the index has', () => {
  const es = useEsServer();

  it('fails at shrink with illegal_argument_exception; a smaller number_of_shards and a retry finish the phase', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'shrink-index', policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } } });
    // Accepted at creation: nothing checks the combination until the phase runs (spec, rule 1).
    await client.indices.create({ index: 'my-index-000001', settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } });
    const fresh = await explain(client, 'my-index-000001');
    assert.deepEqual([fresh.phase, fresh.action, fresh.step], ['new', 'complete', 'complete']);
    await es.advance('4d');
    assert.equal((await explain(client, 'my-index-000001')).phase, 'new', 'min_age 5d has not passed');
    await es.advance('1d');
    // Warm starts at the 5d tick; its async waits (wait-for-shard-history-leases, check-ts-end-time-passed)
    // take one poll each before the shrink step runs, as in Elasticsearch.
    const entered = await explain(client, 'my-index-000001');
    assert.deepEqual([entered.phase, entered.action, entered.step], ['warm', 'shrink', 'wait-for-shard-history-leases']);
    await es.advance('20m');
    await expectError(
      client,
      'my-index-000001',
      'shrink',
      'illegal_argument_exception',
      'the number of target shards [4] must be less than the number of source shards [2]',
      ['warm', 'shrink'],
      advice(
        1,
        'The shrink asks for 4 shards, but the index has only 2: a shrink can only lower the shard count.',
        'Edit policy [shrink-index] so the shrink in the warm phase has a number_of_shards smaller than 2 (a factor of 2, such as 1), and save it. Then press Retry.',
      ),
    );
    const record = await explain(client, 'my-index-000001');
    assert.deepEqual(record.phase_execution, {
      policy: 'shrink-index',
      phase_definition: { min_age: '5d', actions: { shrink: { number_of_shards: 4, allow_write_after_shrink: false } } },
      version: 1,
      modified_date_in_millis: (record.phase_execution as { modified_date_in_millis: number }).modified_date_in_millis,
    });

    // Remedy: update the policy with a smaller number_of_shards, then retry.
    await client.ilm.putLifecycle({ name: 'shrink-index', policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 1 } } } } } });
    await client.ilm.retry({ index: 'my-index-000001' });
    const shrunk = String(record.shrink_index_name);
    assert.match(shrunk, /^shrink-[a-z0-9]{4}-my-index-000001$/);
    const done = await explain(client, shrunk);
    assert.deepEqual([done.phase, done.action, done.step], ['warm', 'complete', 'complete']);
    assert.equal((await client.indices.get({ index: shrunk }))[shrunk]?.settings?.index?.number_of_shards, '1');
    const aliases = await client.indices.getAlias({ index: shrunk });
    assert.deepEqual(Object.keys(aliases[shrunk]!.aliases), ['my-index-000001'], 'the source name now points to the shrunken index');
    const indices = (await client.cat.indices({ format: 'json' })).map((row) => row.index);
    assert.deepEqual(indices, [shrunk], 'the source index is gone');
  });
});

describe('row 2: the rollover alias is repeated in an index template', () => {
  const es = useEsServer();

  it('fails at attempt-rollover; removing the alias from the template and retrying rolls over', async () => {
    const { client } = es;
    await allowEmptyRollover(client);
    await client.ilm.putLifecycle({ name: 'logs', policy: ROLLOVER_POLICY });
    await client.indices.putIndexTemplate({
      name: 'logs',
      index_patterns: ['logs-*'],
      template: { settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'logs-write' }, aliases: { 'logs-write': {} } },
    });
    await client.indices.create({ index: 'logs-000001', aliases: { 'logs-write': { is_write_index: true } } });
    await es.advance('1d');
    await expectError(
      client,
      'logs-000001',
      'attempt-rollover',
      'illegal_argument_exception',
      'Rollover alias [logs-write] can point to multiple indices, found duplicated alias [[logs-write]] in index template [logs]',
      ['hot', 'rollover'],
      advice(
        2,
        'The rollover alias [logs-write] is also listed in the aliases of index template [logs], so every new index would get it.',
        'Remove [logs-write] from the aliases section of index template [logs]. Set the alias only once, through index.lifecycle.rollover_alias when you create the first index; rollover then maintains it. Then press Retry.',
      ),
    );
    await client.indices.putIndexTemplate({
      name: 'logs',
      index_patterns: ['logs-*'],
      template: { settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'logs-write' } },
    });
    await client.ilm.retry({ index: 'logs-000001' });
    const rolled = await explain(client, 'logs-000001');
    assert.deepEqual([rolled.phase, rolled.action, rolled.step], ['hot', 'complete', 'complete']);
    const aliases = await client.indices.getAlias({ name: 'logs-write' });
    assert.deepEqual(aliases, { 'logs-000001': { aliases: { 'logs-write': { is_write_index: false } } }, 'logs-000002': { aliases: { 'logs-write': { is_write_index: true } } } });
    await es.advance('2d');
    await es.advance('10m'); // delete's wait-for-shard-history-leases waits for a poll
    assert.equal(await client.indices.exists({ index: 'logs-000001' }), false, 'the delete phase completed the policy');
  });
});

describe('row 3: the rollover alias does not point to the index', () => {
  const es = useEsServer();

  it('fails at check-rollover-ready; adding the alias and retrying rolls over', async () => {
    const { client } = es;
    await allowEmptyRollover(client);
    await client.ilm.putLifecycle({ name: 'logs', policy: ROLLOVER_POLICY });
    await client.indices.create({ index: 'app-000001', settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'app' } });
    await es.advance('10m');
    await expectError(
      client,
      'app-000001',
      'check-rollover-ready',
      'illegal_argument_exception',
      'index.lifecycle.rollover_alias [app] does not point to index [app-000001]',
      ['hot', 'rollover'],
      advice(
        3,
        'The index names [app] as its rollover alias, but that alias does not exist or does not point to [app-000001].',
        'Check the index setting index.lifecycle.rollover_alias of [app-000001] and list the aliases (_cat/aliases). Either add alias [app] to [app-000001] as its write index, or correct the setting to the alias the index really has. Then press Retry.',
      ),
    );
    const settings = await client.indices.getSettings({ index: 'app-000001', name: 'index.lifecycle.rollover_alias' });
    assert.equal(settings['app-000001']?.settings?.index?.lifecycle?.rollover_alias, 'app');
    assert.deepEqual(await client.cat.aliases({ format: 'json' }), []);
    await client.indices.updateAliases({ actions: [{ add: { index: 'app-000001', alias: 'app', is_write_index: true } }] });
    await client.ilm.retry({ index: 'app-000001' });
    await es.advance('1d');
    const rolled = await explain(client, 'app-000001');
    assert.deepEqual([rolled.phase, rolled.action, rolled.step], ['hot', 'complete', 'complete']);
    assert.equal(await client.indices.exists({ index: 'app-000002' }), true);
    await es.advance('2d');
    await es.advance('10m'); // delete's wait-for-shard-history-leases waits for a poll
    assert.equal(await client.indices.exists({ index: 'app-000001' }), false);
  });
});

describe('row 4: the rollover alias setting is missing', () => {
  const es = useEsServer();

  it('fails at check-rollover-ready; setting index.lifecycle.rollover_alias and retrying rolls over', async () => {
    const { client } = es;
    await allowEmptyRollover(client);
    await client.ilm.putLifecycle({ name: 'logs', policy: ROLLOVER_POLICY });
    await client.indices.create({ index: 'web-000001', settings: { 'index.lifecycle.name': 'logs' }, aliases: { web: { is_write_index: true } } });
    await es.advance('10m');
    await expectError(
      client,
      'web-000001',
      'check-rollover-ready',
      'illegal_argument_exception',
      'setting [index.lifecycle.rollover_alias] for index [web-000001] is empty or not defined',
      ['hot', 'rollover'],
      advice(
        4,
        'Index [web-000001] has no index.lifecycle.rollover_alias setting, so rollover does not know which alias to roll over.',
        'Set index.lifecycle.rollover_alias on [web-000001] to the alias the index is written through (its write alias). Then press Retry.',
      ),
    );
    await client.indices.putSettings({ index: 'web-000001', settings: { 'index.lifecycle.rollover_alias': 'web' } });
    await client.ilm.retry({ index: 'web-000001' });
    await es.advance('1d');
    assert.equal(await client.indices.exists({ index: 'web-000002' }), true);
    await es.advance('2d');
    await es.advance('10m'); // delete's wait-for-shard-history-leases waits for a poll
    assert.equal(await client.indices.exists({ index: 'web-000001' }), false);
  });
});

describe('row 5: an alias with more than one write index', () => {
  const es = useEsServer();

  it('fails at attempt-rollover with illegal_state_exception; leaving one write index and retrying rolls over', async () => {
    const { client } = es;
    await allowEmptyRollover(client);
    await client.ilm.putLifecycle({ name: 'logs', policy: ROLLOVER_POLICY });
    // Every index the template makes claims to be the write index of `events-all`.
    await client.indices.putIndexTemplate({
      name: 'events',
      index_patterns: ['events-*'],
      template: { settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'events' }, aliases: { 'events-all': { is_write_index: true } } },
    });
    await client.indices.create({ index: 'events-000001', aliases: { events: { is_write_index: true } } });
    await es.advance('1d');
    await expectError(
      client,
      'events-000001',
      'attempt-rollover',
      'illegal_state_exception',
      'alias [events-all] has more than one write index [events-000001,events-000002]',
      ['hot', 'rollover'],
      advice(
        5,
        'Alias [events-all] would have more than one write index: [events-000001,events-000002].',
        'Use the aliases API to set is_write_index to false for alias [events-all] on all indices but one (and in any index template that adds it as a write alias). Then press Retry.',
      ),
    );
    assert.equal(await client.indices.exists({ index: 'events-000002' }), false, 'the failed rollover created nothing');
    await client.indices.updateAliases({ actions: [{ add: { index: 'events-000001', alias: 'events-all', is_write_index: false } }] });
    await client.ilm.retry({ index: 'events-000001' });
    const rolled = await explain(client, 'events-000001');
    assert.deepEqual([rolled.phase, rolled.action, rolled.step], ['hot', 'complete', 'complete']);
    await es.advance('2d');
    await es.advance('10m'); // delete's wait-for-shard-history-leases waits for a poll
    assert.equal(await client.indices.exists({ index: 'events-000001' }), false);
  });
});

describe('row 6: an index name without a numeric suffix', () => {
  const es = useEsServer();

  it('fails at check-rollover-ready; a properly named index takes over the alias and the old one completes', async () => {
    const { client } = es;
    await allowEmptyRollover(client);
    await client.ilm.putLifecycle({ name: 'logs', policy: ROLLOVER_POLICY });
    await client.indices.create({
      index: 'metrics',
      settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'metrics-write' },
      aliases: { 'metrics-write': { is_write_index: true } },
    });
    await es.advance('10m');
    await expectError(
      client,
      'metrics',
      'check-rollover-ready',
      'illegal_argument_exception',
      "index name [metrics] does not match pattern '^.*-\\d+$'",
      ['hot', 'rollover'],
      advice(
        6,
        'Rollover names the next index by counting up a numeric suffix, and [metrics] has none.',
        'An index cannot be renamed: create an index whose name ends in a hyphen and digits (such as metrics-000001), move the write alias to it, and set index.lifecycle.indexing_complete: true on [metrics] so it finishes without a rollover. Then press Retry.',
      ),
    );
    // Remedy: a name with a numeric suffix takes over writing; the old index is marked complete.
    await client.indices.create({ index: 'metrics-000001', settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'metrics-write' } });
    await client.indices.updateAliases({
      actions: [
        { add: { index: 'metrics', alias: 'metrics-write', is_write_index: false } },
        { add: { index: 'metrics-000001', alias: 'metrics-write', is_write_index: true } },
      ],
    });
    await client.indices.putSettings({ index: 'metrics', settings: { 'index.lifecycle.indexing_complete': true } });
    await client.ilm.retry({ index: 'metrics' });
    // check-rollover-ready waits for the next poll, retried or not.
    await es.advance('10m');
    const old = await explain(client, 'metrics');
    assert.deepEqual([old.phase, old.action, old.step], ['hot', 'complete', 'complete']);
    await es.advance('1d');
    assert.equal(await client.indices.exists({ index: 'metrics-000002' }), true, 'the new index rolls over normally');
    await es.advance('2d');
    await es.advance('10m'); // delete's wait-for-shard-history-leases waits for a poll
    assert.equal(await client.indices.exists({ index: 'metrics' }), false, 'the old index finished its policy');
  });
});
