/**
 * Index names with date math, as Elastic's ILM bootstrap documentation creates them (`PUT /<logs-{now/d}-000001>`):
 * resolved on the server's clock at creation and at every rollover, the expression kept as `index.provided_name`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esErrorOf, rawRequest, useEsServer } from '../helpers/es.js';

describe('date math index names', () => {
  const es = useEsServer();

  it('creates today\'s index, and each rollover names the day it happens on', async () => {
    // The helper's clock starts at 2026-01-01T00:00:00Z.
    const created = await rawRequest(es.server.url, 'PUT', `/${encodeURIComponent('<logs-{now/d}-000001>')}`, { aliases: { logs: { is_write_index: true } } });
    assert.deepEqual(created.json, { acknowledged: true, shards_acknowledged: true, index: 'logs-2026.01.01-000001' });
    const settings = await es.client.indices.getSettings({ index: 'logs-2026.01.01-000001', flat_settings: true });
    assert.equal((settings['logs-2026.01.01-000001']!.settings as Record<string, string>)['index.provided_name'], '<logs-{now/d}-000001>');
    await es.advance('1d');
    const rolled = await es.client.indices.rollover({ alias: 'logs' });
    assert.equal(rolled.new_index, 'logs-2026.01.02-000002');
    const next = await es.client.indices.getSettings({ index: 'logs-2026.01.02-000002', flat_settings: true });
    assert.equal((next['logs-2026.01.02-000002']!.settings as Record<string, string>)['index.provided_name'], '<logs-{now/d}-000002>');
    // A named target with date math, and a custom format and time zone.
    const named = await es.client.indices.rollover({ alias: 'logs', new_index: '<logs-{now/M{uuuu.MM|+01:00}}-000003>' } as never);
    assert.equal(named.new_index, 'logs-2026.01-000003');
  });

  it('refuses a malformed expression with ES\'s message', async () => {
    const cases: [string, string][] = [
      ['<x-{now/d{}}>', 'invalid dynamic name expression [now/d{}]. missing date format'],
      ['<x-{now/d{uuuu}x}>', 'invalid dynamic name expression [now/d{uuuu}x]. missing closing `}` for date math format'],
      ['<x-{now/d{uu{uu}}>', 'invalid dynamic name expression [x-{now/d{uu{uu}}>]. invalid character in placeholder at position [12]'],
      ['<{now/d{uuuu.MM.dd|Mars/Olympus}}>', 'invalid dynamic name expression [now/d{uuuu.MM.dd|Mars/Olympus}]. unknown time zone [Mars/Olympus]'],
      ['<x-{now/d{uuuu.QQ}}>', 'invalid dynamic name expression [now/d{uuuu.QQ}]. unsupported letter [Q] in date format [uuuu.QQ]'],
      ['<x-{yesterday}>', 'invalid dynamic name expression [yesterday]. could not parse date math [yesterday]: only now, with +<n><unit>, -<n><unit> and /<unit>, is supported'],
      ['<>', 'nothing captured'],
    ];
    for (const [name, reason] of cases) {
      assert.deepEqual(await esErrorOf(es.client.indices.create({ index: name })), { status: 400, type: 'parse_exception', reason }, name);
    }
    assert.deepEqual(await esErrorOf(es.client.indices.create({ index: '<logs-{now/d>' })), {
      status: 400,
      type: 'parse_exception',
      reason: 'invalid dynamic name expression [logs-{now/d>]. date math placeholder is open ended',
    });
    assert.deepEqual(await esErrorOf(es.client.indices.create({ index: '<logs-}>' })), {
      status: 400,
      type: 'parse_exception',
      reason: 'invalid dynamic name expression [logs-}>]. invalid character at position [6]. `{` and `}` are reserved characters and should be escaped when used as part of the index name using `\\` (e.g. `\\{text\\}`)',
    });
  });

  it('a policy\'s rollover of a date math name without a counter fails naming the expression, as ES does', async () => {
    await es.client.ilm.putLifecycle({ name: 'daily', policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    const settings = { 'index.lifecycle.name': 'daily', 'index.lifecycle.rollover_alias': 'web' };
    const created = await rawRequest(es.server.url, 'PUT', `/${encodeURIComponent('<web-{now/d}>')}`, { settings, aliases: { web: { is_write_index: true } } });
    const index = created.json.index as string;
    await es.advance('10m');
    const record = (await es.client.ilm.explainLifecycle({ index })).indices[index] as unknown as Record<string, unknown>;
    assert.equal(record.step, 'ERROR');
    assert.equal(record.failed_step, 'check-rollover-ready');
    // MetadataRolloverService.generateRolloverIndexName checks index.provided_name and names it in its message.
    assert.deepEqual(record.step_info, { type: 'illegal_argument_exception', reason: "index name [<web-{now/d}>] does not match pattern '^.*-\\d+$'" });
  });
});
