// --http's request slots tested directly and fast: the cap per caller, the share kept for accepted keys, and slots given back on close.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createSlots } from '../src/cli/http-slots.js';

/** Just enough of a ServerResponse: what the slots write on refusal, and a close to emit. */
class FakeResponse extends EventEmitter {
  status: number | undefined;
  readonly headers: Record<string, string> = {};
  setHeader(name: string, value: string) {
    this.headers[name] = value;
    return this;
  }
  writeHead(status: number) {
    this.status = status;
    return this;
  }
  end() {
    return this;
  }
  close() {
    this.emit('close');
  }
}

const response = () => new FakeResponse();
const asRes = (res: FakeResponse) => res as unknown as ServerResponse;
const keyless = (address: string) => ({ accepted: false, id: address });
const key = (digest: string) => ({ accepted: true, id: digest });

describe('request slots', () => {
  it('one caller holds at most perCaller; another caller is served meanwhile; a closed request frees its place', () => {
    const take = createSlots({ max: 64, perCaller: 2 });
    const held = [response(), response()];
    for (const res of held) expect(take(asRes(res), keyless('10.0.0.1'))).toBe(true);
    const third = response();
    expect(take(asRes(third), keyless('10.0.0.1'))).toBe(false);
    expect(third.status).toBe(503);
    expect(third.headers['retry-after']).toBe('1');
    // Another address, and an accepted key, have places of their own.
    expect(take(asRes(response()), keyless('10.0.0.2'))).toBe(true);
    expect(take(asRes(response()), key('alice'))).toBe(true);
    expect(take(asRes(response()), key('alice'))).toBe(true);
    expect(take(asRes(response()), key('alice'))).toBe(false);
    held[0]?.close();
    expect(take(asRes(response()), keyless('10.0.0.1'))).toBe(true);
    expect(take(asRes(response()), keyless('10.0.0.1'))).toBe(false);
  });

  it('callers without an accepted key give their slots back on close: the three quarters they share fill and free again', () => {
    // max 8: two kept for accepted keys, six shared by the others.
    const take = createSlots({ max: 8, perCaller: 8 });
    const held = Array.from({ length: 6 }, () => response());
    for (const [i, res] of held.entries())
      expect(take(asRes(res), keyless(`10.0.0.${i}`))).toBe(true);
    expect(take(asRes(response()), keyless('10.0.0.9'))).toBe(false);
    expect(take(asRes(response()), key('alice'))).toBe(true);
    for (const res of held) res.close();
    // Every keyless slot is back: six more are taken, from one address this time.
    for (let i = 0; i < 6; i++) expect(take(asRes(response()), keyless('10.0.0.9'))).toBe(true);
    expect(take(asRes(response()), keyless('10.0.0.9'))).toBe(false);
  });

  it('the total cap counts every caller, and closing gives back to the total', () => {
    const take = createSlots({ max: 4, perCaller: 4 });
    const held = Array.from({ length: 4 }, () => response());
    for (const [i, res] of held.entries()) expect(take(asRes(res), key(`k${i}`))).toBe(true);
    expect(take(asRes(response()), key('k9'))).toBe(false);
    held[3]?.close();
    expect(take(asRes(response()), key('k9'))).toBe(true);
  });
});
