// The 2026-07-28 form's requestState on the wire: an accepted answer writes once; a replayed, forged or re-aimed state, or an answer without one, writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPT, answerText, formCall } from './era-form-call.js';
import { type SampleApi, startFakeApi, TEST_API_KEY } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { type HttpInstance, startHttpInstance } from './http-instance.js';

let api: SampleApi;
let http: HttpInstance;
const audit: unknown[] = [];

beforeAll(async () => {
  api = await startFakeApi();
  http = await startHttpInstance(
    api.url,
    { NETWORK_DISCOVERY_API_KEY: TEST_API_KEY, NETWORK_DISCOVERY_HTTP_WRITES: 'true' },
    { audit: (line) => audit.push(line) },
  );
});

afterAll(async () => {
  await http?.close();
  await api?.close();
});

const call = (args: Record<string, unknown>, retry: Record<string, unknown> = {}) =>
  formCall(http.handle.url, args, retry);

const puts = () => api.requests.filter((request) => request.method === 'PUT').length;
const textOf = answerText;

/** The first round: the form and its state, nothing written, nothing recorded. */
async function formFor(args: Record<string, unknown>) {
  const before = { puts: puts(), audit: audit.length };
  const first = await call(args);
  expect(first.resultType).toBe('input_required');
  expect(Object.keys(first.inputRequests ?? {})).toEqual(['confirm']);
  expect(first.requestState).toMatch(/^ct2\./);
  expect(puts()).toBe(before.puts);
  expect(audit).toHaveLength(before.audit);
  return first.requestState as string;
}

describe('the form on 2026-07-28', () => {
  it('sends the form with a signed state; the accepted answer writes once, and is recorded', async () => {
    const args = updateArgs('state-accepted');
    const state = await formFor(args);
    const before = puts();
    const done = await call(args, { inputResponses: ACCEPT, requestState: state });
    expect(done.isError ?? false, textOf(done)).toBe(false);
    expect(textOf(done)).toMatch(/confirmed via elicitation/);
    expect(puts()).toBe(before + 1);
    expect(JSON.stringify(audit.at(-1))).toMatch(/succeeded.*confirmation.{0,6}elicitation/);
    // The state names no argument: the community never rides in it.
    expect(state).not.toContain('state-accepted');
  });

  it('refuses the same state replayed: nothing written the second time', async () => {
    const args = updateArgs('state-replayed');
    const state = await formFor(args);
    await call(args, { inputResponses: ACCEPT, requestState: state });
    const before = puts();
    const again = await call(args, { inputResponses: ACCEPT, requestState: state });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toMatch(/already used/);
    expect(textOf(again)).toMatch(/nothing was written/);
    expect(puts()).toBe(before);
  });

  it('refuses a state sent with other arguments (another community): nothing written', async () => {
    const state = await formFor(updateArgs('state-shown'));
    const before = puts();
    const swapped = await call(updateArgs('state-swapped'), {
      inputResponses: ACCEPT,
      requestState: state,
    });
    expect(swapped.isError).toBe(true);
    expect(textOf(swapped)).toMatch(/different arguments/);
    expect(puts()).toBe(before);
  });

  it.each([
    ['made up', 'ct2.AAAAAAAA.mwzzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['not a state of ours', 'v1.eyJwIjp7fX0.sig'],
  ])('refuses a forged state (%s): nothing written', async (_kind, forged) => {
    const before = puts();
    const answer = await call(updateArgs('state-forged'), {
      inputResponses: ACCEPT,
      requestState: forged,
    });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toMatch(/nothing was written/);
    expect(puts()).toBe(before);
  });

  it('an accepted answer without a state only brings the form again', async () => {
    const before = puts();
    const answer = await call(updateArgs('state-missing'), { inputResponses: ACCEPT });
    expect(answer.resultType).toBe('input_required');
    expect(puts()).toBe(before);
  });
});
