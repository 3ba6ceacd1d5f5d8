/**
 * `POST /_tessera/ilm/lint` with a policy's name and no index: the indices and templates that use the name, linted
 * against the stored policy (`{"name"}`) or against a text as its next version (`{"name", "policy"}`), each from
 * where it stands, with problems they share said once with a count and the first names.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esEnvelope, explainRecord, rawRequest, useEsServer } from '../helpers/es.js';
import { withoutRemedies, type Problem } from '../helpers/lint.js';

interface Answer {
  problems: (Problem & { index_count?: number; indices?: string[]; template_count?: number; templates?: string[] })[];
  in_use_by?: { indices: number; composable_templates: number };
  problems_left_off?: number;
}

const shrinkingTo = (shards: number) => ({
  phases: {
    hot: { actions: { rollover: { max_age: '1d' } } },
    warm: { min_age: '7d', actions: { shrink: { number_of_shards: shards } } },
  },
});
const SHRINK_3 = (source: number) => `the number of target shards [3] must be less than the number of source shards [${source}]`;
const WARM_SHRINK = { phase: 'warm', action: 'shrink', step: 'shrink' };

describe('lint: a policy by name, with the indices and templates that use it', () => {
  const es = useEsServer();
  const post = async (body: Record<string, unknown>): Promise<Answer> => (await es.client.transport.request({ method: 'POST', path: '/_tessera/ilm/lint', body })) as Answer;

  it('sets up two 2-shard indices and a template of 2 shards on policy logs (shrink to 1)', async () => {
    await es.client.ilm.putLifecycle({ name: 'logs', policy: shrinkingTo(1) });
    await es.client.indices.putIndexTemplate({
      name: 'logs',
      index_patterns: ['logs-*'],
      template: { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'logs' } },
    });
    await es.client.indices.create({ index: 'logs-000001', aliases: { logs: { is_write_index: true } } });
    await es.client.indices.create({
      index: 'app-000001',
      settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'app' },
      aliases: { app: { is_write_index: true } },
    });
  });

  it('finds the stored policy clean on its indices and its template, and says how many it checked', async () => {
    assert.deepEqual(await post({ name: 'logs' }), { problems: [], in_use_by: { indices: 2, composable_templates: 1 } });
  });

  it('lints a text as the next version on each index and on the index the template would create, naming them', async () => {
    const answer = await post({ name: 'logs', policy: shrinkingTo(3) });
    assert.deepEqual(answer.in_use_by, { indices: 2, composable_templates: 1 });
    assert.deepEqual(withoutRemedies(answer.problems), [
      { row: 1, outcome: 'error', ...WARM_SHRINK, type: 'illegal_argument_exception', message: SHRINK_3(2), index_count: 2, indices: ['app-000001', 'logs-000001'] },
      { row: 1, outcome: 'error', ...WARM_SHRINK, type: 'illegal_argument_exception', message: SHRINK_3(2), template_count: 1, templates: ['logs'] },
    ]);
    const stored = await es.client.ilm.getLifecycle({ name: 'logs' });
    assert.equal(stored.logs!.version, 1, 'lint changes nothing');
    assert.deepEqual(stored.logs!.policy.phases.warm!.actions, { shrink: { number_of_shards: 1, allow_write_after_shrink: false } });
  });

  it("refuses in PUT's words what PUT would refuse of the text, under the name it would be PUT as", async () => {
    const answer = await post({ name: 'logs', policy: { phases: { warm: { actions: { rollover: { max_age: '1d' } } } } } });
    assert.deepEqual(withoutRemedies(answer.problems)[0], {
      row: null,
      outcome: 'rejected',
      request: 'PUT /_ilm/policy/logs',
      type: 'action_request_validation_exception',
      message: 'Validation Failed: 1: invalid action [rollover] defined in phase [warm];',
    });
  });

  it('takes a name no policy has yet with a text: what would use it once PUT', async () => {
    assert.deepEqual(await post({ name: 'fresh', policy: shrinkingTo(1) }), { problems: [], in_use_by: { indices: 0, composable_templates: 0 } });
  });

  it('says a problem many indices share once, with their count and the first ten names', async () => {
    await es.client.ilm.putLifecycle({ name: 'many', policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 3 } } } } } });
    const names = Array.from({ length: 12 }, (_, i) => `many-${String(i).padStart(2, '0')}`);
    for (const index of names) await es.client.indices.create({ index, settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'many' } });
    const answer = await post({ name: 'many' });
    assert.deepEqual(answer.in_use_by, { indices: 12, composable_templates: 0 });
    assert.deepEqual(withoutRemedies(answer.problems), [
      { row: 1, outcome: 'error', ...WARM_SHRINK, type: 'illegal_argument_exception', message: SHRINK_3(2), index_count: 12, indices: names.slice(0, 10) },
    ]);
  });

  it('lints an index in ERROR as a retry would resume it, with the phase the new version gives it', async () => {
    await es.client.ilm.putLifecycle({ name: 'failing', policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 3 } } } } } });
    await es.client.indices.create({ index: 'failing-1', settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'failing' } });
    await es.advance('2d');
    const record = await explainRecord(es.client, 'failing-1');
    assert.deepEqual([record.step, record.failed_step, record.step_info.reason], ['ERROR', 'shrink', SHRINK_3(2)]);
    const stored = await post({ name: 'failing' });
    assert.deepEqual(
      stored.problems.map((p) => [p.message, p.indices]),
      [[SHRINK_3(2), ['failing-1']]],
    );
    // The retry reloads the warm phase from the stored policy, so a fixed shrink runs: lint finds nothing left.
    assert.deepEqual(await post({ name: 'failing', policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 1 } } } } } }), {
      problems: [],
      in_use_by: { indices: 1, composable_templates: 0 },
    });
  });

  it('lints each index from where it stands: a phase an index has done is not run again, a phase to come is the new one', async () => {
    const keep = { phases: { warm: { min_age: '1d', actions: { readonly: {} } }, delete: { min_age: '30d', actions: { delete: {} } } } };
    await es.client.ilm.putLifecycle({ name: 'aging', policy: keep });
    await es.client.indices.create({ index: 'aging-old', settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'aging' } });
    await es.advance('2d');
    assert.deepEqual([(await explainRecord(es.client, 'aging-old')).phase, (await explainRecord(es.client, 'aging-old')).step], ['warm', 'complete']);
    await es.client.indices.create({ index: 'aging-new', settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'aging' } });
    const shrinking = { phases: { warm: { min_age: '1d', actions: { readonly: {}, shrink: { number_of_shards: 3 } } }, delete: keep.phases.delete } };
    const answer = await post({ name: 'aging', policy: shrinking });
    assert.deepEqual(
      answer.problems.map((p) => [p.message, p.indices]),
      [[SHRINK_3(2), ['aging-new']]],
    );
  });

  it('keeps answering a policy linted with an index about that index alone', async () => {
    const answer = await post({ name: 'logs', policy: shrinkingTo(3), index: { name: 'solo-000001', settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'solo' }, aliases: { solo: { is_write_index: true } } } });
    assert.deepEqual(Object.keys(answer), ['problems']);
    // The index of one shard alone: not the 2-shard indices that use the policy.
    assert.deepEqual(
      answer.problems.map((p) => [p.message, p.index_count]),
      [[SHRINK_3(1), undefined]],
    );
  });

  it('lists at most 100 distinct problems, and counts the ones left off', async () => {
    // Each index's own alias problem: a message of its own, so 105 distinct problems.
    await es.client.ilm.putLifecycle({ name: 'rolling', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    const names = Array.from({ length: 105 }, (_, i) => `rolling-${String(i).padStart(3, '0')}-000001`);
    for (const index of names) await es.client.indices.create({ index, settings: { 'index.lifecycle.name': 'rolling', 'index.lifecycle.rollover_alias': 'nowhere' } });
    const answer = await post({ name: 'rolling' });
    assert.deepEqual(answer.in_use_by, { indices: 105, composable_templates: 0 });
    assert.equal(answer.problems.length, 100);
    assert.equal(answer.problems_left_off, 5);
    assert.deepEqual(
      answer.problems.slice(0, 2).map((p) => [p.message, p.indices]),
      names.slice(0, 2).map((index) => [`index.lifecycle.rollover_alias [nowhere] does not point to index [${index}]`, [index]]),
    );
  });
});

describe('lint by name: bad input', () => {
  const es = useEsServer();
  const post = (body: unknown) => rawRequest(es.server.url, 'POST', '/_tessera/ilm/lint', body);
  const cases: [string, unknown, number, string, string][] = [
    ['neither policy nor name', { index: { name: 'a-1' } }, 400, 'action_request_validation_exception', 'Validation Failed: 1: [policy] or [name] is required;'],
    ['a stored name that does not exist, without a policy', { name: 'nope' }, 404, 'resource_not_found_exception', 'Lifecycle policy not found: nope'],
    ['a name that is not a string, with a policy', { name: 7, policy: { phases: {} } }, 400, 'x_content_parse_exception', '[lint_request] failed to parse field [name]'],
  ];
  for (const [what, body, status, type, reason] of cases) {
    it(`refuses ${what}: ${status} ${type}`, async () => {
      const response = await post(body);
      assert.equal(response.status, status);
      assert.deepEqual(response.json, esEnvelope(status, type, reason));
    });
  }
});
