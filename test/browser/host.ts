// The browser test host: a page on 127.0.0.1 built on ext-apps' AppBridge, and Debian's chromium driven by playwright-core.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { type BrowserContext, chromium } from 'playwright-core';
import { inject } from 'vitest';
import { ROOT } from '../build-dist.js';
import { BROWSER_ARGS, CHROMIUM, CONTEXT_OPTIONS } from './chromium.js';

export { browserMissing, CHROMIUM } from './chromium.js';

/** The CSP a host must apply when the resource declares none (SEP-1865, "Restrictive Default"). */
export const DEFAULT_VIEW_CSP = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "media-src 'self' data:",
  "connect-src 'none'",
].join('; ');

async function hostScript(): Promise<string> {
  const result = await build({
    entryPoints: [join(ROOT, 'test/browser/host-page.ts')],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    logLevel: 'warning',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('the host page did not build');
  return output.text.replaceAll('</script', '<\\/script');
}

export interface HostServer {
  readonly url: URL;
  close(): Promise<void>;
}

/** Serves the host page at / and the view, under the default CSP, at /view.html. */
export async function startHostServer(viewHtml: string): Promise<HostServer> {
  const page = `<!doctype html><html><head><meta charset="utf-8"><title>Test host</title></head><body style="margin:0"><script>${await hostScript()}</script></body></html>`;
  const server: Server = createServer((req, res) => {
    if (req.url === '/view.html') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': DEFAULT_VIEW_CSP,
      });
      res.end(viewHtml);
    } else if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
    } else {
      // The browser asks for /favicon.ico: a plain 204 keeps its 404 out of the console.
      res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/`),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A fresh context in the run's one chromium (test/global-setup.ts starts it), or in a headless
 * chromium of its own with a fresh profile where the run started none.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  if (endpoint) {
    const shared = await chromium.connect(endpoint);
    const context = await shared.newContext(CONTEXT_OPTIONS);
    return {
      context,
      async close() {
        await context.close();
        await shared.close();
      },
    };
  }
  const profile = mkdtempSync(join(tmpdir(), 'ndm-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: BROWSER_ARGS,
    ...CONTEXT_OPTIONS,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
