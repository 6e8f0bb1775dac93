// Types of scripts/install-test-nodes.mjs (plain JavaScript: npm's prepare step runs it with node alone).
export function testNodeFolders(dir?: string): string[];
export function isInstalled(folder: string): boolean;
export function startedInThisClone(initCwd?: string): boolean;
