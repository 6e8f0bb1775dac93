// Whether a base URL may use plain http://: local networks yes (with a warning), the internet no.
import type { BlockList } from 'node:net';
import { nodeNet } from '../node-builtins.js';

export type TransportVerdict =
  | { readonly ok: true; readonly warning?: string }
  | { readonly ok: false; readonly problem: string };

let localAddresses: BlockList | undefined;

/** Loopback, private and link-local networks; built on first use, as only an IP-literal host needs it. */
function localAddressList(): BlockList {
  if (localAddresses) return localAddresses;
  const list = new (nodeNet().BlockList)();
  for (const [network, prefix] of [
    ['127.0.0.0', 8],
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['169.254.0.0', 16],
  ] as const) {
    list.addSubnet(network, prefix, 'ipv4');
  }
  for (const [network, prefix] of [
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
  ] as const) {
    list.addSubnet(network, prefix, 'ipv6');
  }
  localAddresses = list;
  return list;
}

/** Names that only resolve inside a home or office network (RFC 6762, RFC 8375, common practice). */
const LOCAL_SUFFIXES = ['.local', '.lan', '.home.arpa', '.localhost'];

/**
 * Plain http:// is normal for a self-hosted service on a LAN, so it is accepted for loopback,
 * private and link-local addresses and for local-only names; anywhere else the key would cross
 * networks unencrypted, so it is refused unless the user explicitly allows it.
 */
export function checkTransport(url: URL, allowInsecureHttp: boolean): TransportVerdict {
  if (url.protocol !== 'http:') return { ok: true };
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const local = localKind(host);
  if (local) {
    return {
      ok: true,
      warning: `NETWORK_DISCOVERY_BASE_URL uses plain http:// to ${host} (${local}): the API key and data travel unencrypted on the local network; prefer https:// where the service offers it.`,
    };
  }
  if (allowInsecureHttp) {
    return {
      ok: true,
      warning: `NETWORK_DISCOVERY_BASE_URL uses plain http:// to ${host}, allowed by NETWORK_DISCOVERY_ALLOW_INSECURE_HTTP: the API key and data travel unencrypted.`,
    };
  }
  return {
    ok: false,
    problem: `NETWORK_DISCOVERY_BASE_URL uses plain http:// to ${host}, which is not a local address: the API key would travel unencrypted. Use https://, or set NETWORK_DISCOVERY_ALLOW_INSECURE_HTTP=true to accept the risk.`,
  };
}

/** What kind of local host this is, or undefined for a host that may be anywhere. */
function localKind(host: string): string | undefined {
  const version = nodeNet().isIP(host);
  if (version !== 0) {
    return localAddressList().check(host, version === 4 ? 'ipv4' : 'ipv6')
      ? 'a loopback, private or link-local address'
      : undefined;
  }
  const name = host.toLowerCase();
  if (name !== '' && !name.includes('.')) return 'a single-label host name';
  return LOCAL_SUFFIXES.some((suffix) => name.endsWith(suffix))
    ? 'a local-network host name'
    : undefined;
}
