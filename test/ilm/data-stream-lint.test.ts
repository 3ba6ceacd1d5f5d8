/**
 * Lint of data streams (issue 16): a data stream's name in `POST /_tessera/ilm/lint` is linted as the stream
 * `PUT /_data_stream/<name>` would create, its write index as the first backing index. A stream needs no rollover
 * alias; a template that sets one, or a policy that never rolls the stream over, is a warning.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEsServer } from '../helpers/es.js';
import { lint, withoutRemedies } from '../helpers/lint.js';

const DAY_ONE = '2026.01.01';

function dsTemplate(name: string, pattern: string, settings: Record<string, unknown>) {
  return { name, index_patterns: [pattern], data_stream: {}, priority: 200, template: { settings } };
}

describe('lint of data streams', () => {
  const es = useEsServer();

  it('a data stream under a policy with rollover has no problem: it needs no rollover alias', async () => {
    const policy = { phases: { hot: { actions: { rollover: { max_age: '1d' } } }, delete: { min_age: '7d', actions: { delete: {} } } } };
    const templates = [dsTemplate('logs-ds', 'logs-ds*', { 'index.lifecycle.name': 'logs-ds' })];
    const problems = await lint(es.client, { policy, index: { name: 'logs-ds' }, templates });
    assert.deepEqual(withoutRemedies(problems), []);
  });

  it('a data stream template that sets index.lifecycle.rollover_alias: ES ignores it for a data stream', async () => {
    const policy = { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } };
    const templates = [dsTemplate('alias-ds', 'alias-ds*', { 'index.lifecycle.name': 'alias-ds', 'index.lifecycle.rollover_alias': 'alias-ds-write' })];
    const problems = await lint(es.client, { policy, index: { name: 'alias-ds' }, templates });
    const backing = `.ds-alias-ds-${DAY_ONE}-000001`;
    assert.deepEqual(withoutRemedies(problems), [
      {
        row: null,
        outcome: 'warning',
        message: `index [${backing}] of data stream [alias-ds] has [index.lifecycle.rollover_alias: alias-ds-write], which is ignored: the rollover action rolls over the data stream itself, whatever the setting says`,
      },
    ]);
    assert.match(problems[0]!.remedy, /Remove index\.lifecycle\.rollover_alias from index template \[alias-ds\]/);
  });

  it('a data stream whose policy has no rollover never rolls over: a warning', async () => {
    const policy = { phases: { hot: { actions: { set_priority: { priority: 100 } } } } };
    const templates = [dsTemplate('never-ds', 'never-ds*', { 'index.lifecycle.name': 'never-ds' })];
    const problems = await lint(es.client, { policy, index: { name: 'never-ds' }, templates });
    const backing = `.ds-never-ds-${DAY_ONE}-000001`;
    assert.deepEqual(withoutRemedies(problems), [
      {
        row: null,
        outcome: 'warning',
        message: `policy [never-ds] has no rollover action, so data stream [never-ds] never rolls over: every document goes to its write index [${backing}], which grows for as long as the stream lives`,
      },
    ]);
    assert.match(problems[0]!.remedy, /Add a rollover action to the hot phase of policy \[never-ds\]/);
  });

  it('an index body for a data stream name is refused as PUT /<name> refuses it', async () => {
    const policy = { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } };
    const templates = [dsTemplate('body-ds', 'body-ds*', { 'index.lifecycle.name': 'body-ds' })];
    const problems = await lint(es.client, { policy, index: { name: 'body-ds', settings: { 'index.number_of_shards': 1 } }, templates });
    assert.equal(problems.length, 1, JSON.stringify(problems));
    assert.equal(problems[0]!.outcome, 'rejected');
    assert.equal(problems[0]!.request, 'PUT /body-ds');
  });
});
