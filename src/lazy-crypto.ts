// node:crypto on first use: a stdio start never hashes or signs, and loading crypto costs ~6 ms of it.
import { nodeCrypto } from './node-builtins.js';

export { nodeCrypto };

/** SHA-256 of `text` in base64url: how a key is named without being held in the clear. */
export function sha256Base64url(text: string): string {
  return nodeCrypto().createHash('sha256').update(text).digest('base64url');
}
