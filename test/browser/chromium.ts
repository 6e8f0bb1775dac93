// Which chromium the browser tests drive and how it starts: Debian's package, headless, nothing phoning home.
import { existsSync } from 'node:fs';

/** Debian's package; the tests never download a browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** In CI the browser tests must run: a missing browser fails them instead of skipping. */
export const browserMissing = !existsSync(CHROMIUM) && process.env['CI'] !== 'true';

export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One zone and locale wherever it runs: what the view draws (and the screenshots) never depend on the machine. */
export const CONTEXT_OPTIONS = {
  viewport: { width: 1280, height: 780 },
  timezoneId: 'UTC',
  locale: 'en-US',
} as const;
