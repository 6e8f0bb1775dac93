// A large page is parsed and cleaned in turns: another request is answered while a 20 MB hostile page is parsed, and the value is the one a parse in one block gives.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { parseBoundedEnvelope, parseBoundedEnvelopeInTurns } from '../src/api/bounded-json.js';
import { interpretResponse } from '../src/api/envelope.js';
import { createVersionMemo } from '../src/api/families/service-profile.js';
import { createRequester } from '../src/api/request.js';
import { createSessionStore } from '../src/api/session.js';
import { createHttpSender, type HttpSender } from '../src/api/transport/http.js';
import { turnsOf } from '../src/api/turns.js';
import { createRedactor } from '../src/safety/redact.js';
import { seedFastCheck } from './fast-check-seed.js';

seedFastCheck('test/parse-in-turns.test.ts');

/** bench/hostile-text.ts' page: 200 hosts whose every text field is 1,000 "[" (~19 MB). */
function hostilePage(): string {
  const field = '['.repeat(1_000);
  const hosts = Array.from({ length: 200 }, (_, h) => ({
    id: `host-${h}`,
    name: field,
    hostname: field,
    interfaces: Array.from({ length: 30 }, () => ({
      ip_address: field,
      mac_address: field,
      subnet_id: field,
    })),
  }));
  const pagination = { total_count: 200, limit: 250, offset: 0, has_more: false };
  return JSON.stringify({ success: true, data: hosts, meta: { pagination } });
}

const SMALL = JSON.stringify({ success: true, data: { version: '0.14.13' } });

let server: Server | undefined;
let sender: HttpSender | undefined;
afterEach(async () => {
  await sender?.close();
  const open = server;
  if (open) await new Promise((done) => open.close(done));
  server = undefined;
  sender = undefined;
});

/** A real node:http service on 127.0.0.1: /big answers the hostile page, anything else a small envelope. */
async function startService(big: string): Promise<URL> {
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url?.startsWith('/big') ? big : SMALL);
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

describe('a large page parsed in turns', () => {
  it('lets another request be answered while a 20 MB hostile page is parsed', async () => {
    const baseUrl = await startService(hostilePage());
    const http = createHttpSender({ timeoutMs: 30_000, maxResponseBytes: 32 * 2 ** 20 });
    sender = http;
    const order: string[] = [];
    let small: Promise<unknown> | undefined;
    const requester = createRequester(
      {
        baseUrl,
        userAgent: 'parse-in-turns-test',
        redactor: createRedactor(),
        sender: {
          // The moment the big page has arrived, before it is parsed, another caller asks.
          send: async (request) => {
            const response = await http.send(request);
            if (request.endpoint.path === '/big') {
              small = requester
                .request({ method: 'GET', path: '/small', auth: 'none' })
                .then(() => order.push('small answered'));
            }
            return response;
          },
          close: () => http.close(),
        },
      },
      createSessionStore({ canLogin: false }),
      createVersionMemo(),
    );
    const page = await requester.listPage(
      { method: 'GET', path: '/big', auth: 'none' },
      { safeParse: (value: unknown) => ({ success: true as const, data: value }) },
      { limit: 250, offset: 0 },
    );
    order.push('big page parsed');
    await small;
    expect(page.items).toHaveLength(200);
    // In one block the small answer waited for the whole page: it came second.
    expect(order).toEqual(['small answered', 'big page parsed']);
  }, 60_000);

  it('walks to the value parseBoundedEnvelope gives, pausing at every item', async () => {
    const always = turnsOf(0);
    const envelope = fc.record({
      success: fc.boolean(),
      data: fc.oneof(fc.array(fc.jsonValue(), { maxLength: 12 }), fc.jsonValue()),
      meta: fc.jsonValue(),
    });
    await fc.assert(
      fc.asyncProperty(envelope, fc.nat(14), async (value, n) => {
        // Over 64 KB, so the walk reads it rather than JSON.parse.
        const text = JSON.stringify({ ...value, pad: 'x'.repeat(70_000) });
        const inTurns = await parseBoundedEnvelopeInTurns(Buffer.from(text), n, always);
        expect(inTurns).toStrictEqual(parseBoundedEnvelope(text, n));
      }),
      { numRuns: 60 },
    );
  });

  it('cleans a large page item by item to what the clean-up in one block gives', async () => {
    // Text that needs cleaning: controls, bidi overrides, line breaks, keys to clean, long fields.
    const dirty = fc
      .array(fc.constantFrom('a', 'b', '\u0000', '\u001b', '\u202e', '\u200b', '\n', '\t', ' '), {
        maxLength: 30,
      })
      .map((chars) => chars.join(''));
    const item = fc.oneof(
      fc.dictionary(dirty, fc.oneof(dirty, fc.integer(), fc.array(dirty, { maxLength: 3 }))),
      dirty,
      fc.string({ minLength: 1_100, maxLength: 1_300 }),
    );
    const endpoint = { method: 'GET', path: '/api/v1/hosts' } as const;
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { maxLength: 10 }),
        dirty,
        fc.nat(12),
        async (data, key, n) => {
          const text = JSON.stringify({ success: true, data, [key]: 1, pad: 'y'.repeat(70_000) });
          for (const maxItems of [n, undefined]) {
            const bytes = Buffer.from(text);
            const inTurns = await interpretResponse(
              endpoint,
              { status: 200, headers: {}, text, bytes },
              undefined,
              undefined,
              maxItems,
            );
            // Without the bytes the same text is parsed and cleaned in one block.
            const whole = await interpretResponse(
              endpoint,
              { status: 200, headers: {}, text },
              undefined,
              undefined,
              maxItems,
            );
            expect(inTurns).toStrictEqual(whole);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
