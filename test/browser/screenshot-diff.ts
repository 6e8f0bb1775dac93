// Compares a screenshot the browser test takes now with the one committed under docs/img/: pixelmatch over pngjs, a small tolerance for font rendering.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** How far one pixel's colour may move before it counts (pixelmatch's YIQ distance, 0..1). */
export const PIXEL_THRESHOLD = 0.1;
/**
 * The share of pixels that may differ: a font hinted one way elsewhere moves a few edges; a changed
 * view (a column, a line, a colour) moves thousands, far above this.
 */
export const MAX_CHANGED_SHARE = 0.002;

export interface ScreenshotDifference {
  /** One line saying what differs and where the new picture was saved; undefined when they agree. */
  readonly problem: string | undefined;
  readonly changedPixels: number;
}

/** Where a picture that differs is saved, for a person to look at before running `npm run screenshots`. */
const OUT = join(tmpdir(), 'network-discovery-mcp-screenshots');

/** Compares `taken` (a PNG) with the committed `path`; antialiased pixels are not counted. */
export function compareScreenshot(path: string, taken: Buffer): ScreenshotDifference {
  const name = path.split(/[\\/]/).pop() ?? path;
  const fix = 'run `npm run screenshots` and commit docs/img/';
  if (!existsSync(path)) {
    return { problem: `${name} is not committed: ${fix}`, changedPixels: Number.NaN };
  }
  const committed = PNG.sync.read(readFileSync(path));
  const now = PNG.sync.read(taken);
  const save = () => {
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, name), taken);
    return join(OUT, name);
  };
  if (committed.width !== now.width || committed.height !== now.height) {
    return {
      problem: `${name} is ${committed.width}x${committed.height} committed, ${now.width}x${now.height} now (saved to ${save()}): ${fix}`,
      changedPixels: Number.NaN,
    };
  }
  const changed = pixelmatch(committed.data, now.data, undefined, now.width, now.height, {
    threshold: PIXEL_THRESHOLD,
  });
  const share = changed / (now.width * now.height);
  if (share <= MAX_CHANGED_SHARE) return { problem: undefined, changedPixels: changed };
  return {
    problem: `${name}: ${changed} pixels (${(share * 100).toFixed(2)}%) differ from the committed picture (saved to ${save()}): ${fix}`,
    changedPixels: changed,
  };
}
