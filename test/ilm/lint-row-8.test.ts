/**
 * Lint against the runner for the spec's error row 8 at flood stage: an index that carries the flood-stage block
 * now fails at the first step that writes to it. `GET /_tessera/ilm/lint` predicts it from the cluster as it
 * stands, the index's timeline says when, and explain shows exactly that failure, then. (Whether the high
 * watermark or the flood stage will be reached by the time a step runs is a forecast's: simulate-resources.test.ts.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer, sizedDocument as doc } from '../helpers/es.js';
import { assertExplainShows, lintCluster, withoutRemedies } from '../helpers/lint.js';
import { assertEntersAt, timeline } from '../helpers/simulate.js';


describe('lint, row 8: the flood-stage block', () => {
  const es = useEsServer();

  it('predicts the cluster_block_exception at the first step that writes, once for all of them', async () => {
    const { client } = es;
    await client.cluster.putSettings({ persistent: { 'tessera.disk.capacity': '10kb' } });
    await client.ilm.putLifecycle({ name: 'warmup', policy: { phases: { warm: { min_age: '1d', actions: { allocate: { number_of_replicas: 0 } } } } } });
    await client.indices.create({ index: 'metrics-1', settings: { 'index.lifecycle.name': 'warmup' } });
    await client.index({ index: 'metrics-1', id: 'a', document: doc(5000) });
    await client.index({ index: 'metrics-1', id: 'b', document: doc(4900) });

    const { problems } = (await lintCluster(client))['metrics-1']!;
    // The injected migrate action writes too; the one block is reported once, where the runner stops.
    assert.deepEqual(withoutRemedies(problems), [
      {
        row: 8,
        outcome: 'error',
        phase: 'warm',
        action: 'allocate',
        step: 'allocate',
        type: 'cluster_block_exception',
        message: 'index [metrics-1] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block];',
      },
    ]);
    assert.match(problems[0]!.remedy, /^Free disk/);
    // The index's timeline says when: the first poll of the warm phase.
    const forecast = await timeline(client, 'metrics-1', { horizon: '2d' });
    const error = forecast.first_error!;
    assert.deepEqual([error.failed_step, error.step_info, error.row, error.remedy], ['allocate', { type: problems[0]!.type, reason: problems[0]!.message }, 8, problems[0]!.remedy]);
    assert.equal(error.time_millis - forecast.start_millis, 86_400_000);
    await assertEntersAt(es, 'metrics-1', 'allocate', error.time_millis);
    await assertExplainShows(client, 'metrics-1', problems[0]!);

    // Freeing disk lifts the block, and the index lints clean from its failed step; until its retry, the console's
    // advice for the failure it reports stays beside it.
    await client.delete({ index: 'metrics-1', id: 'b' });
    assert.deepEqual(await lintCluster(client), {
      'metrics-1': {
        policy: 'warmup',
        problems: [],
        step_info_diagnosis: {
          row: 8,
          cause: 'The disk is above the flood-stage watermark, so every index is read-only (deletes still work).',
          remedy:
            'Free disk space (delete old indices or documents) until usage is below the high watermark, which lifts the block, or raise the watermarks; set up rollover so data moves on. Then press Retry. (the next poll also retries it).',
          retry: 'automatic',
        },
      },
    });
  });
});
