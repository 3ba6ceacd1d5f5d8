/**
 * `POST` and `GET /_tessera/ilm/lint` beyond the error rows: bad input is refused with ES's envelope and the
 * parsers' own messages; what PUT would refuse is reported in PUT's own words; phase timings ES accepts out of
 * order are warned about; clean setups lint clean; GET lists every managed index.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esEnvelope, rawRequest, useEsServer } from '../helpers/es.js';
import { lint, lintCluster, withoutRemedies } from '../helpers/lint.js';

const CLEAN_POLICY = {
  phases: {
    hot: { actions: { rollover: { max_age: '1d' } } },
    warm: { min_age: '7d', actions: { readonly: {}, shrink: { number_of_shards: 1 } } },
    delete: { min_age: '30d', actions: { delete: {} } },
  },
};
const CLEAN_TEMPLATE = {
  name: 'logs',
  index_patterns: ['logs-*'],
  template: { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'logs' } },
};
const CLEAN_INDEX = { name: 'logs-000001', aliases: { logs: { is_write_index: true } } };

describe('lint: bad input', () => {
  const es = useEsServer();
  const post = (body: unknown) => rawRequest(es.server.url, 'POST', '/_tessera/ilm/lint', body);
  const policy = { phases: {} };

  const cases: [string, unknown, number, string, string][] = [
    ['a body that is not an object', [policy], 400, 'x_content_parse_exception', '[lint_request] request body must be an object'],
    ['an unknown field', { policy, shards: 2 }, 400, 'x_content_parse_exception', '[lint_request] unknown field [shards]'],
    ['neither policy nor name', { index: { name: 'a-1' } }, 400, 'action_request_validation_exception', 'Validation Failed: 1: [policy] or [name] is required;'],
    ['a name that is not a string', { name: 7 }, 400, 'x_content_parse_exception', '[lint_request] failed to parse field [name]'],
    ['an index that is not an object', { policy, index: 'a-1' }, 400, 'x_content_parse_exception', '[lint_request] failed to parse field [index]'],
    ['an index without a name', { policy, index: { settings: {} } }, 400, 'x_content_parse_exception', '[index] Required [name]'],
    ['an unknown field in the index', { policy, index: { name: 'a-1', shards: 2 } }, 400, 'x_content_parse_exception', '[index] unknown field [shards]'],
    ['templates that are not a list', { policy, templates: {} }, 400, 'x_content_parse_exception', '[lint_request] failed to parse field [templates]'],
    ['a template without a name', { policy, templates: [{ index_patterns: ['a-*'] }] }, 400, 'x_content_parse_exception', '[templates] Required [name]'],
    ['a user that is not a string', { policy, user: ['ops'] }, 400, 'x_content_parse_exception', '[lint_request] failed to parse field [user]'],
    ['a stored policy that does not exist', { name: 'nope' }, 404, 'resource_not_found_exception', 'Lifecycle policy not found: nope'],
  ];
  for (const [what, body, status, type, reason] of cases) {
    it(`refuses ${what}: ${status} ${type}`, async () => {
      const response = await post(body);
      assert.equal(response.status, status);
      assert.deepEqual(response.json, esEnvelope(status, type, reason));
    });
  }

  it('refuses a request without a body', async () => {
    const response = await rawRequest(es.server.url, 'POST', '/_tessera/ilm/lint');
    assert.equal(response.status, 400);
    assert.deepEqual(response.json, esEnvelope(400, 'parse_exception', 'request body is required'));
  });

  it("refuses a policy that fails parsing with PUT /_ilm/policy's own error", async () => {
    const bad = { phases: { warm: { actions: { shrink: { number_of_shards: 0 } } } } };
    const put = await rawRequest(es.server.url, 'PUT', '/_ilm/policy/bad', { policy: bad });
    assert.equal(put.status, 400);
    const linted = await post({ policy: bad });
    assert.equal(linted.status, 400);
    assert.deepEqual(linted.json, put.json);
    assert.equal(linted.json.error.caused_by.reason, '[number_of_shards] must be greater than 0');
  });

  it("refuses a template that fails parsing with PUT /_index_template's own error", async () => {
    const template = { index_patterns: ['a-*'], template: { shards: 2 } };
    const put = await rawRequest(es.server.url, 'PUT', '/_index_template/a', template);
    assert.equal(put.status, 400);
    const linted = await post({ policy, templates: [{ name: 'a', ...template }] });
    assert.deepEqual([linted.status, linted.json], [put.status, put.json]);
  });
});

describe('lint: what PUT would refuse, and timings it accepts', () => {
  const es = useEsServer();

  it("reports each validation failure in PUT /_ilm/policy's words, the one PUT names first leading", async () => {
    const policy = {
      phases: {
        warm: { min_age: '10d', actions: { rollover: { max_age: '1d' }, readonly: {} } },
        cold: { min_age: '5d', actions: { readonly: {} } },
      },
    };
    const problems = await lint(es.client, { policy });
    const put = await rawRequest(es.server.url, 'PUT', '/_ilm/policy/p', { policy });
    assert.equal(put.status, 400);
    assert.equal(problems[0]!.message, put.json.error.reason);
    assert.deepEqual(withoutRemedies(problems), [
      {
        row: null,
        outcome: 'rejected',
        request: 'PUT /_ilm/policy/<policy>',
        type: 'action_request_validation_exception',
        message:
          'Validation Failed: 1: Your policy is configured to run the cold phase (min_age: 5d) before the warm phase (min_age: 10d). You should change the phase timing so that the phases will execute in the order of hot, warm, then cold.;',
      },
      {
        row: null,
        outcome: 'rejected',
        request: 'PUT /_ilm/policy/<policy>',
        type: 'action_request_validation_exception',
        message: 'Validation Failed: 1: invalid action [rollover] defined in phase [warm];',
      },
    ]);
    assert.equal(problems[1]!.remedy, 'Remove the [rollover] action from the [warm] phase; the phases that allow it: hot.');
  });

  it('warns about a later phase without a min_age, which ES accepts and starts at once', async () => {
    const policy = { phases: { warm: { min_age: '30d', actions: { readonly: {} } }, delete: { actions: { delete: {} } } } };
    assert.deepEqual(await es.client.ilm.putLifecycle({ name: 'early-delete', policy }), { acknowledged: true }, 'ES accepts it');
    const expected = {
      row: null,
      outcome: 'warning',
      message: 'phase [delete] (min_age: 0ms) comes after phase [warm] (min_age: 30d), so it starts as soon as [warm] has completed: at an age of 30d or more, not 0ms',
      remedy: "Give the [delete] phase a min_age larger than 30d: the age, counted from the index's creation or rollover, at which it should start.",
    };
    assert.deepEqual(await lint(es.client, { policy }), [expected]);
    // With an index, the warning comes where the delete phase would start.
    const problems = await lint(es.client, { name: 'early-delete', index: { name: 'old-000001', settings: { 'index.lifecycle.name': 'early-delete' } } });
    assert.deepEqual(problems, [expected]);
  });

  it("reports what PUT /<index> would refuse in its own words", async () => {
    await es.client.indices.create({ index: 'events-000001', aliases: { events: { is_write_index: true } } });
    const index = { name: 'events-000002', settings: { 'index.lifecycle.name': 'logs' }, aliases: { events: { is_write_index: true } } };
    const problems = await lint(es.client, { policy: CLEAN_POLICY, index });
    const put = await rawRequest(es.server.url, 'PUT', '/events-000002', { settings: index.settings, aliases: index.aliases });
    assert.equal(put.status, 500);
    assert.deepEqual(withoutRemedies(problems), [
      { row: 5, outcome: 'rejected', request: 'PUT /events-000002', type: put.json.error.type, message: put.json.error.reason },
    ]);
    assert.equal(put.json.error.reason, 'alias [events] has more than one write index [events-000001,events-000002]');
  });

  it('reports the refusal of a name without the date index.lifecycle.parse_origination_date needs', async () => {
    const settings = { 'index.lifecycle.name': 'logs', 'index.lifecycle.parse_origination_date': true };
    const problems = await lint(es.client, { policy: CLEAN_POLICY, index: { name: 'dated-1', settings } });
    const put = await rawRequest(es.server.url, 'PUT', '/dated-1', { settings });
    assert.equal(put.status, 400);
    assert.deepEqual(withoutRemedies(problems), [{ row: null, outcome: 'rejected', request: 'PUT /dated-1', type: put.json.error.type, message: put.json.error.reason }]);
  });

  it('warns when the index will not be managed', async () => {
    const problems = await lint(es.client, { policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } }, index: { name: 'plain-1' } });
    assert.deepEqual(withoutRemedies(problems), [
      { row: null, outcome: 'warning', message: 'index [plain-1] has no [index.lifecycle.name], in its settings or in a matching index template, so no policy will manage it' },
    ]);
  });
});

describe('lint: clean setups, and GET over the cluster', () => {
  const es = useEsServer();

  it('a clean policy lints clean, alone and with its index and template', async () => {
    assert.deepEqual(await lint(es.client, { policy: CLEAN_POLICY }), []);
    assert.deepEqual(await lint(es.client, { policy: CLEAN_POLICY, index: CLEAN_INDEX, templates: [CLEAN_TEMPLATE] }), []);
  });

  it('the stored templates apply when none are given', async () => {
    const noTemplate = await lint(es.client, { policy: CLEAN_POLICY, index: CLEAN_INDEX });
    assert.deepEqual(
      noTemplate.map((p) => [p.row, p.step]),
      [
        [null, undefined],
        [4, 'check-rollover-ready'],
        [1, 'shrink'],
      ],
      'unmanaged, no rollover alias, one shard',
    );
    const { name, ...template } = CLEAN_TEMPLATE;
    await es.client.indices.putIndexTemplate({ name, ...template });
    assert.deepEqual(await lint(es.client, { policy: CLEAN_POLICY, index: CLEAN_INDEX }), []);
  });

  it('GET lists every managed index, clean ones with no problems, and not the unmanaged ones', async () => {
    await es.client.ilm.putLifecycle({ name: 'logs', policy: CLEAN_POLICY });
    await es.client.indices.create({ index: CLEAN_INDEX.name, aliases: CLEAN_INDEX.aliases });
    await es.client.indices.create({ index: 'unmanaged-1' });
    await es.client.indices.create({ index: 'orphan-000001', settings: { 'index.lifecycle.name': 'gone' } });
    // A second index by hand, without the alias rollover moves: the stored policy (by name) cannot roll it over.
    const second = await lint(es.client, { name: 'logs', index: { name: 'logs-000002' } });
    assert.deepEqual(
      second.map((p) => [p.row, p.step, p.message]),
      [[3, 'check-rollover-ready', 'index.lifecycle.rollover_alias [logs] does not point to index [logs-000002]']],
    );
    const indices = await lintCluster(es.client);
    assert.deepEqual(Object.keys(indices), ['logs-000001', 'orphan-000001']);
    assert.deepEqual(indices['logs-000001'], { policy: 'logs', problems: [] });
    assert.deepEqual(withoutRemedies(indices['orphan-000001']!.problems), [
      { row: null, outcome: 'stuck', type: 'illegal_argument_exception', message: 'policy [gone] does not exist' },
    ]);
    const explained = await es.client.ilm.explainLifecycle({ index: 'orphan-000001' });
    assert.deepEqual((explained.indices['orphan-000001'] as unknown as Record<string, unknown>).step_info, {
      type: 'illegal_argument_exception',
      reason: 'policy [gone] does not exist',
    });
  });
});
