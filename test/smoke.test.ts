// First end-to-end checks through a real MCP client; the fuller suites live beside this file.
import { describe, expect, it } from 'vitest';
import { textOf, useHarness } from './harness.js';

const start = useHarness();

describe('server over an in-memory client', () => {
  it('lists discoveries from the fake API with the key as a bearer token', async () => {
    const harness = await start();
    const result = await harness.call('list_discoveries', { limit: 0 });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      pagination: { total_count: 6, limit: 0, offset: 0, has_more: false },
    });
    expect(textOf(result)).toContain('Printer VLAN scan');
    const request = harness.api.requests.at(-1);
    expect(request?.path).toBe('/api/v1/discovery');
    expect(request?.headers['authorization']).toMatch(/^Bearer scp_u_/);
  });
});
