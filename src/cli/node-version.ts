// First thing the entry runs: a Node older than package.json's engines gets one line saying what to install, and exit status 4.
//
// Written for the oldest Node anyone might start it with (Node 18, what Debian 12 and Ubuntu 24.04
// install): plain syntax, nothing but `process`, no built-in module (src/node-builtins.ts uses
// process.getBuiltinModule, which Node 18 lacks: that is where it used to die with a stack trace).
import packageJson from '../../package.json' with { type: 'json' };

/** Exit status when Node is too old (src/main.ts lists every status; --help shows them). */
export const EXIT_NODE_TOO_OLD = 4;

/** The oldest Node allowed, from package.json's `engines.node` (">=20.18" -> [20, 18, 0]). */
export const MINIMUM_NODE: readonly [number, number, number] = versionParts(
  packageJson.engines.node.replace(/^>=\s*/, ''),
);

function versionParts(text: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = text
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
  return [major, minor, patch];
}

/** Whether `version` (as in process.versions.node) is at least the minimum. */
export function nodeIsRecentEnough(version: string): boolean {
  const given = versionParts(version);
  for (let at = 0; at < 3; at++) {
    const have = given[at] ?? 0;
    const need = MINIMUM_NODE[at] ?? 0;
    if (have !== need) return have > need;
  }
  return true;
}

/** The one line a person reads in the client's log: what is needed, what runs, how to get it. */
export function nodeTooOldMessage(version: string, execPath: string): string {
  const needed = MINIMUM_NODE.join('.');
  return `network-discovery-mcp needs Node.js ${needed} or newer, but was started by Node.js ${version} (${execPath}). Install the current LTS from https://nodejs.org/en/download (or \`nvm install --lts\`), then point the MCP client's command at that node.`;
}

if (!nodeIsRecentEnough(process.versions.node)) {
  process.stderr.write(`${nodeTooOldMessage(process.versions.node, process.execPath)}\n`);
  process.exit(EXIT_NODE_TOO_OLD);
}
