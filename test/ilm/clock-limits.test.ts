/**
 * The virtual clock stays within the dates Elasticsearch handles. `POST /_tessera/clock/_advance` refuses a time
 * value whose number does not fit a Java long (with ES's own TimeValue message) and an advance past ES's latest
 * date, 9999-12-31T23:59:59.999Z, with a 400 that moves nothing; and a clock stored past that date by an older
 * Tessera does not brick the server: it starts at the latest date, and every route answers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import { openStore } from '../../src/platform/store/open-store.js';
import { EPOCH, esEnvelope, rawRequest, useEsServer } from '../helpers/es.js';
import { startTestServer, tempDataDir, testDatabaseUrl } from '../helpers/server.js';

/** ES's DateUtils.MAX_MILLIS_BEFORE_9999. */
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const LATEST_ISO = '9999-12-31T23:59:59.999Z';
const DAY = 86_400_000;

describe('the virtual clock: the range of _advance', () => {
  const es = useEsServer();
  const advance = (by: unknown) => rawRequest(es.server.url, 'POST', '/_tessera/clock/_advance', { by });
  const illegal = (reason: string) => esEnvelope(400, 'illegal_argument_exception', reason);

  it('refuses a number of units that does not fit a long, in ES TimeValue words, and moves nothing', async () => {
    for (const by of ['999999999999999999999d', '9223372036854775808ms', '99999999999999999999999999s']) {
      const response = await advance(by);
      assert.equal(response.status, 400, JSON.stringify(response.json));
      assert.deepEqual(response.json, illegal(`failed to parse [${by}], fractional time values are not supported`));
    }
    assert.equal(es.clock.now(), EPOCH);
    const clock = await rawRequest(es.server.url, 'GET', '/_tessera/clock');
    assert.equal(clock.status, 200);
    assert.equal(clock.json.now_millis, EPOCH);
  });

  it('refuses an advance past 9999-12-31T23:59:59.999Z, and moves nothing', async () => {
    const toLatest = LATEST - EPOCH;
    const cases: [string, string][] = [
      // A long number of days: ES saturates it at Long.MAX_VALUE milliseconds.
      ['106751991167300d', `[by] of [106751991167300d] would move the virtual clock from [2026-01-01T00:00:00.000Z] past [${LATEST_ISO}], the latest date Elasticsearch handles; at most [${toLatest}ms] is left`],
      ['9223372036854775807ms', `[by] of [9223372036854775807ms] would move the virtual clock from [2026-01-01T00:00:00.000Z] past [${LATEST_ISO}], the latest date Elasticsearch handles; at most [${toLatest}ms] is left`],
      [`${toLatest + 1}ms`, `[by] of [${toLatest + 1}ms] would move the virtual clock from [2026-01-01T00:00:00.000Z] past [${LATEST_ISO}], the latest date Elasticsearch handles; at most [${toLatest}ms] is left`],
      ['3000000d', `[by] of [3000000d] would move the virtual clock from [2026-01-01T00:00:00.000Z] past [${LATEST_ISO}], the latest date Elasticsearch handles; at most [${toLatest}ms] is left`],
    ];
    for (const [by, reason] of cases) {
      const response = await advance(by);
      assert.equal(response.status, 400, JSON.stringify(response.json));
      assert.deepEqual(response.json, illegal(reason), by);
    }
    assert.equal(es.clock.now(), EPOCH, 'a refused advance moves nothing');
  });

  it('advances up to the latest date exactly, and no further; every route still answers', async () => {
    await es.client.ilm.putLifecycle({ name: 'late', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    const toLatest = LATEST - es.clock.now();
    const reached = await advance(`${toLatest}ms`);
    assert.equal(reached.status, 200, JSON.stringify(reached.json));
    assert.equal(reached.json.now, LATEST_ISO);
    assert.equal(reached.json.now_millis, LATEST);
    const further = await advance('1ms');
    assert.deepEqual(further.json, illegal(`[by] of [1ms] would move the virtual clock from [${LATEST_ISO}] past [${LATEST_ISO}], the latest date Elasticsearch handles; at most [0ms] is left`));
    assert.equal((await advance('0')).status, 200);
    assert.equal((await rawRequest(es.server.url, 'GET', '/_tessera/clock')).json.now, LATEST_ISO);
    // Policies and indices made at the latest date are read back as usual.
    await es.client.ilm.putLifecycle({ name: 'later', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    const policies = await rawRequest(es.server.url, 'GET', '/_ilm/policy');
    assert.equal(policies.status, 200);
    assert.equal(policies.json.later.modified_date, LATEST_ISO);
    await es.client.indices.create({ index: 'late-000001', settings: { 'index.lifecycle.name': 'late' } });
    const explain = await rawRequest(es.server.url, 'GET', '/late-000001/_ilm/explain?human');
    assert.equal(explain.status, 200, JSON.stringify(explain.json));
    assert.equal(explain.json.indices['late-000001'].lifecycle_date, LATEST_ISO);
  });
});

describe('the virtual clock: a stored now past the latest date', () => {
  it('starts at the latest date instead of failing every call, and stays usable', async () => {
    const dataDir = tempDataDir();
    const first = await startTestServer({ dataDir, clockMode: 'virtual' });
    await rawRequest(first.url, 'PUT', '/_ilm/policy/kept', { policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    await rawRequest(first.url, 'POST', '/_tessera/clock/_advance', { by: '1d' });
    await first.close();
    // What an older Tessera stored after {"by":"999999999999999999999d"}: 8.64e28 ms.
    const store = await openStore({ dataDir, databaseUrl: await testDatabaseUrl(dataDir) });
    try {
      const db = store.db as unknown as Kysely<{ ilm_meta: { key: string; data: string } }>;
      const updated = await db.updateTable('ilm_meta').set({ data: JSON.stringify(999999999999999999999 * DAY) }).where('key', '=', 'virtual_now').executeTakeFirst();
      assert.equal(Number(updated.numUpdatedRows), 1);
    } finally {
      await store.close();
    }
    const second = await startTestServer({ dataDir, clockMode: 'virtual' });
    try {
      const clock = await rawRequest(second.url, 'GET', '/_tessera/clock');
      assert.equal(clock.status, 200, JSON.stringify(clock.json));
      assert.equal(clock.json.now, LATEST_ISO);
      assert.equal(clock.json.now_millis, LATEST);
      const policies = await rawRequest(second.url, 'GET', '/_ilm/policy/kept');
      assert.equal(policies.status, 200, JSON.stringify(policies.json));
      const put = await rawRequest(second.url, 'PUT', '/_ilm/policy/new', { policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
      assert.equal(put.status, 200, JSON.stringify(put.json));
      assert.equal((await rawRequest(second.url, 'GET', '/_ilm/policy/new')).json.new.modified_date, LATEST_ISO);
      const advance = await rawRequest(second.url, 'POST', '/_tessera/clock/_advance', { by: '1d' });
      assert.equal(advance.status, 400);
      assert.equal(advance.json.error.type, 'illegal_argument_exception');
      assert.equal((await rawRequest(second.url, 'POST', '/_tessera/clock/_advance', { by: '0' })).status, 200);
    } finally {
      await second.dispose();
    }
  });
});
