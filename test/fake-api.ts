// The fake API for tests: the built-in sample API with known test credentials and fault helpers.
import type { ServerResponse } from 'node:http';
import { type ApiClient, createApiClient } from '../src/api/client.js';
import type { HttpSender } from '../src/api/transport/http.js';
import { createRedactor } from '../src/safety/redact.js';
import {
  type RecordedRequest,
  type SampleApi,
  type SampleApiOptions,
  startSampleApi,
} from '../src/sample-api/server.js';

export const TEST_API_KEY = 'scp_u_TESTKEY0123456789abcdefABCDEF01';
export const TEST_SESSION_ID = 'sess-PLANTED-9f8e7d6c5b4a39281706';

export type { SampleApi };

/**
 * Playing the contract's own 0.14.13 service (the default), the fake API also offers the contract's
 * release-notes route, which no Scanopy release has: the tests of that tool's rendering need it.
 */
export function startFakeApi(options: SampleApiOptions = {}): Promise<SampleApi> {
  const version = options.data?.serverVersion ?? options.scanopyVersion ?? '0.14.13';
  return startSampleApi({
    apiKey: TEST_API_KEY,
    sessions: [TEST_SESSION_ID],
    offerReleaseNotes: version === '0.14.13',
    ...options,
  });
}

/** An API client of the test key on `url`, over `sender`. */
export function testApiClient(url: URL, sender: HttpSender): ApiClient {
  return createApiClient({
    baseUrl: url,
    apiKey: TEST_API_KEY,
    userAgent: 'test',
    sender,
    redactor: createRedactor(),
  });
}

export const JSON_TYPE = { 'content-type': 'application/json' };
export const TEXT_TYPE = { 'content-type': 'text/plain' };

/** Writes a raw response, for fault injection. */
export function reply(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): true {
  res.writeHead(status, headers);
  res.end(body);
  return true;
}

/** A JSON error envelope as the service writes it. */
export function envelopeError(error: string, code?: string, params?: object): string {
  return JSON.stringify({
    success: false,
    error,
    ...(code ? { code } : {}),
    ...(params ? { params } : {}),
    meta: { api_version: 1, server_version: '0.14.13' },
  });
}

/** Everything a request carried, as a careless service or proxy would repeat it. */
export function echo(req: RecordedRequest): string {
  return `Authorization: ${req.headers['authorization'] ?? '-'}\nCookie: ${req.headers['cookie'] ?? '-'}\nbody ${req.body} key=${(req.headers['authorization'] ?? '').replace(/^Bearer /, '')} session=${TEST_SESSION_ID}`;
}
