/**
 * @module Debian's Chromium driven by playwright-core, for the console tests. Screenshots go to
 * test-artifacts/console/ (kept by CI as artefacts). Without /usr/bin/chromium the suites are skipped; `.ci/run`
 * installs it.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOTS = new URL('../../test-artifacts/console/', import.meta.url).pathname;

/** Why a console suite cannot run here, or false when it can. */
export const browserSkip: string | false = existsSync(CHROMIUM) ? false : `needs Chromium at ${CHROMIUM} (apt-get install chromium)`;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    // The closed network refuses Chromium's background connections; these flags stop it from trying.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
}

/** Opens the console of the server at `baseUrl` in a fresh page (`#/route` optional). */
export async function openConsole(browser: Browser, baseUrl: string, route = ''): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/_tessera/console/${route}`);
  return page;
}
