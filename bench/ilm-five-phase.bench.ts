/**
 * Time to run a 90-day, five-phase policy under the virtual clock, through the public API.
 * Prints figures; asserts nothing. Run: `npm run bench`.
 */
import { Client } from '@elastic/elasticsearch';
import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { FIVE_PHASE_POLICY as POLICY } from '../test/helpers/five-phase-policy.js';
import { startTestServer, tempDataDir } from '../test/helpers/server.js';
import { VirtualClock } from '../src/platform/clock.js';

async function run(label: string, rolling: boolean): Promise<void> {
  const dataDir = tempDataDir();
  const server = await startTestServer({ dataDir, clock: new VirtualClock(Date.UTC(2026, 0, 1)) });
  const client = new Client({ node: server.url });
  try {
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    await client.snapshot.createRepository({ name: 'archive', repository: { type: 'fs', settings: { location: '/s' } } });
    await client.ilm.putLifecycle({ name: 'five', policy: POLICY });
    await client.indices.putIndexTemplate({
      name: 'five',
      index_patterns: ['five-*'],
      template: { settings: { 'index.lifecycle.name': 'five', 'index.lifecycle.rollover_alias': 'five', 'index.number_of_shards': 2 } },
    });
    await client.indices.create({ index: 'five-000001', aliases: { five: { is_write_index: true } } });
    if (!rolling) {
      // Stop after the first rollover: one index walks the whole policy alone.
      await client.transport.request({ method: 'POST', path: '/_tessera/clock/_advance', body: { by: '1d' } });
      await client.ilm.removePolicy({ index: 'five-000002' });
    }
    const started = performance.now();
    const result = (await client.transport.request({ method: 'POST', path: '/_tessera/clock/_advance', body: { by: '100d' } })) as { ticks: number };
    const elapsed = performance.now() - started;
    const indices = (await client.cat.indices({ format: 'json' })).length;
    console.log(`${label}: advance 100d took ${elapsed.toFixed(0)} ms over ${result.ticks} poll ticks (${((elapsed * 1000) / Math.max(1, result.ticks)).toFixed(0)} µs/tick); ${indices} indices left`);
  } finally {
    await client.close();
    await server.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, store: SQLite (embedded)`);
await run('one index through all five phases', false);
await run('a new index rolled over every day (about 100 indices)', true);
