/**
 * `tessera ilm forecast --diagnostics <dir>` on a support-diagnostics folder of an Elasticsearch 8.15 cluster
 * (test/fixtures/diagnostics/es-8.15, each file shaped as ES answers its call): what will fail, get stuck or fill
 * the disk and when, what is in ERROR now, as text and JSON, the exit codes 0/1/2, and bad bundles refused whole.
 *
 * The cluster, taken at 2026-03-10T12:00Z: alias [app] over app-000001 (created 12h before, one shard; its policy
 * rolls over at 1d and shrinks to one shard 2d later); metrics-2026.03 with no rollover alias; data stream
 * [logs-web] writing 1,000,000 documents a day (7,000,000 in 7 days) of 1000 bytes on a 100 GiB disk with 12 GiB
 * free; old-000003 in ERROR on a shrink; archive-1 under a policy that does not exist.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runTessera } from '../helpers/bin.js';
import { filesOf, zipOf } from '../helpers/zip-writer.js';

const FIXTURE = new URL('../fixtures/diagnostics/es-8.15/', import.meta.url).pathname;
const UNMANAGED = new URL('../fixtures/diagnostics/es-8.15-unmanaged/', import.meta.url).pathname;

/** Asserts that the output holds a line, whole. */
function expectLines(stdout: string): (line: string) => void {
  const lines = stdout.split('\n');
  return (line) => assert.ok(lines.includes(line), `missing line: ${line}\n\n${stdout}`);
}

