// How the person can run this server again, for messages that say "run ... --help": decided from how this process was started.
import { SERVER_NAME } from '../version.js';

/**
 * `network-discovery-mcp` when started through the installed bin (npm's link, npx), else
 * `node <the script>`: from a clone that is `node dist/index.js`, a command the person has,
 * where the bin name would be one they do not. The script is shown relative to the working
 * directory when it is inside it (as typed in a clone), else in full (a client started it).
 */
export function commandName(script: string | undefined, cwd: string, separator = '/'): string {
  if (!script) return SERVER_NAME;
  const base = script.split(/[\\/]/).at(-1) ?? '';
  if (base === SERVER_NAME || base === `${SERVER_NAME}.cmd`) return SERVER_NAME;
  const prefix = cwd.endsWith(separator) ? cwd : `${cwd}${separator}`;
  const path = script.startsWith(prefix) ? script.slice(prefix.length) : script;
  return `node ${/\s/.test(path) ? JSON.stringify(path) : path}`;
}
