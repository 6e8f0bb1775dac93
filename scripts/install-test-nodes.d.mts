// Types of scripts/install-test-nodes.mjs (plain JavaScript: the test command runs it with node alone).
export function testNodeFolders(dir?: string): string[];
export function isInstalled(folder: string): boolean;
export function installTestNodes(): number;
