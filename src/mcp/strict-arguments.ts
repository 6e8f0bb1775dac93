// Tool arguments as a strict object: an argument the tool does not know is refused by name, never silently dropped.
import type { Transport } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { serviceText } from '../safety/sanitize.js';

/** Unknown names listed in a refusal, at most: a caller's keys are untrusted and unbounded. */
const MAX_NAMED = 5;

/**
 * The input schema the SDK validates with (and the listing shows as additionalProperties: false).
 * `list_discoveries({tag: "lab"})` once returned every item while the model believed it filtered.
 */
export function strictArguments(toolName: string, shape: z.ZodRawShape) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return undefined;
      const unknown = issue.keys
        .slice(0, MAX_NAMED)
        .map((key) => `"${serviceText(key === PROTO_STANDIN ? PROTO : key, 60)}"`);
      const more =
        issue.keys.length > MAX_NAMED ? ` and ${issue.keys.length - MAX_NAMED} more` : '';
      const noun = issue.keys.length === 1 ? 'argument' : 'arguments';
      const accepted = known.length > 0 ? `it takes ${known.join(', ')}` : 'it takes no arguments';
      return `${toolName} has no ${noun} ${unknown.join(', ')}${more}: ${accepted}. Call again without it; nothing was done.`;
    },
  });
}

const PROTO = '__proto__';
/** What `__proto__` is carried as from the transport to the schema; shown as `__proto__` again. */
const PROTO_STANDIN = '\u0000__proto__';

/**
 * An argument named `__proto__` never reaches the tool's schema: the SDK parses `arguments` as a
 * zod record, which leaves that key out (assigning it would set the result's prototype), so it was
 * dropped without a word where every other unknown name is refused. Each tools/call message is
 * looked at as the transport delivers it, before that parse: an own `__proto__` key is carried
 * under a stand-in name, which the strict schema then refuses as "__proto__" like any other.
 * Works before or after the SDK sets the transport's handler (serveStdio sets it when it starts).
 */
export function refusePrototypeArguments(transport: Transport): void {
  let deliver = transport.onmessage;
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () =>
      deliver &&
      ((message: Message, extra?: Parameters<NonNullable<Transport['onmessage']>>[1]) =>
        deliver?.(withProtoStandIn(message), extra)),
    set: (handler: Transport['onmessage']) => {
      deliver = handler;
    },
  });
}

type Message = Parameters<NonNullable<Transport['onmessage']>>[0];

/** Also used on a body already parsed (--http): a message, or a batch of them; else as it was. */
export function withProtoStandIn<T>(message: T): T {
  if (Array.isArray(message)) return message.map(withProtoStandIn) as T;
  if (!message || typeof message !== 'object') return message;
  const { method, params } = message as { method?: unknown; params?: Record<string, unknown> };
  if (method !== 'tools/call') return message;
  const args = params?.['arguments'];
  if (!args || typeof args !== 'object' || !Object.hasOwn(args, PROTO)) return message;
  // fromEntries defines each key as its own property: no key here can reach a prototype.
  const renamed = Object.fromEntries(
    Object.entries(args).map(([key, value]) => [key === PROTO ? PROTO_STANDIN : key, value]),
  );
  return { ...message, params: { ...params, arguments: renamed } };
}
