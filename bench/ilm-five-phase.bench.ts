/**
 * Time to run a 90-day, five-phase policy under the virtual clock, through the public API: one index, about
 * 100 and about 1,000 rolled over daily, and 1,000 indices walking the policy side by side.
 * Prints figures; asserts nothing. Run alone: `node --import tsx bench/ilm-five-phase.bench.ts`.
 */
import { Client } from '@elastic/elasticsearch';
import { FIVE_PHASE_POLICY as POLICY } from '../test/helpers/five-phase-policy.js';
import { EPOCH } from '../test/helpers/es.js';
import { startTestServer } from '../test/helpers/server.js';
import { VirtualClock } from '../src/platform/clock.js';
import { count, heading, machineLine, ms, QUICK, table } from './report.js';

interface Scenario {
  readonly label: string;
  /** Write aliases, each starting with one index. */
  readonly aliases: number;
  /** Whether rolled-over indices are managed too (a template gives them the policy), so each alias rolls over daily. */
  readonly rolling: boolean;
}

const SCENARIOS: readonly Scenario[] = [
  { label: 'one index through all five phases', aliases: 1, rolling: false },
  { label: '1 alias rolled over daily (about 100 indices)', aliases: 1, rolling: true },
  { label: `${QUICK ? 2 : 10} aliases rolled over daily (about ${QUICK ? 200 : '1,000'} indices)`, aliases: QUICK ? 2 : 10, rolling: true },
  { label: `${QUICK ? 100 : '1,000'} indices side by side through all five phases`, aliases: QUICK ? 100 : 1_000, rolling: false },
];

const alias = (a: number) => `five-${String(a).padStart(4, '0')}`;

async function run(scenario: Scenario): Promise<string[]> {
  const server = await startTestServer({ clock: new VirtualClock(EPOCH) });
  const client = new Client({ node: server.url });
  try {
    await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
    await client.snapshot.createRepository({ name: 'archive', repository: { type: 'fs', settings: { location: '/s' } } });
    await client.ilm.putLifecycle({ name: 'five', policy: POLICY });
    const setupStarted = performance.now();
    for (let a = 0; a < scenario.aliases; a++) {
      const settings = { 'index.lifecycle.name': 'five', 'index.lifecycle.rollover_alias': alias(a), 'index.number_of_shards': 2 };
      // Without a template an index made by rollover is unmanaged, so the first index walks the policy alone.
      if (scenario.rolling) await client.indices.putIndexTemplate({ name: alias(a), index_patterns: [`${alias(a)}-*`], template: { settings } });
      await client.indices.create({ index: `${alias(a)}-000001`, aliases: { [alias(a)]: { is_write_index: true } }, ...(!scenario.rolling && { settings }) });
    }
    const setupMs = performance.now() - setupStarted;
    const started = performance.now();
    const result = (await client.transport.request({ method: 'POST', path: '/_tessera/clock/_advance', body: { by: '100d' } })) as { ticks: number };
    const elapsed = performance.now() - started;
    const left = (await client.cat.indices({ format: 'json' })).length;
    return [scenario.label, ms(setupMs), ms(elapsed), count(result.ticks), ((elapsed * 1000) / Math.max(1, result.ticks)).toFixed(0), count(left)];
  } finally {
    await client.close();
    await server.dispose();
  }
}

console.log(`machine: ${machineLine()}`);
console.log('Tessera (SQLite, virtual clock) in this process; policy: hot (rollover 1d) → warm 3d (shrink, forcemerge, allocate) → cold 10d and frozen 30d (searchable snapshots) → delete 90d');
const rows: string[][] = [];
for (const scenario of SCENARIOS) rows.push(await run(scenario));
heading('ILM: a 90-day five-phase policy, advance 100d');
console.log(table(['scenario', 'create indices, ms', 'advance 100d, ms', 'poll ticks', 'µs per tick', 'indices left'], rows));
