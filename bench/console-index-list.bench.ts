/**
 * The console's index list at 10,000 managed indices (issue 20, item 3: under 300 ms): in Chromium, the time from
 * navigating to `#/lifecycle` to the first page of rows on screen, against a ceiling measured in the same run, the
 * same list on a cluster of 10 indices (what the page costs when the cluster's size costs nothing). Also the
 * server's side alone: one page of `GET /_tessera/ilm/indices` (plain, and filtered and sorted by age), and lint of
 * the page's 50 rows. Prints figures; asserts nothing. Run alone: `node --import tsx bench/console-index-list.bench.ts`.
 */
import type { Browser } from 'playwright-core';
import { VirtualClock } from '../src/platform/clock.js';
import { CHROMIUM, launchBrowser } from '../test/helpers/browser.js';
import { rawRequest } from '../test/helpers/es.js';
import { startTestServer, tempDataDir, type TestServer } from '../test/helpers/server.js';
import { managedIndex, seedManagedIndices } from './ilm-seed.js';
import { heading, machineLine, median, ms, QUICK, ratio, table } from './report.js';

const LARGE = QUICK ? 2_000 : 10_000;
const SMALL = 10;
const ROUNDS = QUICK ? 3 : 7;
const POLICY = { phases: { hot: { actions: { rollover: { max_age: '30d' } } }, delete: { min_age: '90d', actions: { delete: {} } } } };

async function seeded(count: number): Promise<TestServer> {
  const dataDir = tempDataDir();
  const now = await seedManagedIndices({ dataDir, count, policy: POLICY, withAlias: true });
  return startTestServer({ dataDir, clock: new VirtualClock(now) });
}

/** Navigation to the list until its first page of rows, lint's badges aside, is in the DOM; each round in a fresh context. */
async function firstPageMs(browser: Browser, server: TestServer, rows: number): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    // The console's scripts load once first, on a view whose requests do not grow with the indices (the cluster's
    // overview reads every index), and settle, so each round measures the list alone.
    await page.goto(`${server.url}/_tessera/console/#/grids`);
    await page.waitForLoadState('networkidle');
    const started = performance.now();
    await page.goto(`${server.url}/_tessera/console/#/lifecycle`);
    await page.waitForFunction((n) => document.querySelectorAll('table.indices tbody th').length === n, rows, { timeout: 60_000, polling: 'raf' });
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

async function requestMs(server: TestServer, path: string): Promise<number> {
  const started = performance.now();
  const answer = await rawRequest(server.url, 'GET', path);
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return performance.now() - started;
}

async function medianOf(rounds: number, measure: () => Promise<number>): Promise<number> {
  await measure(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push(await measure());
  return median(times);
}

const large = await seeded(LARGE);
const small = await seeded(SMALL);
const browser = await launchBrowser();
try {
  const pageNames = Array.from({ length: 50 }, (_, i) => managedIndex(i)).join(',');
  const figures = {
    listLarge: await medianOf(ROUNDS, () => firstPageMs(browser, large, 50)),
    listSmall: await medianOf(ROUNDS, () => firstPageMs(browser, small, SMALL)),
    routeLarge: await medianOf(ROUNDS * 3, () => requestMs(large, '/_tessera/ilm/indices?size=50')),
    routeSorted: await medianOf(ROUNDS * 3, () => requestMs(large, '/_tessera/ilm/indices?size=50&sort=age&order=desc&q=00&managed=true')),
    routeSmall: await medianOf(ROUNDS * 3, () => requestMs(small, '/_tessera/ilm/indices?size=50')),
    lintPage: await medianOf(ROUNDS, () => requestMs(large, `/_tessera/ilm/lint?index=${pageNames}`)),
  };
  heading(`Console index list: ${LARGE.toLocaleString('en')} managed indices against ${SMALL}`);
  console.log(`machine: ${machineLine()}; Chromium ${CHROMIUM}; median of ${ROUNDS} rounds (the server's requests: ${ROUNDS * 3}), after one warm-up`);
  console.log(
    table(
      ['measure', `${LARGE} indices (ms)`, `ceiling: ${SMALL} indices (ms)`, 'ratio to ceiling'],
      [
        ['navigation to the first page rendered (50 rows)', ms(figures.listLarge), ms(figures.listSmall), ratio(figures.listLarge, figures.listSmall)],
        ['GET /_tessera/ilm/indices?size=50', ms(figures.routeLarge), ms(figures.routeSmall), ratio(figures.routeLarge, figures.routeSmall)],
        ['… filtered (q, managed), sorted by age desc', ms(figures.routeSorted), '', ''],
        ['GET /_tessera/ilm/lint?index=<the 50 rows>', ms(figures.lintPage), '', ''],
      ],
    ),
  );
} finally {
  await browser.close();
  await large.dispose();
  await small.dispose();
}
