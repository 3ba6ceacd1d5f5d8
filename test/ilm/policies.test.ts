/**
 * Lifecycle policies: PUT/GET/DELETE `/_ilm/policy`, with ES's versioning, no-op re-PUT, `modified_date` shape,
 * `in_use_by`, name resolution, every validation message, and the deprecation warning for `max_size`.
 */
import { errors, type Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EPOCH, useEsServer, esEnvelope as envelope } from '../helpers/es.js';

interface Raw {
  readonly status: number;
  readonly headers: Headers;
  readonly json: any;
}

async function raw(url: string, method: string, path: string, body?: unknown): Promise<Raw> {
  const response = await fetch(url + path, {
    method,
    ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text === '' ? undefined : JSON.parse(text) };
}

/** ES's envelope for an error without a cause: root_cause repeats the error. */
/** The innermost cause of an ES error body (the error itself when it has none). */
function innermost(error: Record<string, any>): { type: string; reason: string } {
  let current = error;
  while (current.caused_by) current = current.caused_by;
  return { type: current.type, reason: current.reason };
}

async function putPolicy(url: string, name: string, policy: unknown): Promise<Raw> {
  return raw(url, 'PUT', `/_ilm/policy/${encodeURIComponent(name)}`, { policy });
}

/** A 400 `action_request_validation_exception` carrying exactly these messages. */
async function expectValidation(url: string, policy: unknown, ...messages: string[]) {
  const response = await putPolicy(url, 'invalid', policy);
  const reason = `Validation Failed: ${messages.map((m, i) => `${i + 1}: ${m};`).join('')}`;
  assert.deepEqual(response.json, envelope(400, 'action_request_validation_exception', reason));
  assert.equal(response.status, 400);
}

/** A 400 x_content_parse_exception whose innermost cause is an illegal_argument_exception with this reason. */
async function expectParseFailure(url: string, policy: unknown, reason: string) {
  const response = await putPolicy(url, 'invalid', policy);
  assert.equal(response.status, 400, JSON.stringify(response.json));
  assert.equal(response.json.status, 400);
  assert.equal(response.json.error.type, 'x_content_parse_exception', JSON.stringify(response.json));
  assert.deepEqual(innermost(response.json.error), { type: 'illegal_argument_exception', reason });
}

async function expectResponseError(promise: Promise<unknown>, status: number, type: string, reason: string) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof errors.ResponseError, String(error));
    assert.equal(error.meta.statusCode, status);
    const body = error.meta.body as { error: { type: string; reason: string } };
    assert.equal(body.error.type, type);
    assert.equal(body.error.reason, reason);
    return true;
  });
}

const ROLLOVER_HOT = { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } };

/** One policy as GET returns it (the client's types lack `in_use_by`). */
async function getOne(client: Client, name: string): Promise<Record<string, any>> {
  const all = await client.ilm.getLifecycle({ name });
  return all[name]! as unknown as Record<string, any>;
}

