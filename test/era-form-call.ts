// One update_snmp_credential tools/call as a raw 2026-07-28 client sends it over --http: the form's first round, or the retry with an answer and the state.
import { expect } from 'vitest';
import { TEST_API_KEY } from './fake-api.js';

export const MODERN = '2026-07-28';
export const ACCEPT = { confirm: { action: 'accept', content: { confirm: true } } };

export interface FormAnswer {
  readonly resultType?: string;
  readonly requestState?: string;
  readonly inputRequests?: Record<string, unknown>;
  readonly isError?: boolean;
  readonly content?: { text: string }[];
}

/** The call at `url`: envelope in _meta, standard headers; `retry` adds inputResponses/requestState. */
export async function formCall(
  url: URL,
  args: Record<string, unknown>,
  retry: Record<string, unknown> = {},
): Promise<FormAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': 'tools/call',
      'mcp-name': 'update_snmp_credential',
      authorization: `Bearer ${TEST_API_KEY}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'update_snmp_credential',
        arguments: args,
        ...retry,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN,
          'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
          'io.modelcontextprotocol/clientInfo': { name: 'raw-modern', version: '1.0.0' },
        },
      },
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: FormAnswer }).result;
}

export const answerText = (answer: FormAnswer): string =>
  (answer.content ?? []).map((block) => block.text).join('\n');
