/**
 * Lint and simulation against the runner, for each of the spec's error rows 1–6: `POST /_tessera/ilm/lint`
 * predicts the problem before anything exists, and `POST /_tessera/ilm/simulate` the time it happens; then the
 * same setup is created and run on the virtual clock, and explain shows exactly the predicted step, type and
 * reason, entered at exactly the predicted time (not a millisecond before), and at the end the index stands where
 * the forecast left it. `GET /_tessera/ilm/lint` predicts the same on the live cluster before the failure, and
 * still names it first while the index is in ERROR (where a retry would meet it again).
 */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer, type EsFixture } from '../helpers/es.js';
import { assertExplainShows, lint, lintCluster, withoutRemedies, type Problem } from '../helpers/lint.js';
import { assertEntersAt, lastEntry, predictedStanding, simulate, standing } from '../helpers/simulate.js';
import { explainRecord } from '../helpers/es.js';

interface Template {
  readonly name: string;
  readonly index_patterns: string[];
  readonly template: { settings?: Record<string, unknown>; aliases?: Record<string, Record<string, unknown>> };
}

interface Scenario {
  readonly policyName: string;
  readonly policy: { phases: Record<string, unknown> };
  readonly index: { name: string; settings?: Record<string, unknown>; aliases?: Record<string, Record<string, unknown>> };
  readonly templates?: Template[];
  /** Clock advances that take the index to the failure. */
  readonly advance: readonly string[];
  readonly expected: Omit<Problem, 'remedy'>[];
  readonly remedy: RegExp;
}

const ROLLOVER_POLICY = {
  phases: {
    hot: { actions: { rollover: { max_age: '1d' } } },
    delete: { min_age: '2d', actions: { delete: {} } },
  },
};

async function createSetup(client: Client, scenario: Scenario): Promise<void> {
  await client.ilm.putLifecycle({ name: scenario.policyName, policy: scenario.policy as never });
  for (const template of scenario.templates ?? []) await client.indices.putIndexTemplate(template as never);
  const { name, settings, aliases } = scenario.index;
  await client.indices.create({ index: name, ...(settings && { settings }), ...(aliases && { aliases }) });
}

/** Lints the scenario, creates and runs it, and checks the prediction against explain; returns the prediction. */
async function predictThenRun(es: EsFixture, scenario: Scenario): Promise<Problem[]> {
  const { client } = es;
  const { policy, index, templates } = scenario;
  // No documents are written, so rollover must not wait for one.
  await client.cluster.putSettings({ persistent: { 'indices.lifecycle.rollover.only_if_has_documents': false } });
  const predicted = await lint(client, { policy, index, ...(templates && { templates }) });
  assert.deepEqual(withoutRemedies(predicted), scenario.expected);
  assert.match(predicted[0]!.remedy, scenario.remedy);
  const horizon = scenario.advance.reduce((total, by) => total + millis(by), 0);
  const forecast = await simulate(client, { policy, index, ...(templates && { templates }), horizon: `${horizon}ms` });
  const first = predicted[0]!;
  let when: number;
  if (first.outcome === 'error') {
    const error = forecast.first_error!;
    assert.deepEqual([error.index, error.phase, error.action, error.failed_step, error.step_info], [index.name, first.phase, first.action, first.step, { type: first.type, reason: first.message }]);
    assert.deepEqual([error.row, error.remedy], [first.row, first.remedy], 'the forecast diagnoses its first error as lint does');
    when = error.time_millis;
    // Each automatic retry that fails the same way is counted on the error, not listed again.
    assert.equal(forecast.events.filter((e) => e.kind === 'error').length, 1);
    assert.equal(error.auto_retries, forecast.indices[index.name]!.failed_step_retry_count ?? 0);
  } else {
    assert.equal(forecast.first_error, null);
    assert.deepEqual(forecast.indices[index.name]?.step_info, { message: first.message });
    when = lastEntry(forecast, index.name, first.step!);
  }

  await createSetup(client, scenario);
  assert.deepEqual(await lintCluster(client), { [index.name]: { policy: scenario.policyName, problems: predicted } }, 'GET predicts the same');
  await assertEntersAt(es, index.name, first.step!, when);
  await es.advance(`${forecast.end_millis - es.clock.now()}ms`);
  await assertExplainShows(client, index.name, first);
  assert.deepEqual(standing(await explainRecord(client, index.name)), predictedStanding(forecast, index.name), 'stands where the forecast left it');
  assert.deepEqual((await lintCluster(client))[index.name]?.problems[0], predicted[0], 'GET, from where the index stands');
  return predicted;
}

