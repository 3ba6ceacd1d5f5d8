/**
 * `GET /_tessera/ilm/lint?index=…` (issue 20): the console lints the rows on screen, not the cluster. Results are
 * kept for the next request, under the cluster state, the policy's version and the instant they were linted at, so
 * any change to the index, its aliases or its policy is linted anew: never a stale answer.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ClusterState, createIndex } from '../../src/cluster/index.js';
import { lintManagedIndexEntries } from '../../src/ilm/lint/lint-managed-indices.js';
import { parsePolicyBody } from '../../src/ilm/policy/lifecycle-policy.js';
import { EPOCH, esEnvelope, rawRequest, useEsServer } from '../helpers/es.js';
import { withoutRemedies, type IndexLint } from '../helpers/lint.js';

const ROLLOVER = { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } };

describe('lint of named indices', () => {
  const es = useEsServer();
  const lintOf = async (index: string): Promise<Record<string, IndexLint>> =>
    ((await es.client.transport.request({ method: 'GET', path: '/_tessera/ilm/lint', querystring: { index } })) as { indices: Record<string, IndexLint> }).indices;

  before(async () => {
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    await client.ilm.putLifecycle({ name: 'rolling', policy: ROLLOVER });
    await client.indices.create({ index: 'web-000001', settings: { 'index.lifecycle.name': 'rolling' }, aliases: { web: { is_write_index: true } } });
    await client.indices.create({ index: 'web-b', settings: { 'index.lifecycle.name': 'rolling' } });
    await client.indices.create({ index: 'plain' });
    await es.advance('10m');
  });

  it('lints only the named managed indices: an unmanaged or missing name is left out', async () => {
    const linted = await lintOf('web-b,plain,gone');
    assert.deepEqual(Object.keys(linted), ['web-b']);
    assert.deepEqual(Object.keys(await lintOf('web-000001,web-b')), ['web-000001', 'web-b']);
  });

  it('answers anew after the index, its alias or its policy changes, at the same instant', async () => {
    const { client } = es;
    const messages = async () => withoutRemedies((await lintOf('web-000001'))['web-000001']!.problems).map((p) => `${p.outcome}: ${p.message}`);
    const missingSetting = await messages();
    assert.deepEqual(missingSetting, ['error: setting [index.lifecycle.rollover_alias] for index [web-000001] is empty or not defined']);
    assert.deepEqual(await messages(), missingSetting, 'asked again, the same answer');
    await client.indices.putSettings({ index: 'web-000001', settings: { 'index.lifecycle.rollover_alias': 'web' } });
    assert.deepEqual(await messages(), [], 'the setting is read anew');
    await client.indices.deleteAlias({ index: 'web-000001', name: 'web' });
    const aliasGone = await messages();
    assert.equal(aliasGone.length, 1);
    assert.match(aliasGone[0]!, /^error: .*\[web\]/, 'the alias is read anew');
    await client.indices.putAlias({ index: 'web-000001', name: 'web', is_write_index: true });
    assert.deepEqual(await messages(), []);
    await client.ilm.putLifecycle({ name: 'rolling', policy: { phases: { ...ROLLOVER.phases, warm: { min_age: '1d', actions: { shrink: { number_of_shards: 3 } } } } } });
    const shrink = await messages();
    assert.equal(shrink.length, 1, 'the policy is read anew');
    assert.match(shrink[0]!, /shrink|shards/);
  });

  it('refuses a pattern, an empty list and too many names', async () => {
    const url = es.server.url;
    const refused = async (query: string, reason: string) =>
      assert.deepEqual(await rawRequest(url, 'GET', `/_tessera/ilm/lint?${query}`), { status: 400, json: esEnvelope(400, 'illegal_argument_exception', reason) }, query);
    await refused('index=web-*', '[index] takes index names, not patterns: [web-*]');
    await refused('index=', '[index] names no index');
    const many = Array.from({ length: 1001 }, (_, i) => `i${i}`).join(',');
    await refused(`index=${many}`, '[index] names more than [1000] indices: [1001]');
    await refused('indices=web-000001', 'request [/_tessera/ilm/lint] contains unrecognized parameter: [indices] -> did you mean [index]?');
  });
});

describe('the lint cache', () => {
  const policy = { name: 'p', policy: parsePolicyBody({ policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } } } } }), version: 1, modifiedDate: EPOCH };
  const cluster = (names: readonly string[]) => {
    let state = ClusterState.draft(ClusterState.empty());
    for (const [i, name] of names.entries()) state = createIndex(state, { name, body: { settings: { 'index.lifecycle.name': 'p' } }, now: EPOCH, uuid: `u${i}` }).state;
    return ClusterState.finish(state);
  };

  it('gives the same result for the same state, policy version and instant, and a new one when any differs', async () => {
    const state = cluster(['a', 'b']);
    const env = { state, policy: () => policy, now: EPOCH };
    const [[, first]] = (await lintManagedIndexEntries(env, ['a'])) as [[string, unknown]];
    const [[, again]] = (await lintManagedIndexEntries(env, ['a'])) as [[string, unknown]];
    assert.equal(again, first, 'kept');
    const [[, later]] = (await lintManagedIndexEntries({ ...env, now: EPOCH + 1 }, ['a'])) as [[string, unknown]];
    assert.notEqual(later, first, 'another instant');
    const [[, newer]] = (await lintManagedIndexEntries({ ...env, now: EPOCH + 1, policy: () => ({ ...policy, version: 2 }) }, ['a'])) as [[string, unknown]];
    assert.notEqual(newer, later, 'another policy version');
    const [[, otherState]] = (await lintManagedIndexEntries({ ...env, state: cluster(['a', 'b']) }, ['a'])) as [[string, unknown]];
    assert.notEqual(otherState, first, 'another cluster state');
  });
});
