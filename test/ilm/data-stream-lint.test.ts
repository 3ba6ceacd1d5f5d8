/**
 * Lint of data streams (issue 16): a data stream's name in `POST /_tessera/ilm/lint` is linted as the stream
 * `PUT /_data_stream/<name>` would create, its write index as the first backing index. A stream needs no rollover
 * alias; a template that sets one, or a policy that never rolls the stream over, is a warning. The stream's write index
 * cannot be deleted nor shrunk (DeleteStep, CheckNotDataStreamWriteIndexStep), and `GET /_tessera/ilm/lint` says so
 * before explain does; a backing index that is no longer the write index is past its rollover.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer } from '../helpers/es.js';
import { assertExplainShows, lint, lintCluster, withoutRemedies } from '../helpers/lint.js';
import { explainRecord } from '../helpers/es.js';

const DAY_ONE = '2026.01.01';

function dsTemplate(name: string, pattern: string, settings: Record<string, unknown>) {
  return { name, index_patterns: [pattern], data_stream: {}, priority: 200, template: { settings } };
}

describe('lint of data streams', () => {
  const es = useEsServer();

  it('a data stream under a policy with rollover has no problem: it needs no rollover alias', async () => {
    const policy = { phases: { hot: { actions: { rollover: { max_age: '1d' } } }, delete: { min_age: '7d', actions: { delete: {} } } } };
    const templates = [dsTemplate('logs-ds', 'logs-ds*', { 'index.lifecycle.name': 'logs-ds' })];
    const problems = await lint(es.client, { policy, index: { name: 'logs-ds' }, templates });
    assert.deepEqual(withoutRemedies(problems), []);
  });

  it('a data stream template that sets index.lifecycle.rollover_alias: ES ignores it for a data stream', async () => {
    const policy = { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } };
    const templates = [dsTemplate('alias-ds', 'alias-ds*', { 'index.lifecycle.name': 'alias-ds', 'index.lifecycle.rollover_alias': 'alias-ds-write' })];
    const problems = await lint(es.client, { policy, index: { name: 'alias-ds' }, templates });
    const backing = `.ds-alias-ds-${DAY_ONE}-000001`;
    assert.deepEqual(withoutRemedies(problems), [
      {
        row: null,
        outcome: 'warning',
        message: `index [${backing}] of data stream [alias-ds] has [index.lifecycle.rollover_alias: alias-ds-write], which is ignored: the rollover action rolls over the data stream itself, whatever the setting says`,
      },
    ]);
    assert.match(problems[0]!.remedy, /Remove index\.lifecycle\.rollover_alias from index template \[alias-ds\]/);
  });

  it('a data stream whose policy has no rollover never rolls over: a warning', async () => {
    const policy = { phases: { hot: { actions: { set_priority: { priority: 100 } } } } };
    const templates = [dsTemplate('never-ds', 'never-ds*', { 'index.lifecycle.name': 'never-ds' })];
    const problems = await lint(es.client, { policy, index: { name: 'never-ds' }, templates });
    const backing = `.ds-never-ds-${DAY_ONE}-000001`;
    assert.deepEqual(withoutRemedies(problems), [
      {
        row: null,
        outcome: 'warning',
        message: `policy [never-ds] has no rollover action, so data stream [never-ds] never rolls over: every document goes to its write index [${backing}], which grows for as long as the stream lives`,
      },
    ]);
    assert.match(problems[0]!.remedy, /Add a rollover action to the hot phase of policy \[never-ds\]/);
  });

  it('a policy without rollover whose delete phase reaches the stream deletes the whole stream: said in the warning', async () => {
    const policy = { phases: { hot: { actions: {} }, delete: { min_age: '30d', actions: { delete: {} } } } };
    const templates = [dsTemplate('gone-ds', 'gone-ds*', { 'index.lifecycle.name': 'gone-ds' })];
    const problems = await lint(es.client, { policy, index: { name: 'gone-ds' }, templates });
    assert.deepEqual(
      problems.map((p) => p.message),
      [`policy [gone-ds] has no rollover action, so data stream [gone-ds] never rolls over: every document goes to its write index [.ds-gone-ds-${DAY_ONE}-000001], and the delete phase deletes the whole data stream with it`],
    );
  });

  it('a shrink that reaches the write index waits until the stream rolls over', async () => {
    const policy = { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 1 } } } } };
    const templates = [dsTemplate('shrink-ds', 'shrink-ds*', { 'index.lifecycle.name': 'shrink-ds', 'index.number_of_shards': 2 })];
    const problems = await lint(es.client, { policy, index: { name: 'shrink-ds' }, templates });
    const backing = `.ds-shrink-ds-${DAY_ONE}-000001`;
    assert.deepEqual(withoutRemedies(problems).slice(1), [
      {
        row: null,
        outcome: 'stuck',
        phase: 'warm',
        action: 'shrink',
        step: 'check-not-write-index',
        message: `index [${backing}] is the write index for data stream [shrink-ds], pausing ILM execution of lifecycle [shrink-ds] until this index is no longer the write index for the data stream via manual or automated rollover`,
      },
    ]);
    assert.match(problems[0]!.message, /policy \[shrink-ds\] has no rollover action/);
  });

  it('GET lint: the delete phase reaching the write index of a rolled-over stream is an error, as explain then shows; the old backing index is past its rollover', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'keep-ds', policy: { phases: { hot: { actions: { rollover: { max_age: '30d' } } }, delete: { min_age: '1d', actions: { delete: {} } } } } });
    // The rollover that ILM would do is done by hand instead, with the policy already past it on the write index.
    await client.ilm.putLifecycle({ name: 'drop-ds', policy: { phases: { hot: { actions: { set_priority: { priority: 1 } } }, delete: { min_age: '1d', actions: { delete: {} } } } } });
    await client.indices.putIndexTemplate(dsTemplate('keep-ds', 'keep-ds*', { 'index.lifecycle.name': 'keep-ds' }) as never);
    await client.indices.putIndexTemplate(dsTemplate('drop-ds', 'drop-ds*', { 'index.lifecycle.name': 'drop-ds' }) as never);
    await client.transport.request({ method: 'PUT', path: '/_data_stream/keep-ds' });
    await client.transport.request({ method: 'PUT', path: '/_data_stream/drop-ds' });
    await es.advance('20m');
    await client.indices.rollover({ alias: 'keep-ds' });
    await client.indices.rollover({ alias: 'drop-ds' });
    const [keepOld, keepWrite] = [`.ds-keep-ds-${DAY_ONE}-000001`, `.ds-keep-ds-${DAY_ONE}-000002`];
    const [dropOld, dropWrite] = [`.ds-drop-ds-${DAY_ONE}-000001`, `.ds-drop-ds-${DAY_ONE}-000002`];
    // Kept out of ILM, so the stream still has it when its write index reaches the delete phase (a stream's only
    // backing index would be deleted with the whole stream instead).
    await client.ilm.removePolicy({ index: dropOld });

    const found = await lintCluster(client);
    // No rollover alias is missing anywhere, and the old backing index goes on past its rollover to its deletion.
    assert.deepEqual(found[keepOld]!.problems, []);
    assert.deepEqual(found[keepWrite]!.problems, []);
    assert.equal(found[dropOld], undefined);
    const predicted = found[dropWrite]!.problems;
    assert.deepEqual(withoutRemedies(predicted).slice(1), [
      {
        row: null,
        outcome: 'error',
        phase: 'delete',
        action: 'delete',
        step: 'delete',
        type: 'illegal_state_exception',
        message: `index [${dropWrite}] is the write index for data stream [drop-ds]. stopping execution of lifecycle [drop-ds] as a data stream's write index cannot be deleted. manually rolling over the index will resume the execution of the policy as the index will not be the data stream's write index anymore`,
      },
    ]);
    assert.match(predicted[0]!.message, /policy \[drop-ds\] has no rollover action, so data stream \[drop-ds\] never rolls over/);

    await es.advance('1d');
    await es.advance('20m');
    await assertExplainShows(client, dropWrite, predicted[1]!);
    await assert.rejects(explainRecord(client, keepOld), /index_not_found_exception/);
    assert.equal((await explainRecord(client, keepWrite)).step, 'check-rollover-ready');
  });

  it("a policy linted alone: the data stream templates that name it, stored or assumed, with what ES ignores and a stream that never rolls", async () => {
    const { client } = es;
    const policy = { phases: { hot: { actions: { set_priority: { priority: 10 } } } } };
    await client.cluster.putComponentTemplate({ name: 'alone-alias', template: { settings: { 'index.lifecycle.rollover_alias': 'alone' } } });
    await client.indices.putIndexTemplate({ name: 'alone-stored', index_patterns: ['alone-stored-*'], data_stream: {}, composed_of: ['alone-alias'], template: { settings: { 'index.lifecycle.name': 'alone' } } });
    // A plain index template naming the policy is not a data stream's.
    await client.indices.putIndexTemplate({ name: 'alone-plain', index_patterns: ['alone-plain-*'], template: { settings: { 'index.lifecycle.name': 'alone' } } });
    await client.ilm.putLifecycle({ name: 'alone', policy: policy as never });
    assert.deepEqual(withoutRemedies(await lint(client, { name: 'alone' })), [
      {
        row: null,
        outcome: 'warning',
        message: 'index template [alone-stored] gives its data streams [index.lifecycle.rollover_alias: alone], which is ignored: the rollover action rolls over a data stream itself, whatever the setting says',
      },
      {
        row: null,
        outcome: 'warning',
        message: 'policy [alone] has no rollover action, so the data streams of index template [alone-stored] never roll over: every document goes to their first backing index',
      },
    ]);
    const assumed = [dsTemplate('alone-assumed', 'alone-assumed-*', { 'index.lifecycle.name': 'alone' })];
    const problems = await lint(client, { name: 'alone', templates: assumed });
    assert.deepEqual(
      problems.map((p) => p.message),
      ['policy [alone] has no rollover action, so the data streams of index template [alone-assumed] never roll over: every document goes to their first backing index'],
    );
    assert.match(problems[0]!.remedy, /^Add a rollover action to the hot phase of policy \[alone\]/);
    await client.indices.deleteIndexTemplate({ name: 'alone-stored' });
    await client.indices.deleteIndexTemplate({ name: 'alone-plain' });
  });

  it('what PUT /_data_stream would refuse is rejected, naming that request', async () => {
    const policy = { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } };
    const templates = [{ ...dsTemplate('aliased-ds', 'aliased-ds*', { 'index.lifecycle.name': 'aliased-ds' }), template: { settings: { 'index.lifecycle.name': 'aliased-ds' }, aliases: { everything: {} } } }];
    const problems = await lint(es.client, { policy, index: { name: 'aliased-ds' }, templates });
    assert.deepEqual(
      withoutRemedies(problems).map(({ outcome, request, type }) => ({ outcome, request, type })),
      [{ outcome: 'rejected', request: 'PUT /_data_stream/aliased-ds', type: 'illegal_argument_exception' }],
    );
  });

  it('an index body for a data stream name is refused as PUT /<name> refuses it', async () => {
    const policy = { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } };
    const templates = [dsTemplate('body-ds', 'body-ds*', { 'index.lifecycle.name': 'body-ds' })];
    const problems = await lint(es.client, { policy, index: { name: 'body-ds', settings: { 'index.number_of_shards': 1 } }, templates });
    assert.equal(problems.length, 1, JSON.stringify(problems));
    assert.equal(problems[0]!.outcome, 'rejected');
    assert.equal(problems[0]!.request, 'PUT /body-ds');
  });
});