const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

function millis(by: string): number {
  const [, n, unit] = /^(\d+)(ms|s|m|h|d)$/.exec(by)!;
  return Number(n) * UNITS[unit!]!;
}

describe('lint, row 1: shrink to as many or more shards than the index has', () => {
  const es = useEsServer();

  it("predicts the spec's example (shards from the index settings), which fails at shrink", async () => {
    await predictThenRun(es, {
      policyName: 'shrink-index',
      policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } },
      index: { name: 'my-index-000001', settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } },
      advance: ['5d', '20m'],
      expected: [
        {
          row: 1,
          outcome: 'error',
          phase: 'warm',
          action: 'shrink',
          step: 'shrink',
          type: 'illegal_argument_exception',
          message: 'the number of target shards [4] must be less than the number of source shards [2]',
        },
      ],
      remedy: /number_of_shards in the \[warm\] phase's shrink action to 1 .* instead of 4/,
    });
  });
});

describe('lint, row 1: a target that is not a factor of the shards a template gives', () => {
  const es = useEsServer();

  it('predicts the endless wait at check-target-shards-count', async () => {
    await predictThenRun(es, {
      policyName: 'shrink-2',
      policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 2 } } } } },
      index: { name: 'three-000001' },
      templates: [{ name: 'three', index_patterns: ['three-*'], template: { settings: { 'index.number_of_shards': 3, 'index.lifecycle.name': 'shrink-2' } } }],
      advance: ['5d', '20m'],
      expected: [
        {
          row: 1,
          outcome: 'stuck',
          phase: 'warm',
          action: 'shrink',
          step: 'check-target-shards-count',
          message:
            "lifecycle action of policy [shrink-2] for index [three-000001] cannot make progress because the target shards count [2] must be a factor of the source index's shards count [3]",
        },
      ],
      remedy: /to 1 \(a factor of the index's 3 primary shards, below it\) instead of 2/,
    });
  });
});

describe('lint, row 1: the default of one shard', () => {
  const es = useEsServer();

  it('predicts that shrinking a one-shard index fails at shrink', async () => {
    await predictThenRun(es, {
      policyName: 'shrink-one',
      policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 1 } } } } },
      index: { name: 'one-000001', settings: { 'index.lifecycle.name': 'shrink-one' } },
      advance: ['5d', '20m'],
      expected: [
        {
          row: 1,
          outcome: 'error',
          phase: 'warm',
          action: 'shrink',
          step: 'shrink',
          type: 'illegal_argument_exception',
          message: 'the number of target shards [1] must be less than the number of source shards [1]',
        },
      ],
      remedy: /has 1 primary shard, so there is nothing to shrink to: remove the \[warm\] phase's shrink action/,
    });
  });
});

describe('lint, row 2: the rollover alias is repeated in an index template', () => {
  const es = useEsServer();

  it('predicts the failure at attempt-rollover', async () => {
    await predictThenRun(es, {
      policyName: 'logs',
      policy: ROLLOVER_POLICY,
      index: { name: 'logs-000001', aliases: { 'logs-write': { is_write_index: true } } },
      templates: [
        {
          name: 'logs',
          index_patterns: ['logs-*'],
          template: { settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'logs-write' }, aliases: { 'logs-write': {} } },
        },
      ],
      advance: ['1d'],
      expected: [
        {
          row: 2,
          outcome: 'error',
          phase: 'hot',
          action: 'rollover',
          step: 'attempt-rollover',
          type: 'illegal_argument_exception',
          message: 'Rollover alias [logs-write] can point to multiple indices, found duplicated alias [[logs-write]] in index template [logs]',
        },
      ],
      remedy: /^Remove alias \[logs-write\] from the aliases of index template \[logs\]/,
    });
  });
});

describe('lint, row 3: the rollover alias does not point to the index', () => {
  const es = useEsServer();

  it('predicts the failure at check-rollover-ready', async () => {
    await predictThenRun(es, {
      policyName: 'logs',
      policy: ROLLOVER_POLICY,
      index: { name: 'app-000001', settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'app' } },
      advance: ['10m'],
      expected: [
        {
          row: 3,
          outcome: 'error',
          phase: 'hot',
          action: 'rollover',
          step: 'check-rollover-ready',
          type: 'illegal_argument_exception',
          message: 'index.lifecycle.rollover_alias [app] does not point to index [app-000001]',
        },
      ],
      remedy: /^Add alias \[app\] to index \[app-000001\] as its write index/,
    });
  });
});

