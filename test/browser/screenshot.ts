// A README picture of the view: `npm run screenshots` (SCREENSHOTS=1) saves it under docs/img/, every other run compares it with the committed one.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT } from '../build-dist.js';
import { compareScreenshot } from './screenshot-diff.js';

/** `npm run screenshots` sets this: the views are saved under docs/img/ for the README. */
export const SCREENSHOTS = process.env['SCREENSHOTS'] === '1';

/** Takes the view's iframe as `name`: saved when SCREENSHOTS, else compared (a stale picture fails). */
export async function viewScreenshot(page: Page, name: string): Promise<void> {
  const path = join(ROOT, 'docs', 'img', name);
  if (SCREENSHOTS) mkdirSync(join(ROOT, 'docs', 'img'), { recursive: true });
  // The same picture every run: the pointer off the view, transitions ended, no caret.
  await page.mouse.move(0, 0);
  const taken = await page
    .locator('iframe')
    .screenshot({ ...(SCREENSHOTS ? { path } : {}), animations: 'disabled', caret: 'hide' });
  if (!SCREENSHOTS) expect(compareScreenshot(path, taken).problem).toBeUndefined();
}
