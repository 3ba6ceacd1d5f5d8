/**
 * Lint and simulation against the runner for the spec's error row 9: with security on, lint checks every step's
 * action as the user the steps will run as (the caller who PUTs an inline policy, a stored policy's last modifier,
 * or `user`), and predicts the security_exception the runner then records; the forecast says when, and the runner
 * records it then. Looking at another user's privileges needs the privilege to read users (lint without it leaves
 * them unchecked and says so; a forecast refuses); lint of stored policies, and any forecast, needs the privilege to
 * read policies.
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VirtualClock } from '../../src/platform/clock.js';
import { EPOCH, type EsFixture } from '../helpers/es.js';
import { assertEntersAt, simulate } from '../helpers/simulate.js';
import { assertExplainShows, lint, lintCluster, withoutRemedies } from '../helpers/lint.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { expectEsError } from '../es/es-helpers.js';

describe("lint, row 9: a step the policy's modifier may not perform", () => {
  let server: TestServer;
  let elastic: Client;
  let ops: Client;
  const clock = new VirtualClock(EPOCH);
  const policy = { phases: { warm: { min_age: '1d', actions: { readonly: {} } } } };
  const index = { name: 'logs-000001', settings: { 'index.lifecycle.name': 'ops-policy', 'index.number_of_replicas': 0 } };
  const role = (privileges: string[]) => ({ cluster: ['manage_ilm', 'monitor'], indices: [{ names: ['logs-*'], privileges }] });
  const denial = {
    row: 9,
    outcome: 'error',
    phase: 'warm',
    action: 'readonly',
    step: 'readonly',
    type: 'security_exception',
    message:
      'action [indices:admin/settings/update] is unauthorized for user [ops] with roles [ilm_ops] on indices [logs-000001], this action is granted by the index privileges [manage,all]',
  };

  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw', clock });
    elastic = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    await elastic.security.putRole({ name: 'ilm_ops', ...role(['read']) });
    await elastic.security.putUser({ username: 'ops', password: 'ops-password', roles: ['ilm_ops'] });
    ops = new Client({ node: server.url, auth: { username: 'ops', password: 'ops-password' } });
  });
  after(async () => {
    await ops.close();
    await elastic.close();
    await server.dispose();
  });

  it('predicts the denial for the caller who would PUT the policy, and for a named user', async () => {
    const asCaller = await lint(ops, { policy, index });
    // migrate/migrate needs the same action on the same index: one missing privilege is one problem.
    assert.deepEqual(withoutRemedies(asCaller), [denial]);
    assert.equal(
      asCaller[0]!.remedy,
      'Grant one of the index privileges [manage,all] on [logs-000001] to one of the roles [ilm_ops], or PUT the policy as a user whose roles grant it: its steps run with the roles user [ops] held when it last PUT the policy.',
    );
    assert.deepEqual(await lint(elastic, { policy, index, user: 'ops' }), asCaller);
    assert.deepEqual(await lint(elastic, { policy, index }), [], 'elastic may do everything');
    const forecast = await simulate(ops, { policy, index, horizon: '2d' });
    const error = forecast.first_error!;
    assert.deepEqual([error.phase, error.action, error.failed_step, error.step_info, error.row], ['warm', 'readonly', 'readonly', { type: denial.type, reason: denial.message }, 9]);
    assert.equal(error.remedy, asCaller[0]!.remedy);
    assert.equal((await simulate(elastic, { policy, index, horizon: '2d' })).first_error, null);
  });

  it("lints for a caller who may not read users without that user's privileges, and says so; a forecast refuses", async () => {
    const problems = await lint(ops, { policy, index, user: 'elastic' });
    assert.deepEqual(withoutRemedies(problems), [{ row: null, outcome: 'warning', message: 'privileges of [elastic] not checked: reading them needs the read_security cluster privilege' }]);
    await expectEsError(ops.transport.request({ method: 'POST', path: '/_tessera/ilm/simulate', body: { policy, index, user: 'elastic', horizon: '2d' } }), {
      status: 403,
      type: 'security_exception',
      reason: 'action [cluster:admin/xpack/security/user/get] is unauthorized for user [ops] with roles [ilm_ops], this action is granted by the cluster privileges [read_security,manage_security,all]',
    });
  });

  it('the runner fails exactly as predicted; GET predicts it from the stored modifier', async () => {
    const predicted = await lint(ops, { policy, index });
    await ops.ilm.putLifecycle({ name: 'ops-policy', policy });
    await elastic.indices.create({ index: index.name, settings: index.settings });
    assert.deepEqual(await lintCluster(elastic), { [index.name]: { policy: 'ops-policy', problems: predicted } });
    assert.deepEqual(await lint(elastic, { name: 'ops-policy', index }), predicted, 'a stored policy runs as its modifier');
    const forecast = await simulate(elastic, { name: 'ops-policy', index: { name: 'logs-000002', settings: index.settings }, horizon: '2d' });
    const timeline = (await elastic.transport.request({ method: 'GET', path: `/_tessera/ilm/timeline/${index.name}` })) as { first_error: { time_millis: number } };
    assert.equal(timeline.first_error.time_millis, forecast.first_error!.time_millis, 'the stored policy runs as its modifier in a forecast too');
    const es: EsFixture = {
      client: elastic,
      server,
      clock,
      advance: (by) => elastic.transport.request({ method: 'POST', path: '/_tessera/clock/_advance', body: { by } }) as never,
    };
    await assertEntersAt(es, index.name, 'readonly', timeline.first_error.time_millis);
    await assertExplainShows(elastic, index.name, predicted[0]!);

    // Another role given to ops changes nothing: the steps run with the roles it held when it PUT the policy.
    await elastic.security.putRole({ name: 'logs_manager', ...role(['manage']) });
    await elastic.security.putUser({ username: 'ops', password: 'ops-password', roles: ['ilm_ops', 'logs_manager'] });
    assert.deepEqual((await lintCluster(elastic))[index.name]!.problems, predicted);
    await elastic.security.putUser({ username: 'ops', password: 'ops-password', roles: ['ilm_ops'] });

    // The remedy lints clean, and the retry completes the phase.
    await elastic.security.putRole({ name: 'ilm_ops', ...role(['manage']) });
    assert.deepEqual(await lintCluster(elastic), {
      [index.name]: {
        policy: 'ops-policy',
        problems: [],
        // Until the retry, the console's advice for the failure the index reports stays beside it.
        step_info_diagnosis: {
          row: 9,
          cause: 'Lifecycle steps run with the roles the user who last modified policy [ops-policy] held then, and user [ops] (roles [ilm_ops]) may not perform [indices:admin/settings/update].',
          remedy:
            'Grant the index privileges the step needs (manage or all on this index) to one of the roles [ilm_ops], or PUT policy [ops-policy] again as a user whose roles grant them: giving user [ops] another role does not change the roles the steps run with. Then press Retry.',
          retry: 'retry',
        },
      },
    });
    await elastic.ilm.retry({ index: index.name });
    const done = (await elastic.ilm.explainLifecycle({ index: index.name })).indices[index.name] as unknown as Record<string, unknown>;
    assert.deepEqual([done.phase, done.action, done.step], ['warm', 'complete', 'complete']);
  });

  it('lint of stored policies, and every forecast, needs the privilege to read them', async () => {
    await elastic.security.putUser({ username: 'watcher', password: 'watcher-pw', roles: ['viewer'] });
    const watcher = new Client({ node: server.url, auth: { username: 'watcher', password: 'watcher-pw' } });
    try {
      await expectEsError(watcher.transport.request({ method: 'GET', path: '/_tessera/ilm/lint' }), {
        status: 403,
        type: 'security_exception',
        reason: 'action [cluster:admin/ilm/get] is unauthorized for user [watcher] with roles [viewer], this action is granted by the cluster privileges [read_ilm,manage_ilm,manage,all]',
      });
      assert.deepEqual(await lint(watcher, { policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } }), [], 'an inline policy without an index');
      // A forecast may meet any stored policy (a template may name one for the next index).
      const denied = {
        status: 403,
        type: 'security_exception',
        reason: 'action [cluster:admin/ilm/get] is unauthorized for user [watcher] with roles [viewer], this action is granted by the cluster privileges [read_ilm,manage_ilm,manage,all]',
      };
      await expectEsError(watcher.transport.request({ method: 'POST', path: '/_tessera/ilm/simulate', body: { policy, index } }), denied);
      await expectEsError(watcher.transport.request({ method: 'GET', path: `/_tessera/ilm/timeline/${index.name}` }), denied);
    } finally {
      await watcher.close();
    }
  });

  it("a read-only user lints stored policies without their modifier's privileges; one with read_security sees the denial", async () => {
    await elastic.security.putRole({ name: 'ilm_ops', ...role(['read']) });
    await elastic.security.putRole({ name: 'reader', cluster: ['monitor', 'read_ilm'], indices: [{ names: ['logs-*'], privileges: ['read', 'view_index_metadata'] }] });
    await elastic.security.putRole({ name: 'auditor', cluster: ['monitor', 'read_ilm', 'read_security'] });
    await elastic.security.putUser({ username: 'reader', password: 'reader-pw', roles: ['reader'] });
    await elastic.security.putUser({ username: 'auditor', password: 'auditor-pw', roles: ['auditor'] });
    const reader = new Client({ node: server.url, auth: { username: 'reader', password: 'reader-pw' } });
    const auditor = new Client({ node: server.url, auth: { username: 'auditor', password: 'auditor-pw' } });
    try {
      const next = { name: 'logs-000009', settings: index.settings };
      const unchecked = { row: null, outcome: 'warning', message: 'privileges of [ops] not checked: reading them needs the read_security cluster privilege' };
      assert.deepEqual(withoutRemedies(await lint(reader, { name: 'ops-policy', index: next })), [unchecked]);
      assert.deepEqual(withoutRemedies((await lintCluster(reader))[index.name]!.problems), [unchecked]);
      assert.deepEqual(withoutRemedies(await lint(auditor, { name: 'ops-policy', index: next })), [{ ...denial, message: denial.message.replace('logs-000001', 'logs-000009') }]);
    } finally {
      await Promise.all([reader.close(), auditor.close()]);
    }
  });
});
