/**
 * The console's cluster page in a real browser: the disk figures and the watermarks on the disk bar, the circuit
 * breaker limits, the ILM mode and the clock, each matching what the API reports; and advancing the virtual clock
 * from the console, after which the lifecycle table shows the new phase.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator } from 'playwright-core';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { EPOCH, explainRecord, startEsServer, type EsFixture } from '../helpers/es.js';
// ES's byte text, as `_cat` prints it without `bytes=` (test/platform/units/byte-size.test.ts pins its forms).
import { byteSizeText as byteText } from '../../src/platform/units/index.js';

const WAIT = { timeout: 30_000 };
const DAY = 86_400_000;

interface Allocation {
  'disk.used': string;
  'disk.avail': string;
  'disk.total': string;
  'disk.percent': string;
  shards: string;
}

/** The definition list's values by term, for the facts shown in `scope`. */
async function facts(scope: Locator): Promise<Record<string, string>> {
  return scope.locator('dl').first().evaluate((dl) => {
    const out: Record<string, string> = {};
    for (const dt of dl.querySelectorAll('dt')) out[dt.textContent!] = (dt.nextElementSibling as HTMLElement).textContent!;
    return out;
  });
}

async function tableRows(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent!)));
}

async function clock(es: EsFixture): Promise<{ mode: string; now: string; now_millis: number }> {
  return (await es.client.transport.request({ method: 'GET', path: '/_tessera/clock' })) as never;
}

