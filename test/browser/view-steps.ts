// What the view's browser test files share: the version and clock they run on, the rig they start, polling, the README pictures compared, and the messages the view posted.
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { browserMissing } from './host.js';
import type { HostRun } from './host-types.js';
import { viewScreenshot } from './screenshot.js';
import {
  type ShownView,
  type ShowOptions,
  startViewRig,
  type ViewRig,
  type ViewRigOptions,
} from './view-rig.js';

/** The view's clock: a screenshot must not show the time it was taken. */
export const FIXED_NOW = new Date('2026-11-22T10:00:00Z');
/** The version whose run records say queued and running, and whose jobs know their last outcome. */
export const VERSION = '0.17.22';
export const WIDE = 1280;
export const NARROW = 420;
export const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/;

/** Waits for what the view draws after a call through the server (a shared machine can be slow). */
export const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** The rig of the view's pictures: Scanopy 0.17.22, the page's clock fixed, the view 1280 px wide. */
export const startPictureRig = (options: ViewRigOptions) =>
  startViewRig({ scanopyVersion: VERSION, clock: FIXED_NOW, width: WIDE, ...options });

/**
 * Starts the file's picture rig before its tests and closes it after them (none where chromium is
 * missing and the tests skip); the tests' timeout is a minute, as a test opens several pages and
 * takes pictures, on a loaded machine past 20 s.
 */
export function usePictureRig(options: ViewRigOptions): ViewRig {
  vi.setConfig({ testTimeout: 60_000 });
  let started: ViewRig | undefined;
  beforeAll(async () => {
    if (!browserMissing) started = await startPictureRig(options);
  }, 120_000);
  afterAll(() => started?.close());
  const rig = () => {
    if (!started) throw new Error('the rig starts before the tests (beforeAll)');
    return started;
  };
  return {
    get api() {
      return rig().api;
    },
    get server() {
      return rig().server;
    },
    callTool: (name, args) => rig().callTool(name, args),
    show: (run, shown) => rig().show(run, shown),
    close: () => rig().close(),
  };
}

/** Shows one tool's result as the host would after the model called it. */
export async function showTool(
  rig: ViewRig,
  toolName: string,
  toolInput: Record<string, unknown>,
  more: Partial<HostRun> = {},
  options: ShowOptions = {},
): Promise<ShownView> {
  const toolResult = await (options.callTool ?? rig.callTool)(toolName, toolInput);
  return rig.show({ toolName, toolInput, toolResult, theme: 'light', ...more }, options);
}

/**
 * `npm run screenshots` saves the view under docs/img/; every other run takes the same picture and
 * fails when the committed one differs (a README showing a view that is no more).
 */
export async function screenshot(shown: ShownView, name: string): Promise<void> {
  await viewScreenshot(shown.page, name);
}

/** The text of each ui/message the view posted. */
export async function messages(shown: ShownView): Promise<string[]> {
  return (await shown.records())
    .filter((record) => record.method === 'ui/message')
    .map((record) => {
      const params = record.params as { role?: string; content?: { text?: string }[] };
      expect(params.role).toBe('user');
      return (params.content ?? []).map((block) => block.text ?? '').join('');
    });
}

/** The message with every quoted name taken out: what remains is the view's own words and ids. */
export const unquoted = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"/g, '""');
