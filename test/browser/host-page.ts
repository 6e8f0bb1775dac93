// The test host's page script (bundled for the browser by test/browser/host.ts): ext-apps' AppBridge and a sandboxed iframe.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { HostRecord, HostWindow } from './host-types.js';

const host = window as unknown as Window & HostWindow;

host.hostRecords = [];

host.startHost = async (run) => {
  const iframe = document.createElement('iframe');
  // Scripts only: no same origin, no forms, no popups, no top navigation (as hosts sandbox views).
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.setAttribute('title', 'MCP App');
  iframe.style.cssText = 'width: 100%; height: 760px; border: 0; display: block;';
  document.body.append(iframe);
  const view = iframe.contentWindow;
  if (!view) throw new Error('the iframe has no window');
  const bridge = new AppBridge(
    null,
    { name: 'network-discovery-test-host', version: '1.0.0' },
    { serverTools: {}, message: { text: {} }, updateModelContext: { text: {} }, logging: {} },
    {
      hostContext: {
        theme: run.theme,
        displayMode: 'inline',
        containerDimensions: { width: run.width ?? 960, maxHeight: 760 },
        platform: 'web',
        // As hosts do: the tool whose result the view draws (it tells an empty host list apart).
        toolInfo: { tool: { name: run.toolName, inputSchema: { type: 'object' } } },
      },
    },
  );
  const record = (method: HostRecord['method'], params: unknown) =>
    host.hostRecords.push({ method, params: JSON.parse(JSON.stringify(params)) });
  bridge.oncalltool = async (params) => {
    record('tools/call', params);
    return host.hostCallTool(params.name, params.arguments ?? {});
  };
  bridge.onmessage = async (params) => {
    record('ui/message', params);
    return {};
  };
  bridge.onupdatemodelcontext = async (params) => {
    record('ui/update-model-context', params);
    return {};
  };
  bridge.oninitialized = () => {
    void bridge
      .sendToolInput({ arguments: run.toolInput })
      .then(() => bridge.sendToolResult(run.toolResult));
  };
  await bridge.connect(new PostMessageTransport(view, view));
  iframe.src = '/view.html';
};