describe('the console: cluster', { skip: browserSkip }, () => {
  let browser: Browser;
  let es: EsFixture;

  before(async () => {
    browser = await launchBrowser();
    es = await startEsServer();
    const { client } = es;
    // A 10kb disk; low as a percentage (persistent), high as free bytes (transient), flood stage left at its default.
    await client.cluster.putSettings({
      persistent: { 'tessera.disk.capacity': '10kb', 'cluster.routing.allocation.disk.watermark.low': '50%', 'indices.breaker.request.limit': '2kb' },
      transient: { 'cluster.routing.allocation.disk.watermark.high': '1kb' },
    });
    await client.indices.create({ index: 'data-000001', settings: { 'index.number_of_replicas': 0 } });
    await client.index({ index: 'data-000001', id: 'a', document: { text: 'x'.repeat(3000) } });
    await client.index({ index: 'data-000001', id: 'b', document: { text: 'y'.repeat(3000) } });
    // An index whose warm phase starts after a day, for the clock.
    await client.ilm.putLifecycle({ name: 'age', policy: { phases: { warm: { min_age: '1d', actions: { set_priority: { priority: 5 } } } } } });
    await client.indices.create({ index: 'aging-000001', settings: { 'index.lifecycle.name': 'age', 'index.number_of_replicas': 0 } });
  });

  after(async () => {
    await browser?.close();
    await es?.client.close();
    await es?.server.dispose();
  });

  it('shows the disk against its watermarks, the breaker limits, the ILM mode and the clock as the API reports them', async () => {
    const { client } = es;
    const [allocation] = (await client.transport.request({ method: 'GET', path: '/_cat/allocation', querystring: { format: 'json', bytes: 'b' } })) as Allocation[];
    const total = Number(allocation!['disk.total']);
    const used = Number(allocation!['disk.used']);
    const free = Number(allocation!['disk.avail']);
    const stats = await client.nodes.stats({ metric: 'fs' });
    const fs = Object.values(stats.nodes)[0]!.fs!.total!;
    assert.deepEqual([fs.total_in_bytes, fs.free_in_bytes], [total, free], '_nodes/stats and _cat/allocation agree');
    assert.equal(total, 10240);
    const usedPercent = (used / total) * 100;
    assert.ok(usedPercent > 50 && usedPercent < 90, `between low and high: ${usedPercent}`);

    const page = await openConsole(browser, es.server.url, '#/cluster');
    const disk = page.getByRole('region', { name: 'Disk of node tessera-0' });
    await disk.waitFor(WAIT);
    await disk.getByRole('table', { name: 'Disk watermarks' }).waitFor(WAIT);
    const shown = await facts(disk);
    assert.deepEqual(shown, {
      Total: `${byteText(total)} (${total} bytes)`,
      Used: `${byteText(used)} (${used} bytes)`,
      Free: `${byteText(free)} (${free} bytes)`,
      'Used share': `${Math.round(usedPercent * 10) / 10}%`,
      Shards: allocation!.shards,
    });
    assert.equal(Math.floor(usedPercent), Number(allocation!['disk.percent']));

    const meter = page.getByRole('meter', { name: 'Disk used on tessera-0' });
    assert.equal(Number(await meter.getAttribute('aria-valuenow')), Math.round(usedPercent * 10) / 10);
    assert.equal(await meter.getAttribute('aria-valuetext'), `${Math.round(usedPercent * 10) / 10}% used: ${byteText(used)} of ${byteText(total)}`);

    // The watermarks: values and where they come from, as _cluster/settings has them.
    const settings = await client.cluster.getSettings({ include_defaults: true, flat_settings: true });
    assert.equal(settings.persistent['cluster.routing.allocation.disk.watermark.low'], '50%');
    assert.equal(settings.transient['cluster.routing.allocation.disk.watermark.high'], '1kb');
    // Settings left at their default: from `defaults` when the server reports them there, else Elasticsearch's
    // documented default (Tessera's `include_defaults` leaves out the disk and breaker settings).
    const fallback = (key: string, documented: string) =>
      settings.defaults?.[key] !== undefined ? [String(settings.defaults[key]), 'default'] : [documented, 'default (Elasticsearch’s; not reported by the server)'];
    const [flood, floodSource] = fallback('cluster.routing.allocation.disk.watermark.flood_stage', '95%');
    assert.deepEqual(await tableRows(disk.getByRole('table', { name: 'Disk watermarks' })), [
      ['Low', 'cluster.routing.allocation.disk.watermark.low', '50%', 'persistent setting', '50% used', 'yes'],
      ['High', 'cluster.routing.allocation.disk.watermark.high', '1kb', 'transient setting', '90% used', 'no'],
      ['Flood stage', 'cluster.routing.allocation.disk.watermark.flood_stage', flood, floodSource, '95% used', 'no'],
    ]);
    assert.equal(await disk.locator('.disk-state').textContent(), 'Above the low watermark: no new replicas are placed on the node.');

    // On the bar: each mark at its share of the bar's width, the used part up to the used share.
    const bar = (await meter.boundingBox())!;
    for (const [label, percent] of [
      ['Low watermark 50% at 50% used', 50],
      ['High watermark 1kb at 90% used', 90],
      ['Flood stage watermark 95% at 95% used', 95],
    ] as const) {
      const mark = (await disk.getByRole('img', { name: label }).boundingBox())!;
      assert.ok(Math.abs(mark.x - (bar.x + (bar.width * percent) / 100)) < 3, `${label}: ${mark.x} on a bar from ${bar.x}, ${bar.width} wide`);
    }
    const fill = (await meter.locator('.disk-used').boundingBox())!;
    assert.ok(Math.abs(fill.width - (bar.width * usedPercent) / 100) < 2);

    // Breakers.
    assert.equal(settings.persistent['indices.breaker.request.limit'], '2kb');
    assert.deepEqual((await tableRows(page.getByRole('table', { name: /^Circuit breaker limits/ }))).map((r) => r.slice(0, 4)), [
      ['Parent (total)', 'indices.breaker.total.limit', ...fallback('indices.breaker.total.limit', '95%')],
      ['Request', 'indices.breaker.request.limit', '2kb', 'persistent setting'],
    ]);

    // ILM and the clock.
    const ilm = await client.ilm.getStatus();
    const ilmFacts = await facts(page.getByRole('region', { name: 'Index lifecycle management' }));
    assert.deepEqual(ilmFacts, { 'Operation mode': ilm.operation_mode, 'Poll interval': '10m (default)' });
    const now = await clock(es);
    assert.deepEqual(await facts(page.getByRole('region', { name: 'Clock' })), {
      Mode: 'virtual',
      Now: `${now.now} (2026-01-01 00:00:00 UTC)`,
      'Poll ticks every': '10m',
    });
    assert.equal(now.now_millis, EPOCH);
    await screenshot(page, 'cluster');
    await page.context().close();
  });

  it('advances the virtual clock from the console; the lifecycle table then shows the new phase', async () => {
    const { client } = es;
    const before = await clock(es);
    assert.equal((await explainRecord(client, 'aging-000001')).phase, 'new');

    const page = await openConsole(browser, es.server.url, '#/cluster');
    const clockRegion = page.getByRole('region', { name: 'Clock' });
    await clockRegion.getByLabel('Advance by').waitFor(WAIT);

    // A value the server refuses: its message, verbatim, and time stands still.
    await clockRegion.getByLabel('Advance by').fill('soon');
    await clockRegion.getByRole('button', { name: 'Advance clock' }).click();
    const refused = clockRegion.getByRole('alert');
    await refused.waitFor(WAIT);
    assert.equal(await refused.locator('.error-reason').textContent(), 'failed to parse setting [by] with value [soon] as a time value: unit is missing or unrecognized');
    assert.equal((await clock(es)).now_millis, before.now_millis);

    await clockRegion.getByLabel('Advance by').fill('1d');
    await clockRegion.getByRole('button', { name: 'Advance clock' }).click();
    const status = clockRegion.getByRole('status');
    await status.waitFor(WAIT);
    const afterAdvance = await clock(es);
    assert.equal(afterAdvance.now_millis, before.now_millis + DAY, 'GET /_tessera/clock moved by a day');
    assert.match((await status.textContent())!, /^Advanced by 1d: now 2026-01-02 00:00:00 UTC; \d+ poll ticks? ran\.$/);
    await clockRegion.locator('.clock-now').filter({ hasText: afterAdvance.now }).waitFor(WAIT);
    assert.equal(await refused.count(), 0, 'the earlier refusal is gone');
    await screenshot(page, 'cluster-after-advance');

    // The lifecycle view, reached through the console's own navigation, shows the index in its new phase.
    assert.equal((await explainRecord(client, 'aging-000001')).phase, 'warm');
    await page.getByRole('link', { name: 'Index lifecycle' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'aging-000001', exact: true }) });
    await row.waitFor(WAIT);
    const record = await explainRecord(client, 'aging-000001');
    assert.deepEqual((await row.locator('th, td').allTextContents()).slice(0, 6), ['aging-000001', 'age', 'warm', record.action, record.step, '1d']);
    assert.equal(await page.locator('.as-of').textContent(), 'As of 2026-01-02 00:00:00 UTC (virtual clock)');
    await screenshot(page, 'lifecycle-after-advance');
    await page.context().close();
  });
});
