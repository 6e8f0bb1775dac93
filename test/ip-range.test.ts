// The `ip` test's IPv4 fast path gives the answers ipaddr.js gives: ranges, single addresses, and what is not an address.
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { ipTest, normalAddress } from '../src/tools/hosts/ip-range.js';

/** What ipaddr.js says, with the strict dotted-decimal rule the tool keeps for IPv4. */
function reference(range: string, address: string): boolean {
  const strict = (text: string) =>
    text.includes(':') ? ipaddr.IPv6.isValid(text) : ipaddr.IPv4.isValidFourPartDecimal(text);
  if (!strict(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const [base, bits] = ipaddr.parseCIDR(range);
  return parsed.kind() === base.kind() && parsed.match(base, bits);
}

/** A fixed sequence of pseudo-random numbers: the same addresses on every run. */
function* numbers(seed: number) {
  let state = seed;
  for (;;) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    yield state;
  }
}

describe('ipTest, IPv4', () => {
  const random = numbers(7);
  const octet = () => String((random.next().value as number) % 256);
  const addresses = [
    ...Array.from({ length: 400 }, () => `10.${octet()}.${octet()}.${octet()}`),
    ...Array.from({ length: 100 }, () => `${octet()}.${octet()}.${octet()}.${octet()}`),
    '10.0.1.255',
    '10.0.2.0',
    '0.0.0.0',
    '255.255.255.255',
    '010.0.1.2',
    '10.0.1.256',
    '10.0.1',
    '10.0.1.2.3',
    '10.0.1.2 ',
    '::ffff:10.0.1.7',
    '::ffff:a00:107',
    'fe80::1',
    '',
    'lab-grafana',
  ];

  for (const range of ['10.0.1.0/24', '10.0.0.0/8', '0.0.0.0/0', '10.0.1.7/32', '10.128.0.0/9']) {
    it(`matches what ipaddr.js matches for ${range}`, () => {
      const test = ipTest(range);
      const differ = addresses.filter((a) => test(a) !== reference(range, a));
      expect(differ).toEqual([]);
      expect(addresses.some((a) => test(a))).toBe(true);
    });
  }

  it('finds one address in its IPv4 and IPv4-mapped spellings, and nothing else', () => {
    const test = ipTest('10.0.1.7');
    expect(['10.0.1.7', '::ffff:10.0.1.7', '::ffff:a00:107'].map(test)).toEqual([true, true, true]);
    expect(['10.0.1.70', '010.0.1.7', '10.0.1.07', '10.0.1'].map(test)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(normalAddress('::ffff:10.0.1.7')).toBe('10.0.1.7');
    expect(normalAddress('10.00.1.7')).toBeUndefined();
  });
});
