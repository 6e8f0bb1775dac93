// npm run demo [-- --scanopy 0.17.22]: the sample API on 127.0.0.1 playing a Scanopy version, the built server over stdio, each tool called and printed.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { APPS_EXTENSION } from '../src/mcp/app-resource.js';
import {
  SAMPLE_CREDENTIAL_ID,
  SAMPLE_NETWORKS,
  SAMPLE_ORGANIZATION_ID,
  SAMPLE_TAGS,
  SAMPLE_VERSIONS,
} from '../src/sample-api/data.js';
import { startSampleApi } from '../src/sample-api/server.js';
import { APP_VIEW_MIME, APP_VIEW_URI, APPROVAL_META_KEY } from '../src/views/common/app-view.js';
import { serverTransport } from '../test/stdio-client.js';

// Any scp_u_ key is accepted by the sample API; this one only exists on this machine.
const DEMO_KEY = 'scp_u_demo000000000000000000000000000';
const RULE = '─'.repeat(78);

function show(title: string, body: string): void {
  console.log(`\n${RULE}\n▶ ${title}\n${RULE}\n${body}`);
}

/** Where the MCP Apps view is declared, and what the server sends for it. */
async function printView(client: Client, tools: readonly Tool[]): Promise<void> {
  const declaring = tools.filter((tool) => {
    const ui = tool._meta?.['ui'] as { resourceUri?: unknown; visibility?: unknown } | undefined;
    return ui?.resourceUri === APP_VIEW_URI && !Array.isArray(ui.visibility);
  });
  const appOnly = tools.filter((tool) => {
    const ui = tool._meta?.['ui'] as { visibility?: unknown } | undefined;
    return Array.isArray(ui?.visibility) && !ui.visibility.includes('model');
  });
  const { contents } = await client.readResource({ uri: APP_VIEW_URI });
  const html = String((contents[0] as { text?: unknown } | undefined)?.text ?? '');
  console.log(
    `  MCP Apps view: ${APP_VIEW_URI} (${contents[0]?.mimeType}, ${Buffer.byteLength(html)} bytes), declared in _meta.ui.resourceUri of ${declaring.map((tool) => tool.name).join(', ')}`,
  );
  console.log(
    `  app-only (the view's Confirm button, listed because this client declared ${APPS_EXTENSION}): ${appOnly.map((tool) => tool.name).join(', ') || 'none'}`,
  );
}

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}

/** `--scanopy 0.17.22` or `--scanopy=0.17.22`; the contract's 0.14.13 by default. */
function scanopyVersion(argv: readonly string[]): string | undefined {
  const at = argv.findIndex((arg) => arg === '--scanopy' || arg.startsWith('--scanopy='));
  if (at === -1) return '0.14.13';
  const value = argv[at]?.includes('=') ? argv[at]?.split('=')[1] : argv[at + 1];
  return SAMPLE_VERSIONS.find((known) => known === value);
}

