// The 2026-07-28 form's accepted answer across replicas and restarts: spent once in a shared store, refused once the credential or the words shown changed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileSpentStore } from '../src/confirm/spent-file.js';
import type { SpentStore } from '../src/confirm/spent-store.js';
import { SAMPLE_CREDENTIAL_ID, SAMPLE_TAGS } from '../src/sample-api/data.js';
import { type SampleNames, sampleNames } from '../src/sample-api/names-data.js';
import { ACCEPT, answerText, type FormAnswer, formCall } from './era-form-call.js';
import { reply, type SampleApi, startFakeApi, TEST_API_KEY } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { type HttpInstance, startHttpInstance } from './http-instance.js';

/** Every replica (and every start) signs with this: a state from one is valid on the others. */
const SHARED_SECRET = 'replica-secret-0123456789abcdef0123456789';

let api: SampleApi;
let names: SampleNames;
let dir: string;
const running: HttpInstance[] = [];

beforeAll(async () => {
  names = sampleNames();
  api = await startFakeApi({ names: { names } });
});

afterAll(async () => {
  await api?.close();
});

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ndm-replay-'));
});

afterEach(async () => {
  api.setIntercept(undefined);
  await Promise.all(running.splice(0).map((instance) => instance.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** A replica (or a fresh start) with the shared secret and HTTP writes; its own memory store unless given one. */
async function replica(spent?: SpentStore): Promise<HttpInstance> {
  const instance = await startHttpInstance(
    api.url,
    {
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
      NETWORK_DISCOVERY_HTTP_WRITES: 'true',
      NETWORK_DISCOVERY_TOKEN_SECRET: SHARED_SECRET,
    },
    spent ? { spent } : {},
  );
  running.push(instance);
  return instance;
}

/** What replicas on one machine share: the directory beside the audit log. */
const sharedStore = () =>
  fileSpentStore(join(dir, 'audit.log.spent'), process.getuid?.(), Date.now);

const puts = () => api.requests.filter((request) => request.method === 'PUT').length;

async function formState(on: HttpInstance, args: Record<string, unknown>): Promise<string> {
  const first = await formCall(on.handle.url, args);
  expect(first.resultType).toBe('input_required');
  return first.requestState as string;
}

const accept = (on: HttpInstance, args: Record<string, unknown>, state: string) =>
  formCall(on.handle.url, args, { inputResponses: ACCEPT, requestState: state });

function expectWritten(answer: FormAnswer) {
  expect(answer.isError ?? false, answerText(answer)).toBe(false);
  expect(answerText(answer)).toMatch(/confirmed via elicitation/);
}

function expectRefused(answer: FormAnswer, why: RegExp) {
  expect(answer.isError).toBe(true);
  expect(answerText(answer)).toMatch(/nothing was written/i);
  expect(answerText(answer)).toMatch(why);
}

/** The stored credential, as the service holds it (community included). */
const stored = () => {
  const credential = api.data.credentials.find((c) => c.id === SAMPLE_CREDENTIAL_ID);
  if (!credential) throw new Error('the sample credential is missing');
  return credential;
};

describe('an accepted form answer on another replica with the same secret', () => {
  it('writes once when nothing changed since the form (the replicas accept each other’s states)', async () => {
    const [one, two] = [await replica(), await replica()];
    const args = updateArgs('replica-fresh');
    const state = await formState(one, args);
    const before = puts();
    expectWritten(await accept(two, args, state));
    expect(puts()).toBe(before + 1);
  });

  it('is refused once its write has landed, with each replica recording in its own memory', async () => {
    const [one, two] = [await replica(), await replica()];
    const args = updateArgs('replica-landed');
    const state = await formState(one, args);
    expectWritten(await accept(one, args, state));
    const before = puts();
    // The second replica never saw this state spent: only the record's new state refuses it.
    expectRefused(await accept(two, args, state), /credential has changed since the preview/);
    expect(puts()).toBe(before);
  });

  it('is refused after a restart once its write has landed', async () => {
    const first = await replica();
    const args = updateArgs('restart-landed');
    const state = await formState(first, args);
    expectWritten(await accept(first, args, state));
    await running.splice(running.indexOf(first), 1)[0]?.close();
    const restarted = await replica();
    const before = puts();
    expectRefused(await accept(restarted, args, state), /credential has changed/);
    expect(puts()).toBe(before);
  });

  it('never writes the old community back after someone else rotated it since the form', async () => {
    const one = await replica();
    const args = updateArgs('old-community');
    const state = await formState(one, args);
    // Someone else rotates it in the service's web UI: only the community and the stamp change,
    // so the words the form showed are the same.
    Object.assign(stored(), {
      community: 'rotated-elsewhere',
      updated_at: new Date().toISOString(),
    });
    const before = puts();
    expectRefused(await accept(one, args, state), /credential has changed since the preview/);
    expect(puts()).toBe(before);
    expect(stored().community).toBe('rotated-elsewhere');
  });

  it('is refused when the words shown changed since the form (a tag renamed), the credential the same', async () => {
    const [one, two] = [await replica(), await replica()];
    const args = updateArgs('renamed-tag');
    const state = await formState(one, args);
    const tag = names.tags.find((t) => t['id'] === SAMPLE_TAGS.core);
    if (!tag) throw new Error('the sample tag is missing');
    const name = tag['name'];
    try {
      // The person read "core"; the second replica reads the names afresh and would show another.
      tag['name'] = 'renamed-since';
      const before = puts();
      expectRefused(await accept(two, args, state), /different arguments|has changed/);
      expect(puts()).toBe(before);
    } finally {
      tag['name'] = name;
    }
  });
});

describe('a form state whose write did not land, on replicas sharing a spent store', () => {
  /** The service refuses the first PUT (400): the state is spent, the credential reads the same. */
  function refuseFirstPut() {
    let refused = false;
    api.setIntercept((request, response) => {
      if (request.method !== 'PUT' || refused) return false;
      refused = true;
      return reply(response, 400, '{"success":false,"error":"refused once"}', {
        'content-type': 'application/json',
      });
    });
  }

  it('is spent once: another replica and a restart both refuse it', async () => {
    const store = sharedStore();
    const [one, two] = [await replica(store), await replica(store)];
    const args = updateArgs('shared-unlanded');
    const state = await formState(one, args);
    refuseFirstPut();
    const failed = await accept(one, args, state);
    expect(failed.isError).toBe(true);
    const before = puts();
    expectRefused(await accept(two, args, state), /already used/);
    const restarted = await replica(sharedStore());
    expectRefused(await accept(restarted, args, state), /already used/);
    expect(puts()).toBe(before);
  });

  it('two replicas answering one state at once: exactly one sends the write', async () => {
    const store = sharedStore();
    const [one, two] = [await replica(store), await replica(store)];
    const args = updateArgs('shared-race');
    const state = await formState(one, args);
    const before = puts();
    const answers = await Promise.all([accept(one, args, state), accept(two, args, state)]);
    expect(puts()).toBe(before + 1);
    expect(answers.filter((answer) => !answer.isError)).toHaveLength(1);
    expect(answerText(answers.find((answer) => answer.isError) ?? {})).toMatch(/already used/);
  });
});
