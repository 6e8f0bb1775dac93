// What the asking client can show (forms, apps) and which era it speaks: read per request, in one place.
import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  PROTOCOL_VERSION_META_KEY,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { rendersApps } from './app-resource.js';

/** A plain value handed down to the confirmer: it never learns which era asked. */
export interface ClientAbilities {
  /** 2026-07-28: capabilities ride on every request, and a form is a result, not a request. */
  readonly modern: boolean;
  /** The client declared form elicitation. */
  readonly forms: boolean;
  /** The client declared the MCP Apps extension for our view's type. */
  readonly apps: boolean;
}

/**
 * 2025-11-25 declares capabilities once, at initialize; 2026-07-28 sends them in each request's
 * `_meta` envelope (over stateless HTTP that is the only place they are known).
 */
export function clientAbilities(server: Server, ctx: ServerContext | undefined): ClientAbilities {
  const envelope = ctx?.mcpReq.envelope as Record<string, unknown> | undefined;
  const modern = typeof envelope?.[PROTOCOL_VERSION_META_KEY] === 'string';
  const capabilities = modern
    ? (envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined)
    : server.getClientCapabilities();
  return { modern, forms: declaresForms(capabilities), apps: rendersApps(capabilities) };
}

/** `elicitation: {}` is the pre-mode spelling of form support (both eras read it so). */
function declaresForms(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as Record<string, unknown> | undefined;
  if (!elicitation || typeof elicitation !== 'object') return false;
  return Boolean(elicitation['form']) || Object.keys(elicitation).length === 0;
}