async function main(): Promise<number> {
  const version = scanopyVersion(process.argv.slice(2));
  if (!version) {
    console.error(`--scanopy takes one of: ${SAMPLE_VERSIONS.join(', ')}`);
    return 2;
  }
  const api = await startSampleApi({ scanopyVersion: version });
  const transport = serverTransport({ baseUrl: api.url, apiKey: DEMO_KEY });
  const serverLog: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => serverLog.push(chunk.toString('utf8')));
  // The demo says it renders MCP Apps, as Claude Desktop or VS Code do: the write's preview then
  // carries the view's Confirm button (for a person; this script never presses it).
  const client = new Client(
    { name: 'network-discovery-mcp-demo', version: '1.0.0' },
    { capabilities: { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_VIEW_MIME] } } } },
  );
  let failures = 0;

  const call = async (
    name: string,
    args: Record<string, unknown> = {},
    note = '',
    errorExpected = false,
  ) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    if (Boolean(result.isError) !== errorExpected) failures++;
    // The transcript is read by people: the secret argument is masked here as the server masks it.
    const masked =
      'community' in args ? { ...args, community: '<new community, not shown>' } : args;
    const shown = Object.keys(args).length > 0 ? ` ${JSON.stringify(masked)}` : '';
    show(`${name}${shown}${note}`, `${result.isError ? '[tool error] ' : ''}${textOf(result)}`);
    return result;
  };

  try {
    await client.connect(transport);
    const server = client.getServerVersion();
    const { tools } = await client.listTools();
    const names = new Set(tools.map((tool) => tool.name));
    console.log('network-discovery-mcp demo');
    console.log(`  sample API (plays Scanopy ${version}): ${api.url.origin}`);
    console.log(`  MCP server: node dist/index.js over stdio (${server?.name} ${server?.version})`);
    console.log(`  tools: ${[...names].join(', ')}`);
    console.log(`  instructions: ${client.getInstructions() ?? '(none)'}`);
    await printView(client, tools);

    await call('get_version');
    await call('list_discoveries', { limit: 10 });
    await call('list_discoveries', { network_id: SAMPLE_NETWORKS.lab }, ' (one network)');
    await call('list_discoveries', { run_type: 'Scheduled', enabled: false }, ' (filtered)');
    await call('list_discoveries', { counts_only: true }, ' (counts only)');
    // What the scans found: hosts with telnet open on the office network, and the inventory in numbers.
    const telnet = await call(
      'list_hosts',
      { network: 'Office', port: 23, limit: 5 },
      ' (filtered)',
    );
    await call('list_hosts', { counts_only: true }, ' (counts only)');
    // One of those hosts in full, by the name the list showed: what a person asks next.
    const groups = (telnet.structuredContent as { groups?: { hosts?: { name?: string }[] }[] })
      ?.groups;
    const name = groups?.[0]?.hosts?.[0]?.name;
    if (name === undefined) failures++;
    else await call('get_host', { host: name }, ' (one host in full)');
    // How it is connected: what one switch port is cabled to, and the chain of links between two hosts.
    if (names.has('list_links')) {
      await call('list_links', { host: 'sw-2', interface: 'Gi0/2' }, ' (one port)');
      await call('list_links', { host: 'sw-14', path_to: 'sw-50' }, ' (a path)');
    }
    // No Scanopy release offers release notes, and the sample answers as Scanopy does: the tool says so.
    await call('get_unseen_release_notes', {}, ' (no Scanopy offers them)', true);
    if (names.has('list_snmp_credentials')) await call('list_snmp_credentials');

    if (names.has('update_snmp_credential')) {
      // No form here, and the app path: a preview whose approval only the view's Confirm button uses.
      const preview = await call(
        'update_snmp_credential',
        {
          id: SAMPLE_CREDENTIAL_ID,
          name: 'Office switches',
          organization_id: SAMPLE_ORGANIZATION_ID,
          community: 'rotated-demo-community',
          tags: [SAMPLE_TAGS.core],
        },
        ' (preview only: a person confirms it with the Confirm button in the view)',
      );
      const status = (preview.structuredContent as Record<string, unknown> | undefined)?.['status'];
      if (status !== 'preview') failures++;
      const approval = preview._meta?.[APPROVAL_META_KEY] ? "in the result's _meta" : 'MISSING';
      if (approval === 'MISSING') failures++;
      console.log(
        `  the Confirm button's approval: ${approval} (the view reads it; the model never does)`,
      );
    }
    const writes = api.requests.filter((request) => request.method !== 'GET').length;
    console.log(
      `\n${RULE}\nThe preview was not confirmed, so nothing was written (${writes} write requests reached the sample API).`,
    );
    console.log(
      `${api.requests.length} HTTP requests in all, every one to ${api.url.host}. Next: add the server to your MCP client (see README, "Client setup").`,
    );
  } catch (error) {
    failures++;
    console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
    if (serverLog.length > 0) console.error(`server stderr:\n${serverLog.join('')}`);
  } finally {
    await client.close();
    await api.close();
  }
  if (failures > 0) console.error(`\n${failures} demo step(s) failed.`);
  return failures > 0 ? 1 : 0;
}

process.exitCode = await main();