describe('tessera ilm forecast', () => {
  let dir: string;
  /** A copy of the bundle, changed by `change`, for one case of bad input. */
  const variant = (name: string, change: (bundle: string) => void): string => {
    const bundle = join(dir, name);
    cpSync(FIXTURE, bundle, { recursive: true });
    change(bundle);
    return bundle;
  };
  const forecast = (args: string[]) => runTessera(['ilm', 'forecast', ...args], { cwd: dir });

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-forecast-cli-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('predicts each failure at its time, with the error, the row and the remedy, and exits 1', async () => {
    const run = await forecast(['--diagnostics', FIXTURE]);
    assert.equal(run.code, 1, run.stderr);
    const expect = expectLines(run.stdout);
    const lines = run.stdout.split('\n');
    expect('Cluster [prod-logs] (Elasticsearch 8.15.3), 30d from 2026-03-10T12:00:00.000Z');
    // Already failed, with the fix.
    expect('In ERROR now:');
    expect('  old-000003 (row 1) at warm/shrink/shrink under policy [app]');
    expect('    illegal_argument_exception: the number of target shards [1] must be less than the number of source shards [1]');
    expect('  archive-1 at new/complete under policy [gone]');
    expect('    remedy: Create the policy with PUT /_ilm/policy/gone, or set index.lifecycle.name to a policy that exists.');
    // The missing rollover alias fails at the first poll, ten minutes in.
    expect('index [metrics-2026.03] under policy [metrics], not written to:');
    expect('  +10m (2026-03-10T12:10:00.000Z) error (row 4) at metrics-2026.03 hot/rollover/check-rollover-ready');
    expect('    illegal_argument_exception: setting [index.lifecycle.rollover_alias] for index [metrics-2026.03] is empty or not defined');
    // Both streams fill one disk: 10^9 + 5·10^7 bytes a day leave less than 5% of 100 GiB free once the 7 GiB above it
    // are gone, after 7.158 days, at the write step of 15:50: the flood stage blocks every index.
    expect('The disk, filled by every stream written:');
    expect('  +7.15d (2026-03-17T15:50:00.000Z) flood stage');
    expect('data stream [logs-web] (write index .ds-logs-web-2026.03.03-000001) under policy [logs], 1000000 documents a day (estimated: 7000000 documents over 7d):');
    expect('  +7.15d (2026-03-17T15:50:00.000Z) disk flood stage on .ds-logs-web-2026.03.03-000001');
    expect('    cluster_block_exception: index [.ds-logs-web-2026.03.03-000001] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block];');
    // Its rollover at max_age 30d (23 days in) then fails on that block.
    expect('  +23d (2026-04-02T12:00:00.000Z) error (row 8) at .ds-logs-web-2026.03.03-000001 hot/rollover/attempt-rollover');
    // app rolls over daily (app-000008 is written to by then), and its next rollover, at 1d old, meets the block.
    // The high watermark is passed at 2.05d (2 GiB at 1.05·10^9 bytes a day), before app-000001 is due in warm
    // (03-13, 2.5d in): it waits in migrate (check-migration) for good, and app-000002 there a day later; it never
    // reaches its shrink, which only lint, undated, sees. From the same day, each new index a rollover makes cannot
    // be placed: the rollover of app-000003 (2.5d) and the next four wait at wait-for-active-shards.
    expect('alias [app] (write index app-000001) under policy [app], 50000 documents a day (estimated: 50000 documents over 12h):');
    expect('  +2.5d (2026-03-13T00:00:00.000Z) stuck (row 8) at app-000001 warm/migrate/check-migration');
    expect('    high disk watermark [10737418240b] exceeded on [tessera-0]');
    expect('    also waiting there: app-000002');
    expect('    remedy: Free disk space, for example by deleting old indices or documents, or raise the high watermark; set up rollover so data moves on from the hot phase. The step is waiting, not failed: it goes on by itself once there is room.');
    expect('  +2.5d (2026-03-13T00:00:00.000Z) stuck (row 8) at app-000003 hot/rollover/wait-for-active-shards');
    expect('    also waiting there: app-000004, app-000005, app-000006, app-000007');
    expect('  +7.15d (2026-03-17T15:50:00.000Z) disk flood stage on app-000008');
    expect('  +7.5d (2026-03-18T00:00:00.000Z) error (row 8) at app-000008 hot/rollover/attempt-rollover');
    expect('  lint: error (row 1) at app-000001 warm/shrink/shrink');
    // Lint's findings the timeline does not date: the missing policy, and the name rollover cannot increment.
    expect('  lint: stuck at archive-1');
    expect("    illegal_argument_exception: index name [metrics-2026.03] does not match pattern '^.*-\\d+$'");
    assert.equal(lines.at(-2), '5 managed indices, 5 forecast over 30d: 5 will fail, get stuck or fill the disk; 7 indices wait for good; 2 in ERROR now; the disk reaches the flood stage in 7.15d');
    // A rollover whose conditions are not met yet (logs-web's, until 30d) is how an index lives in hot, not a wait.
    assert.ok(!run.stdout.includes('check-rollover-ready\n    high'), run.stdout);
    // A finding the timeline dates is not repeated undated.
    assert.ok(!run.stdout.includes('lint: error (row 4) at metrics-2026.03'), run.stdout);
    // An index not written to hears of the flood stage once, above, not under its own name.
    assert.ok(!run.stdout.includes('disk flood stage on archive-1'), run.stdout);
  });

  it('--json: the report with times in milliseconds, and the same exit code', async () => {
    const run = await forecast(['--diagnostics', FIXTURE, '--json']);
    assert.equal(run.code, 1, run.stderr);
    const report = JSON.parse(run.stdout);
    assert.deepEqual(
      report.targets.map((t: { name: string; kind: string }) => [t.kind, t.name]),
      [
        ['data_stream', 'logs-web'],
        ['alias', 'app'],
        ['index', 'archive-1'],
        ['index', 'metrics-2026.03'],
        ['index', 'old-000003'],
      ],
    );
    // Where each write index stands as the bundle was taken (explain's phase): where its lane starts.
    assert.deepEqual(report.targets.map((t: { phase?: string }) => t.phase), ['hot', 'hot', 'new', 'hot', 'warm']);
    const app = report.targets[1];
    assert.deepEqual(app.documents, { per_day: 50000, size_in_bytes: 1000, rate: 'estimated: 50000 documents over 12h' });
    assert.deepEqual(app.forecast[0], {
      outcome: 'stuck',
      index: 'app-000001',
      time: '2026-03-13T00:00:00.000Z',
      time_millis: Date.parse('2026-03-13T00:00:00.000Z'),
      elapsed: '2.5d',
      phase: 'warm',
      action: 'migrate',
      step: 'check-migration',
      message: 'high disk watermark [10737418240b] exceeded on [tessera-0]',
      row: 8,
      remedy: 'Free disk space, for example by deleting old indices or documents, or raise the high watermark; set up rollover so data moves on from the hot phase. The step is waiting, not failed: it goes on by itself once there is room.',
      also: ['app-000002'],
    });
    assert.deepEqual(app.forecast[3], {
      outcome: 'error',
      index: 'app-000008',
      time: '2026-03-18T00:00:00.000Z',
      time_millis: Date.parse('2026-03-18T00:00:00.000Z'),
      elapsed: '7.5d',
      phase: 'hot',
      action: 'rollover',
      step: 'attempt-rollover',
      type: 'cluster_block_exception',
      message: 'index [app-000008] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block];',
      row: 8,
      remedy: 'Free disk (delete old data) or raise cluster.routing.allocation.disk.watermark.flood_stage; the block is released once usage is below the high watermark.',
    });
    assert.deepEqual(report.disk, {
      time: '2026-03-17T15:50:00.000Z',
      time_millis: Date.parse('2026-03-17T15:50:00.000Z'),
      elapsed: '7.15d',
      message: 'the disk passes the flood-stage watermark: Elasticsearch puts a read-only-allow-delete block on every index with a shard on the node, and refuses writes to them',
      remedy: 'Free disk or add nodes before then: delete or shrink old indices sooner (an earlier delete phase), or lower the rate of writes. ES lifts the block by itself once usage falls below the high watermark.',
    });
    assert.deepEqual(
      report.targets[0].forecast.map((f: { outcome: string; time: string; row: number | null }) => [f.outcome, f.time, f.row]),
      [
        ['disk', '2026-03-17T15:50:00.000Z', null],
        ['error', '2026-04-02T12:00:00.000Z', 8],
      ],
    );
    assert.deepEqual(
      report.in_error.map((e: { index: string; failed_step?: string; row: number | null }) => [e.index, e.failed_step, e.row]),
      [
        ['archive-1', undefined, null],
        ['old-000003', 'shrink', 1],
      ],
    );
    assert.deepEqual(report.summary, {
      managed_indices: 5,
      forecast: 5,
      failing: 5,
      stuck: 7,
      in_error: 2,
      text: '5 managed indices, 5 forecast over 30d: 5 will fail, get stuck or fill the disk; 7 indices wait for good; 2 in ERROR now; the disk reaches the flood stage in 7.15d',
    });
    assert.deepEqual(report.not_seen, []);
    // Every data stream and alias written to is managed here.
    assert.deepEqual(report.disk_writers, []);
  });

  it('exits 1 when the only finding is a step that waits for good', async () => {
    // Only app and logs-web, and app's warm phase without its shrink: nothing fails within 3 days, and nothing lint
    // sees; but the high watermark passed at 2.05d holds app-000001's migrate from 2.5d, when it enters warm.
    const bundle = variant('waits', (b) => {
      const gone = ['metrics-2026.03', 'archive-1', 'old-000003'];
      const state = JSON.parse(readFileSync(join(b, 'cluster_state.json'), 'utf8'));
      for (const name of gone) delete state.metadata.indices[name];
      writeFileSync(join(b, 'cluster_state.json'), JSON.stringify(state));
      const explain = JSON.parse(readFileSync(join(b, 'commercial/ilm_explain.json'), 'utf8'));
      for (const name of gone) delete explain.indices[name];
      writeFileSync(join(b, 'commercial/ilm_explain.json'), JSON.stringify(explain));
      const policies = JSON.parse(readFileSync(join(b, 'commercial/ilm_policies.json'), 'utf8'));
      policies.app.policy.phases.warm.actions = {};
      writeFileSync(join(b, 'commercial/ilm_policies.json'), JSON.stringify(policies));
    });
    const run = await forecast(['--diagnostics', bundle, '--horizon', '3d', '--json']);
    assert.equal(run.code, 1, run.stderr);
    const report = JSON.parse(run.stdout);
    assert.deepEqual(
      report.targets.flatMap((t: { forecast: { outcome: string; index: string; step: string; elapsed: string }[]; lint: unknown[] }) => [
        ...t.forecast.map((f) => [f.outcome, f.index, f.step, f.elapsed]),
        ...t.lint,
      ]),
      [
        ['stuck', 'app-000001', 'check-migration', '2.5d'],
        ['stuck', 'app-000003', 'wait-for-active-shards', '2.5d'],
      ],
    );
    assert.equal(report.summary.text, '2 managed indices, 2 forecast over 3d: 1 will fail, get stuck or fill the disk; 2 indices wait for good; 0 in ERROR now');
  });

  it('adds the writes of data streams and aliases no policy manages to the disk, and --rate names them', async () => {
    // es-8.15-unmanaged: logs-web as in es-8.15 (10^9 bytes a day), and two streams no policy manages: data stream
    // traces-app (2,000,000 documents of 1000 bytes in 4 days) and alias audit (is_write_index on audit-000001,
    // 1,000,000 in 2 days), 5·10^8 bytes a day each; audit-2025, behind alias audit-archive, has a write block and is
    // not written. The same 100 GiB disk with 12 GiB free, flood stage at 5 GiB free: 7 GiB = 7,516,192,768 bytes.
    const [all, managedOnly] = await Promise.all([
      forecast(['--diagnostics', UNMANAGED]),
      forecast(['--diagnostics', UNMANAGED, '--rate', 'traces-*=0', '--rate', 'audit=0', '--json']),
    ]);
    assert.equal(all.code, 1, all.stderr);
    const expect = expectLines(all.stdout);
    expect('Written to, but managed by no policy (their documents fill the disk too):');
    expect('  data stream [traces-app] (write index .ds-traces-app-2026.03.06-000001), 500000 documents a day (estimated: 2000000 documents over 4d)');
    expect('  alias [audit] (write index audit-000001), 500000 documents a day (estimated: 1000000 documents over 2d)');
    // 2·10^9 bytes a day: 3.758 days (5411.7 minutes), so the write step of minute 5420, 3d 18h 20m in.
    expect('  +3.76d (2026-03-14T06:20:00.000Z) flood stage');
    expect('  +3.76d (2026-03-14T06:20:00.000Z) disk flood stage on .ds-logs-web-2026.03.03-000001');
    // They are writers, not targets: nothing of theirs is forecast to fail.
    assert.ok(!all.stdout.includes('under policy [traces') && !all.stdout.includes('alias [audit] (write index audit-000001) under'), all.stdout);
    assert.ok(!all.stdout.includes('audit-archive'), all.stdout);
    // Without them, logs-web's 10^9 bytes a day alone: 7.516 days (10823.3 minutes), the write step of minute 10830.
    const report = JSON.parse(managedOnly.stdout);
    assert.equal(report.disk.time, '2026-03-18T00:30:00.000Z');
    assert.deepEqual(report.disk_writers, [
      { name: 'traces-app', kind: 'data_stream', write_index: '.ds-traces-app-2026.03.06-000001', documents: { per_day: 0, size_in_bytes: 1000, rate: '--rate traces-*=0' } },
      { name: 'audit', kind: 'alias', write_index: 'audit-000001', documents: { per_day: 0, size_in_bytes: 1000, rate: '--rate audit=0' } },
    ]);
    assert.deepEqual(report.targets.map((t: { name: string }) => t.name), ['logs-web']);
  });

  it("reads the bundle's zip as it reads its folder; a cut zip is refused", async () => {
    // The tool's zip holds one folder named after the time it ran.
    const zip = zipOf(filesOf(FIXTURE).map((file) => [`api-diagnostics-20260310-120000/${file}`, readFileSync(join(FIXTURE, file))]));
    writeFileSync(join(dir, 'bundle.zip'), zip);
    const [fromZip, fromFolder] = await Promise.all([forecast(['--diagnostics', join(dir, 'bundle.zip')]), forecast(['--diagnostics', FIXTURE])]);
    assert.equal(fromZip.code, 1, fromZip.stderr);
    assert.equal(fromZip.stdout, fromFolder.stdout);
    writeFileSync(join(dir, 'cut.zip'), zip.subarray(0, zip.length - 100));
    const cut = await forecast(['--diagnostics', join(dir, 'cut.zip')]);
    assert.deepEqual([cut.code, cut.stderr], [2, `tessera ilm forecast: --diagnostics: ${join(dir, 'cut.zip')}: not a zip archive, or a truncated one (no end of central directory)\n`]);
  });

  it('reads a 7.17 bundle as an 8.x one', async () => {
    const bundle = variant('es-7.17', (b) => {
      const version = JSON.parse(readFileSync(join(b, 'version.json'), 'utf8'));
      version.version.number = '7.17.22';
      writeFileSync(join(b, 'version.json'), JSON.stringify(version));
    });
    const run = await forecast(['--diagnostics', bundle]);
    assert.equal(run.code, 1, run.stderr);
    assert.ok(run.stdout.startsWith('Cluster [prod-logs] (Elasticsearch 7.17.22), 30d from 2026-03-10T12:00:00.000Z\n'), run.stdout);
  });

  it('--horizon and --rate: a shorter look, a rate given instead of the one estimated', async () => {
    const short = JSON.parse((await forecast(['--diagnostics', FIXTURE, '--horizon', '2d', '--json'])).stdout);
    // Within two days only the missing rollover alias fails; the shrink and the disk come later.
    assert.deepEqual(
      short.targets.flatMap((t: { forecast: { index: string; time: string }[] }) => t.forecast.map((f) => [f.index, f.time])),
      [['metrics-2026.03', '2026-03-10T12:10:00.000Z']],
    );
    const busy = await forecast(['--diagnostics', FIXTURE, '--rate', 'logs-*=100000', '--rate', 'logs-web=2000000', '--json']);
    const logs = JSON.parse(busy.stdout).targets.find((t: { name: string }) => t.name === 'logs-web');
    // The last pattern that matches wins; with app's 5·10^7 bytes a day, 2.05·10^9 fill the 7 GiB in 3.666 days.
    assert.deepEqual(logs.documents, { per_day: 2000000, size_in_bytes: 1000, rate: '--rate logs-web=2000000' });
    assert.deepEqual(logs.forecast.map((f: { outcome: string; time: string }) => [f.outcome, f.time]), [['disk', '2026-03-14T04:00:00.000Z'], ['error', '2026-04-02T12:00:00.000Z']]);
    // A tenth of the writes (and app's) never reach the flood stage within 30 days; but 1.5·10^8 bytes a day pass the
    // high watermark (2 GiB) at 14.3 days, so the rollover at 30d makes an index that cannot be placed: it waits.
    const slow = JSON.parse((await forecast(['--diagnostics', FIXTURE, '--rate', 'logs-*=100000', '--json'])).stdout);
    assert.equal(slow.disk, null);
    assert.deepEqual(
      slow.targets.find((t: { name: string }) => t.name === 'logs-web').forecast.map((f: { outcome: string; step: string; time: string }) => [f.outcome, f.step, f.time]),
      [['stuck', 'wait-for-active-shards', '2026-04-02T12:00:00.000Z']],
    );
  });

  it('exits 0 when nothing will fail, and names the files it did not have and what it could not see', async () => {
    const bundle = variant('quiet', (b) => {
      const state = JSON.parse(readFileSync(join(b, 'cluster_state.json'), 'utf8'));
      state.metadata.indices = {};
      delete state.metadata.data_stream;
      writeFileSync(join(b, 'cluster_state.json'), JSON.stringify(state));
      writeFileSync(join(b, 'commercial/ilm_explain.json'), '{"indices":{}}');
      for (const file of ['nodes_stats.json', 'templates.json', 'commercial/data_stream.json']) unlinkSync(join(b, file));
    });
    const run = await forecast(['--diagnostics', bundle]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stdout,
      [
        // The last policy change (logs, 30 days before the bundle) is the latest time left in it.
        'Cluster [prod-logs] (Elasticsearch 8.15.3), 30d from 2026-02-08T12:00:00.000Z',
        'Not in the bundle, so not seen:',
        "  nodes_stats.json (GET /_nodes/stats?human): the disk, so no disk watermark is forecast; the nodes' heap and circuit breakers, so a breaker trips only at a limit the cluster's settings give in bytes; and the nodes' clocks, so the forecast starts at the latest time the bundle records (an index's creation or step, a policy's change)",
        '  templates.json (GET /_template): legacy index templates: indices made by rollovers get no settings from them',
        '0 managed indices, 0 forecast over 30d: nothing will fail',
        '',
      ].join('\n'),
    );
  });

  it('takes a refusal saved in place of an answer it can do without as that file missing, naming the refusal', async () => {
    // ES refuses the tool's stats call on a cluster with a closed index (forbid_closed_indices is true by default).
    const closed = variant('closed-index', (b) =>
      writeFileSync(
        join(b, 'indices_stats.json'),
        '{"error":{"root_cause":[{"type":"index_closed_exception","reason":"closed","index_uuid":"x1","index":"old-1"}],"type":"index_closed_exception","reason":"closed","index_uuid":"x1","index":"old-1"},"status":400}',
      ),
    );
    const run = await runTessera(['ilm', 'forecast', '--diagnostics', closed, '--json']);
    assert.equal(run.code, 1, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout).not_seen, [
      "indices_stats.json: holds the cluster's refusal (status 400), not the answer of GET /_stats?level=shards&human&expand_wildcards=all: index_closed_exception: closed: document counts and sizes: every index is taken as empty, nothing grows unless --rate says so, and the disk holds nothing",
    ]);
  });

  it('refuses a bad bundle whole, with exit 2 and what is missing or wrong', async () => {
    const truncated = variant('truncated', (b) => {
      const text = readFileSync(join(b, 'cluster_state.json'), 'utf8');
      writeFileSync(join(b, 'cluster_state.json'), text.slice(0, text.length / 2));
    });
    const noPolicies = variant('no-policies', (b) => unlinkSync(join(b, 'commercial/ilm_policies.json')));
    const old = variant('es-6', (b) => {
      const version = JSON.parse(readFileSync(join(b, 'version.json'), 'utf8'));
      version.version.number = '6.8.23';
      writeFileSync(join(b, 'version.json'), JSON.stringify(version));
    });
    const nine = variant('es-9', (b) => {
      const version = JSON.parse(readFileSync(join(b, 'version.json'), 'utf8'));
      version.version.number = '9.1.0';
      writeFileSync(join(b, 'version.json'), JSON.stringify(version));
    });
    const refusal = variant('refusal', (b) =>
      writeFileSync(
        join(b, 'commercial/ilm_explain.json'),
        '{"error":{"root_cause":[{"type":"security_exception","reason":"action [indices:admin/ilm/explain] is unauthorized for user [forecast]"}],"type":"security_exception","reason":"action [indices:admin/ilm/explain] is unauthorized for user [forecast]"},"status":403}',
      ),
    );
    const otherAnswer = variant('other-answer', (b) => writeFileSync(join(b, 'cluster_state.json'), '{"acknowledged": true}'));
    const foreign = join(dir, 'foreign');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'package.json'), '{"name": "not-a-bundle"}');
    const notAZip = join(dir, 'notes.txt');
    writeFileSync(notAZip, 'some notes, not a bundle');
    const badPolicy = variant('bad-policy', (b) => {
      const policies = JSON.parse(readFileSync(join(b, 'commercial/ilm_policies.json'), 'utf8'));
      policies.app.policy.phases.warm.actions = { shrink: { number_of_shards: 'one' } };
      writeFileSync(join(b, 'commercial/ilm_policies.json'), JSON.stringify(policies));
    });
    const cases: [string[], string][] = [
      [[], 'tessera ilm forecast: give one of --diagnostics <dir|zip> and --url <cluster>\n'],
      [['--diagnostics', truncated], /^tessera ilm forecast: cluster_state\.json: not valid JSON \(a truncated file\?\): /.source],
      [['--diagnostics', noPolicies], 'tessera ilm forecast: commercial/ilm_policies.json is missing (the answer of GET /_ilm/policy?human): without it there is nothing to forecast\n'],
      [
        ['--diagnostics', old],
        'tessera ilm forecast: version.json: Elasticsearch 6.8.23 is not modelled: tessera ilm forecast models Elasticsearch 7.17 to 8.x, whose ILM steps and errors it reproduces\n',
      ],
      [
        ['--diagnostics', nine],
        'tessera ilm forecast: version.json: Elasticsearch 9.1.0 is not modelled: tessera ilm forecast models Elasticsearch 7.17 to 8.x, whose ILM steps and errors it reproduces\n',
      ],
      [
        ['--diagnostics', refusal],
        "tessera ilm forecast: commercial/ilm_explain.json: holds the cluster's refusal (status 403), not the answer of GET /*/_ilm/explain?human&expand_wildcards=all: security_exception: action [indices:admin/ilm/explain] is unauthorized for user [forecast]\n",
      ],
      [['--diagnostics', otherAnswer], 'tessera ilm forecast: cluster_state.json: [metadata] is not an object; is this the answer of GET /_cluster/state?human?\n'],
      [
        ['--diagnostics', foreign],
        'tessera ilm forecast: none of the files of a support-diagnostics bundle is there (version.json, cluster_state.json, commercial/ilm_policies.json, commercial/ilm_explain.json): is this the folder the diagnostics tool wrote?\n',
      ],
      [['--diagnostics', notAZip], `tessera ilm forecast: --diagnostics: ${notAZip}: not a zip archive, or a truncated one (no end of central directory)\n`],
      [['--diagnostics', join(dir, 'nowhere')], `tessera ilm forecast: --diagnostics: cannot read ${join(dir, 'nowhere')}: ENOENT\n`],
      [['--diagnostics', FIXTURE, '--rate', 'logs-*'], 'tessera ilm forecast: --rate: expected <pattern>=<documents a day> such as logs-*=250000, got "logs-*"\n'],
      [['--diagnostics', FIXTURE, '--horizon', '0d'], 'tessera ilm forecast: illegal_argument_exception: [horizon] must be more than 0 and at most 3650d, got [0d]\n'],
    ];
    for (const [args, expected] of cases) {
      const run = await forecast(args);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stdout}`);
      if (expected.startsWith('^')) assert.match(run.stderr, new RegExp(expected), args.join(' '));
      else assert.equal(run.stderr, expected, args.join(' '));
      assert.equal(run.stdout, '', args.join(' '));
    }
    const policy = await forecast(['--diagnostics', badPolicy]);
    assert.equal(policy.code, 2);
    assert.equal(policy.stderr, 'tessera ilm forecast: commercial/ilm_policies.json: policy [app]: x_content_parse_exception: [phase] failed to parse field [actions]\n');
  });

  it('--help names the files, the options and the exit codes; tessera ilm --help names the command', async () => {
    const help = await forecast(['--help']);
    assert.equal(help.code, 0);
    for (const part of ['--diagnostics <dir|zip>', '--horizon <time>', '--rate <pattern>=<n>', '--json', 'docs/forecast-a-cluster.md', 'Exit codes: 0']) assert.ok(help.stdout.includes(part), part);
    const ilm = await runTessera(['ilm', '--help']);
    assert.ok(ilm.stdout.includes('tessera ilm forecast --diagnostics <dir|zip>'), ilm.stdout);
  });
});
