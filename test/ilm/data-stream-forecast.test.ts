/**
 * The forecast of a data stream (issue 16): `POST /_tessera/ilm/simulate` for a data stream's name runs the stream
 * `PUT /_data_stream/<name>` would create. Each rollover adds the next backing index (`.ds-<name>-<date>-<gen>`),
 * which follows the policy in its turn; documents go to the write index only; old backing indices move through the
 * phases and are deleted; the answer groups the backing indices under their stream. `GET /_tessera/ilm/timeline/<name>`
 * forecasts an existing stream from its write index.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer, type Row } from '../helpers/es.js';
import { simulate, timeline } from '../helpers/simulate.js';

const DAY = 86_400_000;
const POLICY = {
  phases: {
    hot: { actions: { rollover: { max_age: '1d' } } },
    delete: { min_age: '2d', actions: { delete: {} } },
  },
};
const TEMPLATES = [{ name: 'metrics', index_patterns: ['metrics-*'], data_stream: {}, priority: 200, template: { settings: { 'index.lifecycle.name': 'metrics-policy' } } }];

describe('forecast of a data stream', () => {
  const es = useEsServer();

  it('rolls the stream over every day, fills only the write index, deletes old backing indices, and groups them under the stream', async () => {
    const forecast = await simulate(es.client, {
      policy: POLICY,
      index: { name: 'metrics-app' },
      templates: TEMPLATES,
      horizon: '84h',
      documents: { per_day: 1000, size: '1kb' },
    });
    assert.equal(forecast.first_error, null, JSON.stringify(forecast.first_error));
    const first = '.ds-metrics-app-2026.01.01-000001';
    assert.equal(forecast.index, first);

    const created = forecast.events.filter((e) => e.kind === 'created');
    assert.deepEqual(
      created.map((e) => [e.index, e.cause, e.from, e.data_stream]),
      [
        ['.ds-metrics-app-2026.01.02-000002', 'rollover', first, 'metrics-app'],
        ['.ds-metrics-app-2026.01.03-000003', 'rollover', '.ds-metrics-app-2026.01.02-000002', 'metrics-app'],
        ['.ds-metrics-app-2026.01.04-000004', 'rollover', '.ds-metrics-app-2026.01.03-000003', 'metrics-app'],
      ],
    );
    // Each generation is rolled over a day after it was created, and deleted two days after its rollover.
    const deleted = forecast.events.filter((e) => e.kind === 'deleted').map((e) => e.index);
    assert.deepEqual(deleted, [first]);
    const rolledAt = created[0]!.time_millis;
    const deletedAt = forecast.events.find((e) => e.kind === 'deleted')!.time_millis;
    assert.ok(rolledAt >= forecast.start_millis + DAY && deletedAt >= rolledAt + 2 * DAY, JSON.stringify({ rolledAt, deletedAt }));

    const stream = (forecast.data_streams as Record<string, Row>)['metrics-app']!;
    assert.deepEqual(stream, {
      generation: 4,
      write_index: '.ds-metrics-app-2026.01.04-000004',
      indices: ['.ds-metrics-app-2026.01.02-000002', '.ds-metrics-app-2026.01.03-000003', '.ds-metrics-app-2026.01.04-000004'],
    });
    for (const name of stream.indices) assert.equal(forecast.indices[name]!.data_stream, 'metrics-app', name);
    // Documents stop at a backing index's rollover: a day's worth each, the write index only what came since its own.
    const second = forecast.indices['.ds-metrics-app-2026.01.02-000002']!;
    assert.ok(second.docs_count >= 990 && second.docs_count <= 1010, JSON.stringify(second));
    assert.deepEqual([second.phase, second.action], ['hot', 'complete']);
    const write = forecast.indices['.ds-metrics-app-2026.01.04-000004']!;
    assert.ok(write.docs_count < 1000, JSON.stringify(write));
    assert.equal(write.step, 'check-rollover-ready');
  });

  it('GET timeline of an existing data stream starts from its write index and follows every backing index', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'metrics-policy', policy: POLICY as never });
    await client.indices.putIndexTemplate(TEMPLATES[0] as never);
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    await client.transport.request({ method: 'PUT', path: '/_data_stream/metrics-live' });
    await es.advance('20m');
    await client.indices.rollover({ alias: 'metrics-live' });
    const [old, write] = ['.ds-metrics-live-2026.01.01-000001', '.ds-metrics-live-2026.01.01-000002'];
    const forecast = await timeline(client, 'metrics-live', { horizon: '36h' });
    assert.equal(forecast.index, write);
    // The stream is rolled over by ILM a day after the rollover by hand; the older index is past its rollover.
    const created = forecast.events.filter((e) => e.kind === 'created');
    assert.deepEqual(
      created.map((e) => [e.index, e.from, e.data_stream]),
      [['.ds-metrics-live-2026.01.02-000003', write, 'metrics-live']],
    );
    assert.deepEqual((forecast.data_streams as Record<string, Row>)['metrics-live'], {
      generation: 3,
      write_index: '.ds-metrics-live-2026.01.02-000003',
      indices: [old, write, '.ds-metrics-live-2026.01.02-000003'],
    });
    assert.deepEqual([forecast.indices[old]!.phase, forecast.indices[old]!.step], ['hot', 'complete']);
  });
});
