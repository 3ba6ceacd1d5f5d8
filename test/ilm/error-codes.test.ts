/**
 * Errors carry codes: every code of the cluster's, ILM's and security's catalogues has its place in the one remedy
 * table (a remedy, or explicitly none); the code the runner records beside step_info survives a restart, so the
 * advice GET /_tessera/ilm/lint gives for an index's failure comes from it; and explain's step_info stays ES's own.
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ClusterErrorCodes } from '../../src/cluster/cluster-error-codes.js';
import { IlmErrorCodes } from '../../src/ilm/ilm-error-codes.js';
import { ERROR_CODES, NO_REMEDY, REMEDIES } from '../../src/ilm/remedies/index.js';
import { VirtualClock } from '../../src/platform/clock.js';
import { SecurityErrorCodes } from '../../src/security/security-error-codes.js';
import { EPOCH, explainRecord, useEsServer } from '../helpers/es.js';
import { lintCluster } from '../helpers/lint.js';
import { startTestServer, tempDataDir } from '../helpers/server.js';

describe('the remedy table', () => {
  it('places every code of every catalogue: a remedy with words for lint or the console, or NO_REMEDY', () => {
    const catalogued = new Set<string>([...ClusterErrorCodes, ...IlmErrorCodes, ...SecurityErrorCodes]);
    assert.deepEqual(new Set(ERROR_CODES), catalogued);
    assert.deepEqual(new Set(Object.keys(REMEDIES)), catalogued, 'one entry per code, and no entry for a code no catalogue has');
    for (const [code, remedy] of Object.entries(REMEDIES)) {
      if (remedy === NO_REMEDY) continue;
      assert.ok(remedy.lint !== undefined || remedy.advice !== undefined, `${code}: a remedy with no words`);
    }
  });

  it('gives the spec’s rows 1 to 9 their remedies', () => {
    const rows = Object.values(REMEDIES).flatMap((remedy) => (remedy ? [remedy.row] : []));
    for (const row of [1, 2, 3, 4, 5, 6, 7, 8, 9]) assert.ok(rows.includes(row), `row ${row}`);
  });
});

describe('a failure’s code through storage', () => {
  const ADVICE = {
    row: 4,
    cause: 'Index [web-000001] has no index.lifecycle.rollover_alias setting, so rollover does not know which alias to roll over.',
    remedy: 'Set index.lifecycle.rollover_alias on [web-000001] to the alias the index is written through (its write alias). Then press Retry.',
    retry: 'retry',
  };

  it('keeps the advice for an index in ERROR across a restart, and explain’s step_info without it', async () => {
    const dataDir = tempDataDir();
    const first = await startTestServer({ dataDir, clock: new VirtualClock(EPOCH) });
    const client = new Client({ node: first.url });
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    await client.ilm.putLifecycle({ name: 'logs', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    await client.indices.create({ index: 'web-000001', settings: { 'index.lifecycle.name': 'logs' }, aliases: { web: { is_write_index: true } } });
    await client.transport.request({ method: 'POST', path: '/_tessera/clock/_advance', body: { by: '10m' } });
    const explained = (await client.ilm.explainLifecycle({ index: 'web-000001' })).indices['web-000001'] as unknown as Record<string, unknown>;
    assert.equal(explained.step, 'ERROR');
    assert.deepEqual(explained.step_info, { type: 'illegal_argument_exception', reason: 'setting [index.lifecycle.rollover_alias] for index [web-000001] is empty or not defined' });
    assert.deepEqual((await lintCluster(client))['web-000001']!.step_info_diagnosis, ADVICE);
    await client.close();
    await first.close();

    const second = await startTestServer({ dataDir, clock: new VirtualClock(EPOCH) });
    const again = new Client({ node: second.url });
    try {
      assert.deepEqual((await lintCluster(again))['web-000001']!.step_info_diagnosis, ADVICE, 'the code was stored, not derived from the words');
      // Fixed and retried: the index reports nothing, so there is no advice.
      await again.indices.putSettings({ index: 'web-000001', settings: { 'index.lifecycle.rollover_alias': 'web' } });
      await again.ilm.retry({ index: 'web-000001' });
      const entry = (await lintCluster(again))['web-000001']!;
      assert.equal(entry.step_info_diagnosis, undefined, JSON.stringify(entry));
    } finally {
      await again.close();
      await second.dispose();
    }
  });
});

describe('the console’s general advice', () => {
  const es = useEsServer();

  it('for a wait or a failure whose code has no words of the console’s own', async () => {
    const { client } = es;
    await client.indices.create({ index: 'orphan', settings: { 'index.lifecycle.name': 'nowhere' } });
    await client.ilm.putLifecycle({ name: 'mount', policy: { phases: { cold: { actions: { searchable_snapshot: { snapshot_repository: 'absent' } } } } } });
    await client.indices.create({ index: 'mounted', settings: { 'index.lifecycle.name': 'mount', 'index.number_of_replicas': 0 } });
    for (let polls = 0; polls < 10 && (await explainRecord(client, 'mounted')).step !== 'ERROR'; polls++) await es.advance('10m');
    assert.deepEqual((await explainRecord(client, 'orphan')).step_info, { type: 'illegal_argument_exception', reason: 'policy [nowhere] does not exist' });
    const failed = await explainRecord(client, 'mounted');
    assert.deepEqual([failed.step, failed.failed_step, failed.step_info.type], ['ERROR', 'generate-snapshot-name', 'illegal_state_exception'], JSON.stringify(failed));
    const lint = await lintCluster(client);
    assert.deepEqual(lint.orphan!.step_info_diagnosis, {
      cause: 'The step is waiting for a condition.',
      remedy: 'Read the message above; the step goes on by itself once the condition is met.',
      retry: 'none',
    });
    assert.deepEqual(lint.mounted!.step_info_diagnosis, {
      cause: 'Step [generate-snapshot-name] failed with illegal_state_exception.',
      remedy:
        "Read the reason above and fix what it names (the policy [mount], the index's settings or aliases, or a cluster setting). The error is retried automatically at each poll, or press Retry to run the failed step again.",
      retry: 'retry',
    });
  });
});
