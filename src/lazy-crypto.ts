// node:crypto on first use: a stdio start never hashes or signs, and loading crypto costs ~6 ms of it.
import { createRequire } from 'node:module';

type NodeCrypto = typeof import('node:crypto');

let loaded: NodeCrypto | undefined;

/** The node:crypto module, required the first time something needs it. */
export function nodeCrypto(): NodeCrypto {
  loaded ??= createRequire(import.meta.url)('node:crypto') as NodeCrypto;
  return loaded;
}

/** SHA-256 of `text` in base64url: how a key is named without being held in the clear. */
export function sha256Base64url(text: string): string {
  return nodeCrypto().createHash('sha256').update(text).digest('base64url');
}