describe('PUT and GET a policy', () => {
  const es = useEsServer();

  it('answers {acknowledged:true} and reads back version, modified_date, policy and in_use_by in that order', async () => {
    const { client } = es;
    assert.deepEqual(await client.ilm.putLifecycle({ name: 'first', policy: ROLLOVER_HOT }), { acknowledged: true });
    const response = await raw(es.server.url, 'GET', '/_ilm/policy/first');
    assert.equal(response.status, 200);
    assert.deepEqual(Object.keys(response.json), ['first']);
    assert.deepEqual(Object.keys(response.json.first), ['version', 'modified_date', 'policy', 'in_use_by']);
    assert.deepEqual(response.json.first, {
      version: 1,
      modified_date: '2026-01-01T00:00Z',
      policy: { phases: { hot: { min_age: '0ms', actions: { rollover: { max_age: '1d' } } } } },
      in_use_by: { indices: [], data_streams: [], composable_templates: [] },
    });
  });

  it('keeps version and modified_date on an identical re-PUT and bumps the version on a change', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'versioned', policy: ROLLOVER_HOT });
    const v1 = await getOne(client, 'versioned');
    assert.equal(v1.version, 1);
    const createdAt = v1.modified_date;

    await es.advance('30s');
    assert.deepEqual(await client.ilm.putLifecycle({ name: 'versioned', policy: ROLLOVER_HOT }), { acknowledged: true });
    const same = await getOne(client, 'versioned');
    assert.equal(same.version, 1, 'an identical policy is a no-op');
    assert.equal(same.modified_date, createdAt, 'a no-op keeps the modification date');

    await client.ilm.putLifecycle({ name: 'versioned', policy: { phases: { hot: { actions: { rollover: { max_age: '2d' } } } } } });
    const v2 = await getOne(client, 'versioned');
    assert.equal(v2.version, 2);
    assert.notEqual(v2.modified_date, createdAt);
    assert.deepEqual(v2.policy, { phases: { hot: { min_age: '0ms', actions: { rollover: { max_age: '2d' } } } } });

    await client.ilm.putLifecycle({ name: 'versioned', policy: ROLLOVER_HOT });
    assert.equal((await getOne(client, 'versioned')).version, 3, 'going back to an earlier body is still a change');
  });

  it('writes modified_date as java.time prints an instant: seconds and millis only when not zero', async () => {
    const { client } = es;
    const start = es.clock.now();
    // Line the clock up with a whole minute, whatever the earlier tests did.
    const toMinute = 60_000 - ((start - EPOCH) % 60_000);
    await es.advance(`${toMinute}ms`);
    const minute = new Date(es.clock.now()).toISOString().slice(0, 16);
    await client.ilm.putLifecycle({ name: 'dated', policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } });
    assert.equal((await getOne(client, 'dated')).modified_date, `${minute}Z`);
    await es.advance('30s');
    await client.ilm.putLifecycle({ name: 'dated', policy: { phases: { delete: { min_age: '2d', actions: { delete: {} } } } } });
    assert.equal((await getOne(client, 'dated')).modified_date, `${minute}:30Z`);
    await es.advance('1500ms');
    await client.ilm.putLifecycle({ name: 'dated', policy: { phases: { delete: { min_age: '3d', actions: { delete: {} } } } } });
    assert.equal((await getOne(client, 'dated')).modified_date, `${minute}:31.500Z`);
    assert.match((await getOne(client, 'dated')).modified_date, /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{3})?)?Z$/);
  });

  it('writes every action back with ES defaults; min_age keeps its unit or defaults to 0ms; _meta is kept', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({
      name: 'defaults',
      policy: {
        _meta: { owner: 'ops', tags: ['a'] },
        phases: {
          hot: { actions: { rollover: { max_primary_shard_size: '50gb', max_age: '30d' }, set_priority: { priority: 100 } } },
          warm: {
            min_age: '7d',
            actions: { readonly: {}, allocate: { number_of_replicas: 0 }, forcemerge: { max_num_segments: 1 }, shrink: { number_of_shards: 1 }, set_priority: { priority: 50 } },
          },
          cold: { min_age: '30d', actions: { migrate: {}, set_priority: { priority: 0 } } },
          delete: { min_age: '90d', actions: { delete: {} } },
        },
      },
    });
    const { policy } = await getOne(client, 'defaults');
    assert.deepEqual(policy, {
      phases: {
        hot: { min_age: '0ms', actions: { rollover: { max_primary_shard_size: '50gb', max_age: '30d' }, set_priority: { priority: 100 } } },
        warm: {
          min_age: '7d',
          actions: {
            readonly: {},
            allocate: { number_of_replicas: 0, include: {}, exclude: {}, require: {} },
            forcemerge: { max_num_segments: 1 },
            shrink: { number_of_shards: 1, allow_write_after_shrink: false },
            set_priority: { priority: 50 },
          },
        },
        cold: { min_age: '30d', actions: { migrate: { enabled: true }, set_priority: { priority: 0 } } },
        delete: { min_age: '90d', actions: { delete: { delete_searchable_snapshot: true } } },
      },
      _meta: { owner: 'ops', tags: ['a'] },
    });
  });

  it('accepts equal min_ages and phases without min_age in any order of definition', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({
      name: 'equal-ages',
      policy: { phases: { delete: { min_age: '10d', actions: { delete: {} } }, warm: { min_age: '10d', actions: {} }, cold: { actions: {} } } },
    });
    assert.deepEqual(Object.keys((await getOne(client, 'equal-ages')).policy.phases), ['warm', 'cold', 'delete']);
  });
});

