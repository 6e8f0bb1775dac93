// This server's own name and version, read from package.json at build time.
import packageJson from '../package.json' with { type: 'json' };

export const SERVER_NAME = 'network-discovery-mcp';
export const SERVER_VERSION: string = packageJson.version;
