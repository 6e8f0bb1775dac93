// 2025-11-25 forms asked over the connection: a "declined" sooner than anyone could read the form says it may not have been shown and what to do; a considered answer does not.
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { updateArgs } from './fixtures.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();
const UNSEEN = /declined within a second: this client may not have shown it/;

const puts = (h: Awaited<ReturnType<typeof start>>) =>
  h.api.requests.filter((request) => request.method === 'PUT').length;

describe('a form declined at once (a host answering a form it never drew)', () => {
  it('writes nothing and says the form may not have been shown, and what to do instead', async () => {
    const h = await start({ elicit: 'decline' });
    const result = await h.call('update_snmp_credential', updateArgs('legacy-fast-decline'));
    expect(h.elicitations).toHaveLength(1);
    expect(textOf(result)).toMatch(UNSEEN);
    expect(textOf(result)).toMatch(/web UI/);
    // Each channel stands alone: the structured next step says it too.
    expect((result.structuredContent as { next_step?: string }).next_step).toMatch(UNSEEN);
    expect(puts(h)).toBe(0);
  });

  it('says nothing of the kind after a person took time to decline', async () => {
    const h = await start({ elicit: 'decline' });
    // A person reads before answering: the answer comes after the one-second mark.
    h.client.setRequestHandler(ElicitRequestSchema, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      return { action: 'decline' };
    });
    const result = await h.call('update_snmp_credential', updateArgs('legacy-slow-decline'));
    expect(textOf(result)).not.toMatch(UNSEEN);
    expect(puts(h)).toBe(0);
  });

  it('an accepted form is written, with no such note', async () => {
    const h = await start({ elicit: 'accept' });
    const result = await h.call('update_snmp_credential', updateArgs('legacy-accepted'));
    expect(textOf(result)).not.toMatch(UNSEEN);
    expect(puts(h)).toBe(1);
  });
});