describe('in_use_by and DELETE', () => {
  const es = useEsServer();

  it('lists the indices and composable templates that name the policy, sorted', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'used', policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } } } } });
    await client.ilm.putLifecycle({ name: 'unused', policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } } } } });
    await client.indices.create({ index: 'b', settings: { 'index.lifecycle.name': 'used' } });
    await client.indices.create({ index: 'a', settings: { index: { lifecycle: { name: 'used' } } } });
    await client.indices.create({ index: 'c', settings: { 'index.lifecycle.name': 'unused' } });
    await client.indices.create({ index: 'plain' });
    await client.indices.putIndexTemplate({ name: 'tpl-z', index_patterns: ['z-*'], template: { settings: { 'index.lifecycle.name': 'used' } } });
    await client.indices.putIndexTemplate({ name: 'tpl-y', index_patterns: ['y-*'], template: { settings: { index: { lifecycle: { name: 'used' } } } } });
    await client.indices.putIndexTemplate({ name: 'tpl-x', index_patterns: ['x-*'], template: { settings: { 'index.number_of_shards': 1 } } });
    const used = await getOne(client, 'used');
    assert.deepEqual(used.in_use_by, { indices: ['a', 'b'], data_streams: [], composable_templates: ['tpl-y', 'tpl-z'] });
    assert.deepEqual((await getOne(client, 'unused')).in_use_by, { indices: ['c'], data_streams: [], composable_templates: [] });
  });

  it('refuses to delete a policy in use, naming the indices, before checking that it exists', async () => {
    const response = await raw(es.server.url, 'DELETE', '/_ilm/policy/used');
    assert.deepEqual(response.json, envelope(400, 'illegal_argument_exception', 'Cannot delete policy [used]. It is in use by one or more indices: [a, b]'));
    assert.equal(response.status, 400);
    await expectResponseError(
      es.client.ilm.deleteLifecycle({ name: 'unused' }),
      400,
      'illegal_argument_exception',
      'Cannot delete policy [unused]. It is in use by one or more indices: [c]',
    );
  });

  it('deletes a policy once no index uses it (templates do not block), then 404s', async () => {
    const { client } = es;
    await client.indices.delete({ index: 'a' });
    await client.ilm.removePolicy({ index: 'b' });
    assert.deepEqual(await client.ilm.deleteLifecycle({ name: 'used' }), { acknowledged: true });
    const gone = await raw(es.server.url, 'GET', '/_ilm/policy/used');
    assert.deepEqual(gone.json, envelope(404, 'resource_not_found_exception', 'Lifecycle policy not found: used'));
    assert.equal(gone.status, 404);
    const again = await raw(es.server.url, 'DELETE', '/_ilm/policy/used');
    assert.deepEqual(again.json, envelope(404, 'resource_not_found_exception', 'Lifecycle policy not found: used'));
  });

  it('404s when deleting a policy that never existed', async () => {
    await expectResponseError(es.client.ilm.deleteLifecycle({ name: 'never' }), 404, 'resource_not_found_exception', 'Lifecycle policy not found: never');
  });
});

