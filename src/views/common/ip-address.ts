// What reads as an IP address or CIDR range, strictly: for arguments and for the service's text alike.
import ipaddr from 'ipaddr.js';

/**
 * IPv4 in dotted decimal, each part 0-255 without a leading zero: the set ipaddr.js's
 * isValidFourPartDecimal accepts, tested without parsing (a warm question tests every address of
 * a 20,000-host copy: ipaddr's parse was ~40% of its time, bench/inventory.ts). Such a text is
 * also its own normal form.
 */
export const DOTTED_QUAD =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** An IPv4 address as the tail of an IPv6 one (::ffff:10.0.0.7). */
const DOTTED_TAIL = /:([^:]*\.[^:]*)$/;

/**
 * Whether `text` is an address as people write it: IPv4 in dotted decimal only, since ipaddr.js
 * also reads octal (010.010.050.010 as 8.8.40.8), hex and short forms (10.10 as 10.0.0.10), which
 * no admin means; IPv6 as written, its dotted tail held to the same rule.
 */
export function isStrictAddress(text: string): boolean {
  if (text.length > 64) return false;
  if (!text.includes(':')) return DOTTED_QUAD.test(text);
  const tail = DOTTED_TAIL.exec(text.replace(/%.*$/, ''))?.[1];
  return ipaddr.IPv6.isValid(text) && (tail === undefined || DOTTED_QUAD.test(tail));
}

/** Whether `text` is a CIDR range in the strict form: a strict address, a slash, decimal bits. */
export function isCidr(text: string): boolean {
  const slash = text.indexOf('/');
  if (slash < 0) return false;
  const bits = text.slice(slash + 1);
  return (
    isStrictAddress(text.slice(0, slash)) &&
    /^(?:0|[1-9]\d{0,2})$/.test(bits) &&
    ipaddr.isValidCIDR(text)
  );
}
