// The two workflow prompts through a real MCP client: listed with their arguments, rendered, read-only aware.
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';

const start = useHarness();

const NETWORK = '5f2c8a1e-3b4d-4e6f-8a9b-0c1d2e3f4a5b';

function promptText(result: GetPromptResult): string {
  expect(result.messages).toHaveLength(1);
  const [message] = result.messages;
  expect(message?.role).toBe('user');
  return message?.content.type === 'text' ? message.content.text : '';
}

describe('prompts', () => {
  it('lists both prompts with titles, descriptions and optional arguments', async () => {
    const harness = await start();
    const { prompts } = await harness.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual([
      'review_network_discoveries',
      'rotate_snmp_community',
    ]);
    for (const prompt of prompts) {
      expect(prompt.title).toBeTruthy();
      expect(prompt.description?.length).toBeGreaterThan(20);
    }
    expect(prompts[0]?.arguments).toEqual([
      expect.objectContaining({ name: 'network_id', required: false }),
    ]);
    expect(prompts[1]?.arguments).toEqual([
      expect.objectContaining({ name: 'credential', required: false }),
    ]);
  });

  it('review_network_discoveries narrows to the given network and asks for runs, disabled and failed', async () => {
    const harness = await start();
    const text = promptText(
      await harness.client.getPrompt({
        name: 'review_network_discoveries',
        arguments: { network_id: NETWORK },
      }),
    );
    expect(text).toContain(`network_id "${NETWORK}"`);
    expect(text).toContain('list_discoveries');
    expect(text).toMatch(/What runs/);
    expect(text).toMatch(/What is disabled/);
    expect(text).toMatch(/What failed/);
    expect(text).toMatch(/change nothing/);
  });

  it('review_network_discoveries without a network reviews every network', async () => {
    const harness = await start();
    const text = promptText(await harness.client.getPrompt({ name: 'review_network_discoveries' }));
    expect(text).toContain('every network');
    expect(text).not.toContain('network_id "');
  });

  it('rotate_snmp_community walks find, prepare, confirm, verify with the real tool names', async () => {
    const harness = await start();
    const text = promptText(
      await harness.client.getPrompt({
        name: 'rotate_snmp_community',
        arguments: { credential: 'Core switches' },
      }),
    );
    expect(text).toContain('"Core switches"');
    const find = text.indexOf('list_snmp_credentials');
    const prepare = text.indexOf('update_snmp_credential');
    const confirm = text.indexOf('confirmation_token');
    const verify = text.lastIndexOf('list_snmp_credentials');
    expect(find).toBeGreaterThanOrEqual(0);
    expect(prepare).toBeGreaterThan(find);
    expect(confirm).toBeGreaterThan(prepare);
    expect(verify).toBeGreaterThan(confirm);
    // The placeholder warning and "keep name and tags" are what make the rotation safe.
    expect(text).toContain('********');
    expect(text).toMatch(/current name, organization_id, version and tags/);
  });

  it('leaves the rotation prompt out in read-only mode', async () => {
    const harness = await start({ readOnly: true });
    const { prompts } = await harness.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['review_network_discoveries']);
  });
});
