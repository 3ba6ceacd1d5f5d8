/**
 * ILM on indices whose policy comes from a component template: the index template composes it, the indices it
 * creates (the first one and each rollover's) are managed by that policy, and lint and the forecast read the
 * same composed settings before anything exists.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { explainRecord, useEsServer } from '../helpers/es.js';
import { lint } from '../helpers/lint.js';
import { simulate } from '../helpers/simulate.js';

const POLICY = {
  phases: {
    hot: { actions: { rollover: { max_age: '1d' } } },
    delete: { min_age: '2d', actions: { delete: {} } },
  },
};

describe('a lifecycle policy named by a component template', () => {
  const es = useEsServer();

  before(async () => {
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    await client.ilm.putLifecycle({ name: 'rolling', policy: POLICY as never });
    await client.cluster.putComponentTemplate({ name: 'app-lifecycle', template: { settings: { 'index.lifecycle.name': 'rolling', 'index.lifecycle.rollover_alias': 'app' } } });
    await client.cluster.putComponentTemplate({ name: 'app-shape', template: { settings: { number_of_replicas: 0 }, mappings: { properties: { msg: { type: 'text' } } } } });
    await client.indices.putIndexTemplate({ name: 'app', index_patterns: ['app-*'], composed_of: ['app-lifecycle', 'app-shape'] });
  });

  it('lint and the forecast see the policy the component template gives the index', async () => {
    const index = { name: 'app-000001', aliases: { app: { is_write_index: true } } };
    const problems = await lint(es.client, { name: 'rolling', index });
    assert.deepEqual(
      problems.filter((p) => p.message.includes('index.lifecycle')),
      [],
      'no warning that nothing names a policy, nor that the rollover alias is missing',
    );
    const forecast = await simulate(es.client, { name: 'rolling', index, horizon: '4d' });
    assert.equal(forecast.first_error, null);
    assert.ok(forecast.events.some((e) => e.index === 'app-000001' && e.kind === 'deleted'), JSON.stringify(forecast.events.map((e) => [e.index, e.kind])));
    // Templates given to lint compose the cluster's component templates too; a missing one refuses the creation.
    const assumed = await lint(es.client, { name: 'rolling', index, templates: [{ name: 'assumed', index_patterns: ['app-*'], composed_of: ['app-lifecycle'] }] });
    assert.deepEqual(assumed.filter((p) => p.message.includes('index.lifecycle')), []);
    const missing = await lint(es.client, { name: 'rolling', index, templates: [{ name: 'assumed', index_patterns: ['app-*'], composed_of: ['nope'] }] });
    assert.match(missing[0]!.message, /index template \[assumed\] specifies component templates \[nope\] that do not exist/);
  });

  it('the runner manages the indices the template creates: rollover, then deletion', async () => {
    const { client } = es;
    await client.indices.create({ index: 'app-000001', aliases: { app: { is_write_index: true } } });
    const settings = (await client.indices.getSettings({ index: 'app-000001', flat_settings: true }))['app-000001']!.settings as Record<string, string>;
    assert.equal(settings['index.lifecycle.name'], 'rolling');
    await es.advance('1d');
    await es.advance('10m');
    assert.equal(await client.indices.exists({ index: 'app-000002' }), true, 'rolled over');
    const next = await explainRecord(client, 'app-000002');
    assert.equal(next.policy, 'rolling', 'the new index has the policy from the component template too');
    assert.deepEqual((await client.indices.get({ index: 'app-000002' }))['app-000002']!.mappings, { properties: { msg: { type: 'text' } } });
    await es.advance('3d');
    assert.equal(await client.indices.exists({ index: 'app-000001' }), false, 'deleted by the delete phase');
  });
});

describe('lint on a rollover alias a component template repeats', () => {
  const es = useEsServer();

  it('finds row 2 and names the component template to fix', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'web', policy: POLICY as never });
    await client.cluster.putComponentTemplate({ name: 'web-aliases', template: { aliases: { web: {} } } });
    await client.indices.putIndexTemplate({
      name: 'web',
      index_patterns: ['web-*'],
      composed_of: ['web-aliases'],
      template: { settings: { 'index.lifecycle.name': 'web', 'index.lifecycle.rollover_alias': 'web' } },
    });
    const [problem] = await lint(client, { name: 'web', index: { name: 'web-000001', aliases: { web: { is_write_index: true } } } });
    assert.equal(problem!.row, 2);
    assert.equal(problem!.message, 'Rollover alias [web] can point to multiple indices, found duplicated alias [[web]] in index template [web]');
    assert.match(problem!.remedy, /^Remove alias \[web\] from the aliases of component template \[web-aliases\] \(which index template \[web\] is composed of\),/);
  });
});