describe('GET name resolution', () => {
  const es = useEsServer();
  const names = ['mid', 'zeta', 'alpha', 'alpha-2'];

  it('GET /_ilm/policy lists every policy sorted by name', async () => {
    const { client } = es;
    for (const name of names) await client.ilm.putLifecycle({ name, policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } });
    const all = await raw(es.server.url, 'GET', '/_ilm/policy');
    assert.equal(all.status, 200);
    assert.deepEqual(Object.keys(all.json), ['alpha', 'alpha-2', 'mid', 'zeta']);
    assert.deepEqual(Object.keys(await client.ilm.getLifecycle()), ['alpha', 'alpha-2', 'mid', 'zeta']);
  });

  it('a comma list returns exactly those policies', async () => {
    const list = await es.client.ilm.getLifecycle({ name: 'mid,alpha' });
    assert.deepEqual(Object.keys(list).sort(), ['alpha', 'mid']);
    assert.equal(list.alpha!.version, 1);
  });

  it('a comma list keeps the order of the request (ES builds the response in a LinkedHashMap)', async () => {
    const list = await raw(es.server.url, 'GET', '/_ilm/policy/zeta,alpha,mid');
    assert.deepEqual(Object.keys(list.json), ['zeta', 'alpha', 'mid']);
  });

  it('a single wildcard returns the matches, sorted; no match is {}', async () => {
    const { client } = es;
    assert.deepEqual(Object.keys(await client.ilm.getLifecycle({ name: 'alpha*' })), ['alpha', 'alpha-2']);
    assert.deepEqual(Object.keys(await client.ilm.getLifecycle({ name: '*' })), ['alpha', 'alpha-2', 'mid', 'zeta']);
    assert.deepEqual(Object.keys(await client.ilm.getLifecycle({ name: '*a' })), ['alpha', 'zeta']);
    const none = await raw(es.server.url, 'GET', '/_ilm/policy/nothing*');
    assert.equal(none.status, 200);
    assert.deepEqual(none.json, {});
  });

  it('a wildcard together with other names is refused', async () => {
    const reason = 'wildcard only supports a single value, please use comma-separated values or a single wildcard value';
    const response = await raw(es.server.url, 'GET', '/_ilm/policy/alpha*,zeta');
    assert.deepEqual(response.json, envelope(400, 'illegal_argument_exception', reason));
    assert.equal(response.status, 400);
    await expectResponseError(es.client.ilm.getLifecycle({ name: 'mid,*' }), 400, 'illegal_argument_exception', reason);
  });

  it('a missing name is a 404 naming it, alone or in a list', async () => {
    const alone = await raw(es.server.url, 'GET', '/_ilm/policy/x');
    assert.deepEqual(alone.json, envelope(404, 'resource_not_found_exception', 'Lifecycle policy not found: x'));
    assert.equal(alone.status, 404);
    await expectResponseError(es.client.ilm.getLifecycle({ name: 'alpha,x,zeta' }), 404, 'resource_not_found_exception', 'Lifecycle policy not found: x');
  });

  it('sorts like Java String order (TreeMap): upper case before lower case', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'Beta', policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } });
    const all = await raw(es.server.url, 'GET', '/_ilm/policy');
    assert.deepEqual(Object.keys(all.json), ['Beta', 'alpha', 'alpha-2', 'mid', 'zeta']);
  });
});

