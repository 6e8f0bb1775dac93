// Runs once before the test files: starts the one chromium every browser test file connects to (not for a run of other files alone).
import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { BROWSER_ARGS, browserMissing, CHROMIUM } from './browser/chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared chromium's endpoint; '' when each browser test file starts its own. */
    chromiumEndpoint: string;
  }
}

let server: BrowserServer | undefined;

/** The files named on the command line (`vitest run a.test.ts b`); empty when the whole suite runs. */
const named = () => {
  const args = process.argv.slice(process.argv.indexOf('run') + 1);
  return args.filter((arg, i) => !arg.startsWith('-') && !args[i - 1]?.match(/^--?\w[\w.-]*$/));
};

export async function setup(project: TestProject): Promise<void> {
  const files = named();
  // One browser for the whole run: each file opens its own context in it (three launches cost more
  // than the tests of the smallest file); a run of other files alone starts none.
  const wanted = files.length === 0 || files.some((file) => file.includes('browser'));
  if (browserMissing || !wanted) return project.provide('chromiumEndpoint', '');
  // Imported here, not on top: loading playwright-core costs ~0.8 CPU-s, and the child vitest
  // runs of outside-utc and any-date (and any run of other files alone) start no browser.
  const { chromium } = await import('playwright-core');
  server = await chromium.launchServer({
    executablePath: CHROMIUM,
    headless: true,
    args: BROWSER_ARGS,
  });
  project.provide('chromiumEndpoint', server.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await server?.close();
}
