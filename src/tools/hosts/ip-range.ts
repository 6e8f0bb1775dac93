// The `ip` argument: one address or a CIDR range, as a test on a host's addresses; IPv4 in dotted decimal only, parsed by ipaddr.js (plain IPv4 by a fast path of the same rule).
import ipaddr from 'ipaddr.js';
import { ToolMessageError } from '../../errors.js';
import { serviceText } from '../../safety/sanitize.js';
import { DOTTED_QUAD, isCidr, isStrictAddress } from '../../views/common/ip-address.js';

/** Whether an address the service sent lies in the range; an unreadable address never does. */
export type IpTest = (address: string) => boolean;

/** An IPv4-mapped IPv6 address is compared as the IPv4 address it carries. */
const plain = (address: ipaddr.IPv4 | ipaddr.IPv6) =>
  address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;

/** `address` parsed, or undefined: the service's text is not trusted to be an address. */
export function parsedAddress(address: string) {
  try {
    return isStrictAddress(address) ? plain(ipaddr.parse(address)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `address` in its normal form (what two spellings of one address share), or undefined. Plain
 * dotted IPv4 is its own normal form, so the common case is one regular-expression test.
 */
export function normalAddress(address: string): string | undefined {
  if (!address.includes(':')) return DOTTED_QUAD.test(address) ? address : undefined;
  return parsedAddress(address)?.toNormalizedString();
}

/** A dotted IPv4 address as a 32-bit number (the text already passed DOTTED_QUAD). */
function ipv4Number(dotted: string): number {
  let value = 0;
  for (const part of dotted.split('.')) value = value * 256 + Number(part);
  return value;
}

/** The test for `ip`; an isError naming the forms accepted when it is neither an address nor a CIDR. */
export function ipTest(argument: string): IpTest {
  const text = argument.trim();
  if (text.includes('/')) {
    if (!isCidr(text)) throw badIp(argument);
    const [base, bits] = ipaddr.parseCIDR(text);
    const range = [
      plain(base),
      base.kind() === 'ipv6' && plain(base) !== base ? bits - 96 : bits,
    ] as const;
    const slow = (address: string) => {
      const parsed = parsedAddress(address);
      return (
        parsed !== undefined &&
        parsed.kind() === range[0].kind() &&
        parsed.match(range[0], range[1])
      );
    };
    if (range[0].kind() !== 'ipv4') return slow;
    // IPv4 range: plain dotted addresses compared as numbers, anything else as ipaddr.js reads it.
    const size = 2 ** (32 - range[1]);
    const first = Math.floor(ipv4Number(range[0].toString()) / size);
    return (address) => {
      if (address.includes(':')) return slow(address);
      return DOTTED_QUAD.test(address) && Math.floor(ipv4Number(address) / size) === first;
    };
  }
  const normal = normalAddress(text);
  if (normal === undefined) throw badIp(argument);
  return (address) => normalAddress(address) === normal;
}

const badIp = (argument: string) =>
  new ToolMessageError(
    `ip "${serviceText(argument, 60)}" is neither an IP address (10.0.0.7, fe80::1) nor a CIDR range (10.0.0.0/24), IPv4 in dotted decimal (no leading zeros, no short forms): call again with one of these; nothing was listed.`,
  );
