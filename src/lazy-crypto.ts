// SHA-256 of keys, with node:crypto loaded on first use: a stdio start never hashes, and loading crypto costs ~6 ms.
import { nodeCrypto } from './node-builtins.js';

/** SHA-256 of `text` in base64url: how a key is named without being held in the clear. */
export function sha256Base64url(text: string): string {
  return nodeCrypto().createHash('sha256').update(text).digest('base64url');
}
