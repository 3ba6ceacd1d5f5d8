/**
 * The console's lint and forecasts in a real browser, against a server on the virtual clock: lint problems with
 * their remedies beside each policy and each managed index, the editor's check of an unsaved policy, and an
 * index's forecast (a rollover to the next index, and the first predicted error with its remedy).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { browserSkip, launchBrowser, openConsole, screenshot } from '../helpers/browser.js';
import { startEsServer, type EsFixture } from '../helpers/es.js';
import { lint, lintCluster } from '../helpers/lint.js';

const WAIT = { timeout: 30_000 };

/** A delete phase without min_age after a warm one at 7d: lint warns that it starts at 7d, not 0ms. */
const LATE_DELETE = { phases: { warm: { min_age: '7d', actions: { readonly: {} } }, delete: { actions: { delete: {} } } } };
const TIDY = { phases: { warm: { min_age: '5d', actions: { readonly: {} } }, delete: { min_age: '30d', actions: { delete: {} } } } };
const ROLL_DAILY = { phases: { hot: { actions: { rollover: { max_age: '1d' } } }, delete: { min_age: '3d', actions: { delete: {} } } } };
/** Row 1 of the spec: a shrink to more shards than the index has. */
const SHRINK_TO_FOUR = { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } };

/** The texts of a locator's matches, whitespace collapsed. */
async function texts(locator: Locator): Promise<string[]> {
  return (await locator.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
}

/** The forecast table's rows as [after, index, what], as they read on screen (the steps folded away). */
async function forecastRows(page: Page): Promise<string[][]> {
  return page
    .locator('table.forecast-events tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll<HTMLElement>('td.after, td.index, td.what')].map((td) => td.innerText.replace(/\s+/g, ' ').trim())));
}

describe('the console: lint and forecasts', { skip: browserSkip }, () => {
  let browser: Browser;
  let es: EsFixture;

  before(async () => {
    browser = await launchBrowser();
    es = await startEsServer();
    const { client } = es;
    await client.ilm.putLifecycle({ name: 'late-delete', policy: LATE_DELETE });
    await client.ilm.putLifecycle({ name: 'tidy', policy: TIDY });
    await client.ilm.putLifecycle({ name: 'logs', policy: ROLL_DAILY });
    await client.indices.putIndexTemplate({
      name: 'logs',
      index_patterns: ['logs-*'],
      template: { settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'logs' } },
    });
    await client.indices.create({ index: 'logs-000001', aliases: { logs: { is_write_index: true } } });
    await client.ilm.putLifecycle({ name: 'shrink-index', policy: SHRINK_TO_FOUR });
    await client.indices.create({ index: 'my-index-000001', settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } });
  });

  after(async () => {
    await browser?.close();
    await es?.client.close();
    await es?.server.dispose();
  });

  it('shows a policy’s lint problem with its remedy beside it in the list, and says which policies are clean', async () => {
    const [expected] = await lint(es.client, { name: 'late-delete' });
    assert.equal(expected?.outcome, 'warning');
    assert.match(expected!.remedy, /^Give the \[delete\] phase a min_age larger than 7d/);

    const page = await openConsole(browser, es.server.url, '#/lifecycle/policies');
    const problems = page.getByRole('list', { name: 'Lint problems for policy late-delete' });
    await problems.waitFor(WAIT);
    // Beside the policy: the row right under late-delete's.
    const after = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'late-delete', exact: true }) }).locator('xpath=following-sibling::tr[1]');
    assert.equal(await after.getByRole('list', { name: 'Lint problems for policy late-delete' }).count(), 1);
    assert.deepEqual(await texts(problems.locator('.badge')), ['warning']);
    assert.equal(await problems.locator('.lint-message').textContent(), expected!.message);
    assert.equal(await problems.locator('.remedy-text').textContent(), expected!.remedy);
    assert.match((await problems.textContent())!, /not in the spec’s error table/);
    // The clean ones have no problem row; the caption names them.
    for (const name of ['logs', 'tidy']) {
      assert.equal(await page.getByRole('list', { name: `Lint problems for policy ${name}` }).count(), 0, name);
    }
    const caption = page.locator('table.policies caption');
    await caption.filter({ hasText: 'no problems found in' }).waitFor(WAIT);
    assert.equal(
      (await caption.textContent())!.replace(/\s+/g, ' '),
      // shrink-index's own text is clean, but its 2-shard index fails its shrink to 4.
      '4 policies; lint, each policy with the indices and templates that use it: problems in late-delete, shrink-index; no problems found in logs, tidy',
    );
    await screenshot(page, 'lifecycle-policies-lint');

    // On the policy's own page: the same problem, and for a clean policy the note that there are none.
    await page.getByRole('link', { name: 'late-delete', exact: true }).click();
    await page.getByRole('heading', { name: 'Lint of version 1' }).waitFor(WAIT);
    const onPage = page.getByRole('list', { name: 'Lint problems for policy late-delete' });
    await onPage.waitFor(WAIT);
    assert.equal(await onPage.locator('.remedy-text').textContent(), expected!.remedy);
    await page.goto(`${es.server.url}/_tessera/console/#/lifecycle/policies/tidy`);
    await page.getByText('No problems found: lint predicts no error, stuck step, refusal or warning.').waitFor(WAIT);
    await page.context().close();
  });

  it('checks the edited text of a policy before it is saved, and shows its problems', async () => {
    const { client } = es;
    const page = await openConsole(browser, es.server.url, '#/lifecycle/policies/tidy');
    await page.getByRole('button', { name: 'Check' }).waitFor(WAIT);
    await page.getByLabel('Policy JSON').waitFor(WAIT);

    // An unsaved mistake of timing: the delete phase loses its min_age.
    const edited = { phases: { warm: { min_age: '5d', actions: { readonly: {} } }, delete: { actions: { delete: {} } } } };
    const [expected] = await lint(client, { policy: edited });
    await page.getByLabel('Policy JSON').fill(JSON.stringify(edited, null, 2));
    await page.getByRole('button', { name: 'Check' }).click();
    const checked = page.getByRole('list', { name: 'Lint problems of the edited policy' });
    await checked.waitFor(WAIT);
    assert.equal(await checked.locator('.lint-message').textContent(), expected!.message);
    assert.match(expected!.message, /^phase \[delete\] \(min_age: 0ms\) comes after phase \[warm\] \(min_age: 5d\)/);
    assert.equal(await checked.locator('.remedy-text').textContent(), expected!.remedy);
    await screenshot(page, 'lifecycle-policy-check');

    // An action the server would refuse: the refusal, where it would happen, and its remedy.
    const unknown = { phases: { warm: { min_age: '5d', actions: { explode: {} } } } };
    await page.getByLabel('Policy JSON').fill(JSON.stringify(unknown, null, 2));
    await page.getByText('The text changed after this check').waitFor(WAIT);
    await page.getByRole('button', { name: 'Check' }).click();
    await checked.locator('.lint-message').filter({ hasText: 'invalid action [explode]' }).waitFor(WAIT);
    assert.deepEqual(await texts(checked.locator('.badge')), ['rejected']);
    assert.match((await checked.locator('.problem-what').textContent())!, /the request is refused at PUT \/_ilm\/policy\/tidy with action_request_validation_exception/);
    assert.equal(await checked.locator('.remedy-text').textContent(), 'Remove the [explode] action from the [warm] phase.');

    // Text that is not JSON is not sent.
    await page.getByLabel('Policy JSON').fill('{"phases": ');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('alert').locator('.error-reason').filter({ hasText: /^The policy is not valid JSON: / }).waitFor(WAIT);

    // Nothing was saved: the stored policy is as it was, and still clean.
    const stored = (await client.ilm.getLifecycle({ name: 'tidy' })).tidy!;
    assert.equal(stored.version, 1);
    assert.deepEqual(stored.policy.phases.delete?.min_age, '30d');
    assert.deepEqual(await lint(client, { name: 'tidy' }), []);
    await page.context().close();
  });

  it('shows a managed index’s lint problem in the list and on its page, and the forecast’s first predicted error with its remedy', async () => {
    const { client } = es;
    const cluster = await lintCluster(client);
    const [expected] = cluster['my-index-000001']!.problems;
    assert.equal(expected?.row, 1);
    assert.deepEqual(cluster['logs-000001']!.problems, []);

    const page = await openConsole(browser, es.server.url, '#/lifecycle');
    const summary = page.getByRole('group', { name: 'Lint problems for my-index-000001' });
    await summary.waitFor(WAIT);
    assert.equal(await summary.locator('.badge-lint').first().textContent(), '⚠ 1 lint problem');
    assert.equal(await summary.locator('.lint-message').textContent(), expected!.message);
    assert.equal(await page.getByRole('group', { name: 'Lint problems for logs-000001' }).count(), 0, 'no badge for a clean index');
    await screenshot(page, 'lifecycle-indices-lint');

    await summary.getByRole('link', { name: 'Lint details and remedies for my-index-000001' }).click();
    await page.getByRole('heading', { name: 'Index my-index-000001' }).waitFor(WAIT);
    const problems = page.getByRole('list', { name: 'Lint problems for my-index-000001' });
    await problems.waitFor(WAIT);
    assert.equal(await problems.locator('.lint-message').textContent(), 'the number of target shards [4] must be less than the number of source shards [2]');
    assert.equal(await problems.locator('.remedy-text').textContent(), expected!.remedy);
    assert.match((await problems.locator('.problem-what').textContent())!, /in warm \/ shrink \/ shrink with illegal_argument_exception · spec error row 1/);

    // The forecast, from where the index stands: it fails once warm's shrink runs, 5 days on.
    const forecast = (await client.transport.request({ method: 'GET', path: '/_tessera/ilm/timeline/my-index-000001' })) as { first_error: { remedy: string; elapsed: string } };
    const first = page.getByRole('group', { name: 'First predicted error' });
    await first.waitFor(WAIT);
    assert.match((await first.locator('.problem-what').textContent())!, /my-index-000001 fails at step shrink of warm \/ shrink with illegal_argument_exception · spec error row 1/);
    assert.match((await first.locator('.problem-what').textContent())!, new RegExp(`\\(\\+${forecast.first_error.elapsed.replace('.', '\\.')}\\)`));
    assert.match(forecast.first_error.elapsed, /^5(\.\d+)?d$/);
    assert.equal(await first.locator('.step-info-reason').textContent(), 'the number of target shards [4] must be less than the number of source shards [2]');
    assert.equal(await first.locator('.remedy-text').textContent(), forecast.first_error.remedy);
    // In the events too, highlighted: warm entered at +5d, then ERROR.
    const rows = await forecastRows(page);
    const warm = rows.findIndex(([, , what]) => what!.startsWith('enters warm:'));
    assert.equal(rows[warm]![0], '+5d');
    assert.match(rows[warm + 1]![2]!, /^ERROR at step shrink of warm \/ shrink: illegal_argument_exception the number of target shards \[4\]/);
    assert.equal(await page.locator('table.forecast-events tr.forecast-error').count() > 0, true);
    await screenshot(page, 'lifecycle-forecast-error');
    await page.context().close();
  });

  it('forecasts a daily rollover: the next index at +1d once documents are written, and its steps on expand', async () => {
    const page = await openConsole(browser, es.server.url, '#/lifecycle/index/logs-000001');
    await page.getByRole('heading', { name: 'Forecast' }).waitFor(WAIT);
    await page.getByText('No problems found: lint predicts no error, stuck step, refusal or warning.').waitFor(WAIT);

    // With the default of no documents, rollover skips the empty index, and the console says why nothing rolls.
    await page.locator('.forecast-summary').waitFor(WAIT);
    assert.match((await page.locator('.forecast-summary').textContent())!.replace(/\s+/g, ' '), /with no documents written: 0 rollovers, 0 deletions/);
    await page.getByText('rollover skips an empty index').waitFor(WAIT);
    assert.equal(await page.locator('.forecast-clean').textContent(), 'No error predicted up to +90d.');

    // A thousand documents a day, for 10 days: a rollover each day, and each index deleted 3 days after its own.
    const api = (await es.client.transport.request({ method: 'GET', path: '/_tessera/ilm/timeline/logs-000001', querystring: { horizon: '10d', docs_per_day: 1000 } })) as {
      events: { kind: string; cause?: string }[];
    };
    assert.equal(api.events.filter((e) => e.kind === 'created' && e.cause === 'rollover').length, 10);
    assert.equal(api.events.filter((e) => e.kind === 'deleted').length, 6);
    await page.getByLabel('Horizon').fill('10d');
    await page.getByLabel('Documents per day').fill('1000');
    await page.getByRole('button', { name: 'Forecast' }).click();
    const summary = page.locator('.forecast-summary').filter({ hasText: 'with 1,000 documents a day of 1kb' });
    await summary.waitFor(WAIT);
    assert.match((await summary.textContent())!.replace(/\s+/g, ' '), /\(\+10d\), with 1,000 documents a day of 1kb: 10 rollovers, 6 deletions; disk use peaks at 0% \(3\.9mb of 100gb\)\./);

    const rows = await forecastRows(page);
    const rollover = rows.find(([, index]) => index === 'logs-000002');
    assert.deepEqual(rollover, ['+1d', 'logs-000002', 'created by rollover of logs-000001 (alias logs)']);
    // logs-000001 goes on in hot until it rolls over, enters delete 3 days after the rollover, and is deleted.
    const first = rows.filter(([, index]) => index === 'logs-000001').map(([after, , what]) => `${after} ${what!.replace(/ \d+ steps?$/, '')}`);
    assert.deepEqual(first, ['+1d goes on in hot: rollover → complete', '+4d enters delete: delete', '+4d deleted']);
    assert.match(rows.find(([, index, what]) => index === 'logs-000001' && what!.startsWith('goes on in hot'))![2]!, /\d+ steps$/);

    // The steps are on expand.
    const hot = page.locator('table.forecast-events tbody tr').filter({ hasText: 'goes on in hot' }).first();
    assert.equal(await hot.locator('details.steps ol').isVisible(), false);
    await hot.locator('details.steps summary').click();
    assert.deepEqual((await texts(hot.locator('details.steps li'))).slice(0, 2), ['+1d rollover / attempt-rollover', '+1d rollover / wait-for-active-shards']);

    // The chart has a lane per index, the first with its phases.
    assert.match((await page.getByRole('listitem', { name: /^logs-000001: / }).getAttribute('aria-label'))!, /^logs-000001: hot from \+0s, delete from \+4d, deleted at \+4d$/);
    await page.getByRole('listitem', { name: /^logs-000002: / }).waitFor(WAIT);
    await screenshot(page, 'lifecycle-forecast-rollover');

    // A horizon the server refuses: its reason, as it said it.
    await page.getByLabel('Horizon').fill('5000d');
    await page.getByRole('button', { name: 'Forecast' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'The forecast could not be made' });
    await refused.waitFor(WAIT);
    assert.equal(await refused.locator('.error-reason').textContent(), '[horizon] must be more than 0 and at most 3650d, got [5000d]');
    await page.context().close();
  });

  it('simulates the edited text of a policy on a new index, with the rollover alias given', async () => {
    const page = await openConsole(browser, es.server.url, '#/lifecycle/policies/tidy');
    await page.getByRole('button', { name: 'Simulate' }).waitFor(WAIT);
    await page.getByLabel('Policy JSON').fill(JSON.stringify(ROLL_DAILY, null, 2));
    await page.getByLabel('Index name').fill('web-000001');
    await page.getByLabel('Documents per day').fill('500');
    await page.getByLabel('Horizon').fill('3d');

    // Without an alias, the rollover fails: the spec's row 4, with its remedy.
    await page.getByRole('button', { name: 'Simulate' }).click();
    const first = page.getByRole('group', { name: 'First predicted error' });
    await first.waitFor(WAIT);
    assert.equal(await first.locator('.step-info-reason').textContent(), 'setting [index.lifecycle.rollover_alias] for index [web-000001] is empty or not defined');
    assert.match((await first.locator('.remedy-text').textContent())!, /^Set index\.lifecycle\.rollover_alias for index \[web-000001\]/);

    // With it, web-000001 rolls over to web-000002 after a day.
    await page.getByLabel('Rollover alias').fill('web');
    await page.getByRole('button', { name: 'Simulate' }).click();
    await first.waitFor({ state: 'detached', ...WAIT });
    await page.locator('.forecast-clean').filter({ hasText: 'No error predicted up to +3d.' }).waitFor(WAIT);
    const rows = await forecastRows(page);
    assert.deepEqual(
      rows.find(([, index]) => index === 'web-000002'),
      ['+1d', 'web-000002', 'created by rollover of web-000001 (alias web)'],
    );
    // No template gives web-000002 a policy: its lane says so.
    await page.getByRole('listitem', { name: 'web-000002: not managed from +1d' }).waitFor(WAIT);
    await screenshot(page, 'lifecycle-policy-simulate');
    // Nothing changed on the server.
    assert.equal((await es.client.indices.exists({ index: 'web-000001' })), false);
    assert.equal((await es.client.ilm.getLifecycle({ name: 'tidy' })).tidy!.version, 1);
    await page.context().close();
  });
});