describe('PUT validation', () => {
  const es = useEsServer();

  it('requires a body and a strict shape', async () => {
    const url = es.server.url;
    const empty = await raw(url, 'PUT', '/_ilm/policy/p');
    assert.deepEqual(empty.json, envelope(400, 'parse_exception', 'request body is required'));
    assert.equal(empty.status, 400);

    const unknownTop = await raw(url, 'PUT', '/_ilm/policy/p', { policy: { phases: {} }, extra: 1 });
    assert.equal(unknownTop.status, 400);
    assert.equal(unknownTop.json.error.type, 'x_content_parse_exception');
    assert.match(unknownTop.json.error.reason, /^(\[\d+:\d+\] )?\[put_lifecycle_request\] unknown field \[extra\]$/);

    const unknownInPolicy = await raw(url, 'PUT', '/_ilm/policy/p', { policy: { phases: {}, bogus: true } });
    assert.equal(unknownInPolicy.status, 400);
    assert.equal(unknownInPolicy.json.error.type, 'x_content_parse_exception');
    assert.match(unknownInPolicy.json.error.reason, /^(\[\d+:\d+\] )?\[lifecycle_policy\] unknown field \[bogus\]$/);

    const noPhases = await raw(url, 'PUT', '/_ilm/policy/p', { policy: {} });
    assert.equal(noPhases.status, 400);
    assert.equal(noPhases.json.error.type, 'x_content_parse_exception');

    const unknownActionField = await raw(url, 'PUT', '/_ilm/policy/p', { policy: { phases: { warm: { actions: { shrink: { number_of_shards: 1, bogus: 1 } } } } } });
    assert.equal(unknownActionField.status, 400);
    assert.equal(unknownActionField.json.error.type, 'x_content_parse_exception');
    assert.match(JSON.stringify(unknownActionField.json.error), /\[shrink\] unknown field \[bogus\]/);

    // Every other malformed shape is an x_content_parse_exception naming the parser and the field.
    const shapes: [unknown, RegExp][] = [
      [[1], /\[put_lifecycle_request\]/],
      [{}, /\[put_lifecycle_request\] Required \[policy\]/],
      [{ policy: { phases: { warm: 5 } } }, /\[phases\] failed to parse field \[warm\]/],
      [{ policy: { phases: { warm: { foo: 1 } } } }, /\[phase\] unknown field \[foo\]/],
      [{ policy: { phases: { warm: { actions: [] } } } }, /\[phase\] failed to parse field \[actions\]/],
      [{ policy: { phases: { warm: { actions: { shrink: { number_of_shards: 'abc' } } } } } }, /\[shrink\] failed to parse field \[number_of_shards\]/],
    ];
    for (const [body, reason] of shapes) {
      const response = await raw(url, 'PUT', '/_ilm/policy/p', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.json.error.type, 'x_content_parse_exception', JSON.stringify(body));
      assert.match(JSON.stringify(response.json.error), reason);
    }
    const notAnObject = await putPolicy(url, 'p', { phases: { warm: { actions: { shrink: 5 } } } });
    assert.equal(notAnObject.json.error.type, 'x_content_parse_exception');
    assert.deepEqual(innermost(notAnObject.json.error), { type: 'illegal_argument_exception', reason: '[shrink] action settings must be an object' });
    assert.equal(await es.client.indices.exists({ index: 'p' }), false);
  });

  it('checks the policy name', async () => {
    const url = es.server.url;
    const body = { phases: { delete: { actions: { delete: {} } } } };
    const cases: [string, string][] = [
      ['_hidden', "invalid policy name [_hidden]: must not start with '_'"],
      ['a b', 'invalid policy name [a b]: must not contain spaces'],
      ['a,b', "invalid policy name [a,b]: must not contain ','"],
      ['x'.repeat(256), `invalid policy name [${'x'.repeat(256)}]: name is too long, (256 > 255)`],
      ['é'.repeat(128), `invalid policy name [${'é'.repeat(128)}]: name is too long, (256 > 255)`],
    ];
    const empty = await raw(url, 'PUT', '/_ilm/policy/', { policy: body });
    assert.deepEqual(empty.json, envelope(400, 'illegal_argument_exception', 'invalid policy name []: must not be null or empty'));
    for (const [name, reason] of cases) {
      const response = await putPolicy(url, name, body);
      assert.deepEqual(response.json, envelope(400, 'illegal_argument_exception', reason), name);
    }
    await expectResponseError(es.client.ilm.putLifecycle({ name: '_x', policy: body }), 400, 'illegal_argument_exception', "invalid policy name [_x]: must not start with '_'");
    // 255 bytes is still fine.
    assert.equal((await putPolicy(url, 'x'.repeat(255), body)).status, 200);
  });

  it('rejects an unknown phase', async () => {
    await expectValidation(es.server.url, { phases: { foo: { actions: {} } } }, 'Timeseries lifecycle does not support phase [foo]');
  });

  it('rejects an action that is not allowed in its phase', async () => {
    const url = es.server.url;
    await expectValidation(url, { phases: { hot: { actions: { delete: {} } } } }, 'invalid action [delete] defined in phase [hot]');
    await expectValidation(url, { phases: { delete: { actions: { rollover: { max_age: '1d' } } } } }, 'invalid action [rollover] defined in phase [delete]');
    await expectValidation(url, { phases: { cold: { actions: { shrink: { number_of_shards: 1 } } } } }, 'invalid action [shrink] defined in phase [cold]');
  });

  it('refuses actions Tessera cannot run yet', async () => {
    await expectValidation(
      es.server.url,
      { phases: { hot: { actions: { rollover: { max_age: '1d' }, downsample: { fixed_interval: '1h' } } } } },
      'action [downsample] defined in phase [hot] is not supported by Tessera',
    );
  });

  it('requires rollover in the hot phase for readonly, shrink and forcemerge', async () => {
    const url = es.server.url;
    for (const [action, config] of [
      ['readonly', {}],
      ['shrink', { number_of_shards: 1 }],
      ['forcemerge', { max_num_segments: 1 }],
    ] as const) {
      await expectValidation(
        url,
        { phases: { hot: { actions: { [action]: config, set_priority: { priority: 1 } } } } },
        `the [${action}] action(s) may not be used in the [hot] phase without an accompanying [rollover] action`,
      );
    }
    // With rollover they are fine.
    assert.equal((await putPolicy(url, 'hot-ok', { phases: { hot: { actions: { rollover: { max_age: '1d' }, readonly: {}, forcemerge: { max_num_segments: 1 } } } } })).status, 200);
  });

  it('refuses an enabled migrate together with allocation rules in one phase', async () => {
    const url = es.server.url;
    await expectValidation(
      url,
      { phases: { warm: { actions: { migrate: {}, allocate: { require: { box: 'warm' } } } } } },
      'phases [warm] specify an enabled migrate action and an allocate action with allocation rules. specify only a single data migration in each phase',
    );
    assert.equal((await putPolicy(url, 'migrate-off', { phases: { warm: { actions: { migrate: { enabled: false }, allocate: { require: { box: 'warm' } } } } } })).status, 200);
    assert.equal((await putPolicy(url, 'replicas-only', { phases: { warm: { actions: { migrate: {}, allocate: { number_of_replicas: 1 } } } } })).status, 200);
  });

  it('requires searchable_snapshot in the frozen phase', async () => {
    await expectValidation(
      es.server.url,
      { phases: { frozen: { min_age: '30d', actions: {} } } },
      'policy specifies the [frozen] phase without a corresponding [searchable_snapshot] action, but a searchable snapshot action is required in the frozen phase',
    );
  });

  it('refuses phase timings out of order', async () => {
    const url = es.server.url;
    await expectValidation(
      url,
      { phases: { warm: { min_age: '30d', actions: {} }, cold: { min_age: '7d', actions: {} } } },
      'Your policy is configured to run the cold phase (min_age: 7d) before the warm phase (min_age: 30d). You should change the phase timing so that the phases will execute in the order of hot, warm, then cold.',
    );
    await expectValidation(
      url,
      { phases: { warm: { min_age: '3d', actions: {} }, cold: { min_age: '1d', actions: {} }, delete: { min_age: '2d', actions: { delete: {} } } } },
      'Your policy is configured to run the cold phase (min_age: 1d) and the delete phase (min_age: 2d) before the warm phase (min_age: 3d). You should change the phase timing so that the phases will execute in the order of hot, warm, then cold.',
    );
    // The user's units are quoted as written.
    await expectValidation(
      url,
      { phases: { warm: { min_age: '48h', actions: {} }, delete: { min_age: '1d', actions: { delete: {} } } } },
      'Your policy is configured to run the delete phase (min_age: 1d) before the warm phase (min_age: 48h). You should change the phase timing so that the phases will execute in the order of hot, warm, then cold.',
    );
    // An absent or zero min_age is not checked.
    assert.equal((await putPolicy(url, 'zero-ok', { phases: { warm: { min_age: '5d', actions: {} }, cold: { min_age: '0ms', actions: {} }, delete: { actions: { delete: {} } } } })).status, 200);
  });

  it('reports one message only: the timing error replaces any earlier one (PutLifecycleRequest.validate)', async () => {
    await expectValidation(
      es.server.url,
      { phases: { hot: { actions: { shrink: { number_of_shards: 1 } } }, warm: { min_age: '30d', actions: {} }, cold: { min_age: '7d', actions: {} } } },
      'Your policy is configured to run the cold phase (min_age: 7d) before the warm phase (min_age: 30d). You should change the phase timing so that the phases will execute in the order of hot, warm, then cold.',
    );
    // Without a timing error, the first problem LifecyclePolicy.validate throws is the only one.
    await expectValidation(es.server.url, { phases: { hot: { actions: { delete: {}, readonly: {} } } } }, 'invalid action [delete] defined in phase [hot]');
  });

  it('rejects a min_age that is not a time value', async () => {
    const url = es.server.url;
    await expectParseFailure(url, { phases: { warm: { min_age: '3x', actions: {} } } }, 'failed to parse setting [min_age] with value [3x] as a time value: unit is missing or unrecognized');
    await expectParseFailure(url, { phases: { warm: { min_age: 'soon', actions: {} } } }, 'failed to parse setting [min_age] with value [soon] as a time value: unit is missing or unrecognized');
    await expectParseFailure(url, { phases: { warm: { min_age: '1.5d', actions: {} } } }, 'failed to parse [1.5d], fractional time values are not supported');
  });

  it('rejects action settings the action constructors refuse', async () => {
    const url = es.server.url;
    const warm = (actions: unknown) => ({ phases: { warm: { actions } } });
    await expectParseFailure(url, warm({ shrink: { number_of_shards: 2, max_primary_shard_size: '10gb' } }), 'Cannot set both [number_of_shards] and [max_primary_shard_size]');
    await expectParseFailure(url, warm({ shrink: {} }), 'Either [number_of_shards] or [max_primary_shard_size] must be set');
    await expectParseFailure(url, warm({ shrink: { number_of_shards: 0 } }), '[number_of_shards] must be greater than 0');
    await expectParseFailure(url, warm({ forcemerge: { max_num_segments: 0 } }), '[max_num_segments] must be a positive integer');
    await expectParseFailure(url, warm({ forcemerge: { max_num_segments: 1, index_codec: 'lz4' } }), 'unknown index codec: [lz4]');
    await expectParseFailure(url, warm({ set_priority: { priority: -1 } }), '[priority] must be 0 or greater');
    await expectParseFailure(url, warm({ allocate: { number_of_replicas: -1 } }), '[number_of_replicas] must be >= 0');
    const hot = (rollover: unknown) => ({ phases: { hot: { actions: { rollover } } } });
    await expectParseFailure(url, hot({}), 'At least one max_* rollover condition must be set.');
    await expectParseFailure(url, hot({ min_docs: 1, min_age: '1d' }), 'At least one max_* rollover condition must be set.');
    await expectParseFailure(url, hot({ max_age: 'abc' }), 'failed to parse setting [max_age] with value [abc] as a time value: unit is missing or unrecognized');
    await expectParseFailure(url, hot({ max_size: '5 apples' }), 'failed to parse setting [max_size] with value [5 apples] as a size in bytes: unit is missing or unrecognized');
    await expectParseFailure(url, warm({ shrink: { max_primary_shard_size: '10' } }), 'failed to parse setting [max_primary_shard_size] with value [10] as a size in bytes: unit is missing or unrecognized');
    // The accepted edge values.
    assert.equal((await putPolicy(url, 'edges', { phases: { warm: { actions: { set_priority: { priority: 0 }, allocate: { number_of_replicas: 0 }, forcemerge: { max_num_segments: 1, index_codec: 'best_compression' } } } } })).status, 200);
    assert.equal((await putPolicy(url, 'null-priority', { phases: { warm: { actions: { set_priority: { priority: null } } } } })).status, 200);
    assert.deepEqual((await getOne(es.client, 'null-priority')).policy.phases.warm!.actions, { set_priority: { priority: null } } as never);
  });

  it('shows sizes as ES shows a ByteSizeValue: the unit kept and lowercased, a fraction in bytes', async () => {
    const url = es.server.url;
    const policy = { phases: { hot: { actions: { rollover: { max_primary_shard_size: '50GB', max_size: '2g', min_size: '1.5kb' } } }, warm: { actions: { shrink: { max_primary_shard_size: '10Mb' } } } } };
    assert.equal((await putPolicy(url, 'sizes', policy)).status, 200);
    const stored = (await getOne(es.client, 'sizes')).policy.phases;
    assert.deepEqual(stored.hot!.actions.rollover, { max_primary_shard_size: '50gb', max_size: '2gb', min_size: '1536b' } as never);
    assert.deepEqual(stored.warm!.actions.shrink, { max_primary_shard_size: '10mb', allow_write_after_shrink: false } as never);
  });

  it('stores nothing when validation fails', async () => {
    await assert.rejects(es.client.ilm.getLifecycle({ name: 'invalid' }), (error: unknown) => error instanceof errors.ResponseError && error.meta.statusCode === 404);
  });
});

