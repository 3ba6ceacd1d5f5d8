/**
 * The spec's error row 7, from real causes: an operation needs more memory than a breaker allows. A bulk request
 * is refused with 429; an ILM forcemerge of a large index fails into ERROR, auto-retryable, and succeeds on the
 * next poll once the limit is raised (the spec's remedy: relieve the pressure).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esErrorOf, explainRecord, useEsServer } from '../helpers/es.js';
import { lintCluster } from '../helpers/lint.js';

describe('row 7: circuit breakers', () => {
  const es = useEsServer();

  it('refuses a bulk request larger than the request breaker with circuit_breaking_exception', async () => {
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'indices.breaker.request.limit': '1kb' } });
    const operations = [{ index: { _index: 'cb-bulk' } }, { t: 'x'.repeat(2000) }];
    const body = `${operations.map((o) => JSON.stringify(o)).join('\n')}\n`;
    const response = await fetch(`${es.server.url}/_bulk`, { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body });
    assert.equal(response.status, 429);
    const size = Buffer.byteLength(body);
    const reason = `[request] Data too large, data for [<bulk_request>] would be [${size}/${Math.floor((size / 1024) * 10) / 10}kb], which is larger than the limit of [1024/1kb]`;
    assert.deepEqual(await response.json(), {
      error: {
        root_cause: [{ type: 'circuit_breaking_exception', reason, bytes_wanted: size, bytes_limit: 1024, durability: 'TRANSIENT' }],
        type: 'circuit_breaking_exception',
        reason,
        bytes_wanted: size,
        bytes_limit: 1024,
        durability: 'TRANSIENT',
      },
      status: 429,
    });
    assert.equal(await client.indices.exists({ index: 'cb-bulk' }), false, 'nothing was written');
    assert.deepEqual(await esErrorOf(client.cluster.putSettings({ persistent: { 'indices.breaker.total.limit': 'lots' } })), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'failed to parse setting [indices.breaker.total.limit] with value [lots] as a size in bytes: unit is missing or unrecognized',
    });
    await client.cluster.putSettings({ persistent: { 'indices.breaker.request.limit': null } });
  });

  it('a forcemerge over the limit fails into ERROR, and the next poll retries it once the limit is raised', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'merge', policy: { phases: { warm: { min_age: '1d', actions: { forcemerge: { max_num_segments: 1 } } } } } });
    await client.indices.create({ index: 'cb-merge', settings: { 'index.lifecycle.name': 'merge', 'index.number_of_replicas': 0 } });
    for (let i = 0; i < 4; i++) await client.index({ index: 'cb-merge', document: { t: 'y'.repeat(1000) } });
    const size = (await client.indices.stats({ index: 'cb-merge' }))._all.primaries!.store!.size_in_bytes!;
    await client.cluster.putSettings({ persistent: { 'indices.breaker.request.limit': '2kb' } });
    await es.advance('1d');
    await es.advance('20m');
    const failed = await explainRecord(client, 'cb-merge');
    assert.deepEqual([failed.phase, failed.action, failed.step, failed.failed_step], ['warm', 'forcemerge', 'ERROR', 'forcemerge']);
    assert.deepEqual(failed.step_info, {
      type: 'circuit_breaking_exception',
      reason: `[request] Data too large, data for [<forcemerge [cb-merge]>] would be [${size}/${Math.floor((size / 1024) * 10) / 10}kb], which is larger than the limit of [2048/2kb]`,
      bytes_wanted: size,
      bytes_limit: 2048,
      durability: 'TRANSIENT',
    });
    assert.equal(failed.is_auto_retryable_error, true);
    assert.deepEqual((await lintCluster(client))['cb-merge']?.step_info_diagnosis, {
      row: 7,
      cause: 'The operation needs more memory than the [request] circuit breaker allows: the cluster hit a resource limit.',
      remedy:
        'Relieve the memory pressure before going on: raise indices.breaker.request.limit (Cluster page shows the limits) or make the operation smaller. The error is retried automatically at the next poll, or press Retry once the pressure is gone.',
      retry: 'automatic',
    });

    // Remedy: relieve the pressure. No manual retry: the next poll's automatic retry succeeds.
    await client.cluster.putSettings({ persistent: { 'indices.breaker.request.limit': null } });
    await es.advance('20m');
    const done = await explainRecord(client, 'cb-merge');
    assert.deepEqual([done.phase, done.action, done.step], ['warm', 'complete', 'complete']);
  });
});