describe('lint, row 4: the rollover alias setting is missing', () => {
  const es = useEsServer();

  it('predicts the failure at check-rollover-ready', async () => {
    await predictThenRun(es, {
      policyName: 'logs',
      policy: ROLLOVER_POLICY,
      index: { name: 'web-000001', settings: { 'index.lifecycle.name': 'logs' }, aliases: { web: { is_write_index: true } } },
      advance: ['10m'],
      expected: [
        {
          row: 4,
          outcome: 'error',
          phase: 'hot',
          action: 'rollover',
          step: 'check-rollover-ready',
          type: 'illegal_argument_exception',
          message: 'setting [index.lifecycle.rollover_alias] for index [web-000001] is empty or not defined',
        },
      ],
      remedy: /^Set index.lifecycle.rollover_alias for index \[web-000001\].* \(\[web\]\)\.$/,
    });
  });
});

describe('lint, row 5: an alias with more than one write index', () => {
  const es = useEsServer();

  it('predicts the failure at attempt-rollover', async () => {
    await predictThenRun(es, {
      policyName: 'logs',
      policy: ROLLOVER_POLICY,
      index: { name: 'events-000001', aliases: { events: { is_write_index: true } } },
      templates: [
        {
          name: 'events',
          index_patterns: ['events-*'],
          template: { settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'events' }, aliases: { 'events-all': { is_write_index: true } } },
        },
      ],
      advance: ['1d'],
      expected: [
        {
          row: 5,
          outcome: 'error',
          phase: 'hot',
          action: 'rollover',
          step: 'attempt-rollover',
          type: 'illegal_state_exception',
          message: 'alias [events-all] has more than one write index [events-000001,events-000002]',
        },
      ],
      remedy: /^Leave alias \[events-all\] one write index: .* drop is_write_index from \[events-all\] in index template \[events\]/,
    });
  });
});

describe('lint, row 6: an index name without a numeric suffix', () => {
  const es = useEsServer();

  it('predicts the failure at check-rollover-ready', async () => {
    await predictThenRun(es, {
      policyName: 'logs',
      policy: ROLLOVER_POLICY,
      index: {
        name: 'metrics',
        settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'metrics-write' },
        aliases: { 'metrics-write': { is_write_index: true } },
      },
      advance: ['10m'],
      expected: [
        {
          row: 6,
          outcome: 'error',
          phase: 'hot',
          action: 'rollover',
          step: 'check-rollover-ready',
          type: 'illegal_argument_exception',
          message: "index name [metrics] does not match pattern '^.*-\\d+$'",
        },
      ],
      remedy: /name the index like \[metrics-000001\]/,
    });
  });
});

describe('lint, rows 4 and 6 together', () => {
  const es = useEsServer();

  it('predicts both at once, where the runner meets them one after the other', async () => {
    const predicted = await predictThenRun(es, {
      policyName: 'logs',
      policy: ROLLOVER_POLICY,
      index: { name: 'metrics', settings: { 'index.lifecycle.name': 'logs' }, aliases: { 'metrics-write': { is_write_index: true } } },
      advance: ['10m'],
      expected: [
        {
          row: 4,
          outcome: 'error',
          phase: 'hot',
          action: 'rollover',
          step: 'check-rollover-ready',
          type: 'illegal_argument_exception',
          message: 'setting [index.lifecycle.rollover_alias] for index [metrics] is empty or not defined',
        },
        {
          row: 6,
          outcome: 'error',
          phase: 'hot',
          action: 'rollover',
          step: 'check-rollover-ready',
          type: 'illegal_argument_exception',
          message: "index name [metrics] does not match pattern '^.*-\\d+$'",
        },
      ],
      remedy: /\(\[metrics-write\]\)\.$/,
    });
    // Fixing the first leaves the second, as predicted.
    await es.client.indices.putSettings({ index: 'metrics', settings: { 'index.lifecycle.rollover_alias': 'metrics-write' } });
    await es.client.ilm.retry({ index: 'metrics' });
    await es.advance('10m');
    await assertExplainShows(es.client, 'metrics', predicted[1]!);
  });
});
