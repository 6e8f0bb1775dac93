// The `ip` argument: one address or a CIDR range, as a test on a host's addresses; IPv4 in dotted decimal only, parsed by ipaddr.js.
import ipaddr from 'ipaddr.js';
import { ToolMessageError } from '../../errors.js';
import { serviceText } from '../../safety/sanitize.js';
import { isCidr, isStrictAddress } from '../../views/common/ip-address.js';

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
    return (address) => {
      const parsed = parsedAddress(address);
      return (
        parsed !== undefined &&
        parsed.kind() === range[0].kind() &&
        parsed.match(range[0], range[1])
      );
    };
  }
  const wanted = parsedAddress(text);
  if (!wanted) throw badIp(argument);
  const normal = wanted.toNormalizedString();
  return (address) => parsedAddress(address)?.toNormalizedString() === normal;
}

const badIp = (argument: string) =>
  new ToolMessageError(
    `ip "${serviceText(argument, 60)}" is neither an IP address (10.0.0.7, fe80::1) nor a CIDR range (10.0.0.0/24), IPv4 in dotted decimal (no leading zeros, no short forms): call again with one of these; nothing was listed.`,
  );
