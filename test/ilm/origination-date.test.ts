/** `index.lifecycle.parse_origination_date`: the lifecycle date from the index name (research §4). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esErrorOf as esError, useEsServer } from '../helpers/es.js';

describe('parse_origination_date', () => {
  const es = useEsServer();

  it('takes the lifecycle date from the name, and min_age counts from it', async () => {
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'by-name', policy: { phases: { delete: { min_age: '40d', actions: { delete: {} } } } } });
    // The virtual clock starts at 2026-01-01; this index's name dates it 2025-12-01, so it is already 31 days old.
    await client.indices.create({ index: 'logs-2025.12.01-000001', settings: { 'index.lifecycle.name': 'by-name', 'index.lifecycle.parse_origination_date': true } });
    const settings = await client.indices.getSettings({ index: 'logs-2025.12.01-000001', flat_settings: true });
    assert.equal(settings['logs-2025.12.01-000001']?.settings?.['index.lifecycle.origination_date'], String(Date.UTC(2025, 11, 1)));
    const explain = (await client.ilm.explainLifecycle({ index: 'logs-2025.12.01-000001' })).indices['logs-2025.12.01-000001'] as unknown as Record<string, unknown>;
    assert.equal(explain.lifecycle_date_millis, Date.UTC(2025, 11, 1));
    assert.equal(explain.age, '31d');
    await es.advance('8d');
    assert.equal(await client.indices.exists({ index: 'logs-2025.12.01-000001' }), true, '39 days old');
    await es.advance('1d');
    await es.advance('10m'); // delete's wait-for-shard-history-leases waits for a poll
    assert.equal(await client.indices.exists({ index: 'logs-2025.12.01-000001' }), false, '40 days after the date in its name');
  });

  it('refuses to create an index whose name has no date, or a date that does not exist', async () => {
    const { client } = es;
    const settings = { 'index.lifecycle.name': 'by-name', 'index.lifecycle.parse_origination_date': true };
    assert.deepEqual(await esError(client.indices.create({ index: 'logs-undated', settings })), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: "index name [logs-undated] does not match pattern '^.*-(\\d{4}.\\d{2}.\\d{2})(-[\\d]+)?$'",
    });
    assert.deepEqual(await esError(client.indices.create({ index: 'logs-2025.02.30', settings })), {
      status: 400,
      type: 'illegal_argument_exception',
      reason: "index name [logs-2025.02.30] contains date [2025.02.30] which couldn't be parsed using the 'yyyy.MM.dd' format",
    });
    assert.equal(await client.indices.exists({ index: 'logs-undated' }), false);
  });
});
