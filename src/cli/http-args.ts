// --http's own flags (--port, --host, --allow-remote, --allowed-host), read before anything starts.
import { commandTokens, hasValue } from './arguments.js';

export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '127.0.0.1';

/** Where --http listens and which Host names it accepts. */
export interface ListenArgs {
  readonly host: string;
  readonly port: number;
  /** Extra Host names accepted besides loopback and the bound address (a proxy's public name). */
  readonly allowedHosts: readonly string[];
}

export type HttpArgs =
  | { readonly ok: true; readonly options: ListenArgs }
  | { readonly ok: false; readonly problems: readonly string[] };

/** Whether a bind address keeps the server on this machine. */
export function isLoopbackBind(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127(?:\.\d{1,3}){3}$/.test(name);
}

/**
 * Reads --port N, --host H, --allow-remote and --allowed-host H (repeatable), as `--flag value` or
 * `--flag=value`. A host other than loopback needs --allow-remote: `--host=` (empty) or a typo
 * would otherwise bind every interface without a word.
 */
export function parseHttpArgs(argv: readonly string[]): HttpArgs {
  const problems: string[] = [];
  const tokens = commandTokens(argv);
  const values = (flag: string): string[] => {
    const found: string[] = [];
    for (const token of tokens) {
      if (token.kind !== 'option' || token.rawName !== flag) continue;
      if (hasValue(token)) found.push(token.value);
      else problems.push(`${flag} needs a value`);
    }
    return found;
  };
  const portText = values('--port').at(-1);
  const port = portText === undefined ? DEFAULT_PORT : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    problems.push('--port must be a whole number from 0 to 65535');
  }
  const host = (values('--host').at(-1) ?? DEFAULT_HOST).trim();
  if (host === '') problems.push('--host needs a value (an address to bind, e.g. 127.0.0.1)');
  else if (!isLoopbackBind(host) && !tokens.some((token) => token.name === 'allow-remote')) {
    problems.push(
      `--host ${host} is not a loopback address: every machine that can reach it could call the tools with the configured key. Add --allow-remote to mean it (and put a TLS proxy with authentication in front).`,
    );
  }
  const allowedHosts = values('--allowed-host').map((h) => h.toLowerCase());
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, options: { host, port, allowedHosts } };
}