describe('deprecated max_size rollover condition', () => {
  const es = useEsServer();
  const warning =
    'Use of the [max_size] rollover condition found in phase [hot]. This condition has been deprecated in favour of the [max_primary_shard_size] condition and will be removed in a later version';

  it('succeeds with a Warning header in ES format', async () => {
    const response = await putPolicy(es.server.url, 'sized', { phases: { hot: { actions: { rollover: { max_size: '50gb' } } } } });
    assert.equal(response.status, 200);
    assert.deepEqual(response.json, { acknowledged: true });
    const header = response.headers.get('warning');
    assert.ok(header, 'a Warning header is sent');
    assert.match(header, /^299 Elasticsearch-8\.\d+\.\d+(-SNAPSHOT)?-[^ ]+ "/);
    assert.equal(header.slice(header.indexOf('"') + 1, header.lastIndexOf('"')), warning);
    assert.deepEqual((await getOne(es.client, 'sized')).policy.phases.hot!.actions.rollover, { max_size: '50gb' });
  });

  it('reaches the official client as a response warning', async () => {
    const response = await es.client.ilm.putLifecycle({ name: 'sized-2', policy: { phases: { hot: { actions: { rollover: { max_size: '1gb', max_age: '1d' } } } } } }, { meta: true });
    assert.deepEqual(response.body, { acknowledged: true });
    assert.equal(response.warnings?.length, 1);
    assert.ok(response.warnings![0]!.includes(warning), response.warnings![0]);
  });

  it('sends no Warning header without max_size', async () => {
    const response = await putPolicy(es.server.url, 'unsized', { phases: { hot: { actions: { rollover: { max_primary_shard_size: '50gb' } } } } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('warning'), null);
  });
});
